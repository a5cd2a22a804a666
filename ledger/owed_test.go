package ledger_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// owedSetup opens a ledger over a gate that settles at most chunk events a
// group, two tables with a round each, and n players who bet 10 on big on
// t1's round, whose betting is closed. It returns the harness, the gate and
// the two rounds.
func owedSetup(t *testing.T, chunk, n int) (*harness, *gateLog, string, string) {
	t.Helper()
	h := newHarness(t)
	h.l.Close()
	h.opts.SettleChunk = chunk
	g := newGateLog(t, h.store)
	h.openOn(g)
	h.openTable("t1", sicbo.IDLive)
	h.openTable("t2", sicbo.IDLive)
	r1, r2 := h.openRound("t1"), h.openRound("t2")
	for i := range n {
		p := fmt.Sprintf("p%02d", i)
		h.deposit(p, "100")
		h.bet("t1", r1, p, b("big", "10"))
	}
	h.closeBetting("t1", r1)
	return h, g, r1, r2
}

func keyedResult(table, round, key string, d ...int) *ledger.RecordResult {
	c := recordResult(table, round, d...)
	c.IdempotencyKey = key
	return c
}

func typesOf(raws []events.Raw) []events.Type {
	out := make([]events.Type, len(raws))
	for i, r := range raws {
		e, err := events.Decode(r.Data)
		if err != nil {
			panic(err)
		}
		out[i] = e.Type
	}
	return out
}

func repeatType(typ events.Type, n int) []events.Type {
	out := make([]events.Type, n)
	for i := range out {
		out[i] = typ
	}
	return out
}

// wantSettlement fails unless res answers a result that settled n bets,
// each a win of 10 on big.
func wantSettlement(t *testing.T, what string, res ledger.Result, n int) {
	t.Helper()
	if res.Settlement == nil || len(res.Settlement.Bets) != n {
		t.Fatalf("%s: settlement %+v, want %d bets", what, res.Settlement, n)
	}
	for _, sb := range res.Settlement.Bets {
		if sb.Outcome != "won" || !sb.Win.Equal(dec("10")) {
			t.Fatalf("%s: bet %+v, want won 10", what, sb)
		}
	}
	if res.Events != n+2 {
		t.Fatalf("%s: %d events, want the result, %d settlements and round.settled", what, res.Events, n)
	}
}

// settledOnce fails unless every bet of round was settled exactly once in
// the stream, and the round once; it returns the settlements' sequences.
func settledEachOnce(t *testing.T, h *harness, round string, n int) []uint64 {
	t.Helper()
	bets := map[string]int{}
	var seqs []uint64
	rounds := 0
	for _, e := range h.readAll() {
		if e.Round != round {
			continue
		}
		switch e.Type {
		case events.TypeBetSettled:
			p, err := events.DecodePayload(&e)
			if err != nil {
				t.Fatal(err)
			}
			bets[p.(*events.BetSettled).Bet]++
			seqs = append(seqs, e.Seq)
		case events.TypeRoundSettled:
			rounds++
		}
	}
	if len(bets) != n || rounds != 1 {
		t.Fatalf("the stream settles %d bets and the round %d times, want %d bets and once", len(bets), rounds, n)
	}
	for bet, k := range bets {
		if k != 1 {
			t.Fatalf("bet %s settled %d times", bet, k)
		}
	}
	return seqs
}

// balancesAfterRestart fails unless a rebuild from the stream gives every
// balance the live ledger holds.
func balancesAfterRestart(t *testing.T, h *harness) {
	t.Helper()
	var live []ledger.BalanceRow
	h.inspect(func(s *ledger.State) { live = s.Balances() })
	if problem := booksError(live); problem != "" {
		t.Fatal(problem)
	}
	h.restart()
	var rebuilt []ledger.BalanceRow
	h.inspect(func(s *ledger.State) { rebuilt = s.Balances() })
	if fmt.Sprint(live) != fmt.Sprint(rebuilt) {
		t.Fatalf("live balances %v, rebuilt %v", live, rebuilt)
	}
}

