package replay_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// testTimeout bounds every wait of a test.
const testTimeout = 60 * time.Second

func testCtx(tb testing.TB) context.Context {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	tb.Cleanup(cancel)
	return ctx
}

var (
	cashier    = events.Actor{ID: "cash-1", Role: ledger.RoleCashier}
	supervisor = events.Actor{ID: "sup-1", Role: ledger.RoleSupervisor}
	dealer     = events.Actor{ID: "dealer-1", Role: ledger.RoleDealer}
	frontend   = events.Actor{ID: "fe-1", Role: ledger.RoleFrontend}
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func paytables() ledger.PaytableFunc {
	m := map[string]ledger.Paytable{}
	for _, p := range sicbo.Paytables() {
		m[p.ID()] = p
	}
	return func(id string) (ledger.Paytable, error) {
		if p, ok := m[id]; ok {
			return p, nil
		}
		_, err := sicbo.Lookup(id)
		return nil, err
	}
}

// testClock is a deterministic clock that moves one millisecond per
// reading, and can be set.
type testClock struct{ ns atomic.Int64 }

func newTestClock() *testClock {
	c := &testClock{}
	c.set(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	return c
}

func (c *testClock) Now() time.Time  { return time.Unix(0, c.ns.Add(int64(time.Millisecond))).UTC() }
func (c *testClock) set(t time.Time) { c.ns.Store(t.UnixNano()) }

// openStream starts a real embedded JetStream server with its store in dir.
func openStream(tb testing.TB, dir string) *jetstream.Store {
	tb.Helper()
	s, err := jetstream.Open(testCtx(tb), jetstream.Options{DataDir: dir})
	if err != nil {
		tb.Fatalf("open stream: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// harness drives a real ledger on a real embedded stream.
type harness struct {
	t      testing.TB
	stream *jetstream.Store
	l      *ledger.Ledger
	clock  *testClock
}

func newHarness(tb testing.TB) *harness {
	tb.Helper()
	h := &harness{t: tb, clock: newTestClock()}
	h.stream = openStream(tb, tb.TempDir())
	l, err := ledger.Open(testCtx(tb), h.stream, ledger.Options{Paytables: paytables(), Clock: h.clock.Now})
	if err != nil {
		tb.Fatalf("open ledger: %v", err)
	}
	h.l = l
	tb.Cleanup(func() { _ = l.Close() })
	return h
}

func (h *harness) exec(c ledger.Command) (ledger.Result, error) {
	return h.l.Execute(testCtx(h.t), c)
}

func (h *harness) must(c ledger.Command) ledger.Result {
	h.t.Helper()
	r, err := h.exec(c)
	if err != nil {
		h.t.Fatalf("%T: %v", c, err)
	}
	return r
}

func (h *harness) deposit(player, amount string) ledger.Result {
	h.t.Helper()
	return h.must(&ledger.Deposit{Meta: ledger.Meta{Actor: cashier}, Player: player, Amount: dec(amount), Currency: "EUR"})
}

func (h *harness) openTable(table, paytable string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("500")}, "total": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("0.50"), Max: dec("1000")},
		Dealer: dealer.ID,
	})
}

func (h *harness) openRound(table string) string {
	h.t.Helper()
	return h.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: table}).Round
}

func (h *harness) bet(table, round, player string, bets ...ledger.BetRequest) ledger.Result {
	h.t.Helper()
	return h.must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: player, Bets: bets})
}

func (h *harness) closeBetting(table, round string) {
	h.t.Helper()
	h.must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round})
}

func (h *harness) reshake(table, round string) {
	h.t.Helper()
	h.must(&ledger.Reshake{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Reason: events.ReshakeOverlapping})
}

func (h *harness) result(table, round string, d [3]int) ledger.Result {
	h.t.Helper()
	return h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Result: games.Result{Dice: d[:]}})
}

func (h *harness) cancel(table, round string) ledger.Result {
	h.t.Helper()
	return h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round, Reason: "dice machine fault"})
}

func (h *harness) correct(table, round string, d [3]int) (ledger.Result, error) {
	return h.exec(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round, Result: games.Result{Dice: d[:]}, Reason: "dealer typo"})
}

func bet(code, stake string) ledger.BetRequest {
	return ledger.BetRequest{Code: code, Stake: dec(stake)}
}

func (h *harness) ledgerBalances() []ledger.BalanceRow {
	h.t.Helper()
	var out []ledger.BalanceRow
	if err := h.l.Inspect(testCtx(h.t), func(s *ledger.State) { out = s.Balances() }); err != nil {
		h.t.Fatal(err)
	}
	return out
}

func (h *harness) lastSeq() uint64 {
	h.t.Helper()
	seq, err := h.stream.LastSeq(testCtx(h.t))
	if err != nil {
		h.t.Fatal(err)
	}
	return seq
}

