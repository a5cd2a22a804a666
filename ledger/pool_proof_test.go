package ledger_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// flatPool is pool "jp-f": no commission, no reserve, no base, the
// seed's prizes, so that a pass's figures are the seed's rules alone.
func flatPool(t testing.TB) json.RawMessage {
	t.Helper()
	p, err := jackpot.New(jackpot.Params{
		Pool: "jp-f", Version: 1, Source: "ledger tests: the seed's prizes, nothing else", Scale: 2,
		CommissionPercent: decimal.Zero, Base: decimal.Zero, Ceiling: decimal.Zero,
		Reset: jackpot.ResetFromCasino, Prizes: jackpot.SeedPrizes(),
	})
	if err != nil {
		t.Fatal(err)
	}
	return p.CanonicalJSON()
}

// passHarness is a ledger with pool jp-f holding main (through an
// adjustment) and table t1 linked to it.
func passHarness(t *testing.T, main string) *harness {
	h := newHarness(t)
	withPools(h)
	h.openTestTable("t1", "prog/test")
	h.must(configure("jp-f", flatPool(t)))
	h.must(link("jp-f", "t1"))
	h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-f", Account: "jackpot:jp-f:main", Amount: dec(main), Reason: "test funding"})
	return h
}

type seatBet struct {
	seat  int
	stake string
	cards []string
	fold  bool
}