// TestOwed_SettlementInChunksBetweenOtherTables: a result on a round of 14
// bets, with chunks of 4, goes to the stream in three groups: the result and
// 4 settlements; 4 more with a slip of the other table decided meanwhile;
// then 4, and, since a deposit arrives, the 2 left and round.settled before
// the deposit (a wallet's command waits for the settlement). A slip on the
// settling table, refused either way, does not make the settlement hurry. The result is
// answered only once its last chunk is stored, with all 14 bets; its retry
// gets the same answer, and a rebuild the same balances.
func TestOwed_SettlementInChunksBetweenOtherTables(t *testing.T) {
	const n = 14
	h, g, r1, r2 := owedSetup(t, 4, n)
	g.close()
	res := h.execAsync(keyedResult("t1", r1, "res-1", 4, 5, 6))
	first := g.nextHeld(t)
	want := append([]events.Type{events.TypeRoundResult}, repeatType(events.TypeBetSettled, 4)...)
	if got := typesOf(first); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("first group %v, want %v", got, want)
	}
	if n := h.l.Load().Owed; n != 1 {
		t.Fatalf("Load().Owed %d with the first chunk in flight, want 1", n)
	}
	slip := h.execAsync(slipOf("t2", r2, "p00", "s-1", "5"))
	notYet(t, "the slip of t2", slip)
	// A slip on the settling table is refused without waiting for the
	// settlement: its round takes no more bets either way.
	late := h.execAsync(slipOf("t1", "", "p00", "s-2", "5"))
	notYet(t, "the late slip of t1", late)
	g.release <- nil

	second := g.nextHeld(t)
	want = append(repeatType(events.TypeBetSettled, 4), events.TypeBetPlaced)
	if got := typesOf(second); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("second group %v, want the next chunk and t2's slip: %v", got, want)
	}
	notYet(t, "the result, two chunks short", res)
	dep := h.execAsync(&ledger.Deposit{Meta: ledger.Meta{Actor: cashier, IdempotencyKey: "d-1"}, Player: "p01", Amount: dec("7"), Currency: "EUR"})
	notYet(t, "the deposit", dep)
	g.release <- nil
	if a := await(t, slip); a.err != nil {
		t.Fatalf("slip of t2: %v", a.err)
	}
	if a := await(t, late); ledger.CodeOf(a.err) != "round_not_open" {
		t.Fatalf("late slip of t1: %+v %v, want round_not_open", a.res, a.err)
	}

	third := g.nextHeld(t)
	want = append(repeatType(events.TypeBetSettled, 6), events.TypeRoundSettled, events.TypeWalletDeposited)
	if got := typesOf(third); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("third group %v, want a chunk, then the rest before the deposit: %v", got, want)
	}
	notYet(t, "the result, its last chunk not stored", res)
	g.release <- nil
	g.open()
	a := await(t, res)
	if a.err != nil {
		t.Fatalf("result: %v", a.err)
	}
	wantSettlement(t, "result", a.res, n)
	h.inspect(func(*ledger.State) {}) // the sequencer has seen the last chunk land
	if n := h.l.Load().Owed; n != 0 {
		t.Fatalf("Load().Owed %d once the result is answered, want 0", n)
	}
	if d := await(t, dep); d.err != nil || d.res.Balance == nil || !d.res.Balance.Equal(dec("117")) {
		t.Fatalf("deposit: %+v %v, want p01 at 90 + 20 + 7 = 117: the win paid before", d.res, d.err)
	}
	again, err := h.exec(keyedResult("t1", r1, "res-1", 4, 5, 6))
	if err != nil || again.FirstSeq != a.res.FirstSeq || again.LastSeq != a.res.LastSeq || again.Events != a.res.Events {
		t.Fatalf("retry: %+v %v, want the original's %+v", again, err, a.res)
	}
	wantSettlement(t, "retry", again, n)

	seqs := settledEachOnce(t, h, r1, n)
	between := 0
	for _, e := range h.readAll() {
		if e.Seq > seqs[0] && e.Seq < seqs[len(seqs)-1] && e.Round != r1 {
			between++
		}
	}
	if between != 1 {
		t.Fatalf("%d events of others between the settlements, want t2's slip", between)
	}
	balancesAfterRestart(t, h)
}

