package bingo

import (
	"slices"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Game is bingo in the catalog of games (games/registry).
type Game struct{}

// Name returns "bingo".
func (Game) Name() string { return GameName }

// Paytables returns the bingo paytables in id order.
func (Game) Paytables() []games.Paytable { return kit.Paytables(Paytables()) }

// Board returns the board of the balls it is given, one entry per ball
// as the ledger settles them (round.step_settled, then round.settled on
// the last): entries of one Round form one game, a game whose last entry
// is Over is complete, and the board's oldest entry carries the balls of
// its game drawn before it (Before), so a game cut by the board's window
// is whole. The board holds whole games (BoardByRound). The entry that
// ended a settled game carries the cards it paid and the prizes it
// funded (BoardPayouts, games.BoardEntry.Payouts): from them and the
// balls the board shows each game's line and bingo balls, winners and
// prizes (BoardLine.fromPayouts). A cancelled game has none; the full
// settlement is the game's (GET /v1/rounds/{round}, the replay), see
// docs/games/bingo.md ("Board").
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	if len(entries) > BoardInputMax {
		entries = entries[len(entries)-BoardInputMax:]
	}
	type game struct {
		BoardGame
		over bool
		void string
	}
	var gs []game
	for i, e := range entries {
		if len(gs) == 0 || gs[len(gs)-1].Round != e.Round {
			gs = append(gs, game{BoardGame: BoardGame{Round: e.Round, Number: e.Number}})
		}
		g := &gs[len(gs)-1]
		if i == 0 {
			for _, r := range e.Before {
				if b, ok := r.(Ball); ok {
					g.Balls = append(g.Balls, int(b))
				}
			}
		}
		switch r := e.Result.(type) {
		case Ball:
			g.Balls = append(g.Balls, int(r))
		case Void:
			g.void = r.Reason
		}
		if len(e.Payouts) > 0 || len(e.Funded) > 0 {
			g.Payouts, g.Payees, g.Funded = e.Payouts, e.Payees, e.Funded
		}
		g.over = g.over || e.Over || g.void != ""
	}
	var done []BoardGame
	current := BoardGame{}
	for i, g := range gs {
		if !g.over && i == len(gs)-1 {
			current = g.BoardGame
			continue
		}
		done = append(done, g.BoardGame)
	}
	s := BoardOf(done, current)
	// BoardOf lists the last BoardGames of done, in order.
	listed := gs
	if !current.Equal(BoardGame{}) {
		listed = gs[:len(gs)-1]
	}
	listed = listed[len(listed)-len(s.Last):]
	for i, g := range listed {
		if g.void != "" {
			s.Last[i].Void = g.void
		}
	}
	return s
}

// BoardByRound: a bingo board holds whole games (games.RoundBoarder), the
// board size counting games, the one in progress included.
func (Game) BoardByRound() {}

// BoardPayouts: a bingo board shows each game's winners and prizes
// (games.BoardPayer).
func (Game) BoardPayouts() {}

// Equal reports whether two board games are the same game with the same
// balls.
func (g BoardGame) Equal(o BoardGame) bool {
	return g.Round == o.Round && g.Number == o.Number && slices.Equal(g.Balls, o.Balls) && g.Settlement == o.Settlement &&
		slices.Equal(g.Payouts, o.Payouts) && g.Payees == o.Payees && slices.Equal(g.Funded, o.Funded)
}

// The package's types implement the seam's interfaces.
var (
	_ games.Game          = Game{}
	_ games.Paytable      = (*Paytable)(nil)
	_ games.ResultChecker = (*Paytable)(nil)
	_ games.Result        = Ball(0)
	_ games.Result        = Void{}
	_ games.BoardStats    = BoardStats{}
	_ games.RoundBoarder  = Game{}
	_ games.BoardPayer    = Game{}
)
