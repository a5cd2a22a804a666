package poker

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// IDCaribbean is the id of the catalog's Caribbean poker paytable.
const IDCaribbean = "poker/caribbean"

// Paytables returns the catalog of poker paytables, freshly built on every
// call (no package state to share or corrupt), in id order.
func Paytables() []*Paytable { return []*Paytable{mustNew(caribbean())} }

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	if id == IDCaribbean {
		return mustNew(caribbean()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, cards.Cut(id), IDCaribbean)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("poker", New, d) }

// caribbean is the base game of docs/games/poker.md: ante, a call of twice the ante,
// the dealer qualifies with ace-king or better, and the usual call
// paytable, straight flush 50:1 down to a pair (and a winning ace-king)
// 1:1, with the royal flush at 100:1 as the usual table has it apart from
// the straight flush. The hand names are the seed's (004, 6.5.1) where it
// names them.
func caribbean() Data {
	return Data{
		ID:      IDCaribbean,
		Version: 1,
		Game:    GameName,
		Source: "Caribbean poker as issue #19 states it: ante 1:1, a call of twice the ante, the dealer qualifies with ace-king, " +
			"the usual call paytable; hands ranked as seeds/004_11b2de8449360267.txt section 6.5.1 ranks them (the resolution that " +
			"adds the progressive to Caribbean poker, catálogo 3.3.2, whose own text is not among the seeds)",
		Ante:            Odds{Win: 1, Per: 1},
		CallMultiple:    2,
		DealerQualifies: QualifyAceKing,
		Call: []Line{
			{Hand: RoyalFlush, Odds: Odds{Win: 100, Per: 1}, Name: "Escalera Real"},
			{Hand: StraightFlush, Odds: Odds{Win: 50, Per: 1}, Name: "Escalera de Color"},
			{Hand: FourOfAKind, Odds: Odds{Win: 20, Per: 1}, Name: "Poker"},
			{Hand: FullHouse, Odds: Odds{Win: 7, Per: 1}, Name: "Full"},
			{Hand: Flush, Odds: Odds{Win: 5, Per: 1}, Name: "Color"},
			{Hand: Straight, Odds: Odds{Win: 4, Per: 1}, Name: "Escalera"},
			{Hand: ThreeOfAKind, Odds: Odds{Win: 3, Per: 1}, Name: "Trío"},
			{Hand: TwoPair, Odds: Odds{Win: 2, Per: 1}, Name: "Doble pareja"},
			{Hand: Pair, Odds: Odds{Win: 1, Per: 1}, Name: "Pareja"},
			{Hand: HighCard, Odds: Odds{Win: 1, Per: 1}, Name: "As-Rey o carta alta que gana"},
		},
	}
}
