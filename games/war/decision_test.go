package war

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// TestCheckDecision: "war" is taken with the seat's raise placed right
// after the round's previous result, refused without it, with another
// seat's raise or one placed earlier; a surrender needs no bet.
func TestCheckDecision(t *testing.T) {
	p := mustNew(chile2010())
	prior := script(t, "5S>1 5H>2 5D>D")
	ten := decimal.NewFromInt(10)
	bet := func(code string, since int) games.Bet { return games.Bet{Code: code, Stake: ten, Since: since} }
	for _, c := range []struct {
		result string
		bets   []games.Bet
		ok     bool
	}{
		{"war:1", []games.Bet{bet("main:1", 0), bet("war:1", 3)}, true},
		{"war:1", []games.Bet{bet("main:1", 0)}, false},
		{"war:1", []games.Bet{bet("main:1", 0), bet("war:2", 3)}, false},
		{"war:1", []games.Bet{bet("main:1", 0), bet("war:1", 2)}, false},
		{"surrender:1", nil, true},
	} {
		err := p.CheckDecision(token(t, c.result), prior, c.bets)
		if (err == nil) != c.ok {
			t.Errorf("%s with %v: %v, want ok %v", c.result, c.bets, err, c.ok)
		}
		if err != nil && BrokenRule(err) != RuleWarNeedsRaise {
			t.Errorf("%s: rule %q", c.result, BrokenRule(err))
		}
	}
}
