package kit

import "github.com/wagerlog/wagerlog/games"

// Paytables returns a game's catalog as the seam's paytables, in its
// order: what every games.Game's Paytables method answers from the
// package's own list of concrete paytables.
func Paytables[P games.Paytable](ps []P) []games.Paytable {
	out := make([]games.Paytable, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}
