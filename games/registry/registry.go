// Package registry is the one list of the games a wagerlog build knows.
// Adding a game is a new package under games/ and one line here; the
// generic layers receive the catalog this builds and import no game.
package registry

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/drawpoker"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/games/roulette"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/games/war"
)

// New returns the catalog of every game and paytable of this build.
func New() *games.Catalog { return With() }

// With returns New's catalog with extra games after the build's own: a
// test adds a game of its own (internal/testgames) and runs it through
// every edge as a game of the registry, with no global state. Production
// code calls New.
func With(extra ...games.Game) *games.Catalog {
	return games.NewCatalog(append([]games.Game{
		sicbo.Game{},
		roulette.Game{},
		craps.Game{},
		baccarat.Game{},
		// Dealt from a shoe (games.Shoed): a table starts one before its
		// first round; decisions are results, the money of a double, a
		// split or a war raise a bet placed just before its decision.
		war.Game{},
		blackjack.Game{},
		bingo.Game{},
		// Caribbean poker with seats and the progressive side bet.
		poker.Game{},
		// Draw Poker: Caribbean's seats and progressive, with exchanges.
		drawpoker.Game{},
	}, extra...)...).
		// Progressive pools' parameters and the settle lines of their
		// passes.
		WithPools(jackpot.Parser{}).
		// The settle line of a game without its own, and of a line that
		// names no game.
		WithLines(kit.ResultLines{})
}
