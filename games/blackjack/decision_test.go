package blackjack

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// TestCheckDecision: a double or split is taken with its bet placed right
// after the round's previous result, refused without it, with the bet of
// another hand or kind, or one placed before an earlier result; other
// results need no bet.
func TestCheckDecision(t *testing.T) {
	p := mustNew(chile2010())
	prior := script(t, "8S>1 5H>D 8D>1")
	ten := decimal.NewFromInt(10)
	bet := func(code string, since int) games.Bet { return games.Bet{Code: code, Stake: ten, Since: since} }
	main := bet("main:1", 0)
	for _, c := range []struct {
		result string
		bets   []games.Bet
		ok     bool
	}{
		{"split:1/0", []games.Bet{main, bet("split:1:0", 3)}, true},
		{"double:1/0", []games.Bet{main, bet("double:1:0", 3)}, true},
		{"split:1/0", []games.Bet{main}, false},
		{"split:1/0", []games.Bet{main, bet("double:1:0", 3)}, false},
		{"split:1/0", []games.Bet{main, bet("split:1:1", 3)}, false},
		{"split:1/0", []games.Bet{main, bet("split:1:0", 2)}, false},
		{"double:1/0", []games.Bet{main, bet("double:2:0", 3)}, false},
		{"hit:1/0", []games.Bet{main}, true},
		{"surrender:1/0", nil, true},
		{"9C>D", nil, true},
	} {
		err := p.CheckDecision(token(t, c.result), prior, c.bets)
		if (err == nil) != c.ok {
			t.Errorf("%s with %v: %v, want ok %v", c.result, c.bets, err, c.ok)
		}
		if err != nil && (BrokenRule(err) != RuleDecisionNeedsBet || ErrorCode(err) != CodeInvalidResult) {
			t.Errorf("%s: rule %q code %q", c.result, BrokenRule(err), ErrorCode(err))
		}
	}
}
