package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// gateLog wraps the real store and, while closed, holds every Append until
// the test lets it through or fails it: the test decides when the group in
// flight is stored, and what the sequencer does meanwhile is observable.
type gateLog struct {
	ledger.Log
	mu     sync.Mutex
	closed bool
	// held receives one value per Append held; release answers it (nil
	// lets it through, an error fails it without storing anything).
	held    chan []events.Raw
	release chan error
	// stop lets every append through, for the test's end: a test that
	// fails with an append held must still close its ledger.
	stop chan struct{}
}

func newGateLog(t *testing.T, inner ledger.Log) *gateLog {
	g := &gateLog{Log: inner, held: make(chan []events.Raw), release: make(chan error), stop: make(chan struct{})}
	t.Cleanup(func() { close(g.stop) })
	return g
}

func (g *gateLog) close() { g.mu.Lock(); g.closed = true; g.mu.Unlock() }
func (g *gateLog) open()  { g.mu.Lock(); g.closed = false; g.mu.Unlock() }

func (g *gateLog) Append(ctx context.Context, expect uint64, msgs []events.Raw) (uint64, error) {
	g.mu.Lock()
	closed := g.closed
	g.mu.Unlock()
	if closed {
		select {
		case g.held <- msgs:
		case <-g.stop:
			return g.Log.Append(ctx, expect, msgs)
		}
		select {
		case err := <-g.release:
			if err != nil {
				return 0, err
			}
		case <-g.stop:
		}
	}
	return g.Log.Append(ctx, expect, msgs)
}

// nextHeld waits for the next Append the gate holds and returns its events.
func (g *gateLog) nextHeld(t *testing.T) []events.Raw {
	t.Helper()
	select {
	case msgs := <-g.held:
		return msgs
	case <-time.After(30 * time.Second):
		t.Fatal("no append reached the log")
		return nil
	}
}

// answer is one command's outcome, delivered asynchronously.
type answer struct {
	res ledger.Result
	err error
}

func (h *harness) execAsync(c ledger.Command) <-chan answer {
	ch := make(chan answer, 1)
	go func() {
		r, err := h.exec(c)
		ch <- answer{r, err}
	}()
	return ch
}

// notYet fails when ch is answered within a moment: the command was
// decided on events that are not stored yet, and must wait for them. The
// pause only gives a wrong answer the chance to show; nothing is timed.
func notYet(t *testing.T, what string, ch <-chan answer) {
	t.Helper()
	select {
	case a := <-ch:
		t.Fatalf("%s answered (%+v, %v) before the group it was decided on was stored", what, a.res, a.err)
	case <-time.After(200 * time.Millisecond):
	}
}

func await(t *testing.T, ch <-chan answer) answer {
	t.Helper()
	select {
	case a := <-ch:
		return a
	case <-time.After(30 * time.Second):
		t.Fatal("no answer")
		return answer{}
	}
}

func slipOf(table, round, player, key, stake string) *ledger.PlaceSlip {
	return &ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend, IdempotencyKey: key}, Table: table, Round: round, Player: player, Bets: []ledger.BetRequest{b("big", stake)}}
}

// pipelineSetup opens a harness over a gate, a table with a round, and two
// players with 100 each.
func pipelineSetup(t *testing.T) (*harness, *gateLog, string) {
	h := newHarness(t)
	h.l.Close()
	g := newGateLog(t, h.store)
	h.openOn(g)
	h.openTable("t1", sicbo.IDLive)
	round := h.openRound("t1")
	h.deposit("p1", "100")
	h.deposit("p2", "100")
	return h, g, round
}

