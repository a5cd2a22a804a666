package baccarat

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// Game is baccarat in the catalog of games: punto banco and baccarat à
// deux tableaux (as Deux, played against a player's bank).
type Game struct{}

// Name returns "baccarat".
func (Game) Name() string { return GameName }

// Paytables returns the baccarat paytables in id order, deux tableaux as
// Deux (the seam of a player-banked game dealt from a shoe).
func (Game) Paytables() []games.Paytable {
	return []games.Paytable{DeuxTableaux(), mustNew(puntoBanco())}
}

// Board returns the statistics of a baccarat board: see BoardStats. For
// deux tableaux the cagnotte each coup took comes from the ledger's
// settlement (the entry's Commission: the round's transfer bank →
// commission), so the board shows the amounts (BoardWithCagnotte).
func (Game) Board(pt games.Paytable, entries []games.BoardEntry) games.BoardStats {
	if _, deux := pt.(Deux); deux {
		taken := make(map[string]decimal.Decimal, len(entries))
		for _, e := range entries {
			if e.Over {
				taken[e.Round] = e.Commission
			}
		}
		return BoardWithCagnotte(entries, taken)
	}
	return Board(entries)
}

// BoardRow returns the members of a board row for a coup: the winner, the
// points and whether a natural was dealt. Punto banco:
// {"winner":"banker","player":0,"banker":8,"natural":false}; deux
// tableaux: {"tableaux":[{"winner":"player","point":7},…],"banker":3,
// "natural":false,"cut_card":false}, the banker's point absent when both
// tableaux are void.
func (Game) BoardRow(r games.Result) []byte {
	switch c := r.(type) {
	case Coup:
		pn, bn := c.Naturals()
		return fmt.Appendf(nil, `{"winner":%q,"player":%d,"banker":%d,"natural":%t}`,
			c.Winner(), c.Player.Point(), c.Banker.Point(), pn || bn)
	case DeuxCoup:
		b := []byte(`{"tableaux":[`)
		for i := range 2 {
			if i > 0 {
				b = append(b, ',')
			}
			b = fmt.Appendf(b, `{"winner":%q`, c.Winner(i))
			if !c.void(i) {
				b = fmt.Appendf(b, `,"point":%d`, c.Tableaux[i].Point())
			}
			b = append(b, '}')
		}
		b = append(b, ']')
		if !(c.void(0) && c.void(1)) {
			b = fmt.Appendf(b, `,"banker":%d`, c.Banker.Point())
		}
		n := c.Naturals()
		return fmt.Appendf(b, `,"natural":%t,"cut_card":%t}`, n[0] || n[1] || n[2], c.CutCard)
	}
	return nil
}

// PuntoBanco is baccarat offering only punto banco: the same game (name,
// board, rows). games/registry lists Game, with both forms.
type PuntoBanco struct{ Game }

// Paytables returns only baccarat/punto-banco.
func (PuntoBanco) Paytables() []games.Paytable {
	return []games.Paytable{mustNew(puntoBanco())}
}

// Compile-time checks that the package implements the seam.
var (
	_ games.Game       = Game{}
	_ games.Game       = PuntoBanco{}
	_ games.BoardRower = Game{}
	_ games.BoardRower = PuntoBanco{}
	_ games.Paytable   = (*Paytable)(nil)
	_ games.Result     = Coup{}
	_ games.Result     = DeuxCoup{}
)