// TestOwed_RetryDuringSettlementSharesTheAnswer: a retry of the result is
// a command of the settling table, so the rest of the settlement goes into
// its group first, and it gets the original's whole answer: a retry decided
// in the result's own group (the whole settlement is then in that group),
// and one decided while chunks are owed.
func TestOwed_RetryDuringSettlementSharesTheAnswer(t *testing.T) {
	const n = 10
	h, g, r1, r2 := owedSetup(t, 3, n)
	for i := range n {
		h.bet("t2", r2, fmt.Sprintf("p%02d", i), b("big", "10"))
	}
	h.closeBetting("t2", r2)
	g.close()

	// The result on t1 and its retry, decided in one group while a deposit
	// is in flight.
	dep := h.execAsync(&ledger.Deposit{Meta: ledger.Meta{Actor: cashier}, Player: "p00", Amount: dec("1"), Currency: "EUR"})
	g.nextHeld(t)
	res1 := h.execAsync(keyedResult("t1", r1, "res-1", 4, 5, 6))
	notYet(t, "the result", res1)
	retry1 := h.execAsync(keyedResult("t1", r1, "res-1", 4, 5, 6))
	notYet(t, "the retry in the result's group", retry1)
	g.release <- nil
	if a := await(t, dep); a.err != nil {
		t.Fatal(a.err)
	}
	want := append(append([]events.Type{events.TypeRoundResult}, repeatType(events.TypeBetSettled, n)...), events.TypeRoundSettled)
	if got := typesOf(g.nextHeld(t)); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the result's group %v, want all of it: %v", got, want)
	}
	g.release <- nil

	// The result on t2, and its retry while chunks are owed.
	res2 := h.execAsync(keyedResult("t2", r2, "res-2", 4, 5, 6))
	if got := typesOf(g.nextHeld(t)); len(got) != 4 || got[0] != events.TypeRoundResult {
		t.Fatalf("the result's group %v, want the result and a chunk of 3", got)
	}
	retry2 := h.execAsync(keyedResult("t2", r2, "res-2", 4, 5, 6))
	notYet(t, "the retry while chunks are owed", retry2)
	g.release <- nil
	// The sequencer may seal one more chunk before the retry arrives;
	// then the retry's group holds all that is left.
	for {
		got := typesOf(g.nextHeld(t))
		g.release <- nil
		if got[len(got)-1] == events.TypeRoundSettled {
			break
		}
	}
	g.open()
	for _, c := range []struct {
		res, retry <-chan answer
		round      string
	}{{res1, retry1, r1}, {res2, retry2, r2}} {
		a := await(t, c.res)
		if a.err != nil {
			t.Fatal(a.err)
		}
		wantSettlement(t, "result", a.res, n)
		r := await(t, c.retry)
		if r.err != nil || r.res.FirstSeq != a.res.FirstSeq || r.res.LastSeq != a.res.LastSeq {
			t.Fatalf("retry: %+v %v, want the original's %+v", r.res, r.err, a.res)
		}
		wantSettlement(t, "retry", r.res, n)
		settledEachOnce(t, h, c.round, n)
	}
	balancesAfterRestart(t, h)
}

// TestOwed_FailedChunkIsFinishedByRecovery: when the append of a chunk
// fails after the result's own group was stored, the result is answered
// unavailable, the recovery writes the rest of the settlement, a retry with
// the key reads the whole of it back, and every bet is settled once.
func TestOwed_FailedChunkIsFinishedByRecovery(t *testing.T) {
	const n = 12
	h, g, r1, _ := owedSetup(t, 4, n)
	g.close()
	res := h.execAsync(keyedResult("t1", r1, "res-1", 4, 5, 6))
	g.nextHeld(t)
	g.release <- nil
	g.nextHeld(t) // the second chunk
	g.release <- errors.New("test: the append failed")
	// The recovery writes the rest through the gate.
	rest := g.nextHeld(t)
	want := append(repeatType(events.TypeBetSettled, 8), events.TypeRoundSettled)
	if got := typesOf(rest); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the recovery wrote %v, want %v", got, want)
	}
	g.release <- nil
	g.open()
	a := await(t, res)
	if ledger.CodeOf(a.err) != "unavailable" {
		t.Fatalf("result: %+v %v, want unavailable", a.res, a.err)
	}
	again, err := h.exec(keyedResult("t1", r1, "res-1", 4, 5, 6))
	if err != nil {
		t.Fatalf("retry after the recovery: %v", err)
	}
	wantSettlement(t, "retry", again, n)
	settledEachOnce(t, h, r1, n)
	balancesAfterRestart(t, h)
}