// playPass plays one pass of t1 (player "s<seat>" bets on each seat,
// funded with 100) and returns its round.settled.
func playPass(h *harness, seats ...seatBet) *events.RoundSettled {
	h.t.Helper()
	round := h.openRound("t1")
	var ps []testgames.PassSeat
	for _, s := range seats {
		player := fmt.Sprintf("s%d", s.seat)
		h.deposit(player, "100")
		h.bet("t1", round, player, b(fmt.Sprintf("progressive:%d", s.seat), s.stake))
		ps = append(ps, testgames.PassSeat{Seat: s.seat, Cards: s.cards, Fold: s.fold})
	}
	h.closeBetting("t1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round, Result: testgames.PassJSON(ps)})
	return roundSettled(h, round)
}

func roundSettled(h *harness, round string) *events.RoundSettled {
	h.t.Helper()
	var out *events.RoundSettled
	for _, e := range h.eventsOf(round) {
		if e.Type == events.TypeRoundSettled {
			p, err := events.Into[events.RoundSettled](&e)
			if err != nil {
				h.t.Fatal(err)
			}
			out = p
		}
	}
	if out == nil {
		h.t.Fatalf("round %s not settled", round)
	}
	return out
}

// wantPrizes checks each seat's wallet: 100 − stake + prize.
func wantPrizes(h *harness, seats []seatBet, prizes ...string) {
	h.t.Helper()
	want := map[string]string{}
	for i, s := range seats {
		want[posting.WalletAccount(fmt.Sprintf("s%d", s.seat))] = dec("100").Sub(dec(s.stake)).Add(dec(prizes[i])).String()
	}
	h.wantBalances(want)
}

var (
	royalS = []string{"AS", "KS", "QS", "JS", "TS"}
	royalH = []string{"AH", "KH", "QH", "JH", "TH"}
	sfC    = []string{"9C", "8C", "7C", "6C", "5C"}
	sfD    = []string{"9D", "8D", "7D", "6D", "5D"}
	quad2  = []string{"2H", "2D", "2C", "2S", "3H"}
	fullH  = []string{"4H", "4D", "4C", "3D", "3S"}
)

// TestLedger_PoolRules1_2_5 pays fixed prizes first, from the smallest to
// the largest (rule 1), each by the winner's own hand and bet (rule 2),
// before the percentage prize, computed on what they left (rule 5): the
// main pool of 300 + 5 covers the flush (50 × 2) and the full house
// (100 × 1); the four of a kind (500 × 1) comes last, with the casino
// advancing the 395 the pool lacks; the royal flush then takes 100% of
// nothing.
func TestLedger_PoolRules1_2_5(t *testing.T) {
	h := passHarness(t, "300")
	seats := []seatBet{
		{seat: 1, stake: "1", cards: quad2},
		{seat: 2, stake: "2", cards: []string{"KS", "JS", "9S", "7S", "5S"}},
		{seat: 3, stake: "1", cards: fullH},
		{seat: 4, stake: "1", cards: royalH},
	}
	rs := playPass(h, seats...)
	wantPrizes(h, seats, "500", "100", "100", "0")
	if len(rs.Transfers) != 1 || rs.Transfers[0].From != "" || rs.Transfers[0].To != "jackpot:jp-f:main" || !rs.Transfers[0].Amount.Equal(dec("395")) ||
		!strings.Contains(rs.Transfers[0].Rule, "cannot cover the fixed prize 500.00") {
		t.Fatalf("transfers %+v", rs.Transfers)
	}
	h.wantBalances(map[string]string{"jackpot:jp-f:main": "0", posting.HouseAccount("t1"): "-395"})
}

// TestLedger_PoolRule3 splits the royal flush's 100% of 1,002.01 between
// two winners: 501.00 each, and the indivisible 0.01 to the seat nearest
// the dealer's right hand (the lowest seat).
func TestLedger_PoolRule3(t *testing.T) {
	h := passHarness(t, "1000.01")
	seats := []seatBet{{seat: 5, stake: "1", cards: royalS}, {seat: 2, stake: "1", cards: royalH}}
	playPass(h, seats...)
	wantPrizes(h, seats, "501.00", "501.01")
	h.wantBalances(map[string]string{"jackpot:jp-f:main": "0"})
}

// TestLedger_PoolRule4 pays straight flushes and a royal flush together:
// 10% of 1,003 = 100.30 split by the two straight flushes (50.15 each),
// then the royal flush takes 100% of the 902.70 left.
func TestLedger_PoolRule4(t *testing.T) {
	h := passHarness(t, "1000")
	seats := []seatBet{{seat: 1, stake: "1", cards: royalS}, {seat: 3, stake: "1", cards: sfC}, {seat: 4, stake: "1", cards: sfD}}
	playPass(h, seats...)
	wantPrizes(h, seats, "902.70", "50.15", "50.15")
	h.wantBalances(map[string]string{"jackpot:jp-f:main": "0"})
}

// TestLedger_PoolRule3Cap caps a straight flush's share at 5,000 × the
// winner's own bet: 10% of 100,001 is 10,000.10, split two ways 5,000.05
// each; seat 1 bet 1 and gets 5,000, seat 2 bet 2 gets its 5,000.05; the
// cut 0.05 stays in the main pool.
func TestLedger_PoolRule3Cap(t *testing.T) {
	h := passHarness(t, "99998")
	seats := []seatBet{{seat: 1, stake: "1", cards: sfC}, {seat: 2, stake: "2", cards: sfD}}
	playPass(h, seats...)
	wantPrizes(h, seats, "5000", "5000.05")
	h.wantBalances(map[string]string{"jackpot:jp-f:main": "90000.95"})
}

// disjoint are hands no two of which share a card, one per prize kind and
// a few that win nothing: a pass deals some of them to random seats.
var disjoint = [][]string{
	{"AS", "KS", "QS", "JS", "TS"}, // royal flush
	{"9H", "8H", "7H", "6H", "5H"}, // straight flush
	{"2H", "2D", "2C", "2S", "3C"}, // four of a kind
	{"4H", "4D", "4C", "3D", "3H"}, // full house
	{"KC", "9C", "7C", "5C", "QC"}, // flush
	{"AD", "KH", "6S", "8D", "JC"}, // nothing
	{"AH", "AC", "6D", "7D", "TD"}, // a pair
}

// TestLedger_PoolConservation plays 90 passes at three tables linked to
// the catalog pool (10% commission, a reserve, a base from the reserve
// then the casino): random seats, bets, hands and folds. To the smallest
// unit: bets − commission + the casino's funding = the pools' growth +
// the prizes paid; with the casino's funding split out, contributions −
// commission = growth + prizes − funding.
func TestLedger_PoolConservation(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	withPools(h)
	tables := []string{"t1", "t2", "t3"}
	for _, tb := range tables {
		h.openTestTable(tb, "prog/test")
	}
	h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
	for _, tb := range tables {
		h.must(link("jp-1", tb))
	}
	for s := 1; s <= 7; s++ {
		h.deposit(fmt.Sprintf("q%d", s), "100000")
	}
	rng := rand.New(rand.NewPCG(19, 2010))
	pool := func() decimal.Decimal {
		return h.balance("jackpot:jp-1:main").Add(h.balance("jackpot:jp-1:reserve:r1"))
	}
	start := pool()
	bets, prizes, funding, commission := decimal.Zero, decimal.Zero, decimal.Zero, decimal.Zero
	kinds := map[string]int{}
	for pass := range 90 {
		tb := tables[pass%len(tables)]
		round := h.openRound(tb)
		var ps []testgames.PassSeat
		for k, hand := range rng.Perm(len(disjoint))[:1+rng.IntN(4)] {
			seat := 1 + k
			stake := decimal.New(int64(100+rng.IntN(500)), -2) // 1.00..5.99
			h.bet(tb, round, fmt.Sprintf("q%d", seat), b(fmt.Sprintf("progressive:%d", seat), stake.String()))
			bets = bets.Add(stake)
			ps = append(ps, testgames.PassSeat{Seat: seat, Cards: disjoint[hand], Fold: rng.IntN(6) == 0})
		}
		h.closeBetting(tb, round)
		h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: tb, Round: round, Result: testgames.PassJSON(ps)})
		rs := roundSettled(h, round)
		for _, tr := range rs.Transfers {
			kinds[strings.SplitN(tr.Rule, ":", 2)[0]+" from "+map[bool]string{true: "casino", false: "reserve"}[tr.From == ""]]++
			if tr.From == "" {
				funding = funding.Add(tr.Amount)
			}
		}
		for _, e := range h.eventsOf(round) {
			if e.Type != events.TypeBetSettled {
				continue
			}
			p, err := events.Into[events.BetSettled](&e)
			if err != nil {
				t.Fatal(err)
			}
			prizes = prizes.Add(p.Returned)
			for _, c := range p.Contributions {
				if c.Pool == "commission" {
					commission = commission.Add(c.Amount)
				}
			}
			if p.Returned.IsPositive() {
				kinds["prize"]++
			}
		}
	}
	growth := pool().Sub(start)
	if lhs, rhs := bets.Sub(commission).Add(funding), growth.Add(prizes); !lhs.Equal(rhs) {
		t.Fatalf("bets %s − commission %s + casino funding %s = %s; growth %s + prizes %s = %s", bets, commission, funding, lhs, growth, prizes, rhs)
	}
	var comm decimal.Decimal
	for _, tb := range tables {
		comm = comm.Add(h.balance(posting.CommissionAccount(tb)))
	}
	if !comm.Equal(commission) {
		t.Fatalf("commission accounts hold %s, the bets' commission is %s", comm, commission)
	}
	for _, k := range []string{"prize", "reset from reserve", "reset from casino", "shortfall from reserve", "shortfall from casino"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in 90 passes: %v", k, kinds)
		}
	}
	t.Logf("bets %s, commission %s, casino funding %s, growth %s, prizes %s; %v", bets, commission, funding, growth, prizes, kinds)
}

