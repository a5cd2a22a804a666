package craps

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/wagerlog/wagerlog/internal/testsize"
)

// TestRTP_Known pins the house edges docs/games/craps.md and research/casino.md §5.1
// list, as exact fractions: per bet decided and per roll.
func TestRTP_Known(t *testing.T) {
	pt := mustNew(peru1999())
	cases := []struct {
		code          string
		edge, perRoll string // exact fractions
	}{
		{"pass", "7/495", "7/1671"},       // 1.414%; 3.376 rolls
		{"dont_pass", "3/220", "9/2228"},  // 1.364% per bet (push on 12 counted)
		{"come", "7/495", "7/1671"},       // as pass
		{"dont_come", "3/220", "9/2228"},  // as don't pass
		{"place:6", "1/66", "1/216"},      // 1.515%
		{"place:8", "1/66", "1/216"},      //
		{"place:4", "1/15", "1/60"},       // 6.667%
		{"place:5", "1/25", "1/90"},       // 4%
		{"field", "1/18", "1/18"},         // 5.556% with 2:1 on 2 and 12
		{"any_seven", "1/6", "1/6"},       // 16.667%
		{"any_craps", "1/9", "1/9"},       // 11.111%
		{"two", "5/36", "5/36"},           // 13.889%
		{"eleven", "1/9", "1/9"},          // 11.111%
		{"hard:6", "1/11", "1/36"},        // 9.091%
		{"hard:4", "1/9", "1/36"},         // 11.111%
		{"big6", "1/11", "1/36"},          // 9.091%
		{"buy:4", "1/20", "1/80"},         // 5% per unit staked
		{"lay:4", "1/40", "1/160"},        // 2.5% per unit staked
		{"lay:6", "1/24", "11/864"},       // 4.167%
		{"place_lose:4", "1/33", "1/132"}, // 3.03%
		{"place_lose:6", "1/55", "1/180"}, // 1.818%
		{"pass_odds", "0", "0"},           // odds: no edge
		{"dont_pass_odds", "0", "0"},      //
		{"come_odds:4", "0", "0"},         //
		{"dont_come_odds:10", "0", "0"},   //
	}
	for _, c := range cases {
		r, err := RTPOf(pt, c.code)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := new(big.Rat).SetString(c.edge)
		wantRoll, _ := new(big.Rat).SetString(c.perRoll)
		if r.HouseEdge().Cmp(want) != 0 || r.EdgePerRoll().Cmp(wantRoll) != 0 {
			t.Errorf("%s: edge %s per bet, %s per roll; want %s, %s", c.code, r.HouseEdge().RatString(), r.EdgePerRoll().RatString(), c.edge, c.perRoll)
		}
		total := new(big.Rat).Add(r.Win, r.Lose)
		if total.Add(total, r.Push).Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: outcome probabilities add up to %s", c.code, total.RatString())
		}
	}
	// Per resolved bet and per unit put down, as the literature also
	// quotes them.
	dp, _ := RTPOf(pt, "dont_pass")
	if got := dp.EdgePerResolved(); got.Cmp(big.NewRat(27, 1925)) != 0 {
		t.Errorf("don't pass per resolved bet: %s, want 27/1925 (1.403%%)", got.RatString())
	}
	buy, _ := RTPOf(pt, "buy:6")
	if got := buy.EdgeOfTotal(); got.Cmp(big.NewRat(1, 21)) != 0 {
		t.Errorf("buy per unit put down: %s, want 1/21 (4.762%%)", got.RatString())
	}
	lay, _ := RTPOf(pt, "lay:10")
	if got := lay.EdgeOfTotal(); got.Cmp(big.NewRat(1, 41)) != 0 {
		t.Errorf("lay 10 per unit put down: %s, want 1/41 (2.439%%)", got.RatString())
	}
	// Every offered bet has an RTP, in listing order.
	if got, want := len(pt.RTP()), len(pt.Bets()); got != want {
		t.Errorf("%d RTP lines for %d bets", got, want)
	}
}

