package registry_test

import (
	"fmt"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// enumerable returns every result of a game whose results can be listed
// in full, each as the results of a round (a craps hand's rolls: every
// first roll and every pair of rolls), or nil for a game whose results
// cannot (cards dealt, balls drawn: the every-game demo stream of
// cmd/wagerlog checks their settlements' rules).
func enumerable(game string) [][][]byte {
	var out [][][]byte
	switch game {
	case "sicbo":
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				for c := 1; c <= 6; c++ {
					out = append(out, [][]byte{fmt.Appendf(nil, `{"dice":[%d,%d,%d]}`, a, b, c)})
				}
			}
		}
	case "roulette":
		out = append(out, [][]byte{[]byte(`{"pocket":"00"}`)})
		for n := 0; n <= 36; n++ {
			out = append(out, [][]byte{fmt.Appendf(nil, `{"pocket":"%d"}`, n)})
		}
	case "craps":
		var rolls [][]byte
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				rolls = append(rolls, fmt.Appendf(nil, `{"dice":[%d,%d]}`, a, b))
			}
		}
		for _, r := range rolls {
			out = append(out, [][]byte{r})
			for _, s := range rolls {
				out = append(out, [][]byte{r, s})
			}
		}
	}
	return out
}

// TestRegistry_SettlementsNameTheirRule settles every bet of every
// paytable of the games whose results can be listed over all of them:
// every settlement, open ones included, names the rule that decided it
// (the text the settle line, the bet.settled event and every view carry).
func TestRegistry_SettlementsNameTheirRule(t *testing.T) {
	stake := decimal.RequireFromString("10.00")
	checked := map[string]int{}
	for _, pt := range registry.New().Paytables() {
		rounds := enumerable(pt.Game())
		if rounds == nil {
			continue
		}
		bets := pt.RTP() // computed exactly: once per paytable
		for _, round := range rounds {
			results := make([]games.Result, 0, len(round))
			for _, raw := range round {
				r, err := pt.ParseResult(raw)
				if err != nil {
					break // a pocket the wheel lacks
				}
				results = append(results, r)
			}
			if len(results) < len(round) {
				continue
			}
			for _, b := range bets {
				s, err := pt.Settle(games.Bet{Code: b.Code, Stake: stake}, 2, results)
				if err != nil {
					// A result the round's rules refuse after the ones
					// before it (a craps roll after the hand ended).
					continue
				}
				checked[pt.Game()]++
				if s.Rule == "" {
					t.Errorf("%s: %s over %s settles %s without a rule", pt.ID(), b.Code, round, s.Outcome)
				}
			}
		}
	}
	for _, g := range []string{"sicbo", "roulette", "craps"} {
		if checked[g] < 1000 {
			t.Errorf("%s: %d settlements checked", g, checked[g])
		}
	}
	t.Logf("settlements checked: %v", checked)
}
