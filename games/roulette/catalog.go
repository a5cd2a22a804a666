package roulette

import (
	"fmt"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Ids of the catalog's paytables.
const (
	// IDAmerican is the double-zero wheel of the Chilean catalogue's
	// "Ruleta Americana" (seed 004, considerando 7, Título II, points 3
	// and 4: its numerals 2.5 and 2.7).
	IDAmerican = "roulette/american"
	// IDFrench is the single-zero wheel of the catalogue's "Ruleta
	// Francesa" (seed 004, considerando 7, Título II, points 1 and 2: its
	// numerals 1.4 and 1.6), without la partage: a zero loses every bet
	// that does not cover it.
	IDFrench = "roulette/french"
	// IDFrenchLaPartage is IDFrench with la partage: an even-money bet
	// returns half its stake when the ball lands in 0. The seed does not
	// mention la partage; it is the standard French rule.
	IDFrenchLaPartage = "roulette/french-la-partage"
)

// seed is the seed file every catalog paytable transcribes.
const seed = "seeds/004_11b2de8449360267.txt"

// Paytables returns the catalog of roulette paytables, freshly built on
// every call (no package state to share or corrupt), in id order.
func Paytables() []*Paytable {
	return []*Paytable{mustNew(american()), mustNew(french()), mustNew(frenchLaPartage())}
}

// Lookup returns the catalog paytable with that id, or an error wrapping
// games.ErrUnknownPaytable (code unknown_paytable).
func Lookup(id string) (*Paytable, error) {
	switch id {
	case IDAmerican:
		return mustNew(american()), nil
	case IDFrench:
		return mustNew(french()), nil
	case IDFrenchLaPartage:
		return mustNew(frenchLaPartage()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", games.ErrUnknownPaytable, id, strings.Join([]string{IDAmerican, IDFrench, IDFrenchLaPartage}, ", "))
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("roulette", New, d) }

func pays(x int64) Odds { return Odds{Win: x, Per: 1} }

// commonRules are the kinds both wheels offer, at the standard payouts
// (seed 004 amends the catalogue's texts without restating them). The
// names are those of Spanish-speaking tables; "Docena", "Columna",
// "Cuadro", "Medio pleno" and "Línea" are the words seed 004 uses.
func commonRules() []Rule {
	return []Rule{
		{Kind: KindStraight, Odds: pays(35), Name: "Pleno"},
		// Seed 004 point 2 renames the French payment order's "parejas"
		// to "medio pleno".
		{Kind: KindSplit, Odds: pays(17), Name: "Medio pleno"},
		{Kind: KindStreet, Odds: pays(11), Name: "Transversal"},
		{Kind: KindTrio, Odds: pays(11), Name: "Trío"},
		{Kind: KindCorner, Odds: pays(8), Name: "Cuadro"},
		{Kind: KindSixLine, Odds: pays(5), Name: "Línea (seisena)"},
		// Seed 004 points 1 and 3: a dozen is "los doce números que
		// integran una docena" (the catalogue had said "una columna").
		{Kind: KindDozen, Odds: pays(2), Name: "Docena"},
		{Kind: KindColumn, Odds: pays(2), Name: "Columna"},
		{Kind: KindRed, Odds: pays(1), Name: "Rojo"},
		{Kind: KindBlack, Odds: pays(1), Name: "Negro"},
		{Kind: KindOdd, Odds: pays(1), Name: "Impar"},
		{Kind: KindEven, Odds: pays(1), Name: "Par"},
		{Kind: KindLow, Odds: pays(1), Name: "Falta (1-18)"},
		{Kind: KindHigh, Odds: pays(1), Name: "Pasa (19-36)"},
	}
}

// french is the catalogue's "Ruleta Francesa" on its single-zero wheel.
func french() Data {
	return Data{
		ID:      IDFrench,
		Version: 1,
		Game:    GameName,
		Source:  seed + " (Res. Ex. N°373/2010 SCJ Chile, considerando 7, Título II, Ruleta Francesa, puntos 1-2: Catálogo de Juegos, numerales 1.4 y 1.6; standard single-zero layout and payouts where the seed is silent)",
		Pockets: pocketNames(layout{doubleZero: false}),
		Rules:   append(commonRules(), Rule{Kind: KindFirstFour, Odds: pays(8), Name: "Cuatro primeros (0-1-2-3)"}),
	}
}

// frenchLaPartage is french with la partage on the even chances.
func frenchLaPartage() Data {
	d := french()
	d.ID = IDFrenchLaPartage
	d.Source = seed + " (Res. Ex. N°373/2010 SCJ Chile, considerando 7, Título II, Ruleta Francesa, puntos 1-2: Catálogo de Juegos, numerales 1.4 y 1.6; standard single-zero layout and payouts, and the standard la partage rule, where the seed is silent)"
	d.LaPartage = true
	return d
}

// american is the catalogue's "Ruleta Americana" on its double-zero wheel.
// Its top line is seed 004's "Línea Especial" (point 4 puts it first in
// the payment order of the multiple bets, before "Línea").
func american() Data {
	return Data{
		ID:      IDAmerican,
		Version: 1,
		Game:    GameName,
		Source:  seed + " (Res. Ex. N°373/2010 SCJ Chile, considerando 7, Título II, Ruleta Americana, puntos 3-4: Catálogo de Juegos, numerales 2.5 y 2.7; standard double-zero layout and payouts where the seed is silent)",
		Pockets: pocketNames(layout{doubleZero: true}),
		Rules:   append(commonRules(), Rule{Kind: KindTopLine, Odds: pays(6), Name: "Línea Especial (0-00-1-2-3)"}),
	}
}
