package drawpoker

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games/poker"
)

// IDCaribbeanDraw is the id of the catalog's Draw Poker paytable.
const IDCaribbeanDraw = "drawpoker/caribbean-draw"

// Paytables returns the catalog of Draw Poker paytables, freshly built on
// every call, in id order.
func Paytables() []*Paytable { return []*Paytable{mustNew(caribbeanDraw())} }

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	if id == IDCaribbeanDraw {
		return mustNew(caribbeanDraw()), nil
	}
	if len(id) > 40 {
		id = id[:40] + "..."
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, id, IDCaribbeanDraw)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable {
	p, err := New(d)
	if err != nil {
		panic(fmt.Sprintf("drawpoker: catalog paytable: %v", err))
	}
	return p
}

// caribbeanDraw is Caribbean Draw Poker as the published rules give it
// (docs/games/drawpoker.md, "Sources"): an ante, a call of twice it, up
// to two cards exchanged by a player who calls and by the dealer, the
// dealer qualifying with a pair of eights. The call's paytable is a
// reading: the published pages cut their table, and Caribbean poker's
// usual one (games/poker's catalog) is taken, from a pair up. The hand
// names are the seed's (004, 6.5.1) where it names them.
func caribbeanDraw() Data {
	return Data{
		ID:      IDCaribbeanDraw,
		Version: 1,
		Game:    GameName,
		Source: "Caribbean Draw Poker as published (3cardpoker.com/caribbean-draw-poker, thecasinochat.com caribbean-draw-poker-rules): " +
			"ante 1:1, a call of twice the ante, the caller and the dealer exchange up to two cards, the dealer qualifies with a pair of eights; " +
			"the call's paytable is Caribbean poker's usual one (a reading); hands ranked as seeds/004_11b2de8449360267.txt 6.5.1 ranks them, " +
			"the progressive's forfeits of 6.5.1 (catálogo 3.3.1, whose own text is not among the seeds)",
		Ante:              poker.Odds{Win: 1, Per: 1},
		CallMultiple:      2,
		DealerQualifies:   QualifyPairOfEights,
		ExchangeMax:       2,
		DealerExchangeMax: 2,
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
		},
	}
}
