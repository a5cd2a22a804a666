package jackpot

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/poker"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func cards(t testing.TB, cs ...string) poker.Hand {
	t.Helper()
	h, err := poker.ParseHand("test", cs)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// testPool is the seed's prize table with no commission, no reserve, no
// base: the rule tests see the prizes alone.
func testPool(t testing.TB, mutate func(p *Params)) *Pool {
	t.Helper()
	p := Params{Pool: "test", Version: 1, Source: "test", Scale: 2, CommissionPercent: decimal.Zero,
		Base: decimal.Zero, Ceiling: decimal.Zero, Reset: ResetFromCasino, Prizes: SeedPrizes()}
	if mutate != nil {
		mutate(&p)
	}
	pool, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	return pool
}

// Hands used by the rule tests; any two of different names share no card.
var (
	royalS   = []string{"AS", "KS", "QS", "JS", "TS"}
	royalD   = []string{"AD", "KD", "QD", "JD", "TD"}
	royalC   = []string{"AC", "KC", "QC", "JC", "TC"}
	sfH      = []string{"9H", "TH", "JH", "QH", "KH"}
	sfS      = []string{"2S", "3S", "4S", "5S", "6S"}
	sfD      = []string{"5D", "6D", "7D", "8D", "9D"}
	quads2   = []string{"2H", "2D", "2C", "2S", "4D"}
	fullKing = []string{"KH", "KD", "KC", "4S", "4H"}
	flushH   = []string{"AH", "3H", "7H", "9H", "JH"}
	flushC   = []string{"3C", "5C", "8C", "9C", "JC"}
	nothing  = []string{"3D", "4C", "8S", "9S", "JD"}
)

type seatWant struct {
	seat  int
	prize string
}

func checkPrizes(t *testing.T, r PassResult, want []seatWant) {
	t.Helper()
	got := map[int]decimal.Decimal{}
	for _, z := range r.Prizes {
		got[z.Seat] = z.Prize
	}
	for _, w := range want {
		if !got[w.seat].Equal(dec(w.prize)) {
			t.Errorf("seat %d: prize %s, want %s (%+v)", w.seat, got[w.seat], w.prize, r.Prizes)
		}
	}
	// Money is conserved in every pass: before + funding = after + prizes.
	if !r.Before.Total().Add(r.CasinoFunding).Equal(r.After.Total().Add(r.PrizesPaid)) {
		t.Errorf("before %s + casino %s ≠ after %s + prizes %s", r.Before.Total(), r.CasinoFunding, r.After.Total(), r.PrizesPaid)
	}
}

func prizeOrder(r PassResult) []int {
	var seats []int
	for _, m := range r.Movements {
		if m.Kind == KindPrize {
			seats = append(seats, m.Seat)
		}
	}
	return seats
}

// TestPayPass_Rule1 — "Los premios se pagan en orden de menor a mayor":
// with a main pool too small for all three fixed prizes, the smallest is
// paid from the pool and the larger ones need the shortfall funding, in
// that order; equal prizes go from seat 1 on.
func TestPayPass_Rule1(t *testing.T) {
	pool := testPool(t, nil)
	r, err := pool.PayPass(Balances{Main: dec("600.00"), Reserves: nil}, []SeatHand{
		{Seat: 2, Bet: dec("5"), Cards: cards(t, fullKing...)}, // 100 × 5 = 500
		{Seat: 5, Bet: dec("5"), Cards: cards(t, flushC...)},   // 50 × 5 = 250
		{Seat: 1, Bet: dec("1"), Cards: cards(t, quads2...)},   // 500 × 1 = 500
	})
	if err != nil {
		t.Fatal(err)
	}
	checkPrizes(t, r, []seatWant{{1, "500"}, {2, "500"}, {5, "250"}})
	if got := prizeOrder(r); len(got) != 3 || got[0] != 5 || got[1] != 1 || got[2] != 2 {
		t.Errorf("paid in seat order %v, want [5 1 2]", got)
	}
	// 600 − 250 = 350 leaves 150 short for seat 1, then 500 for seat 2.
	var short []string
	for _, m := range r.Movements {
		if m.Kind == KindShortfall {
			short = append(short, m.Amount.String())
			if m.From != AccountCasino {
				t.Errorf("shortfall from %s with no reserve", m.From)
			}
		}
	}
	if len(short) != 2 || short[0] != "150" || short[1] != "500" {
		t.Errorf("shortfalls %v, want [150 500]", short)
	}
	if !r.CasinoFunding.Equal(dec("650")) || !r.After.Main.IsZero() {
		t.Errorf("casino %s, main after %s", r.CasinoFunding, r.After.Main)
	}
}