// openProj opens a projections file in a temp dir (or at path).
func openProj(tb testing.TB, path string, opts projections.Options) *projections.Store {
	tb.Helper()
	if path == "" {
		path = filepath.Join(tb.TempDir(), "projections.db")
	}
	s, err := projections.Open(path, opts)
	if err != nil {
		tb.Fatalf("open projections: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// runProjector runs a projector until the test ends.
func runProjector(tb testing.TB, s *projections.Store, src projections.Source) *projections.Projector {
	tb.Helper()
	p := projections.NewProjector(s, src, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()
	tb.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			tb.Errorf("projector: %v", err)
		}
	})
	return p
}

func waitFor(tb testing.TB, s *projections.Store, seq uint64) {
	tb.Helper()
	if err := s.WaitFor(testCtx(tb), seq); err != nil {
		tb.Fatalf("wait for %d: %v", seq, err)
	}
}

// scenario plays a random but seeded run of commands on the ledger: tables
// opened, closed and reopened, limits changed, deposits, withdrawals,
// adjustments, rounds with slips, pauses, reshakes, results, cancellations
// and corrections. It returns the players and tables it used.
type scenario struct {
	players []string
	tables  []string
	rounds  []string
}

func playScenario(h *harness, seed uint64, rounds int) scenario {
	h.t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	sc := scenario{players: []string{"ana", "ben", "cai", "dee", "eli"}, tables: []string{"t1", "t2"}}
	for _, p := range sc.players {
		h.deposit(p, "1000")
	}
	h.openTable("t1", sicbo.IDLive)
	h.openTable("t2", sicbo.IDCLM2016)
	codes := []string{"small", "big", "odd", "even", "single:3", "double:2", "triple:5", "any_triple", "total:9", "total:11", "combo:1-2", "two_odd_one_even", "all_even"}
	dice := func() [3]int { return [3]int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)} }
	var settled []struct{ table, round string }
	for i := range rounds {
		table := sc.tables[rng.IntN(len(sc.tables))]
		switch rng.IntN(12) {
		case 0:
			p := sc.players[rng.IntN(len(sc.players))]
			_, _ = h.exec(&ledger.Withdraw{Meta: ledger.Meta{Actor: cashier}, Player: p, Amount: dec("25"), Currency: "EUR", Reference: fmt.Sprintf("w%d", i)})
		case 1:
			p := sc.players[rng.IntN(len(sc.players))]
			h.must(&ledger.Adjust{Meta: ledger.Meta{Actor: supervisor}, Player: p, Amount: dec("3.50"), Currency: "EUR", Reason: "goodwill"})
		case 2:
			h.must(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: table,
				Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec(fmt.Sprint(200 + rng.IntN(300)))}}, Reason: "evening"})
		case 3:
			if len(settled) > 0 {
				s := settled[rng.IntN(len(settled))]
				_, _ = h.correct(s.table, s.round, dice())
			}
		case 4:
			if rng.IntN(3) == 0 {
				h.must(&ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: table, Reason: "break"})
				h.openTable(table, map[string]string{"t1": sicbo.IDLive, "t2": sicbo.IDCLM2016}[table])
			}
		}
		h.deposit(sc.players[rng.IntN(len(sc.players))], "40")
		round := h.openRound(table)
		sc.rounds = append(sc.rounds, round)
		for range rng.IntN(4) {
			p := sc.players[rng.IntN(len(sc.players))]
			var bets []ledger.BetRequest
			for range 1 + rng.IntN(3) {
				bets = append(bets, bet(codes[rng.IntN(len(codes))], fmt.Sprintf("%d.%02d", 1+rng.IntN(9), rng.IntN(100))))
			}
			_, _ = h.exec(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: p, Bets: bets})
		}
		if rng.IntN(8) == 0 {
			h.must(&ledger.Pause{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Reason: "shoe jam"})
			if rng.IntN(2) == 0 {
				h.cancel(table, round)
				continue
			}
			h.must(&ledger.Resume{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round})
		}
		h.closeBetting(table, round)
		if rng.IntN(5) == 0 {
			h.reshake(table, round)
		}
		if rng.IntN(10) == 0 {
			h.cancel(table, round)
			continue
		}
		h.result(table, round, dice())
		settled = append(settled, struct{ table, round string }{table, round})
	}
	return sc
}

// answers returns every query's answer, JSON-encoded, keyed by the query.
func answers(tb testing.TB, s *projections.Store, sc scenario) map[string]string {
	tb.Helper()
	out := map[string]string{}
	add := func(name string, v any, err error) {
		tb.Helper()
		if err != nil && !errors.Is(err, projections.ErrNotFound) {
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
	for _, t := range sc.tables {
		v, err := s.Table(t)
		add("table "+t, v, err)
		bd, err := s.Board(t)
		add("board "+t, bd, err)
		for _, limit := range []int{0, 3, 7} {
			pg := projections.Page{Limit: limit}
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
	for _, r := range sc.rounds {
		v, err := s.Round(r)
		add("round "+r, v, err)
		ix, err := s.RoundIndex(r)
		add("index "+r, ix, err)
	}
	for _, p := range sc.players {
		for _, limit := range []int{0, 4} {
			pg := projections.Page{Limit: limit}
			for i := 0; ; i++ {
				bp, err := s.PlayerBets(p, pg)
				add(fmt.Sprintf("bets %s %d %d", p, limit, i), bp, err)
				if bp.Next == "" {
					break
				}
				pg.Cursor = bp.Next
			}
			pg = projections.Page{Limit: limit}
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
