//go:build crash

package crash

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/jackpot"
)

// The progressive crash scenario.
const (
	// poolCycles is how many royal flushes are dealt, each with a kill.
	poolCycles = 6
	// poolTable is the Caribbean poker table linked to the pool.
	poolTable = "c1"
	// royalPlayer sits at seat 1 and is dealt the royal flush;
	// otherPlayer plays the other seats.
	royalPlayer = "roy"
	otherPlayer = "other"
	// seatsN is the table's seats (games/poker.SeatsMax), each with an
	// ante, a call and a progressive bet: the most bets a Caribbean round
	// holds (one ante per seat), so its pass is one atomic batch.
	seatsN = 7
)

// poolMain is the pool's main account.
var poolMain = "jackpot:" + jackpot.IDPool1 + ":main"

// poolDeal is a deal where seat 1 holds a royal flush and the other
// seats no progressive hand (the dealer qualifies with ace-king; the
// progressive does not depend on it).
var poolDeal = map[string]any{
	"dealer": []string{"AH", "KD", "5C", "7S", "9H"},
	"seats": []any{
		map[string]any{"seat": 1, "cards": []string{"AS", "KS", "QS", "JS", "TS"}},
		map[string]any{"seat": 2, "cards": []string{"2H", "3D", "4C", "6D", "8C"}},
		map[string]any{"seat": 3, "cards": []string{"2D", "3C", "4H", "6S", "8D"}},
		map[string]any{"seat": 4, "cards": []string{"2C", "3H", "4D", "6H", "8H"}},
		map[string]any{"seat": 5, "cards": []string{"2S", "3S", "4S", "6C", "9D"}},
		map[string]any{"seat": 6, "cards": []string{"5H", "5D", "7C", "9C", "JH"}},
		map[string]any{"seat": 7, "cards": []string{"QH", "JD", "TC", "8S", "7D"}},
	},
}

// roundMoves is what one round left in the stream.
type roundMoves struct {
	// settled counts bet.settled per bet; roundSettled the round.settled
	// events.
	settled      map[string]int
	roundSettled int
	// prizes are the postings out of the main pool (the royal flush's
	// prize), prizeTo their receivers; contributed is what the pass's
	// bets put into the main pool; resets counts the round.settled
	// events that post into the main pool (its restart at the base, from
	// the reserve and the house).
	prizes      []decimal.Decimal
	prizeTo     []string
	contributed decimal.Decimal
	resets      int
	// royalReturned is what the royal flush's progressive bet returned.
	royalReturned decimal.Decimal
	// fundsMain is the main pool the settlement used (round.settled's
	// funds).
	fundsMain decimal.Decimal
}