// TestPayPass_Rule2 — several fixed-prize winners are each paid the
// multiple of their own hand and their own bet.
func TestPayPass_Rule2(t *testing.T) {
	pool := testPool(t, nil)
	r, err := pool.PayPass(Balances{Main: dec("10000.00")}, []SeatHand{
		{Seat: 1, Bet: dec("1"), Cards: cards(t, flushH...)},    // 50
		{Seat: 3, Bet: dec("2"), Cards: cards(t, fullKing...)},  // 200
		{Seat: 4, Bet: dec("3"), Cards: cards(t, flushC...)},    // 150
		{Seat: 6, Bet: dec("0.50"), Cards: cards(t, quads2...)}, // 250
		{Seat: 7, Bet: dec("100"), Cards: cards(t, nothing...)}, // nothing
	})
	if err != nil {
		t.Fatal(err)
	}
	checkPrizes(t, r, []seatWant{{1, "50"}, {3, "200"}, {4, "150"}, {6, "250"}, {7, "0"}})
	if !r.After.Main.Equal(dec("9350")) || !r.CasinoFunding.IsZero() {
		t.Errorf("main after %s, casino %s", r.After.Main, r.CasinoFunding)
	}
}

// TestPayPass_Rule3 — n winners of one percentage split it equally and
// the indivisible remainder goes to the seat nearest the dealer's right
// hand (the lowest seat); each share is capped against the winner's own
// bet.
func TestPayPass_Rule3(t *testing.T) {
	pool := testPool(t, nil)
	t.Run("three straight flushes", func(t *testing.T) {
		// 10% of 1000.05 is 100.005: 100.00 is paid, 0.005 stays; 100.00 / 3
		// = 33.33 and 0.01 to seat 2.
		r, err := pool.PayPass(Balances{Main: dec("1000.05")}, []SeatHand{
			{Seat: 6, Bet: dec("1"), Cards: cards(t, sfD...)},
			{Seat: 2, Bet: dec("1"), Cards: cards(t, sfS...)},
			{Seat: 4, Bet: dec("1"), Cards: cards(t, sfH...)},
		})
		if err != nil {
			t.Fatal(err)
		}
		checkPrizes(t, r, []seatWant{{2, "33.34"}, {4, "33.33"}, {6, "33.33"}})
		if !r.After.Main.Equal(dec("900.05")) {
			t.Errorf("main after %s", r.After.Main)
		}
	})
	t.Run("two royal flushes, odd amount", func(t *testing.T) {
		r, err := pool.PayPass(Balances{Main: dec("1000.01")}, []SeatHand{
			{Seat: 7, Bet: dec("1"), Cards: cards(t, royalS...)},
			{Seat: 3, Bet: dec("1"), Cards: cards(t, royalD...)},
		})
		if err != nil {
			t.Fatal(err)
		}
		checkPrizes(t, r, []seatWant{{3, "500.01"}, {7, "500.00"}})
		if !r.After.Main.IsZero() {
			t.Errorf("main after %s", r.After.Main)
		}
	})
	t.Run("cap against each winner's own bet", func(t *testing.T) {
		// 10% of 200,000 = 20,000 split 10,000 each: seat 1 (bet 1) is
		// capped at 5,000, seat 2 (bet 3) is not (cap 15,000).
		r, err := pool.PayPass(Balances{Main: dec("200000.00")}, []SeatHand{
			{Seat: 1, Bet: dec("1"), Cards: cards(t, sfH...)},
			{Seat: 2, Bet: dec("3"), Cards: cards(t, sfS...)},
		})
		if err != nil {
			t.Fatal(err)
		}
		checkPrizes(t, r, []seatWant{{1, "5000"}, {2, "10000"}})
		if !r.After.Main.Equal(dec("185000")) {
			t.Errorf("main after %s", r.After.Main)
		}
	})
}

