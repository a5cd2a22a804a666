package war

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Game is War in the catalog of games (games/registry).
type Game struct{}

// Name returns "war".
func (Game) Name() string { return GameName }

// Paytables returns the War paytables in id order.
func (Game) Paytables() []games.Paytable { return kit.Paytables(Paytables()) }

// Board returns the statistics of a War board: see Board.
func (Game) Board(pt games.Paytable, entries []games.BoardEntry) games.BoardStats {
	p, ok := pt.(*Paytable)
	if !ok {
		p = mustNew(chile2010())
	}
	return Board(p, entries)
}

// Compile-time checks that the package implements the seam.
var (
	_ games.Game            = Game{}
	_ games.Paytable        = (*Paytable)(nil)
	_ games.Placer          = (*Paytable)(nil)
	_ games.ResultChecker   = (*Paytable)(nil)
	_ games.DecisionChecker = (*Paytable)(nil)
	_ games.Shoed           = (*Paytable)(nil)
	_ games.Stater          = (*Paytable)(nil)
	_ games.Result          = Result{}
)

// BoardByRound marks the game's board as one of whole rounds
// (games.RoundBoarder): a round is every card and decision, and the board
// shows the last rounds, each with all its results.
func (Game) BoardByRound() {}