// readRound reads the events of one round from the store of dataDir (the
// server stopped).
func readRound(tb testing.TB, dataDir, round string) roundMoves {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	store, err := jetstream.Open(ctx, jetstream.Options{DataDir: dataDir, ReadOnly: true})
	if err != nil {
		tb.Fatalf("open the store: %v", err)
	}
	defer store.Close()
	m := roundMoves{settled: map[string]int{}}
	err = store.Read(ctx, 1, 0, func(r events.Raw) error {
		e, err := events.Decode(r.Data)
		if err != nil || e.Round != round {
			return err
		}
		switch e.Type {
		case events.TypeBetSettled:
			p, err := events.Into[events.BetSettled](&e)
			if err != nil {
				return err
			}
			m.settled[p.Bet]++
			if p.Code == "progressive:1" {
				m.royalReturned = m.royalReturned.Add(p.Returned)
			}
		case events.TypeRoundSettled:
			m.roundSettled++
			p, err := events.Into[events.RoundSettled](&e)
			if err != nil {
				return err
			}
			if p.Funds != nil && p.Funds.Pool != nil && len(p.Funds.Pool.Balances) > 0 {
				m.fundsMain = p.Funds.Pool.Balances[0]
			}
		}
		reset := false
		for _, p := range e.Postings {
			switch {
			case p.From == poolMain:
				m.prizes = append(m.prizes, p.Amount)
				m.prizeTo = append(m.prizeTo, fmt.Sprintf("%s by %s at %d", p.To, e.Type, r.Seq))
			case p.To == poolMain && e.Type == events.TypeRoundSettled:
				reset = true
			case p.To == poolMain:
				m.contributed = m.contributed.Add(p.Amount)
			}
		}
		if reset {
			m.resets++
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("read round %s: %v", round, err)
	}
	return m
}

// TestCrash_PoolRoyalFlush kills `wagerlog serve` with SIGKILL around the
// result of a Caribbean poker deal where seat 1 holds a royal flush, on a
// table linked to a progressive pool, with every seat taken: right after
// the result is acknowledged, at a random moment after it is sent
// (before it is stored, while it is written, or after), or as soon as
// /healthz shows it stored (its answer perhaps not sent). A round holds at
// most 21 bets, so its pass is one atomic batch here; a kill between two
// batches of a pass is ledger.TestLedger_PoolCrashMidPass's (one event
// per batch). After the kill and a restart (which would finish an
// interrupted pass), the
// dealer sends the result again with the same idempotency key. Every
// acknowledged write is in the stream once, money is conserved, verify is
// clean, and the round holds one settlement per bet, one round.settled,
// the royal flush's prize paid once (the whole main pool the settlement
// used) and the pool's restart at its base once.
func TestCrash_PoolRoyalFlush(t *testing.T) {
	seed := *seedFlag
	rng := rand.New(rand.NewPCG(seed, 3))
	tmp := t.TempDir()
	bin := buildWagerlog(t, tmp)
	dataDir := filepath.Join(tmp, "data")
	tokens := filepath.Join(tmp, "tokens")
	w := newWorld(t, bin, tokens)
	status, out, errOut := runTool(t, bin, "token", "add", "--tokens", tokens, "--role", "dealer", "--actor", "dealer-"+poolTable)
	if status != 0 {
		t.Fatalf("token add: %d %s", status, errOut)
	}
	dealer := &actor{id: "dealer-" + poolTable, role: "dealer", token: strings.TrimSpace(out)}
	fe := w.frontends[0]
	srv := newServer(t, bin, dataDir, tokens, filepath.Join(tmp, "serve.log"))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("reproduce: go test -tags crash -count=1 -run TestCrash_PoolRoyalFlush ./test/crash/ -crash.seed=%d\n%s", seed, srv.logTail())
		}
	})
	hasVerify := verifyCommand(t, bin)
	srv.start()
	c := newClient(srv.base())
	ctx := context.Background()
	must := func(o *op) *op {
		t.Helper()
		if o.outcome != outcomeAcked {
			t.Fatalf("%s %s: %s %d %s %s", o.kind, o.path, o.outcome, o.status, o.code, o.failure)
		}
		return o
	}
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	must(w.book.write(ctx, c, w.supervisor, "open_table", "/v1/tables", tableBody{
		Table: poolTable, Paytable: "poker/caribbean", Currency: currency,
		Limits: map[string]limitBody{"*": {"1", "100000"}}, Band: limitBody{"1", "100000"}, Dealer: dealer.id,
	}))
	must(w.book.write(ctx, c, w.finance, "configure_pool", "/v1/pools", map[string]any{
		"pool": jackpot.IDPool1, "currency": currency, "params": json.RawMessage(pool.CanonicalJSON()),
	}))
	must(w.book.write(ctx, c, w.supervisor, "link_pool", "/v1/pools/"+jackpot.IDPool1+"/link", map[string]string{"table": poolTable}))
	must(w.book.write(ctx, c, w.cashier, "deposit", "/v1/wallets/"+royalPlayer+"/deposit", cashBody{Amount: "1000.00", Currency: currency}))
	must(w.book.write(ctx, c, w.cashier, "deposit", "/v1/wallets/"+otherPlayer+"/deposit", cashBody{Amount: "1000.00", Currency: currency}))

	fig := &figures{plans: map[string]int{}, freshRefused: map[string]int{}}
	var (
		prizes []string
		// took is the last acknowledged result's answer time: the random
		// kills fall around it.
		took         = 10 * time.Millisecond
		storedAtKill int
	)
	for cycle := 1; cycle <= poolCycles; cycle++ {
		w.book.cycle.Store(int64(cycle))
		open := must(w.book.write(ctx, c, dealer, "open_round", "/v1/tables/"+poolTable+"/rounds", emptyBody{}))
		round := open.res.Round
		must(w.book.write(ctx, c, fe, "slip", "/v1/tables/"+poolTable+"/slips", slipBody{Player: royalPlayer, Round: round,
			Bets: []betBody{{"ante:1", "5"}, {"call:1", "10"}, {"progressive:1", "1"}}}))
		s := slipBody{Player: otherPlayer, Round: round}
		for seat := 2; seat <= seatsN; seat++ {
			s.Bets = append(s.Bets, betBody{fmt.Sprintf("ante:%d", seat), "1"}, betBody{fmt.Sprintf("call:%d", seat), "2"},
				betBody{fmt.Sprintf("progressive:%d", seat), "1"})
		}
		must(w.book.write(ctx, c, fe, "slip", "/v1/tables/"+poolTable+"/slips", s))
		must(w.book.write(ctx, c, dealer, "close_betting", roundPath(&table{id: poolTable}, round, "close-betting"), emptyBody{}))

		// The kill: right after the result's answer, or at a random
		// moment around the time a result takes to be answered.
		plan := "after the acknowledgement"
		result := w.book.newOp(dealer, "result", roundPath(&table{id: poolTable}, round, "result"), poolDeal)
		switch cycle % 3 {
		case 1:
			w.book.send(ctx, c, result)
			srv.kill()
			if result.outcome == outcomeAcked {
				took = result.took
			}
		case 2:
			delay := between(rng, took/4, took*2)
			plan = fmt.Sprintf("%v after sending the result", delay.Round(100*time.Microsecond))
			var wg sync.WaitGroup
			wg.Go(func() { w.book.send(ctx, c, result) })
			time.Sleep(delay)
			srv.kill()
			wg.Wait()
		default:
			// As soon as the ledger says it holds more than the round
			// before its result: the result is stored, its answer
			// perhaps not sent yet.
			plan = "as soon as /healthz shows the result stored"
			stored := w.book.maxSeq.Load()
			var wg sync.WaitGroup
			wg.Go(func() { w.book.send(ctx, c, result) })
			for deadline := time.Now().Add(catchUpTimeout); srv.health().LastSeq <= stored && time.Now().Before(deadline); {
			}
			srv.kill()
			wg.Wait()
		}
		c.close()
		st := readStream(t, dataDir)
		checkBook(t, st, w.book)
		if hasVerify {
			runVerify(t, bin, dataDir)
		}
		before := readRound(t, dataDir, round)
		if before.roundSettled > 0 {
			storedAtKill++
		}
		srv.start()
		if h := srv.health(); h.LastSeq > st.last {
			// The restart finished the pass the kill interrupted: only
			// the settlements the result still owed, under its key.
			srv.waitCaughtUp()
			srv.kill()
			after := readStream(t, dataDir)
			checkContinuation(t, st, after)
			checkBook(t, after, w.book)
			fig.interrupts++
			srv.start()
		}
		c = newClient(srv.base())
		// The dealer sends the result again with the same key: an
		// acknowledged one answers the same, an unknown one its original
		// result or a fresh one.
		w.resolve(c, st, fig)
		w.replay(c, cycle, rng)
		if result.outcome != outcomeAcked {
			t.Fatalf("cycle %d: the result sent again: %s %d %s", cycle, result.outcome, result.status, result.code)
		}
		srv.waitCaughtUp()
		c.close()
		srv.kill()
		st = readStream(t, dataDir)
		checkBook(t, st, w.book)
		if hasVerify {
			runVerify(t, bin, dataDir)
		}
		m := readRound(t, dataDir, round)
		bets := 3 * seatsN
		if len(m.settled) != bets {
			t.Errorf("cycle %d: %d bets settled, want %d", cycle, len(m.settled), bets)
		}
		for bet, n := range m.settled {
			if n != 1 {
				t.Errorf("cycle %d: bet %s settled %d times", cycle, bet, n)
			}
		}
		if m.roundSettled != 1 {
			t.Errorf("cycle %d: round.settled written %d times", cycle, m.roundSettled)
		}
		// The royal flush takes the whole main pool: its balance at the
		// result plus what the pass's own bets contributed to it.
		prize := m.fundsMain.Add(m.contributed)
		if len(m.prizes) != 1 || !m.prizes[0].Equal(prize) || !m.royalReturned.Equal(prize) || !m.fundsMain.IsPositive() {
			t.Errorf("cycle %d: prizes out of the main pool %v (%v), the royal flush's bet returned %s; the main pool at the result was %s + %s contributed: want one prize of all of it",
				cycle, m.prizes, m.prizeTo, m.royalReturned, m.fundsMain, m.contributed)
		}
		if m.resets != 1 {
			t.Errorf("cycle %d: the main pool restarted %d times", cycle, m.resets)
		}
		if got := st.balances[account{poolMain, currency}]; !got.Equal(pool.Params().Base) {
			t.Errorf("cycle %d: the main pool holds %s after the royal flush, want its base %s", cycle, got, pool.Params().Base)
		}
		prizes = append(prizes, prize.StringFixed(2))
		t.Logf("cycle %d: kill %s: at the kill %d of %d bets settled, %d round.settled, %d prizes; after the restart and the retry: stream 1..%d, one prize of %s (%s + %s), one reset",
			cycle, plan, len(before.settled), bets, before.roundSettled, len(before.prizes), st.last, prize.StringFixed(2), m.fundsMain, m.contributed)
		if t.Failed() {
			t.FailNow()
		}
		srv.start()
		c = newClient(srv.base())
	}
	c.close()
	t.Logf("crash pool summary: %d royal flushes with a SIGKILL around the result, %d passes stored at the kill, %d finished by a restart; prizes %s each paid once; %d unknown outcomes resolved (%d stored, %d fresh); money conserved, verify clean",
		poolCycles, storedAtKill, fig.interrupts, strings.Join(prizes, ", "), fig.stored+fig.freshAcked, fig.stored, fig.freshAcked)
}
