package craps

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rules returns the paytable's lines as JSON (games.Publisher).
func (p *Paytable) Rules() []byte { return kit.MustJSON(p.data.Rules) }

// Rounding names the rounding of wins: truncated to the currency's scale.
func (p *Paytable) Rounding() string { return RoundDown }

// Listing gives, for every bet, the expected rolls from its placement to
// its decision and the house edge per roll.
func (p *Paytable) Listing() games.Listing {
	l := games.Listing{Form: games.ListingRolls}
	for _, r := range RTP(p) {
		l.Bets = append(l.Bets, games.BetListing{Code: r.Code, Name: r.Name, ExpectedRolls: r.Rolls, EdgePerRoll: r.EdgePerRoll()})
	}
	return l
}
