package roulette

import "github.com/wagerlog/wagerlog/games"

// Game is roulette in the catalog of games (games/registry).
type Game struct{}

// Name returns "roulette".
func (Game) Name() string { return GameName }

// Paytables returns the roulette paytables in id order.
func (Game) Paytables() []games.Paytable {
	ps := Paytables()
	out := make([]games.Paytable, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// Board returns the statistics of a roulette board (see BoardStats) from
// its entries, oldest first. Entries whose result is not a valid Pocket are
// skipped: the board is derived data and must not fail on a damaged entry.
// The game does not know the table's wheel, so it lists 00 among the
// numbers only when 00 is on the board; Paytable.Board knows the wheel.
func (Game) Board(entries []games.BoardEntry) games.BoardStats {
	doubleZero := false
	for _, e := range entries {
		if p, ok := e.Result.(Pocket); ok && p == DoubleZero {
			doubleZero = true
		}
	}
	return boardStats(layout{doubleZero: doubleZero}, entries)
}

// Board returns the statistics of a board of this paytable's table: as
// Game.Board, but with the wheel known, so that on a double-zero wheel 00
// is always among the numbers (and cold while it does not come), and a
// pocket the wheel lacks is skipped.
func (p *Paytable) Board(entries []games.BoardEntry) BoardStats {
	return boardStats(p.wheel, entries)
}
