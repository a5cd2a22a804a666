package projections

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
)

// The harness is internal/ledgertest's; these names keep the tests short.
type harness = ledgertest.Harness

var (
	testCtx    = ledgertest.Ctx
	newHarness = ledgertest.New
	dec        = ledgertest.Dec
	bet        = ledgertest.BetOf
)

// readRaw returns every stored event.
func readRaw(tb testing.TB, src *jetstream.Store) []events.Raw {
	tb.Helper()
	var out []events.Raw
	if err := src.Read(testCtx(tb), 1, 0, func(r events.Raw) error {
		out = append(out, r)
		return nil
	}); err != nil {
		tb.Fatal(err)
	}
	return out
}

// openProj opens a projections file in a temp dir (or at path), with the
// registry's games unless opts names a catalog.
func openProj(tb testing.TB, path string, opts Options) *Store {
	tb.Helper()
	if opts.Games == nil {
		opts.Games = registry.New()
	}
	if path == "" {
		path = filepath.Join(tb.TempDir(), "projections.db")
	}
	s, err := Open(path, opts)
	if err != nil {
		tb.Fatalf("open projections: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// applyAll applies raws in batches of size n.
func applyAll(tb testing.TB, s *Store, raws []events.Raw, n int) {
	tb.Helper()
	for i := 0; i < len(raws); i += n {
		if err := s.Apply(raws[i:min(i+n, len(raws))]); err != nil {
			tb.Fatalf("apply %d..: %v", raws[i].Seq, err)
		}
	}
}

// runProjector runs a projector with the default commit interval until the
// test ends.
func runProjector(tb testing.TB, s *Store, src Source) *Projector {
	tb.Helper()
	return runPaced(tb, s, src, 0)
}

func waitFor(tb testing.TB, s *Store, seq uint64) {
	tb.Helper()
	if err := s.WaitFor(testCtx(tb), seq); err != nil {
		tb.Fatalf("wait for %d: %v", seq, err)
	}
}

// scenario and playScenario are internal/ledgertest's.
type scenario = ledgertest.Scenario

func playScenario(h *harness, seed uint64, rounds int) scenario {
	h.T.Helper()
	return h.PlayScenario(seed, rounds)
}

// answers returns every query's answer, JSON-encoded, keyed by the query.
func answers(tb testing.TB, s *Store, sc scenario) map[string]string {
	tb.Helper()
	out := map[string]string{}
	add := func(name string, v any, err error) {
		tb.Helper()
		if err != nil && !errors.Is(err, ErrNotFound) {
			tb.Fatalf("%s: %v", name, err)
		}
		b, _ := json.Marshal(v)
		out[name] = string(b) + fmt.Sprint(err)
	}
	tables, err := s.Tables()
	add("tables", tables, err)
	bl, err := s.Balances("")
	add("balances", bl, err)
	for _, b := range bl.Balances {
		v, err := s.Balance(b.Account, b.Currency)
		add("balance "+b.Account, v, err)
	}
	for _, t := range sc.Tables {
		v, err := s.Table(t)
		add("table "+t, v, err)
		bd, err := s.Board(t)
		add("board "+t, bd, err)
		for _, limit := range []int{0, 3, 7} {
			pg := Page{Limit: limit}
			for i := 0; ; i++ {
				rp, err := s.Rounds(t, pg)
				add(fmt.Sprintf("rounds %s %d %d", t, limit, i), rp, err)
				if rp.Next == "" {
					break
				}
				pg.Cursor = rp.Next
			}
		}
		d, err := s.Daily("2026-01-01", "2026-12-31", t)
		add("daily "+t, d, err)
	}
	d, err := s.Daily("2026-01-01", "2026-12-31", "")
	add("daily", d, err)
	for _, r := range sc.Rounds {
		v, err := s.Round(r)
		add("round "+r, v, err)
		ix, err := s.RoundIndex(r)
		add("index "+r, ix, err)
	}
	for _, p := range sc.Players {
		for _, limit := range []int{0, 4} {
			pg := Page{Limit: limit}
			for i := 0; ; i++ {
				bp, err := s.PlayerBets(p, pg)
				add(fmt.Sprintf("bets %s %d %d", p, limit, i), bp, err)
				if bp.Next == "" {
					break
				}
				pg.Cursor = bp.Next
			}
			pg = Page{Limit: limit}
			for i := 0; ; i++ {
				wp, err := s.WalletHistory(p, pg)
				add(fmt.Sprintf("wallet %s %d %d", p, limit, i), wp, err)
				if wp.Next == "" {
					break
				}
				pg.Cursor = wp.Next
			}
		}
	}
	return out
}

// sameAnswers fails the test where two stores answer differently.
func sameAnswers(tb testing.TB, a, b map[string]string) {
	tb.Helper()
	if len(a) != len(b) {
		tb.Errorf("%d answers vs %d", len(a), len(b))
	}
	diffs := 0
	for k, va := range a {
		if vb := b[k]; va != vb {
			diffs++
			if diffs <= 3 {
				tb.Errorf("%s differs:\n  %s\n  %s", k, va, vb)
			}
		}
	}
	if diffs > 3 {
		tb.Errorf("... %d answers differ in all", diffs)
	}
}
