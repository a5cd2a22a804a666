package baccarat

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games/kit"
)

// Ids of the catalog's paytables.
const (
	// IDPuntoBanco is house-banked punto banco over an 8-deck shoe.
	IDPuntoBanco = "baccarat/punto-banco"
	// IDDeuxTableaux1979 is player-banked baccarat à deux tableaux as the
	// Spanish catalogue of games of 9 October 1979 rules it ("bacará a dos
	// paños", seeds/002_7cad45b1f661326b.txt).
	IDDeuxTableaux1979 = "baccarat/deux-tableaux-1979"
)

// Paytables returns the catalog of baccarat paytables, freshly built on
// every call (no package state to share or corrupt), in id order.
func Paytables() []*Paytable {
	return []*Paytable{mustNew(deuxTableaux1979()), mustNew(puntoBanco())}
}

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	switch id {
	case IDPuntoBanco:
		return mustNew(puntoBanco()), nil
	case IDDeuxTableaux1979:
		return mustNew(deuxTableaux1979()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s, %s)", ErrUnknownPaytable, id, IDDeuxTableaux1979, IDPuntoBanco)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("baccarat", New, d) }

// puntoBanco is the standard house-banked game (docs/games/baccarat.md): player 1:1, banker 1:1
// less 5% commission on the win, tie 8:1, player and banker push on a tie,
// the fixed drawing tableau, eight decks.
func puntoBanco() Data {
	return Data{
		ID:      IDPuntoBanco,
		Version: 1,
		Game:    GameName,
		Source:  "Punto banco, house-banked, 8-deck shoe, standard fixed drawing tableau (issue #16)",
		Form:    FormPuntoBanco,
		Decks:   8,
		Rules: []Rule{
			{Bet: KindPlayer, Odds: Odds{Win: 1, Per: 1}, Name: "punto"},
			{Bet: KindBanker, Odds: Odds{Win: 1, Per: 1}, Name: "banca"},
			{Bet: KindTie, Odds: Odds{Win: 8, Per: 1}, Name: "empate"},
		},
		CommissionPercent: "5",
	}
}

// deuxTableaux1979 is seed 002's "bacará a dos paños": even money from
// the bank on each tableau, a caballo and line bets, six decks (the seed
// does not count them; six is the usual chemin de fer and baccarat banque
// shoe), and a 5% cagnotte on the bank's net win (the seed leaves the rate
// to the table; 5% is the share usually quoted for chemin de fer and the
// same as punto banco's commission).
func deuxTableaux1979() Data {
	return Data{
		ID:      IDDeuxTableaux1979,
		Version: 1,
		Game:    GameName,
		Source:  "Orden de 9 de octubre de 1979, Catálogo de Juegos: bacará a dos paños and its section VIII, errores e infracciones (seeds/002_7cad45b1f661326b.txt)",
		Form:    FormDeuxTableaux,
		Decks:   6,
		Rules: []Rule{
			{Bet: KindTableau, Odds: Odds{Win: 1, Per: 1}, Name: "postura a un paño"},
			{Bet: KindACaballo, Odds: Odds{Win: 1, Per: 1}, Name: "apuesta a caballo"},
			{Bet: KindLine, Odds: Odds{Win: 1, Per: 1}, Name: "apuesta sobre la raya (juega la mitad)"},
		},
		CagnottePercent: "5",
	}
}
