package poker

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
)

// StrategyCounts are the exact counts of the (player hand, dealer hand)
// deals from one deck, C(52,5)·C(47,5) of them, under a strategy that
// decides from the player's five cards alone: the deals where the player
// folds, and the deals where the player calls by the player's category and
// how they settle. They do not depend on what the paytable pays, so one
// enumeration prices every paytable with the ace-king qualification.
type StrategyCounts struct {
	// Strategy names the strategy, "pair_or_better".
	Strategy string `json:"strategy"`
	// Fold counts the deals the player folds.
	Fold int64 `json:"fold"`
	// Call counts the deals the player calls, by the player's category.
	Call [CategoriesCount]DealCounts `json:"call"`
}

// Deals is the number of deals counted, Fold plus every Call count.
func (s StrategyCounts) Deals() int64 {
	n := s.Fold
	for _, c := range s.Call {
		n += c.Total()
	}
	return n
}

// StrategyPairOrBetter is the simple strategy the paytable's RTP is given
// under: call with a pair or better, fold everything else. It ignores the
// dealer's up card, so its figures are exact over the whole deck; the
// optimal strategy (which reads the up card and calls some ace-king hands)
// does better, see docs/games/poker-jackpots.md.
const StrategyPairOrBetter = "pair_or_better"

// CountStrategy enumerates every deal (EnumerateDeals) and counts it under
// the strategy call, which says from the player's hand value whether to
// call. It takes seconds and about 125 MB.
func CountStrategy(name string, call func(Value) bool) StrategyCounts {
	s := StrategyCounts{Strategy: name}
	EnumerateDeals(func(_ Hand, v Value, c DealCounts) {
		if call(v) {
			s.Call[v.Category()] = s.Call[v.Category()].Add(c)
		} else {
			s.Fold += c.Total()
		}
	})
	return s
}

// PairOrBetterCounts returns the counts of StrategyPairOrBetter, computed
// once by CountStrategy and pinned here (TestPairOrBetterCounts recomputes
// them with -exact). A pair or better always beats a non-qualifying hand,
// so no call of this strategy is a high card.
func PairOrBetterCounts() StrategyCounts {
	return StrategyCounts{
		Strategy: StrategyPairOrBetter,
		Fold:     1998016905060,
		Call: [CategoriesCount]DealCounts{
			HighCard:      {},
			Pair:          {NoQualify: 732583278000, Win: 464948464320, Tie: 29652480, Lose: 487071772560},
			TwoPair:       {NoQualify: 81513938520, Win: 97602427872, Tie: 370656, Lose: 10404494280},
			ThreeOfAKind:  {NoQualify: 35762960520, Win: 46848581664, Tie: 0, Lose: 1620116184},
			Straight:      {NoQualify: 6795675528, Win: 8761103220, Tie: 2469000, Lose: 86930052},
			Flush:         {NoQualify: 3441266448, Win: 4371398056, Tie: 15324, Lose: 22680584},
			FullHouse:     {NoQualify: 2411292240, Win: 3324895056, Tie: 0, Lose: 6880320},
			FourOfAKind:   {NoQualify: 390529440, Win: 566487160, Tie: 0, Lose: 161336},
			StraightFlush: {NoQualify: 23835156, Win: 31385944, Tie: 108, Lose: 596},
			RoyalFlush:    {NoQualify: 2783796, Win: 3351948, Tie: 12, Lose: 0},
		},
	}
}

// AnteRTP is the exact return of a whole hand per unit of ante under the
// counted strategy: what the ante and the call it leads to give back, less
// the call staked, over the ante. 1 − AnteRTP is Caribbean poker's house
// edge as it is quoted, per ante.
func (p *Paytable) AnteRTP(s StrategyCounts) *big.Rat {
	var call [CategoriesCount]Odds
	for c := range call {
		call[c] = p.call[c].Odds
	}
	return AnteReturn(p.data.Ante, p.data.CallMultiple, call, s)
}

// AnteReturn is the exact return of a whole hand per unit of ante under
// the counted strategy, for a game whose ante pays ante when it wins,
// whose call is callMultiple antes and pays call[category] when it wins
// (Caribbean poker's AnteRTP, Draw Poker's): a fold loses the ante, a
// dealer who does not qualify pays the ante and returns the call, a win
// pays both, a tie returns both, a loss takes both.
func AnteReturn(ante Odds, callMultiple int64, call [CategoriesCount]Odds, s StrategyCounts) *big.Rat {
	a := ratOf(ante)
	m := big.NewRat(callMultiple, 1)
	net := new(big.Rat).SetInt64(-s.Fold) // a fold loses the ante
	for cat, c := range s.Call {
		win := new(big.Rat).Add(a, new(big.Rat).Mul(m, ratOf(call[cat])))
		lose := new(big.Rat).Add(big.NewRat(1, 1), m)
		net.Add(net, new(big.Rat).Mul(a, big.NewRat(c.NoQualify, 1)))
		net.Add(net, new(big.Rat).Mul(win, big.NewRat(c.Win, 1)))
		net.Sub(net, new(big.Rat).Mul(lose, big.NewRat(c.Lose, 1)))
	}
	net.Quo(net, big.NewRat(s.Deals(), 1))
	return net.Add(net, big.NewRat(1, 1))
}

// CallRTP is the exact return of the call per unit of call, over the
// deals where the counted strategy calls.
func (p *Paytable) CallRTP(s StrategyCounts) *big.Rat {
	var call [CategoriesCount]Odds
	for c := range call {
		call[c] = p.call[c].Odds
	}
	return CallReturn(call, s)
}

// CallReturn is the exact return of the call per unit of call over the
// deals where the counted strategy calls, when a winning call pays
// call[category] (Caribbean poker's CallRTP, Draw Poker's).
func CallReturn(call [CategoriesCount]Odds, s StrategyCounts) *big.Rat {
	back := new(big.Rat)
	var called int64
	for cat, c := range s.Call {
		called += c.Total()
		back.Add(back, big.NewRat(c.NoQualify+c.Tie, 1))
		w := new(big.Rat).Add(big.NewRat(1, 1), ratOf(call[cat]))
		back.Add(back, w.Mul(w, big.NewRat(c.Win, 1)))
	}
	if called == 0 {
		return new(big.Rat)
	}
	return back.Quo(back, big.NewRat(called, 1))
}

func ratOf(o Odds) *big.Rat { return big.NewRat(o.Win, o.Per) }

// RTP lists the exact RTP of the ante (the whole hand per unit of ante)
// and of the call (per unit of call), under StrategyPairOrBetter.
func (p *Paytable) RTP() []games.BetRTP {
	s := PairOrBetterCounts()
	return []games.BetRTP{
		{Code: BetAnte, Kind: BetAnte, Pays: p.data.Ante.String() + " (whole hand per ante, call with a pair or better)", RTP: p.AnteRTP(s)},
		{Code: BetCall, Kind: BetCall, Pays: p.call[StraightFlush].Odds.String() + " … " + p.call[Pair].Odds.String() + " by the hand", RTP: p.CallRTP(s)},
	}
}
