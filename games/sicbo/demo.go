package sicbo

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/wagerlog/wagerlog/games"
)

// DemoTables returns the Sic Bo table of `serve --demo`: demo-1 on the
// live paytable, any bet up to 200 and a slip up to 50.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-1", Paytable: IDLive,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200), "total": games.DemoLimitUpTo(50)},
		Player: demoPlayer{},
	}}
}

// demoPlayer plays Sic Bo: a round of three dice per Play.
type demoPlayer struct{}

func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	return games.PlayDemoRound(ctx, d, rng, demoBet, func(rng *rand.Rand) json.RawMessage {
		return ResultJSON(1+rng.IntN(6), 1+rng.IntN(6), 1+rng.IntN(6))
	})
}

// demoBet returns a random bet: mostly the even-money bets players
// favour, now and then a number, a total, a double, a combination or a
// triple.
func demoBet(rng *rand.Rand) string {
	face := func() int { return 1 + rng.IntN(6) }
	switch n := rng.IntN(20); {
	case n < 10:
		return []string{"big", "small", "odd", "even"}[n%4]
	case n < 13:
		return fmt.Sprintf("single:%d", face())
	case n < 15:
		return fmt.Sprintf("total:%d", TotalMin+rng.IntN(TotalMax-TotalMin+1))
	case n < 17:
		return fmt.Sprintf("double:%d", face())
	case n < 18:
		a := 1 + rng.IntN(5)
		return fmt.Sprintf("combo:%d-%d", a, a+1+rng.IntN(6-a))
	case n < 19:
		return "any_triple"
	default:
		return fmt.Sprintf("triple:%d", face())
	}
}
