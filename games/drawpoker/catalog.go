package drawpoker

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// IDExchangeOne is the id of the catalog's Draw Poker paytable: one card
// exchanged for one ante.
const IDExchangeOne = "drawpoker/exchange-one"

// Paytables returns the catalog of Draw Poker paytables, freshly built on
// every call, in id order.
func Paytables() []*Paytable { return []*Paytable{mustNew(exchangeOne())} }

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	if id == IDExchangeOne {
		return mustNew(exchangeOne()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, cutCode(id), IDExchangeOne)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("drawpoker", New, d) }

// exchangeOne is five-card draw against the house as a published casino
// rule set gives it (docs/games/drawpoker.md, "Sources"): the ante, then
// one card exchanged for a price of one ante before the call, a call of
// twice the ante, the dealer (who exchanges nothing) qualifying with
// ace-king, the call paid by the player's hand on Caribbean poker's usual
// paytable. The hand names are the seed's (004, 6.5.1) where it names
// them.
func exchangeOne() Data {
	return Data{
		ID:      IDExchangeOne,
		Version: 1,
		Game:    GameName,
		Source: "five-card draw against the house as Luckia publishes it (luckia.hr, Caribbean Poker: raise, draw one card for the ante's amount, or fold; " +
			"the dealer qualifies with ace-king; the raise paid by the player's hand), the usual call paytable; " +
			"hands ranked as seeds/004_11b2de8449360267.txt 6.5.1 ranks them, the progressive's forfeits of 6.5.1 (catálogo 3.3.1, whose own text is not among the seeds)",
		Ante:            poker.Odds{Win: 1, Per: 1},
		ExchangeMax:     1,
		ExchangeFee:     1,
		CallMultiple:    2,
		DealerQualifies: poker.QualifyAceKing,
		Call: []poker.Line{
			{Hand: poker.RoyalFlush, Odds: poker.Odds{Win: 100, Per: 1}, Name: "Escalera Real"},
			{Hand: poker.StraightFlush, Odds: poker.Odds{Win: 50, Per: 1}, Name: "Escalera de Color"},
			{Hand: poker.FourOfAKind, Odds: poker.Odds{Win: 20, Per: 1}, Name: "Poker"},
			{Hand: poker.FullHouse, Odds: poker.Odds{Win: 7, Per: 1}, Name: "Full"},
			{Hand: poker.Flush, Odds: poker.Odds{Win: 5, Per: 1}, Name: "Color"},
			{Hand: poker.Straight, Odds: poker.Odds{Win: 4, Per: 1}, Name: "Escalera"},
			{Hand: poker.ThreeOfAKind, Odds: poker.Odds{Win: 3, Per: 1}, Name: "Trío"},
			{Hand: poker.TwoPair, Odds: poker.Odds{Win: 2, Per: 1}, Name: "Doble pareja"},
			{Hand: poker.Pair, Odds: poker.Odds{Win: 1, Per: 1}, Name: "Pareja"},
			{Hand: poker.HighCard, Odds: poker.Odds{Win: 1, Per: 1}, Name: "As-Rey o carta alta que gana"},
		},
	}
}