// TestOwed_CloseFinishesTheSettlement: a ledger closed while chunks are
// owed writes the rest and answers the result before it stops.
func TestOwed_CloseFinishesTheSettlement(t *testing.T) {
	const n = 9
	h, g, r1, _ := owedSetup(t, 2, n)
	g.close()
	res := h.execAsync(keyedResult("t1", r1, "res-1", 4, 5, 6))
	g.nextHeld(t)
	closed := make(chan struct{})
	go func() {
		h.l.Close()
		close(closed)
	}()
	g.release <- nil
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-g.held:
				g.release <- nil
			case <-stop:
				return
			}
		}
	}()
	a := await(t, res)
	if a.err != nil {
		t.Fatalf("result: %v", a.err)
	}
	wantSettlement(t, "result", a.res, n)
	<-closed
	settledEachOnce(t, h, r1, n)
	h.open()
	if r := h.round(r1); r.Status != ledger.RoundSettled {
		t.Fatalf("round %s after the restart, want settled", r.Status)
	}
}

// TestOwed_ConcurrentTablesWithFailingAppends: three dealers play rounds
// while 24 clients bet on any table and one append in eight fails; the
// settlements go in chunks of 3. Each command is retried with its key until
// it is answered. Every result answered lists every bet of its round, every
// bet is settled once, each round of more than 3 bets was settled over
// several appends, money adds up, and a rebuild gives the live balances.
func TestOwed_ConcurrentTablesWithFailingAppends(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.l.Close()
	h.opts.SettleChunk = 3
	f := &flakyLog{Log: h.store, rng: rand.New(rand.NewPCG(5, 8))}
	h.openOn(f)
	tables := []string{"t1", "t2", "t3"}
	for _, tb := range tables {
		h.openTable(tb, sicbo.IDLive)
	}
	const clients, roundsEach = 24, 6
	for i := range clients {
		h.deposit(fmt.Sprintf("p%02d", i), "1000")
	}
	f.failFrom(1.0 / 8)

	// retried runs c until it is answered other than unavailable.
	retried := func(c ledger.Command) (ledger.Result, error) {
		for try := 0; ; try++ {
			res, err := h.exec(c)
			if ledger.CodeOf(err) != "unavailable" || try > 50 {
				return res, err
			}
		}
	}
	var mu sync.Mutex
	answered := map[string]ledger.Result{} // round → its result's answer
	open := map[string]string{}            // table → its round open for bets
	var wg sync.WaitGroup
	done := make(chan struct{})
	for ti, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(ti), 1))
			for k := range roundsEach {
				m := ledger.Meta{Actor: dealer, IdempotencyKey: fmt.Sprintf("%s-open-%d", tb, k)}
				r, err := retried(&ledger.OpenRound{Meta: m, Table: tb})
				if err != nil {
					t.Errorf("open %s: %v", tb, err)
					return
				}
				mu.Lock()
				open[tb] = r.Round
				mu.Unlock()
				for range 20 + rng.IntN(20) {
					h.lastSeq() // a pause that costs a stream read, not a clock
				}
				mu.Lock()
				delete(open, tb)
				mu.Unlock()
				m.IdempotencyKey = fmt.Sprintf("%s-close-%d", tb, k)
				if _, err := retried(&ledger.CloseBetting{Meta: m, Table: tb, Round: r.Round}); err != nil {
					t.Errorf("close %s: %v", tb, err)
					return
				}
				d := []int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
				res, err := retried(keyedResult(tb, r.Round, fmt.Sprintf("%s-res-%d", tb, k), d...))
				if err != nil {
					t.Errorf("result %s: %v", tb, err)
					return
				}
				mu.Lock()
				answered[r.Round] = res
				mu.Unlock()
			}
		}()
	}
	var cg sync.WaitGroup
	for i := range clients {
		cg.Add(1)
		go func() {
			defer cg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 2))
			player := fmt.Sprintf("p%02d", i)
			for s := 0; ; s++ {
				select {
				case <-done:
					return
				default:
				}
				mu.Lock()
				tb := tables[rng.IntN(len(tables))]
				round, ok := open[tb]
				mu.Unlock()
				if !ok {
					h.lastSeq()
					continue
				}
				codes := []string{"big", "small", "odd", "even"}
				c := slipOf(tb, round, player, fmt.Sprintf("%s-%d", player, s), "1")
				c.Bets[0].Code = codes[rng.IntN(len(codes))]
				if _, err := retried(c); err != nil {
					switch ledger.CodeOf(err) {
					case "round_not_open", "invalid_round_state", "round_finished":
					default:
						t.Errorf("%s: %v", player, err)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	cg.Wait()
	failed := f.heal(t)

	placed := map[string]map[string]bool{} // round → its bets
	settled := map[string]map[string]int{} // round → bet → settlements
	spans := map[string]map[int]bool{}     // round → appends holding its settlements
	for _, e := range h.readAll() {
		switch e.Type {
		case events.TypeBetPlaced, events.TypeBetSettled:
			p, err := events.DecodePayload(&e)
			if err != nil {
				t.Fatal(err)
			}
			if e.Type == events.TypeBetPlaced {
				if placed[e.Round] == nil {
					placed[e.Round] = map[string]bool{}
				}
				for _, pb := range p.(*events.BetPlaced).Bets {
					placed[e.Round][pb.Bet] = true
				}
				continue
			}
			bs := p.(*events.BetSettled)
			if settled[e.Round] == nil {
				settled[e.Round], spans[e.Round] = map[string]int{}, map[int]bool{}
			}
			settled[e.Round][bs.Bet]++
			spans[e.Round][f.appendOf(e.Seq)] = true
		}
	}
	if len(answered) != len(tables)*roundsEach {
		t.Fatalf("%d results answered, want %d", len(answered), len(tables)*roundsEach)
	}
	chunked := 0
	for round, res := range answered {
		if res.Settlement == nil && len(placed[round]) == 0 {
			continue
		}
		if res.Settlement == nil || len(res.Settlement.Bets) != len(placed[round]) {
			t.Errorf("round %s: the result's answer lists %v, the round has %d bets", round, res.Settlement, len(placed[round]))
			continue
		}
		for _, sb := range res.Settlement.Bets {
			if !placed[round][sb.Bet] {
				t.Errorf("round %s: the answer settles %s, not a bet of the round", round, sb.Bet)
			}
		}
		for bet := range placed[round] {
			if settled[round][bet] != 1 {
				t.Errorf("round %s: bet %s settled %d times", round, bet, settled[round][bet])
			}
		}
		if len(placed[round]) > 3 {
			chunked++
			if len(spans[round]) < 2 {
				t.Errorf("round %s: %d bets settled in one append, want chunks of 3", round, len(placed[round]))
			}
		}
	}
	if chunked == 0 {
		t.Fatal("no round had more than 3 bets: the test proved nothing")
	}
	balancesAfterRestart(t, h)
	t.Logf("%d rounds, %d settled in chunks, %d appends failed", len(answered), chunked, failed)
}

// TestOwed_SlipWaitsForARollOfCraps: a roll of craps settles the bets it
// decides, and the hand goes on taking bets after it; so a slip on that
// table waits for the rest of the roll's settlement, and is accepted.
func TestOwed_SlipWaitsForARollOfCraps(t *testing.T) {
	h := newHarness(t)
	h.l.Close()
	h.opts.SettleChunk = 3
	g := newGateLog(t, h.store)
	h.openOn(g)
	h.openTestTable("c1", craps.IDPeru1999)
	round := h.openRound("c1")
	const n = 8
	for i := range n {
		p := fmt.Sprintf("p%02d", i)
		h.deposit(p, "100")
		h.bet("c1", round, p, b("pass", "10"), b("field", "5"))
	}
	h.closeBetting("c1", round)
	g.close()
	roll := h.execAsync(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: rollJSON(3, 3)})
	first := typesOf(g.nextHeld(t))
	want := append([]events.Type{events.TypeRoundResult}, repeatType(events.TypeBetSettled, 3)...)
	if fmt.Sprint(first) != fmt.Sprint(want) {
		t.Fatalf("the roll's group %v, want %v", first, want)
	}
	slip := h.execAsync(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: "p00", Bets: []ledger.BetRequest{b("field", "5")}})
	notYet(t, "the slip", slip)
	g.release <- nil
	var rest []events.Type
	for {
		got := typesOf(g.nextHeld(t))
		g.release <- nil
		rest = append(rest, got...)
		if got[len(got)-1] == events.TypeBetPlaced {
			break
		}
	}
	want = append(append(repeatType(events.TypeBetSettled, n-3), events.TypeRoundStepSettled), events.TypeBetPlaced)
	if fmt.Sprint(rest) != fmt.Sprint(want) {
		t.Fatalf("after the roll's group %v, want the rest of the roll, then the slip: %v", rest, want)
	}
	g.open()
	if a := await(t, roll); a.err != nil || a.res.Settlement == nil || len(a.res.Settlement.Bets) != n {
		t.Fatalf("roll: %+v %v, want the %d field bets settled", a.res, a.err, n)
	}
	if a := await(t, slip); a.err != nil {
		t.Fatalf("slip after the roll: %v", a.err)
	}
	balancesAfterRestart(t, h)
}

