package sicbo

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rules returns the paytable's lines as JSON (games.Publisher).
func (p *Paytable) Rules() []byte { return kit.MustJSON(p.data.Rules) }

// Rounding names the rounding of wins: truncated to the currency's scale.
func (p *Paytable) Rounding() string { return RoundDown }

// Listing counts, for every bet, the winning throws among the 216 ordered
// throws of three dice.
func (p *Paytable) Listing() games.Listing {
	l := games.Listing{Form: games.ListingOutcomes, Outcomes: Outcomes}
	for _, r := range RTP(p) {
		l.Bets = append(l.Bets, games.BetListing{Code: r.Code, Name: r.Name, Wins: r.Wins, Outcomes: Outcomes})
	}
	return l
}
