package baccarat

import "github.com/wagerlog/wagerlog/games"

// Game is baccarat in the catalog of games (games/registry): punto banco
// and baccarat à deux tableaux.
type Game struct{}

// Name returns "baccarat".
func (Game) Name() string { return GameName }

// Paytables returns the baccarat paytables in id order.
func (Game) Paytables() []games.Paytable {
	ps := Paytables()
	out := make([]games.Paytable, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// Board returns the statistics of a baccarat board: see BoardStats.
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	return Board(entries)
}

// Compile-time checks that the package implements the seam.
var (
	_ games.Game     = Game{}
	_ games.Paytable = (*Paytable)(nil)
	_ games.Result   = Coup{}
	_ games.Result   = DeuxCoup{}
)
