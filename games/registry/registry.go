// Package registry is the one list of the games a wagerlog build knows.
// Adding a game is a new package under games/ and one line here; the
// generic layers receive the catalog this builds and import no game.
package registry

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/games/roulette"
	"github.com/wagerlog/wagerlog/games/sicbo"
)

// New returns the catalog of every game and paytable of this build.
func New() *games.Catalog {
	return games.NewCatalog(
		sicbo.Game{},
		roulette.Game{},
		craps.Game{},
		// Punto banco only: deux tableaux waits for a player-banked round
		// settlement in the ledger (baccarat.PuntoBanco).
		baccarat.PuntoBanco{},
		// Caribbean poker with seats and the progressive side bet
		// (issue #19).
		poker.Game{},
	).WithPools(jackpot.Parser{}) // progressive pools' parameters (issue #19)
}
