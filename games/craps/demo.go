package craps

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/wagerlog/wagerlog/games"
)

// DemoTables returns the craps table of `serve --demo`: demo-craps, one
// roll per Play, a shooter's hand lasting until the seven-out.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-craps", Paytable: IDPeru1999,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200)},
		Player: demoPlayer{},
	}}
}

// demoDieOut is the reason of a void throw, the events' reshake reason
// for a die that left the table.
const demoDieOut = "die_left_table"

// demoPlayer plays craps: pass and come with odds behind them, place
// bets, the field, now and then a hardway, a buy or a lay; the bets the
// table's state does not take (come on a come-out, odds without their
// line bet) are left out by the paytable's Placer.
type demoPlayer struct{}

func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	return games.PlayDemoStep(ctx, d, rng, games.DemoSteps{
		Bet: func(rng *rand.Rand) games.DemoBet {
			return games.DemoBet{Code: demoBet(rng), Stake: games.DemoStake(rng), Working: rng.IntN(5) == 0}
		},
		Result: func(rng *rand.Rand, _ []games.Result) json.RawMessage {
			return Roll{1 + rng.IntN(6), 1 + rng.IntN(6)}.JSON()
		},
		NoRoll:   func(rng *rand.Rand) bool { return rng.IntN(25) == 0 },
		TakeDown: 4,
		Reason:   demoDieOut,
	})
}

func demoBet(rng *rand.Rand) string {
	codes := []string{"pass", "pass", "come", "come", "pass_odds", "pass_odds", "field", "place:6", "place:8", "place:5", "place:9",
		"dont_pass", "hard:8", "buy:4", "lay:10", "any_craps"}
	if n := rng.IntN(len(codes) + 3); n < len(codes) {
		return codes[n]
	}
	// Odds behind a come bet on some point.
	return fmt.Sprintf("come_odds:%d", []int{4, 5, 6, 8, 9, 10}[rng.IntN(6)])
}
