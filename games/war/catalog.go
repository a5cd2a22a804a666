package war

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games/kit"
)

// IDChile2010 is casino War as the Chilean catalogue of games rules it
// after the amendments of Resolución exenta N°373 of 19 August 2010
// (seeds/004_11b2de8449360267.txt, War 4.4).
const IDChile2010 = "war/chile-2010"

// Paytables returns the catalog of War paytables, freshly built on every
// call, in id order.
func Paytables() []*Paytable { return []*Paytable{mustNew(chile2010())} }

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	if id == IDChile2010 {
		return mustNew(chile2010()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, id, IDChile2010)
}

// mustNew builds a catalog paytable; a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("war", New, d) }

// chile2010 is the War of docs/games/war.md: the higher card wins 1:1; on a tie the
// player surrenders half or goes to war with a raise equal to the bet,
// three cards burned, the raise winning 1:1 on an equal or higher card
// while the bet pushes; the tie bet 10:1; six decks, the cut card at least
// 52 cards from the end.
func chile2010() Data {
	return Data{
		ID:      IDChile2010,
		Version: 1,
		Game:    GameName,
		Source:  "Resolución exenta N°373 de 19 de agosto de 2010, Superintendencia de Casinos de Juego (Chile): War 4.4 (seeds/004_11b2de8449360267.txt), issue #18",
		Decks:   6,
		Rules: []Rule{
			{Line: LineMain, Odds: Odds{Win: 1, Per: 1}, Name: "apuesta inicial"},
			{Line: LineWar, Odds: Odds{Win: 1, Per: 1}, Name: "ir a la guerra (apuesta adicional)"},
			{Line: LineTie, Odds: Odds{Win: 10, Per: 1}, Name: "empate"},
		},
		Settings: Settings{SurrenderReturnPercent: "50", BurnBeforeWar: 3, CutCardMin: 52},
	}
}
