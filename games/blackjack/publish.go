package blackjack

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rules returns the paytable's lines as JSON (games.Publisher).
func (p *Paytable) Rules() []byte { return kit.MustJSON(p.data.Rules) }

// MaxMultiple returns the largest X/Y of the paytable's lines: Perfect
// Pairs' 25 on the Chilean paytable.
func (p *Paytable) MaxMultiple() *big.Rat {
	odds := make([]Odds, len(p.data.Rules))
	for i, r := range p.data.Rules {
		odds[i] = r.Odds
	}
	return kit.MaxMultiple(odds...)
}

// Rounding names the rounding of wins and of a surrender's returned half:
// truncated to the currency's scale.
func (p *Paytable) Rounding() string { return kit.RoundDown }

// Listing gives the exact probability of a win of the bets whose figure
// does not depend on play (Perfect Pairs, insurance).
func (p *Paytable) Listing() games.Listing {
	l := games.Listing{Form: games.ListingProbability}
	for _, r := range ExactRTP(p) {
		l.Bets = append(l.Bets, games.BetListing{Code: r.Code, WinProbability: r.Win})
	}
	return l
}
