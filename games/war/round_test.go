package war

import (
	"testing"
)

// TestRound_Apply tries each result where the round allows it and where
// it does not.
func TestRound_Apply(t *testing.T) {
	const tie = "9S>1 4C>2 9H>D" // seat 1 ties, seat 2 loses
	for _, tt := range []struct{ name, prior, next, rule string }{
		{"OK first card", "", "9S>1", ""},
		{"ErrDealerFirst", "", "9H>D", RuleDealOrder},
		{"ErrSeatOrder", "9S>2", "9S>1", RuleDealOrder},
		{"ErrDecisionBeforeDeal", "9S>1", "war:1", RuleDecision},
		{"ErrOverWithoutTie", "9S>1 8H>D", "war:1", RuleRoundOver},
		{"OK war on a tie", tie, "war:1", ""},
		{"OK surrender on a tie", tie, "surrender:1", ""},
		{"ErrUntiedSeatDecides", tie, "war:2", RuleDecision},
		{"ErrCardBeforeDecision", tie, "KD>1", RuleDecision},
		{"ErrBurnBeforeDecision", tie, "burn:2C", RuleBurn},
		{"OK burn after war", tie + " war:1", "burn:2C", ""},
		{"ErrWarCardBeforeBurn", tie + " war:1 burn:2C burn:3C", "KD>1", RuleBurn},
		{"OK war card after three burns", tie + " war:1 burn:2C burn:3C burn:4C", "KD>1", ""},
		{"ErrFourthBurn", tie + " war:1 burn:2C burn:3C burn:4C", "burn:5C", RuleBurn},
		{"ErrDealerWarCardFirst", tie + " war:1 burn:2C burn:3C burn:4C", "4C>D", RuleWarOrder},
		{"OK dealer's war card", tie + " war:1 burn:2C burn:3C burn:4C KD>1", "4C>D", ""},
		{"ErrWarCardToUntiedSeat", tie + " war:1 burn:2C burn:3C burn:4C", "KD>2", RuleWarOrder},
		{"ErrAfterSurrenderOver", tie + " surrender:1", "burn:2C", RuleRoundOver},
		{"ErrAfterWar", tie + " war:1 burn:2C burn:3C burn:4C KD>1 4C>D", "cut", RuleRoundOver},
		{"OK two ties in seat order", "9S>1 9C>2 9H>D surrender:1", "war:2", ""},
		{"ErrTwoTiesOrder", "9S>1 9C>2 9H>D", "war:2", RuleDecision},
		{"OK cut card", "9S>1", "cut", ""},
		{"ErrCutTwice", "9S>1 cut", "cut", RuleCutCard},
		{"ErrSeventhCopy", "9S>1 9S>2 9S>3 9S>4 9S>5 9S>6", "9S>D", RuleShoe},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := chile(t)
			prior := script(t, tt.prior)
			if _, err := p.Fold(prior); err != nil {
				t.Fatalf("prior: %v", err)
			}
			err := p.CheckResult(token(t, tt.next), prior)
			if BrokenRule(err) != tt.rule {
				t.Fatalf("rule %q (%v), want %q", BrokenRule(err), err, tt.rule)
			}
		})
	}
}

func TestRound_Over(t *testing.T) {
	p := chile(t)
	for s, over := range map[string]bool{
		"9S>1 8H>D":             true,
		"9S>1 9H>D":             false,
		"9S>1 9H>D surrender:1": true,
		"9S>1 9H>D war:1 burn:2C burn:3C burn:4C KD>1":      false,
		"9S>1 9H>D war:1 burn:2C burn:3C burn:4C KD>1 4C>D": true,
	} {
		if got := p.RoundOver(script(t, s)); got != over {
			t.Errorf("%s: over %v", s, got)
		}
	}
	if !p.ShoeOver(script(t, "9S>1 cut 8H>D")) {
		t.Error("cut card")
	}
	for behind, ok := range map[int]bool{51: false, 52: true, 200: true, 312: false} {
		if err := p.CheckShuffle(Shuffle{CutBehind: behind, Burned: "5C"}); (err == nil) != ok {
			t.Errorf("cut %d: %v", behind, err)
		}
	}
	if err := p.CheckShuffle(Shuffle{CutBehind: 52}); BrokenRule(err) != RuleShuffle {
		t.Errorf("no burn: %v", err)
	}
}