// TestOwed_PoolTablesWaitForAPoolRound: a round settled together (Caribbean
// stud with a progressive) is settled in chunks too; while it is, a slip on
// a table of no pool is decided between the chunks, and a slip on another
// table linked to the same pool waits for the rest: the pool, which
// round.settled pays from and resets, is what the tables share. The money
// is what TestLedger_CaribbeanProgressive works out without chunks.
func TestOwed_PoolTablesWaitForAPoolRound(t *testing.T) {
	h := newHarness(t)
	h.l.Close()
	h.opts.SettleChunk = 2
	g := newGateLog(t, h.store)
	h.openOn(g)
	for _, p := range []string{"ann", "bob", "cat"} {
		h.deposit(p, "1000")
	}
	h.openCaribbean("c1")
	h.openCaribbean("c2")
	h.openTable("t3", sicbo.IDLive)
	h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
	h.must(link("jp-1", "c1"))
	h.must(link("jp-1", "c2"))
	r3 := h.openRound("t3")
	r2 := h.openRound("c2")
	round := h.openRound("c1")
	h.bet("c1", round, "ann", b("ante:1", "10"), b("call:1", "20"), b("progressive:1", "1"))
	h.bet("c1", round, "bob", b("ante:2", "5"), b("progressive:2", "1"))
	h.closeBetting("c1", round)

	g.close()
	res := h.execAsync(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: []byte(
		`{"dealer":["AH","KD","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","2D","2C","2S","9D"]},{"seat":2,"cards":["3C","4C","8D","JH","KC"],"fold":true}]}`)})
	want := append([]events.Type{events.TypeRoundResult}, repeatType(events.TypeBetSettled, 2)...)
	if got := typesOf(g.nextHeld(t)); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the result's group %v, want %v", got, want)
	}
	free := h.execAsync(slipOf("t3", r3, "cat", "s-3", "5"))
	notYet(t, "the slip on a table of no pool", free) // and it is queued first
	linked := h.execAsync(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "c2", Round: r2, Player: "cat",
		Bets: []ledger.BetRequest{b("ante:4", "10"), b("progressive:4", "1")}})
	notYet(t, "the slip on the pool's other table", linked)
	g.release <- nil
	// The next group: a chunk, the free slip, then the rest of the
	// settlement before the linked slip.
	want = append(append(append(repeatType(events.TypeBetSettled, 2), events.TypeBetPlaced),
		events.TypeBetSettled, events.TypeRoundSettled), events.TypeBetPlaced)
	if got := typesOf(g.nextHeld(t)); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the next group %v, want %v", got, want)
	}
	g.release <- nil
	g.open()
	for what, ch := range map[string]<-chan answer{"result": res, "free slip": free, "linked slip": linked} {
		if a := await(t, ch); a.err != nil {
			t.Fatalf("%s: %v", what, a.err)
		}
	}
	// As TestLedger_CaribbeanProgressive, before c2's round: the pool
	// restarted at 1,000 after ann's 500 (cat's progressive on c2 is in
	// play until c2's round is settled).
	h.wantBalances(map[string]string{
		posting.WalletAccount("ann"):    "1909",
		posting.WalletAccount("bob"):    "994",
		posting.WalletAccount("cat"):    "984",
		"jackpot:jp-1:main":             "1000",
		posting.CommissionAccount("c1"): "0.20",
		posting.InPlayAccount("c1"):     "0",
		posting.HouseAccount("c1"):      "-903.20",
	})
	balancesAfterRestart(t, h)
}