// TestLedger_PoolCrashMidPass kills the writer (one event per atomic
// batch) after a royal flush's round.result and the first bet's
// settlement are stored: the restart finishes the pass from the pool's
// balances at the result, and every prize is paid exactly once, also when
// the dealer retries the result.
func TestLedger_PoolCrashMidPass(t *testing.T) {
	h := passHarness(t, "1000")
	h.deposit("s1", "100")
	h.deposit("s2", "100")
	round := h.openRound("t1")
	h.bet("t1", round, "s1", b("progressive:1", "1"))
	h.bet("t1", round, "s2", b("progressive:2", "1"))
	h.closeBetting("t1", round)

	h.l.Close()
	kl := &killAfterLog{Log: h.store}
	kl.allow.Store(2) // the result and the first bet's settlement
	opts := h.opts
	opts.BatchMax = 1
	l, err := ledger.Open(context.Background(), kl, opts)
	if err != nil {
		t.Fatal(err)
	}
	cmd := &ledger.RecordResult{Meta: ledger.Meta{Actor: dealer, IdempotencyKey: "royal-1"}, Table: "t1", Round: round,
		Result: testgames.PassJSON([]testgames.PassSeat{{Seat: 1, Cards: royalS}, {Seat: 2, Cards: quad2}})}
	if _, err := l.Execute(context.Background(), cmd); err == nil {
		t.Fatal("result accepted although the writer died mid-pass")
	}
	l.Close()
	settled := 0
	for _, e := range h.eventsOf(round) {
		if e.Type == events.TypeBetSettled {
			settled++
		}
	}
	if settled != 1 {
		t.Fatalf("the crash left %d bets settled, want 1", settled)
	}
	h.restart()
	settledOnce(h, round, 2)
	if _, err := h.exec(cmd); err != nil {
		t.Fatalf("retry of the result: %v", err)
	}
	settledOnce(h, round, 2)
	// main 1002: the four of a kind's 500 first, the royal flush 502.
	h.wantBalances(map[string]string{
		posting.WalletAccount("s1"): "601", posting.WalletAccount("s2"): "599",
		"jackpot:jp-f:main": "0", posting.InPlayAccount("t1"): "0",
	})
	// The funds are the pool's balances when the result was recorded,
	// before the pass's contributions (which the pass itself collects).
	if rs := roundSettled(h, round); !rs.Funds.Pool.Balances[0].Equal(dec("1000")) {
		t.Fatalf("settled with pool funds %v", rs.Funds.Pool.Balances)
	}
}
