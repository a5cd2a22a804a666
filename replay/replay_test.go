package replay_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// lookup is what cmd passes: the catalog of every game.
var lookup = registry.New()

// otherLive is Sic Bo whose sicbo/live has the content of sicbo/clm-2016:
// a build whose paytable changed under the same id.
type otherLive struct{ sicbo.Game }

func (otherLive) Paytables() []games.Paytable {
	clm, _ := sicbo.Lookup(sicbo.IDCLM2016)
	d := clm.Data()
	d.ID = sicbo.IDLive
	p, err := sicbo.New(d)
	if err != nil {
		panic(err)
	}
	return []games.Paytable{p}
}

func eventually(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(ledgertest.Timeout)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestRebuild_WhileServing rebuilds the projections over the file a live
// store serves from, while readers keep reading: reads never fail, the
// live store switches to the new file by itself, keeps following the
// stream, and answers as a fresh build does.
func TestRebuild_WhileServing(t *testing.T) {
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "projections.db")
	live := openProj(t, path, projections.Options{})
	runProjector(t, live, h.Stream)
	sc := playScenario(h, 2, 40)
	waitFor(t, live, h.LastSeq())
	before := answers(t, live, sc)

	var reads atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := live.Board("t1"); err != nil {
				t.Errorf("read during the rebuild: %v", err)
				return
			}
			if _, err := live.Balances("wallet:"); err != nil {
				t.Errorf("read during the rebuild: %v", err)
				return
			}
			reads.Add(1)
		}
	}()

	var reports []replay.Progress
	p, err := replay.Rebuild(testCtx(t), h.Stream, path, projections.Options{}, func(p replay.Progress) { reports = append(reports, p) })
	if err != nil {
		t.Fatal(err)
	}
	if p.Applied != p.Target || p.Target < h.LastSeq() || len(reports) == 0 || reports[len(reports)-1].Applied != p.Target {
		t.Fatalf("progress %+v, reports %d", p, len(reports))
	}
	if _, err := os.Stat(path + ".rebuild"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the build file is left behind: %v", err)
	}
	// The projector notices the swap and reopens.
	eventually(t, "the live store to reload", func() bool { return !live.Replaced() })
	close(stop)
	wg.Wait()
	if reads.Load() == 0 {
		t.Fatal("no read ran during the rebuild")
	}
	sameAnswers(t, before, answers(t, live, sc))

	// It goes on following the stream from the new file.
	res := h.Deposit("ana", "7")
	waitFor(t, live, res.LastSeq)
	b, _ := live.Balance(posting.WalletAccount("ana"), "EUR")
	if !b.Balance.Equal(*res.Balance) {
		t.Fatalf("ana %s after the swap, ledger %s", b.Balance, res.Balance)
	}
}

// TestRebuild_FailsCleanly makes the build fail (a source whose stream ends
// early) and checks that the old file stays and the build file goes.
func TestRebuild_FailsCleanly(t *testing.T) {
	h := newHarness(t)
	playScenario(h, 3, 5)
	path := filepath.Join(t.TempDir(), "projections.db")
	if err := os.WriteFile(path, []byte("the old file"), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := replay.Rebuild(ctx, overstated{h.Stream}, path, projections.Options{}, nil)
	if err == nil {
		t.Fatal("a rebuild that cannot reach its target succeeded")
	}
	if old, _ := os.ReadFile(path); string(old) != "the old file" {
		t.Fatalf("old file changed: %q", old)
	}
	if _, err := os.Stat(path + ".rebuild"); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("build file left: %v", err)
	}
}

// overstated is the real stream claiming more events than it holds, as a
// stream whose last events were lost would.
type overstated struct{ src projections.Source }

func (o overstated) Follow(ctx context.Context, from uint64, fn func([]events.Raw) error) error {
	return o.src.Follow(ctx, from, fn)
}

