package baccarat

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rules returns the paytable's lines as JSON (games.Publisher).
func (p *Paytable) Rules() []byte { return kit.MustJSON(p.data.Rules) }

// MaxMultiple returns the largest X/Y of the paytable's lines: 8 for punto
// banco's tie.
func (p *Paytable) MaxMultiple() *big.Rat {
	odds := make([]Odds, len(p.data.Rules))
	for i, r := range p.data.Rules {
		odds[i] = r.Odds
	}
	return kit.MaxMultiple(odds...)
}

// Rounding names the rounding of wins (truncated to the currency's
// scale) and of what the house takes (rounded up): punto banco's banker
// commission, deux tableaux's cagnotte on the bank's net win.
func (p *Paytable) Rounding() string {
	if p.data.Form == FormDeuxTableaux {
		return RoundDown + " (the bank's cagnotte: " + RoundUp + ")"
	}
	return RoundDown + " (the banker's commission: " + RoundUp + ")"
}

// Listing gives each bet's exact probability of winning over every deal
// of the shoe.
func (p *Paytable) Listing() games.Listing {
	var rs []BetRTP
	if p.data.Form == FormPuntoBanco {
		rs = PuntoBancoRTP(p)
	} else {
		rs = DeuxRTP(p).Bets
	}
	l := games.Listing{Form: games.ListingProbability}
	for _, r := range rs {
		l.Bets = append(l.Bets, games.BetListing{Code: r.Code, Name: r.Name, WinProbability: r.Win})
	}
	return l
}
