package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/shopspring/decimal"

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
// one ball a step until the first bingo ends the game.
//
// The room sells in sessions (demoSessioned, demo_session.go) of
// bingoSessionGames games: series D of single cards at 1.00 and series E
// of double cards at 2.00 (each half 1.00, the second playing the next
// game), numbered from 1 in each session, so a number is sold once in it.
type bingoDemo struct {
	n  int
	id string
}

// bingoSessionGames is how many games a demo session runs.
const bingoSessionGames = 10

func (g *bingoDemo) bet(rng *rand.Rand, _ games.Paytable) string {
	g.n = g.n%(bingoSeriesCards) + 1
	series := "D"
	if rng.IntN(5) == 0 {
		series = "E"
	}
	return bingo.GenerateCard(rng.Uint64(), bingo.CardID{Series: series, Number: g.n}).BetCode()
}

// bingoSeriesCards is each demo series' cards: the two together are the
// paytable's cards_max.
const bingoSeriesCards = 50_000

func (g *bingoDemo) newSession(id string) json.RawMessage {
	g.n, g.id = 0, id
	return json.RawMessage(fmt.Sprintf(`{"series":[{"id":"D","face":"1","from":1,"to":%[1]d},{"id":"E","face":"1","from":1,"to":%[1]d,"double":true}]}`, bingoSeriesCards))
}

func (g *bingoDemo) session() string { return g.id }
func (*bingoDemo) sessionGames() int { return bingoSessionGames }

// price is 1.00 for a card of series D, 2.00 for a double card of E.
func (*bingoDemo) price(code string) decimal.Decimal {
	if strings.HasPrefix(code, "card:E-") {
		return decimal.NewFromInt(2)
	}
	return decimal.NewFromInt(1)
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
