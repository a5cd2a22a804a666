package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/registry"
)

// FuzzSettleLine feeds settle --jsonl lines of every game, craps' with
// points and rolls, to the line decoder: it never panics, every answer is
// an error with a code or an outcome of the game, and a craps answer has a
// deciding roll exactly when it is decided, within its rolls, and returns
// no more than its stake's maximum multiple.
func FuzzSettleLine(f *testing.F) {
	for _, seed := range []string{
		`{"paytable":"craps/peru-1999","bet":"place:6","stake":"12","point":null,"working":false,"rolls":[[3,3],[2,5]]}`,
		`{"paytable":"craps/peru-1999","bet":"come_odds:5","stake":"10","point":6,"rolls":[[1,2],[2,3]]}`,
		`{"paytable":"craps/peru-1999","bet":"lay:4","stake":"0.01","point":9,"working":true,"rolls":[]}`,
		`{"paytable":"craps/peru-1999","bet":"pass","stake":"1e3","rolls":[[7,0]]}`,
		`{"paytable":"sicbo/live","bet":"double:2","stake":"10.00","dice":[2,2,5]}`,
		`{"paytable":"roulette/american","bet":"split:0-00","stake":"10","pocket":"00"}`,
		`{"paytable":"craps/peru-1999","bet":"field","stake":"5","rolls":[[1,1,1]],"scale":0}`,
	} {
		f.Add([]byte(seed))
	}
	catalog := registry.New()
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > SettleLineBytesMax {
			return
		}
		var res kit.Answer
		if err := json.Unmarshal(catalog.SettleLine(games.LineRequest{Line: line, Scale: 2}), &res); err != nil {
			t.Fatal(err)
		}
		if res.Outcome == "error" {
			if res.Code == "" {
				t.Fatalf("an error without a code: %+v", res)
			}
			return
		}
		switch res.Outcome {
		case "won", "lost", "push", "open":
		default:
			t.Fatalf("outcome %q", res.Outcome)
		}
		if !strings.HasPrefix(res.Paytable, "craps/") {
			return
		}
		if (res.DecidedAt != nil) == (res.Outcome == "open") || (res.DecidedAt != nil && (*res.DecidedAt < 0 || *res.DecidedAt >= len(res.Rolls))) {
			t.Fatalf("decided_at %v for outcome %s over %d rolls", res.DecidedAt, res.Outcome, len(res.Rolls))
		}
		stake, ret := decimal.RequireFromString(res.Stake), decimal.RequireFromString(res.Returned)
		if ret.IsNegative() || ret.GreaterThan(stake.Mul(decimal.NewFromInt(31))) {
			t.Fatalf("returned %s on a stake of %s", ret, stake)
		}
	})
}
