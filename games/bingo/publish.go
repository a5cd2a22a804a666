package bingo

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rules returns the prizes' shares of the sales and the cards a game may
// sell, as JSON (games.Publisher): the paytable's data but its identity.
func (p *Paytable) Rules() []byte {
	return kit.MustJSON(struct {
		LinePercent  string `json:"line_percent"`
		BingoPercent string `json:"bingo_percent"`
		CardsMax     int    `json:"cards_max"`
	}{p.data.LinePercent, p.data.BingoPercent, p.data.CardsMax})
}

// MaxMultiple returns the largest multiple of its price a card can win:
// both prizes alone, in a game of CardsMax cards sold at one price. (A
// card cheaper than the others wins more for its price: the prizes are
// shares of the sales.)
func (p *Paytable) MaxMultiple() *big.Rat {
	r, _ := new(big.Rat).SetString(p.line.Add(p.bingo).String())
	return r.Mul(r, big.NewRat(int64(p.data.CardsMax), 1))
}

// Rounding names the rounding of the prizes and of each winner's share:
// truncated to the currency's scale.
func (p *Paytable) Rounding() string { return kit.RoundDown }

// Listing adds nothing to the RTP: one card's chance depends on the other
// cards sold.
func (p *Paytable) Listing() games.Listing { return games.Listing{} }
