package roulette

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rules returns the paytable's lines as JSON (games.Publisher).
func (p *Paytable) Rules() []byte { return kit.MustJSON(p.data.Rules) }

// Rounding names the rounding of wins (and of la partage's half stake):
// truncated to the currency's scale.
func (p *Paytable) Rounding() string { return RoundDown }

// Listing counts, for every bet, the pockets of the wheel that win it and
// those that return half the stake.
func (p *Paytable) Listing() games.Listing {
	l := games.Listing{Form: games.ListingOutcomes, Outcomes: len(p.Pockets())}
	for _, r := range RTP(p) {
		l.Bets = append(l.Bets, games.BetListing{Code: r.Code, Name: r.Name, Wins: r.Wins, Halves: r.Halves, Outcomes: r.Pockets})
	}
	return l
}
