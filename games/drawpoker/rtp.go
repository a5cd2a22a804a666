package drawpoker

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/poker"
)

// StrategyStandPat is the strategy the paytable's RTP is given under: the
// player never buys an exchange, calls with a pair or better and folds
// everything else. The dealer exchanges nothing and qualifies with
// ace-king, so every deal is then five cards against five from one deck,
// exactly as at a Caribbean table: the counts are games/poker's
// poker.PairOrBetterCounts, enumerated over all C(52,5)·C(47,5) deals and
// recomputed by its exact test. A player who buys an exchange well does
// better than this; the figure is a floor, not the optimum.
const StrategyStandPat = "stand_pat_pair_or_better"

// StandPatCounts returns the exact counts of StrategyStandPat.
func StandPatCounts() poker.StrategyCounts {
	s := poker.PairOrBetterCounts()
	s.Strategy = StrategyStandPat
	return s
}

// callOdds is the call's odds per category.
func (p *Paytable) callOdds() [poker.CategoriesCount]poker.Odds {
	var out [poker.CategoriesCount]poker.Odds
	for c := range out {
		out[c] = p.call[c].Odds
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
// and of the call (per unit of call) under StrategyStandPat. The exchange
// is not listed: it is the price of a card and returns nothing by itself,
// its worth being the better hand, which the whole hand's figure of a
// strategy that buys it would count. The progressive bet is paid by its
// pool, whose parameters are not the paytable's.
func (p *Paytable) RTP() []games.BetRTP {
	s := StandPatCounts()
	return []games.BetRTP{
		{Code: BetAnte, Kind: BetAnte, Pays: p.data.Ante.String() + " (whole hand per ante, standing pat, call with a pair or better)", RTP: p.AnteRTP(s)},
		{Code: BetCall, Kind: BetCall, Pays: p.call[poker.RoyalFlush].Odds.String() + " … " + p.call[poker.Pair].Odds.String() + " by the hand", RTP: p.CallRTP(s)},
	}
}