// TestPayPass_Rule4 — straight flushes and royal flushes together: the
// 10% first, then 100% of what remains, each split by rule 3.
func TestPayPass_Rule4(t *testing.T) {
	pool := testPool(t, nil)
	t.Run("one of each", func(t *testing.T) {
		r, err := pool.PayPass(Balances{Main: dec("10000.00")}, []SeatHand{
			{Seat: 1, Bet: dec("1"), Cards: cards(t, royalS...)},
			{Seat: 5, Bet: dec("1"), Cards: cards(t, sfH...)},
		})
		if err != nil {
			t.Fatal(err)
		}
		checkPrizes(t, r, []seatWant{{5, "1000"}, {1, "9000"}})
		if got := prizeOrder(r); len(got) != 2 || got[0] != 5 {
			t.Errorf("paid %v, want the straight flush first", got)
		}
	})
	t.Run("two of each", func(t *testing.T) {
		r, err := pool.PayPass(Balances{Main: dec("10000.00")}, []SeatHand{
			{Seat: 1, Bet: dec("1"), Cards: cards(t, royalD...)},
			{Seat: 2, Bet: dec("1"), Cards: cards(t, sfH...)},
			{Seat: 4, Bet: dec("1"), Cards: cards(t, royalC...)},
			{Seat: 6, Bet: dec("1"), Cards: cards(t, sfS...)},
		})
		if err != nil {
			t.Fatal(err)
		}
		checkPrizes(t, r, []seatWant{{2, "500"}, {6, "500"}, {1, "4500"}, {4, "4500"}})
	})
}

// TestPayPass_Rule5 — fixed prizes first, then the percentages on what
// they left; also the settle line.
func TestPayPass_Rule5(t *testing.T) {
	pool := testPool(t, nil)
	r, err := pool.PayPass(Balances{Main: dec("10000.00")}, []SeatHand{
		{Seat: 2, Bet: dec("1"), Cards: cards(t, royalS...)},
		{Seat: 3, Bet: dec("1"), Cards: cards(t, sfH...)},
		{Seat: 4, Bet: dec("1"), Cards: cards(t, quads2...)},
		{Seat: 6, Bet: dec("2"), Cards: cards(t, flushC...)},
	})
	if err != nil {
		t.Fatal(err)
	}
	// 10000 − 500 − 100 = 9400; 10% = 940; 100% of 8460.
	checkPrizes(t, r, []seatWant{{6, "100"}, {4, "500"}, {3, "940"}, {2, "8460"}})
	if got := prizeOrder(r); len(got) != 4 || got[0] != 6 || got[1] != 4 || got[2] != 3 || got[3] != 2 {
		t.Errorf("paid %v, want [6 4 3 2]", got)
	}
}

// TestPayPass_Forfeits — seed 6.5.1: a player who folds (draw, Caribbean)
// or exchanges cards (draw) loses the progressive bet and wins nothing.
func TestPayPass_Forfeits(t *testing.T) {
	pool := testPool(t, nil)
	r, err := pool.PayPass(Balances{Main: dec("10000.00")}, []SeatHand{
		{Seat: 1, Bet: dec("1"), Cards: cards(t, royalS...), Forfeit: ForfeitFolded},
		{Seat: 2, Bet: dec("1"), Cards: cards(t, quads2...), Forfeit: ForfeitExchanged},
	})
	if err != nil {
		t.Fatal(err)
	}
	checkPrizes(t, r, []seatWant{{1, "0"}, {2, "0"}})
	if !r.After.Main.Equal(dec("10000")) || len(r.Movements) != 0 {
		t.Errorf("%+v", r)
	}
}

