package bingo

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// DemoTables returns the bingo room of `serve --demo`: demo-bingo, cards
// sold before the first ball, one ball per Play, the game over at its
// first bingo.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-bingo", Paytable: IDEs1979,
		Limits: map[string]games.DemoLimit{"card": games.DemoLimitUpTo(25)},
		Player: &demoPlayer{},
	}}
}

// demoPlayer plays a bingo room: before the first ball the players buy
// cards printed by GenerateCard (the paytable's Placer refuses any card
// once a ball is drawn, so the demo's later cards are left out), then one
// ball a Play until the first bingo ends the game.
//
// The room sells in sessions of demoSessionGames games: series D of
// single cards at 1.00 and series E of double cards at 2.00 (each half
// 1.00, the second playing the next game), numbered from 1 in each
// session, so a number is sold once in it.
type demoPlayer struct {
	// n is the last card number sold in the session id.
	n  int
	id string
}

// demoSessionGames is how many games a demo session runs.
const demoSessionGames = 10

// demoSeriesCards is each demo series' cards: the two together are the
// paytable's cards_max.
const demoSeriesCards = 50_000

func (g *demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	if err := g.ensureSession(ctx, d); err != nil {
		return err
	}
	return games.PlayDemoStep(ctx, d, rng, games.DemoSteps{
		Bet: func(rng *rand.Rand) games.DemoBet {
			code := g.card(rng)
			return games.DemoBet{Code: code, Stake: demoPrice(code)}
		},
		Result: demoBall,
	})
}

// ensureSession opens a session before a game when the table has none
// open of this demo's numbering (a session left open by an earlier run is
// closed), or its session ran its games.
func (g *demoPlayer) ensureSession(ctx context.Context, d games.DemoDealer) error {
	open, played, rounds, err := d.Session(ctx)
	if err != nil {
		return err
	}
	if open != "" && open == g.id && played < demoSessionGames {
		return nil
	}
	if open != "" {
		if err := d.CloseSession(ctx, open, "demo: the session ran its games"); err != nil {
			return err
		}
	}
	id := fmt.Sprintf("demo-%d", rounds+1)
	if id == open {
		// A session opened by an earlier run before any of its games: a
		// session id is not held twice in a row.
		id += "b"
	}
	terms := json.RawMessage(fmt.Sprintf(`{"series":[{"id":"D","face":"1","from":1,"to":%[1]d},{"id":"E","face":"1","from":1,"to":%[1]d,"double":true}]}`, demoSeriesCards))
	if err := d.OpenSession(ctx, id, terms); err != nil {
		return err
	}
	g.n, g.id = 0, id
	return nil
}

// card prints the session's next card, of series E one time in five.
func (g *demoPlayer) card(rng *rand.Rand) string {
	g.n = g.n%demoSeriesCards + 1
	series := "D"
	if rng.IntN(5) == 0 {
		series = "E"
	}
	return GenerateCard(rng.Uint64(), CardID{Series: series, Number: g.n}).BetCode()
}

// demoPrice is 1.00 for a card of series D, 2.00 for a double card of E.
func demoPrice(code string) decimal.Decimal {
	if strings.HasPrefix(code, "card:E-") {
		return decimal.NewFromInt(2)
	}
	return decimal.NewFromInt(1)
}

// demoBall draws a ball not drawn yet in this game.
func demoBall(rng *rand.Rand, results []games.Result) json.RawMessage {
	var drawn [NumbersMax + 1]bool
	for _, r := range results {
		if b, ok := r.(Ball); ok {
			drawn[b] = true
		}
	}
	left := make([]int, 0, NumbersMax)
	for n := 1; n <= NumbersMax; n++ {
		if !drawn[n] {
			left = append(left, n)
		}
	}
	return Ball(left[rng.IntN(len(left))]).JSON()
}
