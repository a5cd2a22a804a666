package bingo

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games/kit"
)

// IDEs1979 is bingo as the Spanish catalogue of games of 9 October 1979
// rules it (seeds/002_7cad45b1f661326b.txt, "El juego del bingo").
const IDEs1979 = "bingo/es-1979"

// Paytables returns the catalog of bingo paytables, freshly built on every
// call (no package state to share or corrupt), in id order.
func Paytables() []*Paytable { return []*Paytable{mustNew(es1979())} }

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	if id == IDEs1979 {
		return mustNew(es1979()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, cut(id), IDEs1979)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("bingo", New, d) }

// es1979 is seed 002's bingo. The seed says the prizes are announced as
// amounts but leaves their share of the sales to the Reglamento del Juego
// del Bingo, which it does not print. The defaults, 15% of the game's
// sales for the line and 60% for the bingo (75% returned, 25% to the
// hall), are the shares El País reported for Spanish halls in January
// 1978, a year before the catalogue ("Doce horas diarias de juego de azar
// en tiempo de crisis", 7 January 1978: line 15% of the takings, full card
// 60%, of the remaining 25% ten to the hall and fifteen to the tax);
// docs/games/bingo.md says more. CardsMax 100,000 is the largest game the
// package's benchmark measures (under 1 ms a ball on one core), over two
// hundred of the 420-card series El País describes.
func es1979() Data {
	return Data{
		ID:           IDEs1979,
		Version:      1,
		Game:         GameName,
		Source:       "Orden de 9 de octubre de 1979, Catálogo de Juegos: el juego del bingo, sections I (descripción), II (elementos), IV (reglas del juego) and V (juegos nulos) (seeds/002_7cad45b1f661326b.txt); prize shares of sales as reported by El País, 7 January 1978",
		LinePercent:  "15",
		BingoPercent: "60",
		CardsMax:     100_000,
	}
}
