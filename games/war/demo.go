package war

import (
	"context"
	"math/rand/v2"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// DemoTables returns the War table of `serve --demo`: demo-war, a whole
// round per Play.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-war", Paytable: IDChile2010,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200)},
		Player: demoPlayer{},
	}}
}

// demoPlayer plays War: on a tie the player goes to war (raising the bet)
// more often than he surrenders; the cut card comes out now and then.
type demoPlayer struct{}

func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	wp, ok := d.Paytable().(*Paytable)
	if !ok {
		return ErrUnknownPaytable
	}
	return games.PlayDemoDeal(ctx, d, rng, games.DemoDeal{
		Cut:  60,
		Main: func(seat int) string { return "main:" + strconv.Itoa(seat) },
		Side: func(rng *rand.Rand, seat int, _ decimal.Decimal) (string, decimal.Decimal) {
			if rng.IntN(4) != 0 {
				return "", decimal.Zero
			}
			return "tie:" + strconv.Itoa(seat), decimal.NewFromInt(1)
		},
		Next: func(rng *rand.Rand, results []games.Result, seats []int, mains map[int]decimal.Decimal) games.DemoDealStep {
			if s := wp.Deciding(results); s != nil {
				if rng.IntN(3) > 0 {
					return games.DemoDealStep{Result: Decide(GoToWar, s.Number), Code: "war:" + strconv.Itoa(s.Number), Stake: mains[s.Number], Seat: s.Number}
				}
				return games.DemoDealStep{Result: Decide(Surrender, s.Number)}
			}
			if rng.IntN(150) == 0 && wp.CheckResult(CutCardOut(), results) == nil {
				return games.DemoDealStep{Result: CutCardOut()}
			}
			c := cards.FromIndex(rng.IntN(cards.DeckSize))
			var candidates []games.Result
			for _, s := range seats {
				candidates = append(candidates, CardTo(c, s))
			}
			return games.DemoDealStep{Result: games.FirstValid(wp, results, append(candidates, DealerCard(c), Burn(c)))}
		},
	})
}
