package poker

import (
	"flag"
	"math/big"
	"testing"
)

var exact = flag.Bool("exact", false, "run the exact enumerations of every deal (about 30 s and 125 MB)")

// TestPairOrBetterCounts recomputes the pinned counts of the pair-or-better
// strategy by enumerating every deal, and in the same pass the best
// strategy that reads only the player's cards (call when calling loses
// less than the ante), whose house edge docs/games/poker-jackpots.md
// quotes.
func TestPairOrBetterCounts(t *testing.T) {
	if !*exact {
		t.Skip("run with -args -exact")
	}
	pt := mustNew(caribbean())
	pair := StrategyCounts{Strategy: StrategyPairOrBetter}
	best := StrategyCounts{Strategy: "best_blind"}
	EnumerateDeals(func(_ Hand, v Value, c DealCounts) {
		cat := v.Category()
		if cat >= Pair {
			pair.Call[cat] = pair.Call[cat].Add(c)
		} else {
			pair.Fold += c.Total()
		}
		// Calling's net result in antes over the dealer hands, against
		// −DealerHands for a fold: 1·NoQualify + (1 + 2·odds)·Win − 3·Lose.
		o := pt.CallOdds(cat)
		callNet := new(big.Rat).SetInt64(c.NoQualify - 3*c.Lose)
		w := big.NewRat(o.Win*2, o.Per)
		w.Add(w, big.NewRat(1, 1))
		callNet.Add(callNet, w.Mul(w, big.NewRat(c.Win, 1)))
		if callNet.Cmp(big.NewRat(-DealerHands, 1)) > 0 {
			best.Call[cat] = best.Call[cat].Add(c)
		} else {
			best.Fold += c.Total()
		}
	})
	if pair != PairOrBetterCounts() {
		t.Errorf("pinned counts differ from the enumeration: %+v", pair)
	}
	if pair.Deals() != int64(PlayerHands)*DealerHands || best.Deals() != pair.Deals() {
		t.Errorf("deals %d, %d", pair.Deals(), best.Deals())
	}
	edge := new(big.Rat).Sub(big.NewRat(1, 1), pt.AnteRTP(best))
	t.Logf("best blind strategy: house edge %s = %s per ante; counts %+v", edge.FloatString(8), edge.RatString(), best)
	if got := edge.FloatString(6); got != bestBlindEdge {
		t.Errorf("best blind strategy's edge %s, pinned %s", got, bestBlindEdge)
	}
}

// bestBlindEdge is the house edge per ante of the best strategy that
// reads only the player's cards, to six decimals.
const bestBlindEdge = "0.053163"

// TestPaytable_RTP checks the figures RTP lists for the catalog paytable
// from the pinned counts: the pair-or-better strategy's house edge per
// ante and the call's return.
func TestPaytable_RTP(t *testing.T) {
	pt := mustNew(caribbean())
	rs := pt.RTP()
	if len(rs) != 2 || rs[0].Code != BetAnte || rs[1].Code != BetCall {
		t.Fatalf("RTP lists %+v", rs)
	}
	if got := rs[0].HouseEdge().FloatString(6); got != "0.054696" {
		t.Errorf("ante house edge %s", got)
	}
	if got := rs[1].RTP.FloatString(6); got != "1.198577" {
		t.Errorf("call RTP %s", got)
	}
	s := PairOrBetterCounts()
	if s.Deals() != int64(PlayerHands)*DealerHands {
		t.Errorf("pinned counts add up to %d deals", s.Deals())
	}
	// Every deal of a royal flush: the player holds one of the 4 royals.
	if got := s.Call[RoyalFlush].Total(); got != 4*DealerHands {
		t.Errorf("royal flush deals %d", got)
	}
}

// TestOptimalAnteRTP computes the optimal strategy's exact house edge
// (the player also reads the dealer's up card) and checks it against the
// pinned figure and the up-card count of the enumeration.
func TestOptimalAnteRTP(t *testing.T) {
	if !*exact {
		t.Skip("run with -args -exact")
	}
	if n := len(suitClasses()); n != 134459 {
		t.Errorf("%d suit classes, want 134459", n)
	}
	pt := mustNew(caribbean())
	o := pt.OptimalAnteRTP()
	edge := new(big.Rat).Sub(big.NewRat(1, 1), o.RTP)
	t.Logf("optimal: house edge %s = %s per ante; calls in %d of %d situations", edge.FloatString(8), edge.RatString(), o.Calls, int64(PlayerHands)*47)
	if got := edge.FloatString(6); got != optimalEdge {
		t.Errorf("optimal edge %s, pinned %s", got, optimalEdge)
	}
}

// optimalEdge is the optimal strategy's house edge per ante, to six
// decimals.
const optimalEdge = "0.052243"
