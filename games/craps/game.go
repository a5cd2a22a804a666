package craps

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Game is craps in the catalog of games (games/registry).
type Game struct{}

// Name returns "craps".
func (Game) Name() string { return GameName }

// Paytables returns the craps paytables in id order.
func (Game) Paytables() []games.Paytable { return kit.Paytables(Paytables()) }

// Board returns the 50-roll board of the rolls it is given: each entry is
// one roll of the hand named by its Round (the projections give one entry
// per settled roll, the hand in progress last). The oldest entry's Before,
// the earlier rolls of its hand, are folded first so that a hand cut by
// the board's start keeps its point; they are not shown.
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	if len(entries) > BoardInputMax {
		entries = entries[len(entries)-BoardInputMax:]
	}
	rs := make([]BoardRoll, 0, min(len(entries), BoardInputMax))
	if len(entries) > 0 {
		for _, b := range entries[0].Before {
			if r, ok := b.(Roll); ok {
				rs = append(rs, BoardRoll{Hand: entries[0].Round, Number: entries[0].Number, Roll: r})
			}
		}
	}
	context := len(rs)
	for _, e := range entries {
		if r, ok := e.Result.(Roll); ok {
			rs = append(rs, BoardRoll{Hand: e.Round, Number: e.Number, Roll: r})
		}
	}
	s := rollBoard(rs, context)
	if n := len(entries); n > 0 && entries[n-1].Over && s.Shooter != "" {
		// The last hand ended without a seven-out (it was cancelled):
		// the next roll comes out for a new shooter.
		s.Point, s.Shooter, s.ShooterNumber, s.ShooterRolls = 0, "", 0, 0
	}
	return s
}

// BoardRow shows a roll on a board row as its dice and total:
// {"dice":[3,4],"total":7}.
func (Game) BoardRow(r games.Result) []byte {
	roll, ok := r.(Roll)
	if !ok {
		return nil
	}
	return fmt.Appendf(nil, `{"dice":[%d,%d],"total":%d}`, roll[0], roll[1], roll.Total())
}

// The package's types implement the seam's interfaces.
var (
	_ games.Game          = Game{}
	_ games.BoardRower    = Game{}
	_ games.Paytable      = (*Paytable)(nil)
	_ games.Placer        = (*Paytable)(nil)
	_ games.Charger       = (*Paytable)(nil)
	_ games.TakeDowner    = (*Paytable)(nil)
	_ games.ResultChecker = (*Paytable)(nil)
	_ games.Result        = Roll{}
	_ games.BoardStats    = BoardStats{}
)

var (
	_ games.Stater    = (*Paytable)(nil)
	_ games.StateView = HandState{}
)