// TestPayPass_ShortfallFromReserve — a fixed prize the main pool cannot
// cover is paid from the reserves first, then the casino; the main pool
// then restarts at its base.
func TestPayPass_ShortfallFromReserve(t *testing.T) {
	pool := testPool(t, func(p *Params) {
		p.Reserves = []Reserve{{Name: "a", Percent: dec("10")}, {Name: "b", Percent: dec("10")}}
		p.Base = dec("100")
		p.Reset = ResetFromReserves
	})
	r, err := pool.PayPass(Balances{Main: dec("200"), Reserves: []decimal.Decimal{dec("100"), dec("250")}}, []SeatHand{
		{Seat: 1, Bet: dec("1"), Cards: cards(t, quads2...)}, // 500
	})
	if err != nil {
		t.Fatal(err)
	}
	checkPrizes(t, r, []seatWant{{1, "500"}})
	// 300 short: 100 from a, 200 from b; then the reset takes b's last 50
	// and 50 from the casino.
	want := []Movement{
		{Kind: KindShortfall, From: "jackpot:test:reserve:a", Amount: dec("100")},
		{Kind: KindShortfall, From: "jackpot:test:reserve:b", Amount: dec("200")},
		{Kind: KindPrize, From: "jackpot:test:main", Amount: dec("500")},
		{Kind: KindReset, From: "jackpot:test:reserve:b", Amount: dec("50")},
		{Kind: KindReset, From: AccountCasino, Amount: dec("50")},
	}
	if len(r.Movements) != len(want) {
		t.Fatalf("movements %+v", r.Movements)
	}
	for i, w := range want {
		m := r.Movements[i]
		if m.Kind != w.Kind || m.From != w.From || !m.Amount.Equal(w.Amount) {
			t.Errorf("movement %d: %+v, want %+v", i, m, w)
		}
	}
	if !r.After.Main.Equal(dec("100")) || !r.After.Total().Equal(dec("100")) || !r.CasinoFunding.Equal(dec("50")) {
		t.Errorf("after %+v, casino %s", r.After, r.CasinoFunding)
	}
}

func TestPayPass_Err(t *testing.T) {
	pool := testPool(t, nil)
	b := Balances{Main: dec("100")}
	tests := map[string][]SeatHand{
		"seat 0":     {{Seat: 0, Bet: dec("1"), Cards: cards(t, royalS...)}},
		"seat twice": {{Seat: 1, Bet: dec("1"), Cards: cards(t, royalS...)}, {Seat: 1, Bet: dec("1"), Cards: cards(t, royalD...)}},
		"card twice": {{Seat: 1, Bet: dec("1"), Cards: cards(t, royalS...)}, {Seat: 2, Bet: dec("1"), Cards: cards(t, "AS", "2H", "3H", "4H", "6H")}},
		"no cards":   {{Seat: 1, Bet: dec("1")}},
		"forfeit":    {{Seat: 1, Bet: dec("1"), Cards: cards(t, royalS...), Forfeit: "surrender"}},
	}
	for name, hands := range tests {
		if _, err := pool.PayPass(b, hands); ErrorCode(err) != CodeInvalidPass || !errors.Is(err, ErrBadPass) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, bet := range map[string]string{"zero": "0", "decimals": "0.001", "negative": "-1"} {
		if _, err := pool.PayPass(b, []SeatHand{{Seat: 1, Bet: dec(bet), Cards: cards(t, royalS...)}}); !errors.Is(err, ErrBadAmount) {
			t.Errorf("bet %s: %v", name, err)
		}
	}
	if _, err := pool.PayPass(Balances{Main: dec("-1")}, nil); ErrorCode(err) != CodeInvalidAmount {
		t.Errorf("negative main: %v", err)
	}
	if _, err := pool.PayPass(Balances{Main: dec("1"), Reserves: []decimal.Decimal{dec("1")}}, nil); ErrorCode(err) != CodeInvalidAmount {
		t.Errorf("a reserve the pool does not have: %v", err)
	}
}
