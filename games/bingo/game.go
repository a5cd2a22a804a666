package bingo

import "github.com/wagerlog/wagerlog/games"

// Game is bingo in the catalog of games (games/registry).
type Game struct{}

// Name returns "bingo".
func (Game) Name() string { return GameName }

// Paytables returns the bingo paytables in id order.
func (Game) Paytables() []games.Paytable {
	ps := Paytables()
	out := make([]games.Paytable, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// Board returns the board of the balls it is given: each entry is read as
// one ball of the game named by its Round, entries of one Round forming
// one game, the last Round being the game in progress. Given one entry per
// completed round it sees only each game's last ball; and without the
// cards no entry says who won: see BoardOf and docs/games/bingo.md
// ("Board") for what the generic layer must provide.
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	if len(entries) > BoardInputMax {
		entries = entries[len(entries)-BoardInputMax:]
	}
	var gs []BoardGame
	for _, e := range entries {
		b, ok := e.Result.(Ball)
		if !ok || b.Validate() != nil {
			continue
		}
		if len(gs) == 0 || gs[len(gs)-1].Round != e.Round {
			gs = append(gs, BoardGame{Round: e.Round, Number: e.Number})
		}
		gs[len(gs)-1].Balls = append(gs[len(gs)-1].Balls, int(b))
	}
	if len(gs) == 0 {
		return BoardOf(nil, BoardGame{})
	}
	return BoardOf(gs[:len(gs)-1], gs[len(gs)-1])
}

// The package's types implement the seam's interfaces.
var (
	_ games.Game          = Game{}
	_ games.Paytable      = (*Paytable)(nil)
	_ games.ResultChecker = (*Paytable)(nil)
	_ games.Result        = Ball(0)
	_ games.Result        = Void{}
	_ games.BoardStats    = BoardStats{}
)