// TestPipeline_NextGroupWaitsForTheFlight: while a group is appended, the
// next one is decided on the state it leaves, but nothing decided on it is
// answered before it is stored: not the refusal its bet causes, not the
// retry of its idempotency key, not a read of the state; and the next
// group reaches the stream only after it, fenced on its last sequence.
func TestPipeline_NextGroupWaitsForTheFlight(t *testing.T) {
	h, g, round := pipelineSetup(t)
	g.close()
	a := h.execAsync(slipOf("t1", round, "p1", "a", "60"))
	held := g.nextHeld(t) // a is in flight
	if len(held) != 1 {
		t.Fatalf("first group holds %d events, want a's bet.placed", len(held))
	}
	base := h.store
	last, err := base.LastSeq(context.Background())
	if err != nil {
		t.Fatal(err)
	}

	// Decided on a's events: b is refused (p1 holds 40 once a is
	// stored), a's retry replays it, c is accepted.
	bCh := h.execAsync(slipOf("t1", round, "p1", "b", "60"))
	aRetry := h.execAsync(slipOf("t1", round, "p1", "a", "60"))
	cCh := h.execAsync(slipOf("t1", round, "p2", "c", "10"))
	notYet(t, "the refusal of b", bCh)
	notYet(t, "the retry of a", aRetry)
	notYet(t, "c", cCh)
	// A read ends the group being filled: what the group decided must
	// still wait for a.
	var seen decimal.Decimal
	read := make(chan answer, 1)
	go func() {
		err := h.l.Inspect(context.Background(), func(s *ledger.State) { seen = s.Balance(posting.WalletAccount("p1"), "EUR") })
		read <- answer{err: err}
	}()
	notYet(t, "a read of the state", read)
	notYet(t, "the refusal of b", bCh)
	notYet(t, "the retry of a", aRetry)

	g.release <- nil // a is stored
	ra := await(t, a)
	if ra.err != nil || ra.res.FirstSeq != last+1 {
		t.Fatalf("a: %+v %v, want stored at %d", ra.res, ra.err, last+1)
	}
	next := g.nextHeld(t) // c's group
	if len(next) != 1 {
		t.Fatalf("the next group holds %d events, want c's bet.placed only", len(next))
	}
	if got, _ := base.LastSeq(context.Background()); got != last+1 {
		t.Fatalf("the next group reached the log with the stream at %d, want %d (after a)", got, last+1)
	}
	g.release <- nil
	if rb := await(t, bCh); ledger.CodeOf(rb.err) != "insufficient_funds" {
		t.Fatalf("b: %v, want insufficient_funds", rb.err)
	}
	if rr := await(t, aRetry); rr.err != nil || rr.res.FirstSeq != ra.res.FirstSeq || rr.res.Slip != ra.res.Slip {
		t.Fatalf("retry of a: %+v %v, want a's answer %+v", rr.res, rr.err, ra.res)
	}
	if rc := await(t, cCh); rc.err != nil || rc.res.FirstSeq != last+2 {
		t.Fatalf("c: %+v %v, want stored at %d", rc.res, rc.err, last+2)
	}
	g.open()
	if r := await(t, read); r.err != nil {
		t.Fatal(r.err)
	}
	if !seen.Equal(dec("40")) {
		t.Fatalf("a read during the flight saw p1 at %s, want 40: only stored events", seen)
	}
}

// TestPipeline_FlightFailsNextGroupDecidedAgain: when the group in flight
// fails, the group decided on it is decided again on the state read back
// from the log: b, refused on a's events, is accepted now that a is not
// stored, and the stream holds exactly what was answered.
func TestPipeline_FlightFailsNextGroupDecidedAgain(t *testing.T) {
	h, g, round := pipelineSetup(t)
	last := h.lastSeq()
	g.close()
	a := h.execAsync(slipOf("t1", round, "p1", "a", "60"))
	g.nextHeld(t)
	bCh := h.execAsync(slipOf("t1", round, "p1", "b", "70"))
	notYet(t, "the refusal of b", bCh)
	cCh := h.execAsync(slipOf("t1", round, "p2", "c", "10"))
	notYet(t, "c", cCh)

	g.release <- errors.New("test: the append failed")
	if ra := await(t, a); ledger.CodeOf(ra.err) != "unavailable" {
		t.Fatalf("a: %+v %v, want unavailable", ra.res, ra.err)
	}
	again := g.nextHeld(t)
	if len(again) != 2 {
		t.Fatalf("the group decided again holds %d events, want b's and c's", len(again))
	}
	g.release <- nil
	g.open()
	rb, rc := await(t, bCh), await(t, cCh)
	if rb.err != nil || rc.err != nil {
		t.Fatalf("b: %v, c: %v; want both accepted once a is not stored", rb.err, rc.err)
	}
	if rb.res.FirstSeq != last+1 || rc.res.FirstSeq != last+2 {
		t.Fatalf("b at %d, c at %d, want %d and %d", rb.res.FirstSeq, rc.res.FirstSeq, last+1, last+2)
	}
	if got := h.balance(posting.WalletAccount("p1")); !got.Equal(dec("30")) {
		t.Fatalf("p1 holds %s, want 30 (b's 70 only)", got)
	}
	keys := map[string]int{}
	for _, e := range h.readAll()[last:] {
		keys[e.IdempotencyKey]++
	}
	if fmt.Sprint(keys) != "map[b:1 c:1]" {
		t.Fatalf("the stream after the setup holds %v, want b and c once each", keys)
	}
	h.restart()
	if got := h.balance(posting.WalletAccount("p1")); !got.Equal(dec("30")) {
		t.Fatalf("after a rebuild p1 holds %s, want 30", got)
	}
}

// flakyLog fails a random share of appends, without storing them.
type flakyLog struct {
	ledger.Log
	mu   sync.Mutex
	rng  *rand.Rand
	rate float64
	// failed counts the appends failed.
	failed int
	// ends are the last sequences of the stored appends.
	ends []uint64
}

