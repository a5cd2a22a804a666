package sicbo

import "github.com/wagerlog/wagerlog/games"

// Game is Sic Bo in the catalog of games (games/registry).
type Game struct{}

// Name returns "sicbo".
func (Game) Name() string { return GameName }

// Paytables returns the Sic Bo paytables in id order.
func (Game) Paytables() []games.Paytable {
	ps := Paytables()
	out := make([]games.Paytable, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

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
