package craps

import "github.com/wagerlog/wagerlog/games"

// Game is craps in the catalog of games (games/registry).
type Game struct{}

// Name returns "craps".
func (Game) Name() string { return GameName }

// Paytables returns the craps paytables in id order.
func (Game) Paytables() []games.Paytable {
	ps := Paytables()
	out := make([]games.Paytable, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// Board returns the board of the rolls it is given: each entry is read as
// one roll of the hand named by its Round, entries of one Round forming
// one hand. Given one entry per roll (with the open hand's rolls last), it
// is the 50-roll board of issue #15. Given the generic layer's one entry
// per completed round, it sees only each hand's last roll: see
// docs/games/craps.md ("Board") for what the generic layer must provide.
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	rs := make([]BoardRoll, 0, min(len(entries), BoardInputMax))
	if len(entries) > BoardInputMax {
		entries = entries[len(entries)-BoardInputMax:]
	}
	for _, e := range entries {
		if r, ok := e.Result.(Roll); ok {
			rs = append(rs, BoardRoll{Hand: e.Round, Roll: r})
		}
	}
	return RollBoard(rs)
}

// The package's types implement the seam's interfaces.
var (
	_ games.Game          = Game{}
	_ games.Paytable      = (*Paytable)(nil)
	_ games.Placer        = (*Paytable)(nil)
	_ games.Charger       = (*Paytable)(nil)
	_ games.TakeDowner    = (*Paytable)(nil)
	_ games.ResultChecker = (*Paytable)(nil)
	_ games.Result        = Roll{}
	_ games.BoardStats    = BoardStats{}
)