func (o overstated) LastSeq(ctx context.Context) (uint64, error) {
	n, err := o.src.LastSeq(ctx)
	return n + 10, err
}

// setup plays rounds to replay: a settled one, a corrected one and a
// cancelled one, with a projections store that indexes them.
type setup struct {
	h                            *harness
	store                        *projections.Store
	settled, corrected, canceled string
}

func newSetup(t *testing.T) setup {
	h := newHarness(t)
	s := openProj(t, "", projections.Options{})
	runProjector(t, s, h.Stream)
	h.Deposit("ana", "500")
	h.Deposit("ben", "500")
	h.OpenTable("t1", sicbo.IDLive)
	h.OpenTable("t2", sicbo.IDLive) // another table's events interleave
	var st setup
	st.h, st.store = h, s

	st.settled = h.OpenRound("t1")
	other := h.OpenRound("t2")
	h.Bet("t1", st.settled, "ana", bet("small", "10"), bet("double:2", "5"), bet("two_odd_one_even", "3"))
	h.Bet("t2", other, "ben", bet("big", "3"))
	h.Bet("t1", st.settled, "ben", bet("big", "20"), bet("total:9", "2"))
	h.CloseBetting("t1", st.settled)
	h.Reshake("t1", st.settled)
	h.Result("t1", st.settled, [3]int{2, 2, 5})

	st.corrected = h.OpenRound("t1")
	h.Bet("t1", st.corrected, "ana", bet("big", "10"), bet("triple:6", "1"))
	h.CloseBetting("t1", st.corrected)
	h.Result("t1", st.corrected, [3]int{6, 6, 5})
	if _, err := h.Correct("t1", st.corrected, [3]int{6, 6, 6}); err != nil {
		t.Fatal(err)
	}

	st.canceled = h.OpenRound("t1")
	h.Bet("t1", st.canceled, "ben", bet("odd", "4"))
	h.Cancel("t1", st.canceled)
	waitFor(t, s, h.LastSeq())
	return st
}