func (f *flakyLog) Append(ctx context.Context, expect uint64, msgs []events.Raw) (uint64, error) {
	f.mu.Lock()
	fail := f.rng.Float64() < f.rate
	if fail {
		f.failed++
	}
	f.mu.Unlock()
	if fail {
		return 0, errors.New("test: flaky append")
	}
	first, err := f.Log.Append(ctx, expect, msgs)
	if err == nil {
		f.mu.Lock()
		f.ends = append(f.ends, first+uint64(len(msgs))-1)
		f.mu.Unlock()
	}
	return first, err
}

// failFrom makes the log fail rate of the appends from now on.
func (f *flakyLog) failFrom(rate float64) {
	f.mu.Lock()
	f.rate = rate
	f.mu.Unlock()
}

// heal makes the log fail nothing more, and returns how many appends it
// failed; a test that saw none proved nothing.
func (f *flakyLog) heal(t *testing.T) int {
	t.Helper()
	f.mu.Lock()
	failed := f.failed
	f.rate = 0
	f.mu.Unlock()
	if failed == 0 {
		t.Fatal("no append failed: the test proved nothing")
	}
	return failed
}

// appendOf returns the index of the stored append that holds seq.
func (f *flakyLog) appendOf(seq uint64) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, end := range f.ends {
		if seq <= end {
			return i
		}
	}
	return -1
}

// TestPipeline_ConcurrentSlipsWithFailingAppends: 40 clients place slips
// and retry each unanswered one with its key until it is answered, while
// one append in six fails. Every slip answered is in the stream exactly
// once at the sequence it was given, no slip refused or failed is, every
// wallet is its deposit less its accepted stakes, and a rebuild from the
// stream gives the live ledger's balances.
func TestPipeline_ConcurrentSlipsWithFailingAppends(t *testing.T) {
	h := newHarness(t)
	h.l.Close()
	f := &flakyLog{Log: h.store, rng: rand.New(rand.NewPCG(7, 11)), rate: 0}
	h.openOn(f)
	h.openTable("t1", sicbo.IDLive)
	round := h.openRound("t1")
	const clients, slips = 40, 25
	for i := range clients {
		h.deposit(fmt.Sprintf("p%02d", i), "200")
	}
	f.failFrom(1.0 / 6)

	type outcome struct {
		key   string
		seq   uint64
		stake decimal.Decimal
	}
	var mu sync.Mutex
	var accepted []outcome
	refused := map[string]bool{}
	var wg sync.WaitGroup
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 3))
			player := fmt.Sprintf("p%02d", i)
			for s := range slips {
				key := fmt.Sprintf("%s-%d", player, s)
				stake := decimal.NewFromInt(int64(1 + rng.IntN(20)))
				for try := 0; ; try++ {
					res, err := h.exec(slipOf("t1", round, player, key, stake.String()))
					if err == nil {
						mu.Lock()
						accepted = append(accepted, outcome{key, res.FirstSeq, stake})
						mu.Unlock()
						break
					}
					if code := ledger.CodeOf(err); code != "unavailable" || try > 50 {
						mu.Lock()
						refused[key] = true
						mu.Unlock()
						if code != "insufficient_funds" {
							t.Errorf("%s: %v", key, err)
						}
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	failed := f.heal(t)

	stored := map[string][]uint64{}
	for _, e := range h.readAll() {
		if e.Type == events.TypeBetPlaced {
			stored[e.IdempotencyKey] = append(stored[e.IdempotencyKey], e.Seq)
		}
	}
	staked := map[string]decimal.Decimal{}
	for _, o := range accepted {
		if seqs := stored[o.key]; len(seqs) != 1 || seqs[0] != o.seq {
			t.Errorf("%s answered at %d, stored at %v", o.key, o.seq, seqs)
		}
		player := o.key[:3]
		staked[player] = staked[player].Add(o.stake)
	}
	for k := range refused {
		if len(stored[k]) != 0 {
			t.Errorf("%s refused but stored at %v", k, stored[k])
		}
	}
	if len(stored) != len(accepted) {
		t.Errorf("%d slips stored, %d answered as accepted", len(stored), len(accepted))
	}
	live := map[string]decimal.Decimal{}
	for i := range clients {
		player := fmt.Sprintf("p%02d", i)
		live[player] = h.balance(posting.WalletAccount(player))
		if want := dec("200").Sub(staked[player]); !live[player].Equal(want) {
			t.Errorf("%s holds %s, want %s", player, live[player], want)
		}
	}
	h.restart()
	for p, want := range live {
		if got := h.balance(posting.WalletAccount(p)); !got.Equal(want) {
			t.Errorf("after a rebuild %s holds %s, live %s", p, got, want)
		}
	}
	t.Logf("%d slips accepted, %d refused, %d appends failed", len(accepted), len(refused), failed)
}
