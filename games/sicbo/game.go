package sicbo

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Game is Sic Bo in the catalog of games (games/registry).
type Game struct{}

// Name returns "sicbo".
func (Game) Name() string { return GameName }

// Paytables returns the Sic Bo paytables in id order.
func (Game) Paytables() []games.Paytable { return kit.Paytables(Paytables()) }

// Board returns the statistics of a Sic Bo board: see BoardStats.
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	dice := make([]Dice, 0, len(entries))
	for _, e := range entries {
		if d, ok := e.Result.(Dice); ok {
			dice = append(dice, d)
		}
	}
	return boardStats(dice)
}

// BoardRow returns the members of a board row for three dice: the dice as
// entered, their total, size and parity ({"dice":[2,2,5],"total":9,
// "size":"small","parity":"odd"}), as the board has always shown them.
func (Game) BoardRow(r games.Result) []byte {
	d, ok := r.(Dice)
	if !ok {
		return nil
	}
	total, size, parity := Classify(d)
	return fmt.Appendf(nil, `{"dice":[%d,%d,%d],"total":%d,"size":%q,"parity":%q}`, d[0], d[1], d[2], total, size, parity)
}
