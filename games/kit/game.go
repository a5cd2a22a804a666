package kit

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
)

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

// MustBuild builds a catalog paytable of game with the game's New.
// Catalog data is a literal of the game's package, validated by its
// tests, so a failure is a programming error, and panics.
func MustBuild[D, P any](game string, build func(D) (P, error), d D) P {
	p, err := build(d)
	if err != nil {
		panic(fmt.Sprintf("%s: catalog paytable: %v", game, err))
	}
	return p
}
