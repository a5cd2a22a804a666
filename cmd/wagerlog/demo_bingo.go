package main

import (
	"encoding/json"
	"math/rand/v2"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/bingo"
)

// demoDraw is a demoHand whose next result depends on the round's results
// so far: a bingo ball not drawn yet.
type demoDraw interface {
	next(rng *rand.Rand, results []games.Result) json.RawMessage
}

// bingoDemo plays a bingo room: before the first ball the players buy
// cards printed by bingo.GenerateCard (the paytable's Placer refuses any
// card once a ball is drawn, so the demo's later cards are left out), then
// one ball a step until the first bingo ends the game. Cards are numbered
// in series D from a counter, so a card number is never sold twice in a
// game.
type bingoDemo struct{ n int }

func (g *bingoDemo) bet(rng *rand.Rand, _ games.Paytable) string {
	g.n = g.n%bingo.CardNumberMax + 1
	return bingo.GenerateCard(rng.Uint64(), bingo.CardID{Series: "D", Number: g.n}).BetCode()
}

// result is never used: next draws the ball.
func (*bingoDemo) result(rng *rand.Rand, _ games.Paytable) json.RawMessage {
	return bingo.Ball(1 + rng.IntN(bingo.NumbersMax)).JSON()
}

// next draws a ball not drawn yet in this game.
func (*bingoDemo) next(rng *rand.Rand, results []games.Result) json.RawMessage {
	var drawn [bingo.NumbersMax + 1]bool
	for _, r := range results {
		if b, ok := r.(bingo.Ball); ok {
			drawn[b] = true
		}
	}
	left := make([]int, 0, bingo.NumbersMax)
	for n := 1; n <= bingo.NumbersMax; n++ {
		if !drawn[n] {
			left = append(left, n)
		}
	}
	return bingo.Ball(left[rng.IntN(len(left))]).JSON()
}

// A card is never working, and a ball is never void.
func (*bingoDemo) working(*rand.Rand) bool { return false }
func (*bingoDemo) noRoll(*rand.Rand) bool  { return false }
