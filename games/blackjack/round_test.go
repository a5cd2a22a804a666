package blackjack

import (
	"testing"
)

// TestRound_Decisions tries every decision against the cards it is
// allowed on and the cards it is refused on: each case is a round so far
// and a next result, accepted (rule "") or refused with the rule named.
func TestRound_Decisions(t *testing.T) {
	const deal = "8S>1 9H>D 3D>1" // seat 1 has 8 3 (11), dealer shows 9
	for _, tt := range []struct {
		name, prior, next, rule string
		settings                func(*Settings)
	}{
		// The deal.
		{"OK first card to a seat", "", "8S>1", "", nil},
		{"ErrDealerFirst", "", "9H>D", RuleDealOrder, nil},
		{"ErrDecisionFirst", "", "hit:1/0", RuleDealOrder, nil},
		{"ErrSeatOrder", "8S>3", "8D>2", RuleDealOrder, nil},
		{"ErrFirstToHand1", "", "8S>1/1", RuleDealOrder, nil},
		{"OK two seats", "8S>1 9D>3", "9H>D", "", nil},
		{"ErrSecondOrder", "8S>1 9D>3 9H>D", "3D>3", RuleDealOrder, nil},
		{"ErrNewSeatInSecond", "8S>1 9H>D", "3D>2", RuleDealOrder, nil},
		{"ErrDecisionBeforeSecond", "8S>1 9H>D", "stand:1/0", RuleDealOrder, nil},
		{"ErrDealerSecondEarly", "8S>1 9H>D 3D>1", "7C>D", RuleTurn, nil},
		// Hit.
		{"OK hit 11", deal, "hit:1/0", "", nil},
		{"ErrCardWithoutHit", deal, "KH>1", RuleDecisionExpected, nil},
		{"OK card after hit", deal + " hit:1/0", "KH>1", "", nil},
		{"ErrDecisionOwedCard", deal + " hit:1/0", "stand:1/0", RuleCardExpected, nil},
		{"ErrHit21", "8S>1 9D>2 9H>D 3D>1 2C>2 hit:1/0 KH>1", "hit:1/0", RuleHand21, nil},
		{"ErrHitBust", "8S>1 9D>2 9H>D 3D>1 2C>2 hit:1/0 5H>1 hit:1/0 KH>1", "hit:1/0", RuleHandBust, nil},
		{"ErrHitBlackjack", "AS>1 9D>2 9H>D KD>1 2C>2", "hit:1/0", RuleHand21, nil},
		{"ErrOtherSeat", "8S>1 9D>2 9H>D 3D>1 2C>2", "hit:2/0", RuleTurn, nil},
		{"OK second seat after first stands", "8S>1 9D>2 9H>D 3D>1 2C>2 stand:1/0", "hit:2/0", "", nil},
		// Stand.
		{"OK stand", deal, "stand:1/0", "", nil},
		{"ErrAfterStandDealerOnly", deal + " stand:1/0", "hit:1/0", RuleTurn, nil},
		{"OK dealer draws after the seats", deal + " stand:1/0", "7C>D", "", nil},
		// Double.
		{"OK double two cards", deal, "double:1/0", "", nil},
		{"ErrDoubleThreeCards", deal + " hit:1/0 2C>1", "double:1/0", RuleDoubleTwoCards, nil},
		{"ErrDoubleSecondCard", deal + " double:1/0 2C>1", "hit:1/0", RuleTurn, nil},
		{"OK double after split", "8S>1 9H>D 8D>1 split:1/0 3C>1", "double:1/0", "", nil},
		{"ErrDoubleAfterSplitOff", "8S>1 9H>D 8D>1 split:1/0 3C>1", "double:1/0", RuleDoubleAfterSplit, func(s *Settings) { s.DoubleAfterSplit = false }},
		// Split.
		{"OK split a pair", "8S>1 9H>D 8D>1", "split:1/0", "", nil},
		{"ErrSplitNonPair", deal, "split:1/0", RuleSplitPair, nil},
		{"ErrSplitTenValues", "KS>1 9H>D QD>1", "split:1/0", RuleSplitPair, nil},
		{"ErrSplitThreeCards", "4S>1 9H>D 4D>1 hit:1/0 2C>1", "split:1/0", RuleSplitPair, nil},
		{"OK split hand gets its card", "8S>1 9H>D 8D>1 split:1/0", "3C>1", "", nil},
		{"ErrSplitHandOrder", "8S>1 9H>D 8D>1 split:1/0", "3C>1/1", RuleTurn, nil},
		{"OK second split hand after the first", "8S>1 9H>D 8D>1 split:1/0 3C>1 stand:1/0", "KC>1/1", "", nil},
		{"OK resplit", "8S>1 9H>D 8D>1 split:1/0 8C>1", "split:1/0", "", nil},
		{"OK resplit hand plays before hand 1", "8S>1 9H>D 8D>1 split:1/0 8C>1 split:1/0 2C>1 stand:1/0", "5C>1/2", "", nil},
		{"ErrSplitFifthHand", "8S>1 9H>D 8D>1 split:1/0 8C>1 split:1/0 8H>1 split:1/0 8S>1", "split:1/0", RuleSplitHandsMax, nil},
		{"OK two hands max table refused", "8S>1 9H>D 8D>1 split:1/0 8C>1", "split:1/0", RuleSplitHandsMax, func(s *Settings) { s.HandsMax = 2 }},
		{"ErrSplitAcesHit", "AS>1 9H>D AD>1 split:1/0 5C>1", "hit:1/0", RuleTurn, nil},
		{"OK split aces one card each", "AS>1 9H>D AD>1 split:1/0 5C>1", "6C>1/1", "", nil},
		{"ErrSplitAcesResplit", "AS>1 9H>D AD>1 split:1/0 AC>1", "split:1/0", RuleTurn, nil},
		{"OK split aces resplit table", "AS>1 9H>D AD>1 split:1/0 AC>1", "split:1/0", "", func(s *Settings) { s.ResplitAces = true }},
		{"ErrResplitAcesHit", "AS>1 9H>D AD>1 split:1/0 AC>1", "hit:1/0", RuleSplitAces, func(s *Settings) { s.ResplitAces = true }},
		{"ErrSplitAcesDouble", "AS>1 9H>D AD>1 split:1/0 AC>1", "double:1/0", RuleSplitAces, func(s *Settings) { s.ResplitAces = true }},
		// Surrender.
		{"OK surrender", deal, "surrender:1/0", "", nil},
		{"ErrSurrenderAfterHit", deal + " hit:1/0 2C>1", "surrender:1/0", RuleSurrender, nil},
		{"ErrSurrenderAfterSplit", "8S>1 9H>D 8D>1 split:1/0 3C>1", "surrender:1/0", RuleSurrender, nil},
		{"OK after surrender the dealer draws", deal + " surrender:1/0", "7C>D", "", nil},
		// The dealer.
		{"ErrDealerStandsHard17", deal + " stand:1/0 8C>D", "2C>D", RuleDealerStands, nil},
		{"ErrDealerStandsSoft17", "8S>1 AH>D 3D>1 stand:1/0 6C>D", "2C>D", RuleDealerStands, nil},
		{"OK dealer hits soft 17 table", "8S>1 AH>D 3D>1 stand:1/0 6C>D", "2C>D", "", func(s *Settings) { s.DealerHitsSoft17 = true }},
		{"OK dealer draws on 16", deal + " stand:1/0 7C>D", "2C>D", "", nil},
		{"ErrDecisionInDealerPhase", deal + " stand:1/0 7C>D", "hit:1/0", RuleTurn, nil},
		{"ErrAfterRoundOver", deal + " stand:1/0 7C>D 2D>D", "cut", RuleRoundOver, nil},
		// The cut card and the shoe.
		{"OK cut card in the round", deal, "cut", "", nil},
		{"ErrCutCardTwice", deal + " cut", "cut", RuleCutCard, nil},
		{"ErrSeventhCopy", "8S>1 8S>2 8S>3 8S>4 8S>5 8S>6 9H>D", "8S>1", RuleShoe, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := chile(t)
			if tt.settings != nil {
				p = withSettings(t, tt.settings)
			}
			prior := script(t, tt.prior)
			if _, err := p.Fold(prior); err != nil {
				t.Fatalf("prior: %v", err)
			}
			err := p.CheckResult(token(t, tt.next), prior)
			if got := BrokenRule(err); got != tt.rule {
				t.Fatalf("%s after %q: rule %q (%v), want %q", tt.next, tt.prior, got, err, tt.rule)
			}
			if err != nil && ErrorCode(err) != CodeInvalidResult {
				t.Errorf("code %q", ErrorCode(err))
			}
		})
	}
}

func TestRound_Over(t *testing.T) {
	p := chile(t)
	for _, tt := range []struct {
		s    string
		over bool
	}{
		{"8S>1 9H>D 3D>1 double:1/0 KH>1 7C>D 2D>D", true},
		{"8S>1 9H>D 3D>1 double:1/0 KH>1 7C>D", false},
		{"8S>1 9H>D 3D>1 surrender:1/0 KC>D", true},
		{"AS>1 TH>D KD>1 AC>D", true},
		{"8S>1 9H>D 3D>1 stand:1/0 cut 7C>D 5D>D", true},
	} {
		rs := script(t, tt.s)
		if got := p.RoundOver(rs); got != tt.over {
			t.Errorf("%s: over %v", tt.s, got)
		}
	}
	if !p.ShoeOver(script(t, "8S>1 9H>D 3D>1 stand:1/0 cut 7C>D 5D>D")) {
		t.Error("cut card not seen")
	}
}
