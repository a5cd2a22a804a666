package drawpoker

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/poker"
)

// StrategyStandPat is the strategy the paytable's RTP is given under: the
// player stands pat (exchanges nothing) and calls with a pair or better,
// folds everything else; the dealer stands pat. Exchanges improve both
// hands, and the dealer's exchange follows the house's procedure, which
// the published rules describe only in outline; under this strategy every
// deal is five cards against five, from one deck, and the return is
// exact over the whole deck.
const StrategyStandPat = "stand_pat_pair_or_better"

// CountStrategy enumerates every deal (poker.EnumerateDealsQualifying
// with PairOfEights) and counts it under the strategy call, which says
// from the player's hand value whether to call. It takes seconds and
// about 125 MB.
func CountStrategy(name string, call func(poker.Value) bool) poker.StrategyCounts {
	s := poker.StrategyCounts{Strategy: name}
	poker.EnumerateDealsQualifying(PairOfEights, func(_ poker.Hand, v poker.Value, c poker.DealCounts) {
		if call(v) {
			s.Call[v.Category()] = s.Call[v.Category()].Add(c)
		} else {
			s.Fold += c.Total()
		}
	})
	return s
}

// StandPatCounts returns the counts of StrategyStandPat, computed once by
// CountStrategy and pinned here (TestStandPatCounts recomputes them in a
// build with the tag slow). The fold count is Caribbean poker's (the same
// hands fold); the calls split otherwise, since fewer dealers qualify.
func StandPatCounts() poker.StrategyCounts {
	return poker.StrategyCounts{
		Strategy: StrategyStandPat,
		Fold:     1998016905060,
		Call: [poker.CategoriesCount]poker.DealCounts{
			poker.HighCard:      {},
			poker.Pair:          {NoQualify: 1170083683440, Win: 97820997120, Tie: 15966720, Lose: 416712520080},
			poker.TwoPair:       {NoQualify: 130873416120, Win: 48242950272, Tie: 370656, Lose: 10404494280},
			poker.ThreeOfAKind:  {NoQualify: 57797671080, Win: 24813871104, Tie: 0, Lose: 1620116184},
			poker.Straight:      {NoQualify: 10901900136, Win: 4654878612, Tie: 2469000, Lose: 86930052},
			poker.Flush:         {NoQualify: 5469391008, Win: 2343273496, Tie: 15324, Lose: 22680584},
			poker.FullHouse:     {NoQualify: 3917719440, Win: 1818467856, Tie: 0, Lose: 6880320},
			poker.FourOfAKind:   {NoQualify: 644236320, Win: 312780280, Tie: 0, Lose: 161336},
			poker.StraightFlush: {NoQualify: 38181204, Win: 17039896, Tie: 108, Lose: 596},
			poker.RoyalFlush:    {NoQualify: 4537188, Win: 1598556, Tie: 12, Lose: 0},
		},
	}
}

// callOdds is the call's odds per category: 0:1 below a pair, which no
// winning call holds.
func (p *Paytable) callOdds() [poker.CategoriesCount]poker.Odds {
	var out [poker.CategoriesCount]poker.Odds
	for c := range out {
		out[c] = poker.Odds{Win: 0, Per: 1}
		if p.call[c].Odds.Per != 0 {
			out[c] = p.call[c].Odds
		}
	}
	return out
}

// AnteRTP is the exact return of a whole hand per unit of ante under the
// counted strategy (poker.AnteReturn): 1 − AnteRTP is the house edge per
// ante.
func (p *Paytable) AnteRTP(s poker.StrategyCounts) *big.Rat {
	return poker.AnteReturn(p.data.Ante, p.data.CallMultiple, p.callOdds(), s)
}

// CallRTP is the exact return of the call per unit of call over the
// deals where the counted strategy calls (poker.CallReturn).
func (p *Paytable) CallRTP(s poker.StrategyCounts) *big.Rat {
	return poker.CallReturn(p.callOdds(), s)
}

// RTP lists the exact RTP of the ante (the whole hand per unit of ante)
// and of the call (per unit of call), under StrategyStandPat. The
// progressive bet is paid by its pool, whose parameters are not the
// paytable's.
func (p *Paytable) RTP() []games.BetRTP {
	s := StandPatCounts()
	return []games.BetRTP{
		{Code: BetAnte, Kind: BetAnte, Pays: p.data.Ante.String() + " (whole hand per ante, both stand pat, call with a pair or better)", RTP: p.AnteRTP(s)},
		{Code: BetCall, Kind: BetCall, Pays: p.call[poker.RoyalFlush].Odds.String() + " … " + p.call[poker.Pair].Odds.String() + " by the hand", RTP: p.CallRTP(s)},
	}
}