func TestRound(t *testing.T) {
	st := newSetup(t)
	ctx := testCtx(t)

	t.Run("OK", func(t *testing.T) {
		r, err := replay.Round(ctx, st.h.Stream, st.store, st.settled, lookup)
		if err != nil {
			t.Fatal(err)
		}
		if !r.ChainOK || !r.Match || len(r.Problems) != 0 {
			t.Fatalf("chain %v match %v problems %v", r.ChainOK, r.Match, r.Problems)
		}
		ix, _ := st.store.RoundIndex(st.settled)
		// opened, 2 slips, closed, reshake, result, 5 settled, round settled
		if len(r.Events) != 12 || len(ix.Events) != 12 || r.Status != projections.RoundSettled || r.Number != 1 {
			t.Fatalf("%d events (index %d), status %s, number %d", len(r.Events), len(ix.Events), r.Status, r.Number)
		}
		if len(r.Reshakes) != 1 || *r.Dice != [3]int{2, 2, 5} || len(r.Bets) != 5 {
			t.Fatalf("reshakes %v dice %v bets %d", r.Reshakes, r.Dice, len(r.Bets))
		}
		for i := 1; i < len(r.Events); i++ {
			if r.Events[i].Seq <= r.Events[i-1].Seq {
				t.Fatalf("events out of order: %d after %d", r.Events[i].Seq, r.Events[i-1].Seq)
			}
		}
		// Figures by hand (dice 2-2-5): small 10 wins 10; double:2 5 wins
		// 50; two_odd_one_even 0.01 loses (two even, one odd); big loses;
		// total:9 2 wins 14 (7:1).
		want := map[string]string{"small": "10", "double:2": "50", "two_odd_one_even": "0", "big": "0", "total:9": "14"}
		for _, b := range r.Bets {
			if !b.Match || !b.Recomputed.Win.Equal(dec(want[b.Code])) || b.Recomputed.Rule == "" {
				t.Errorf("bet %s: %+v", b.Code, b)
			}
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("Corrected", func(t *testing.T) {
		r, err := replay.Round(ctx, st.h.Stream, st.store, st.corrected, lookup)
		if err != nil {
			t.Fatal(err)
		}
		if !r.ChainOK || !r.Match || len(r.Corrections) != 1 || *r.Dice != [3]int{6, 6, 6} {
			t.Fatalf("chain %v match %v corrections %d dice %v problems %v", r.ChainOK, r.Match, len(r.Corrections), r.Dice, r.Problems)
		}
		superseded, inForce := 0, 0
		for _, b := range r.Bets {
			if b.Superseded {
				superseded++
				continue
			}
			inForce++
			if b.Code == "triple:6" && !b.Recomputed.Win.Equal(dec("180")) {
				t.Errorf("triple:6 on 6-6-6: %+v", b)
			}
		}
		if superseded != 2 || inForce != 2 {
			t.Fatalf("%d superseded, %d in force; want 2 and 2", superseded, inForce)
		}
	})
	t.Run("Cancelled", func(t *testing.T) {
		r, err := replay.Round(ctx, st.h.Stream, st.store, st.canceled, lookup)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Match || r.Status != projections.RoundCancelled || len(r.Bets) != 1 || r.Bets[0].Recorded.Outcome != projections.BetRefunded {
			t.Fatalf("%+v", r)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := replay.Round(ctx, st.h.Stream, st.store, "no-such-round", lookup); !errors.Is(err, projections.ErrNotFound) {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("OtherPaytable", func(t *testing.T) {
		// A build whose catalog has other content under the same id: the
		// bets are not re-settled under rules they were not accepted with.
		r, err := replay.Round(ctx, st.h.Stream, st.store, st.settled, games.NewCatalog(otherLive{}))
		if err != nil {
			t.Fatal(err)
		}
		if r.Match || !r.ChainOK || len(r.Problems) != 5 || !strings.Contains(r.Problems[0], "hash") {
			t.Fatalf("match %v problems %v", r.Match, r.Problems)
		}
	})
	t.Run("RangeAndGetsAgree", func(t *testing.T) {
		// The one-pass read, a read that delivers only part of the range
		// (the rest fetched by gets), and gets alone give one answer.
		whole, err := replay.Round(ctx, st.h.Stream, st.store, st.settled, lookup)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(whole)
		for name, g := range map[string]replay.Getter{
			"part": partRange{st.h.Stream},
			"gets": tamper{st.h.Stream, 0, false},
		} {
			r, err := replay.Round(ctx, g, st.store, st.settled, lookup)
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := json.Marshal(r); string(got) != string(want) {
				t.Errorf("%s: the replay differs:\n%s\nwant\n%s", name, got, want)
			}
		}
	})
	t.Run("WalkedAsRead", func(t *testing.T) {
		// Round walks each event as it is read; Replay walks a round's
		// events given all at once. Both give one answer.
		ix, err := st.store.RoundIndex(st.settled)
		if err != nil {
			t.Fatal(err)
		}
		meta := replay.RoundMeta{Round: st.settled, Table: ix.Table, Currency: ix.Currency, Scale: ix.Scale}
		want, _ := json.Marshal(replay.Replay(meta, roundEvents(t, st.h, st.settled), lookup))
		r, err := replay.Round(ctx, st.h.Stream, st.store, st.settled, lookup)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := json.Marshal(r); string(got) != string(want) {
			t.Errorf("Round and Replay differ:\n%s\nwant\n%s", got, want)
		}
	})
	t.Run("Failures", func(t *testing.T) {
		ix, err := st.store.RoundIndex(st.settled)
		if err != nil {
			t.Fatal(err)
		}
		mid := ix.Events[len(ix.Events)/2]
		// A read that fails part way: its error, and the walk waiting
		// for the events it will never get ends.
		_, err = replay.Round(ctx, failingRange{st.h.Stream, mid}, st.store, st.settled, lookup)
		if !errors.Is(err, errInjected) {
			t.Errorf("a read that failed at %d: %v, want the read's error", mid, err)
		}
		// A get that fails, for an event the read did not deliver:
		// partRange leaves out the odd sequences.
		k := slices.IndexFunc(ix.Events, func(seq uint64) bool { return seq%2 == 1 })
		if k < 0 {
			t.Fatal("the round has no event of odd sequence")
		}
		odd := ix.Events[k]
		_, err = replay.Round(ctx, failingGet{partRange{st.h.Stream}, odd}, st.store, st.settled, lookup)
		if !errors.Is(err, errInjected) || !strings.Contains(err.Error(), fmt.Sprint(odd)) {
			t.Errorf("a get of %d that failed: %v, want its error naming it", odd, err)
		}
		// An index that lists another round's event among the round's.
		other, err := st.store.RoundIndex(st.corrected)
		if err != nil {
			t.Fatal(err)
		}
		bad := indexWith{st.store, st.settled, other.Events[0]}
		_, err = replay.Round(ctx, st.h.Stream, bad, st.settled, lookup)
		if !errors.Is(err, replay.ErrIndex) || !strings.Contains(err.Error(), "belongs to round") {
			t.Errorf("an index with event %d of round %s: %v, want ErrIndex", other.Events[0], st.corrected, err)
		}
	})
	t.Run("Tampered", func(t *testing.T) {
		ix, _ := st.store.RoundIndex(st.settled)
		target := ix.Events[len(ix.Events)-3] // a bet.settled
		// An edited win, with the hash recomputed to match: the event's
		// own hash checks out, the next event's link does not, and the
		// re-settlement disagrees with it.
		g := tamper{st.h.Stream, target, true}
		r, err := replay.Round(ctx, g, st.store, st.settled, lookup)
		if err != nil {
			t.Fatal(err)
		}
		if r.ChainOK || r.Match {
			t.Fatalf("chain %v match %v: tampering not detected; problems %v", r.ChainOK, r.Match, r.Problems)
		}
		// An edited byte without a new hash: the event's hash fails.
		g = tamper{st.h.Stream, target, false}
		r, err = replay.Round(ctx, g, st.store, st.settled, lookup)
		if err != nil {
			t.Fatal(err)
		}
		var hashBad bool
		for _, e := range r.Events {
			if e.Seq == target {
				hashBad = !e.HashOK
			}
		}
		if r.ChainOK || !hashBad {
			t.Fatalf("edited event not flagged: %v", r.Problems)
		}
	})
}

var errInjected = errors.New("injected failure")

// failingRange reads ranges and fails when it reaches sequence at.
type failingRange struct {
	s  *jetstream.Store
	at uint64
}

func (f failingRange) Get(ctx context.Context, seq uint64) (events.Raw, error) {
	return f.s.Get(ctx, seq)
}

func (f failingRange) Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error {
	return f.s.Read(ctx, from, to, func(r events.Raw) error {
		if r.Seq == f.at {
			return errInjected
		}
		return fn(r)
	})
}

// failingGet is a partRange whose Get of sequence at fails.
type failingGet struct {
	partRange
	at uint64
}

func (f failingGet) Get(ctx context.Context, seq uint64) (events.Raw, error) {
	if seq == f.at {
		return events.Raw{}, errInjected
	}
	return f.partRange.Get(ctx, seq)
}

// indexWith is a store's round index with one more event, of another
// round, among round's.
type indexWith struct {
	s     *projections.Store
	round string
	extra uint64
}

func (x indexWith) RoundIndex(id string) (projections.RoundIndex, error) {
	ix, err := x.s.RoundIndex(id)
	if err != nil || id != x.round {
		return ix, err
	}
	ix.Events = append(slices.Clone(ix.Events), x.extra)
	slices.Sort(ix.Events)
	return ix, nil
}

// partRange reads ranges, but delivers only the events of even sequence.
type partRange struct{ s *jetstream.Store }

func (p partRange) Get(ctx context.Context, seq uint64) (events.Raw, error) { return p.s.Get(ctx, seq) }

func (p partRange) Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error {
	return p.s.Read(ctx, from, to, func(r events.Raw) error {
		if r.Seq%2 == 1 {
			return nil
		}
		return fn(r)
	})
}

// tamper serves the real stream with event seq altered, as someone with
// write access to the store's files could.
type tamper struct {
	g      replay.Getter
	seq    uint64
	rehash bool
}

func (t tamper) Get(ctx context.Context, seq uint64) (events.Raw, error) {
	raw, err := t.g.Get(ctx, seq)
	if err != nil || seq != t.seq {
		return raw, err
	}
	e, err := events.Decode(raw.Data)
	if err != nil {
		return raw, err
	}
	p, err := events.Into[events.BetSettled](&e)
	if err != nil {
		return raw, err
	}
	p.Win = p.Win.Add(dec("100"))
	p.Returned = p.Returned.Add(dec("100"))
	p.Outcome = string(games.OutcomeWon)
	if err := e.SetPayload(p); err != nil {
		return raw, err
	}
	data, err := events.Encode(&e, e.PrevHash)
	if err != nil {
		return raw, err
	}
	if !t.rehash {
		// Keep the original hash member: content and hash disagree.
		n := len(`,"hash":"`) + 64 + 2
		data = append(data[:len(data)-n], raw.Data[len(raw.Data)-n:]...)
	}
	raw.Data = data
	return raw, nil
}

func TestBalancesAt(t *testing.T) {
	h := newHarness(t)
	h.Clock.Set(time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC))
	h.Deposit("ana", "100")
	h.OpenTable("t1", sicbo.IDLive)
	r := h.OpenRound("t1")
	h.Bet("t1", r, "ana", bet("small", "10"))
	h.CloseBetting("t1", r)
	h.Result("t1", r, [3]int{1, 2, 3})
	atSeq := h.LastSeq()
	wantSeq := h.LedgerBalances()
	h.Clock.Set(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	h.Deposit("ben", "30")
	h.Must(&ledger.Withdraw{Meta: ledger.Meta{Actor: cashier}, Player: "ana", Amount: dec("50"), Currency: "EUR"})
	wantNow := h.LedgerBalances()
	ctx := testCtx(t)

	same := func(t *testing.T, got replay.BalancesAsOf, want []ledger.BalanceRow) {
		t.Helper()
		// The ledger lists no account at zero; BalancesAt lists them all,
		// and projections.OmitZero is the listing's default.
		got.Balances = projections.OmitZero(got.Balances)
		if len(got.Balances) != len(want) {
			t.Fatalf("%d balances, ledger had %d: %+v", len(got.Balances), len(want), got.Balances)
		}
		m := map[string]string{}
		for _, b := range got.Balances {
			m[b.Account+" "+b.Currency] = b.Balance.String()
		}
		for _, w := range want {
			if g := m[w.Account+" "+w.Currency]; !dec(g).Equal(w.Balance) {
				t.Errorf("%s: %s, ledger %s", w.Account, g, w.Balance)
			}
		}
	}
	t.Run("Seq", func(t *testing.T) {
		got, err := replay.BalancesAt(ctx, h.Stream, replay.AsOf{Seq: atSeq}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seq != atSeq {
			t.Fatalf("seq %d, want %d", got.Seq, atSeq)
		}
		same(t, got, wantSeq)
	})
	t.Run("Time", func(t *testing.T) {
		got, err := replay.BalancesAt(ctx, h.Stream, replay.AsOf{Time: time.Date(2026, 11, 29, 11, 0, 0, 0, time.UTC)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.Seq != atSeq {
			t.Fatalf("seq %d, want %d", got.Seq, atSeq)
		}
		same(t, got, wantSeq)
		got, err = replay.BalancesAt(ctx, h.Stream, replay.AsOf{Time: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		same(t, got, wantNow)
	})
	t.Run("ErrBadAsOf", func(t *testing.T) {
		if _, err := replay.BalancesAt(ctx, h.Stream, replay.AsOf{}, nil); !errors.Is(err, replay.ErrBadAsOf) {
			t.Fatalf("err %v", err)
		}
	})
}

// oldSchemaFile writes, at path, the projections file a build of schema 2
// made (testdata/projections-schema2.db.gz: created empty by that build,
// gzipped).
func oldSchemaFile(t *testing.T, path string) {
	t.Helper()
	gunzipFile(t, "testdata/projections-schema2.db.gz", path)
}

// gunzipFile writes the gzipped file src, uncompressed, at path.
func gunzipFile(t *testing.T, src, path string) {
	t.Helper()
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestOpenOrRebuild_Upgrade opens a file an older build wrote: it is
// refused as another schema, rebuilt from the stream, and then answers as
// a fresh build does. A file built under another time zone is refused and
// left alone.
func TestOpenOrRebuild_Upgrade(t *testing.T) {
	h := newHarness(t)
	sc := playScenario(h, 3, 12)
	dir := t.TempDir()
	path := filepath.Join(dir, "projections.db")
	oldSchemaFile(t, path)
	if _, err := projections.Open(path, projections.Options{}); !errors.Is(err, projections.ErrOtherSchema) || !errors.Is(err, projections.ErrIncompatible) {
		t.Fatalf("opening the schema 2 file: %v, want ErrOtherSchema and ErrIncompatible", err)
	}
	var reports int
	st, err := replay.OpenOrRebuild(testCtx(t), h.Stream, path, projections.Options{}, func(replay.Progress) { reports++ })
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if st.LastSeq() != h.LastSeq() || reports == 0 {
		t.Fatalf("rebuilt to %d of %d, %d progress reports", st.LastSeq(), h.LastSeq(), reports)
	}
	fresh := filepath.Join(dir, "fresh.db")
	if _, err := replay.Rebuild(testCtx(t), h.Stream, fresh, projections.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	fs, err := projections.Open(fresh, projections.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sameAnswers(t, answers(t, fs, sc), answers(t, st, sc))
	if err := fs.Close(); err != nil {
		t.Fatal(err)
	}

	// Another time zone: not an upgrade, not rebuilt.
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(fresh)
	if _, err := replay.OpenOrRebuild(testCtx(t), h.Stream, fresh, projections.Options{Location: madrid}, nil); !errors.Is(err, projections.ErrIncompatible) || errors.Is(err, projections.ErrOtherSchema) {
		t.Fatalf("a UTC file opened for Madrid: %v, want ErrIncompatible only", err)
	}
	if after, _ := os.Stat(fresh); !os.SameFile(info, after) {
		t.Fatal("the UTC file was replaced")
	}
	if fs, err = projections.Open(fresh, projections.Options{}); err != nil || fs.LastSeq() != h.LastSeq() {
		t.Fatalf("the UTC file after: %v", err)
	}
	_ = fs.Close()
}

// TestOpenOrRebuild_Damaged: a projections file that is no bbolt file any
// more (a torn or overwritten file) is rebuilt from the stream, not
// refused.
func TestOpenOrRebuild_Damaged(t *testing.T) {
	h := newHarness(t)
	playScenario(h, 5, 4)
	path := filepath.Join(t.TempDir(), "projections.db")
	if err := os.WriteFile(path, bytes.Repeat([]byte("damaged!"), 1024), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := replay.OpenOrRebuild(testCtx(t), h.Stream, path, projections.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if st.LastSeq() != h.LastSeq() {
		t.Fatalf("rebuilt to %d of %d", st.LastSeq(), h.LastSeq())
	}
}