// TestRTPIn_Working checks that the working flag and the table's state
// change a bet's edge per bet decided not at all, and only the rolls a bet
// that is off lasts: a place 6 placed on a come-out and off waits out the
// come-out rolls. Come odds that are off last as long: the rolls that
// would decide them return them.
func TestRTPIn_Working(t *testing.T) {
	pt := mustNew(peru1999())
	for _, code := range []string{"place:6", "hard:8", "buy:4", "come_odds:5"} {
		on, err := RTPIn(pt, code, 0, true)
		if err != nil {
			t.Fatal(err)
		}
		off, err := RTPIn(pt, code, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		if on.HouseEdge().Cmp(off.HouseEdge()) != 0 {
			t.Errorf("%s: edge %s working, %s off", code, on.HouseEdge().RatString(), off.HouseEdge().RatString())
		}
		if code == "come_odds:5" {
			if off.Push.Sign() <= 0 || off.Rolls.Cmp(on.Rolls) != 0 {
				t.Errorf("%s off: push %s, %s rolls", code, off.Push.RatString(), off.Rolls.FloatString(3))
			}
			continue
		}
		if off.Rolls.Cmp(on.Rolls) <= 0 {
			t.Errorf("%s: %s rolls off, %s working", code, off.Rolls.FloatString(3), on.Rolls.FloatString(3))
		}
	}
	if _, err := RTPIn(pt, "pass", 6, false); err == nil {
		t.Error("pass with a point on accepted")
	}
	if _, err := RTPIn(pt, "place:6", 7, false); err == nil {
		t.Error("point 7 accepted")
	}
}

// TestRTP_MonteCarlo rolls a million dice (with -tags slow; 200,000 by default) with a
// fixed seed, keeps one bet of every code in play (placed, not working,
// whenever the table takes it), and checks that each bet's measured edge
// per bet decided is within 3 standard errors of the exact one.
func TestRTP_MonteCarlo(t *testing.T) {
	pt := mustNew(peru1999())
	n := 1_000_000
	if !testsize.Full() {
		n = 200_000
	}
	type slot struct {
		b      Bet
		live   bool
		s      state
		cost   float64 // commission per unit staked
		count  int
		sum    float64
		sumSq  float64
		mult   map[int]float64 // key -> X/Y
		exact  float64
		exactR *big.Rat
	}
	bets := pt.Bets()
	slots := make([]*slot, len(bets))
	for i, b := range bets {
		r, _ := RTPOf(pt, b.String())
		c, _ := pt.CommissionRate(b.String()).Float64()
		e, _ := r.HouseEdge().Float64()
		m := map[int]float64{}
		for k := 0; k <= 12; k++ {
			if o := pt.lineFor(b, k).odds; o.Per != 0 {
				m[k], _ = o.Rat().Float64()
			}
		}
		slots[i] = &slot{b: b, cost: c, mult: m, exact: e, exactR: r.HouseEdge()}
	}
	rng := rand.New(rand.NewPCG(1999, 15))
	var table Table
	for i := 0; i < n; i++ {
		r := Roll{1 + rng.IntN(6), 1 + rng.IntN(6)}
		for _, sl := range slots {
			if !sl.live {
				s, err := initState(sl.b, table)
				if err != nil {
					continue
				}
				sl.s, sl.live = s, true
			}
			var d decision
			sl.s, d = step(sl.b, sl.s, table, false, r)
			if d.v == vOpen {
				continue
			}
			net := -sl.cost
			switch d.v {
			case vWon:
				net += sl.mult[d.key]
			case vLost:
				net -= 1
			}
			sl.count++
			sl.sum += net
			sl.sumSq += net * net
			sl.live = false
		}
		if table, _ = table.Next(r); table.Over {
			for _, sl := range slots {
				if sl.live {
					t.Fatalf("%s open after a seven-out", sl.b)
				}
			}
			table = Table{}
		}
	}
	for _, sl := range slots {
		if sl.count < 1000 {
			t.Errorf("%s: only %d bets decided", sl.b, sl.count)
			continue
		}
		mean := sl.sum / float64(sl.count)
		sd := math.Sqrt((sl.sumSq/float64(sl.count) - mean*mean) / float64(sl.count))
		edge := -mean
		if math.Abs(edge-sl.exact) > 3*sd {
			t.Errorf("%s: measured edge %.5f ± %.5f over %d bets, exact %s = %.5f", sl.b, edge, sd, sl.count, sl.exactR.RatString(), sl.exact)
		} else if testing.Verbose() {
			t.Logf("%-18s measured %+.5f ± %.5f over %7d bets, exact %.5f", sl.b, edge, sd, sl.count, sl.exact)
		}
	}
}
