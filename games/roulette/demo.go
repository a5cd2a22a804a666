package roulette

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strconv"

	"github.com/wagerlog/wagerlog/games"
)

// DemoTables returns the roulette table of `serve --demo`: demo-roulette
// on the single-zero French wheel, a straight up to 25.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-roulette", Paytable: IDFrench,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200), "straight": games.DemoLimitUpTo(25)},
		Player: demoPlayer{},
	}}
}

// demoPlayer plays roulette: a spin per Play.
type demoPlayer struct{}

func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	pt := d.Paytable()
	// Mostly the even chances, dozens and columns, now and then any bet
	// the paytable offers (a straight, a split, …).
	bet := func(rng *rand.Rand) string {
		if rng.IntN(3) > 0 {
			outside := []string{"red", "black", "odd", "even", "low", "high", "dozen:1", "dozen:2", "dozen:3", "column:1", "column:2", "column:3"}
			return outside[rng.IntN(len(outside))]
		}
		offered := pt.RTP()
		return offered[rng.IntN(len(offered))].Code
	}
	// A random pocket of the table's wheel: 0..36, and 00 where the wheel
	// has it (the paytable says, by parsing it).
	spin := func(rng *rand.Rand) json.RawMessage {
		for {
			n := rng.IntN(38)
			pocket := strconv.Itoa(n)
			if n == 37 {
				pocket = "00"
			}
			raw := json.RawMessage(`{"pocket":"` + pocket + `"}`)
			if _, err := pt.ParseResult(raw); err == nil {
				return raw
			}
		}
	}
	return games.PlayDemoRound(ctx, d, rng, bet, spin)
}
