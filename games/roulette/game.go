package roulette

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Game is roulette in the catalog of games (games/registry).
type Game struct{}

// Name returns "roulette".
func (Game) Name() string { return GameName }

// Paytables returns the roulette paytables in id order.
func (Game) Paytables() []games.Paytable { return kit.Paytables(Paytables()) }

// Board returns the statistics of a roulette board (see BoardStats) from
// its entries, oldest first, on the wheel of pt. Entries whose result is
// not a valid Pocket are skipped: the board is derived data and must not
// fail on a damaged entry. Given another game's paytable, the wheel is
// taken as double-zero only when 00 is on the board.
func (Game) Board(pt games.Paytable, entries []games.BoardEntry) games.BoardStats {
	if p, ok := pt.(*Paytable); ok {
		return p.Board(entries)
	}
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

// BoardRow returns the members of a board row for a pocket: the pocket as
// written and its colour ({"pocket":"17","colour":"black"}).
func (Game) BoardRow(r games.Result) []byte {
	p, ok := r.(Pocket)
	if !ok {
		return nil
	}
	return fmt.Appendf(nil, `{"pocket":%q,"colour":%q}`, p.String(), p.Colour())
}
