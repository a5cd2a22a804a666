package blackjack

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// TestPaytable_Settle settles bets through the seam on scripted rounds:
// each bet with the index of the result it was placed before.
func TestPaytable_Settle(t *testing.T) {
	const split = "8S>1 9H>D 8D>1 split:1/0 3C>1 double:1/0 KH>1 TC>1/1 stand:1/1 7C>D 2D>D"
	for _, tt := range []struct {
		name, round, code string
		since             int
		stake             string
		outcome           games.Outcome
		win, returned     string
	}{
		{"main wins", "9S>1 9H>D TD>1 stand:1/0 7C>D 2D>D", "main:1", 0, "10", games.OutcomeWon, "10.00", "20.00"},
		{"main open before the dealer", "8S>1 9H>D TD>1 stand:1/0 7C>D", "main:1", 0, "10", games.OutcomeOpen, "0.00", "0.00"},
		{"main bust decided at once", "8S>1 9H>D 6D>1 hit:1/0 KC>1", "main:1", 0, "10", games.OutcomeLost, "0.00", "0.00"},
		{"blackjack decided on the dealer's second card", "AS>1 9H>D TD>1 7C>D", "main:1", 0, "10", games.OutcomeWon, "15.00", "25.00"},
		{"blackjack against the dealer's", "AS>1 AH>D TD>1 KC>D", "main:1", 0, "10", games.OutcomePush, "0.00", "10.00"},
		{"dealer blackjack", "9S>1 AH>D TD>1 stand:1/0 KC>D", "main:1", 0, "10", games.OutcomeLost, "0.00", "0.00"},
		{"surrender", "TS>1 AH>D 6D>1 surrender:1/0", "main:1", 0, "10", games.OutcomeLost, "0.00", "5.00"},
		{"split first hand (main)", split, "main:1", 0, "10", games.OutcomeWon, "10.00", "20.00"},
		{"split first hand doubled", split, "double:1:0", 5, "10", games.OutcomeWon, "10.00", "20.00"},
		{"split second hand", split, "split:1:0", 3, "10", games.OutcomePush, "0.00", "10.00"},
		{"split not recorded", split, "split:1:0", 4, "10", games.OutcomePush, "0.00", "10.00"},
		{"double not yet recorded", "8S>1 9H>D 3D>1", "double:1:0", 3, "10", games.OutcomeOpen, "0.00", "0.00"},
		{"insurance wins", "9S>1 AH>D TD>1 stand:1/0 KC>D", "insurance:1", 3, "5", games.OutcomeWon, "10.00", "15.00"},
		{"insurance loses", "9S>1 AH>D TD>1 stand:1/0 5C>D 2C>D", "insurance:1", 3, "5", games.OutcomeLost, "0.00", "0.00"},
		{"insurance not offered returned", "9S>1 KH>D TD>1 stand:1/0 5C>D 2C>D", "insurance:1", 3, "5", games.OutcomePush, "0.00", "5.00"},
		{"main on a seat not dealt", "9S>1 KH>D TD>1 stand:1/0 7C>D", "main:2", 0, "10", games.OutcomePush, "0.00", "10.00"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := chile(t)
			s, err := p.Settle(games.Bet{Code: tt.code, Stake: decimal.RequireFromString(tt.stake), Since: tt.since}, 2, script(t, tt.round))
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome != tt.outcome || s.Win.StringFixed(2) != tt.win || s.Returned.StringFixed(2) != tt.returned {
				t.Errorf("%s: %s win %s returned %s (%s)", tt.code, s.Outcome, s.Win, s.Returned, s.Rule)
			}
		})
	}
}

func TestPaytable_Settle_Err(t *testing.T) {
	p := chile(t)
	rs := script(t, "8S>1 9H>D TD>1")
	for name, tt := range map[string]struct {
		b     games.Bet
		scale int32
		is    error
	}{
		"ErrScale":     {games.Bet{Code: "main:1", Stake: decimal.NewFromInt(1)}, 9, ErrBadScale},
		"ErrCode":      {games.Bet{Code: "tie:1", Stake: decimal.NewFromInt(1)}, 2, ErrBadBetCode},
		"ErrStake":     {games.Bet{Code: "main:1", Stake: decimal.RequireFromString("0.001")}, 2, ErrBadStake},
		"ErrZero":      {games.Bet{Code: "main:1", Stake: decimal.Zero}, 2, ErrBadStake},
		"ErrWorking":   {games.Bet{Code: "main:1", Stake: decimal.NewFromInt(1), Working: true}, 2, ErrBadBetCode},
		"ErrSince":     {games.Bet{Code: "main:1", Stake: decimal.NewFromInt(1), Since: 9}, 2, ErrBadResult},
		"ErrMainLater": {games.Bet{Code: "main:1", Stake: decimal.NewFromInt(1), Since: 1}, 2, ErrBetRefused},
	} {
		if _, err := p.Settle(tt.b, tt.scale, rs); !errors.Is(err, tt.is) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := p.Settle(games.Bet{Code: "main:1", Stake: decimal.NewFromInt(1)}, 2, script(t, "9H>D")); !errors.Is(err, ErrBadResult) {
		t.Errorf("bad round: %v", err)
	}
}

// TestPaytable_CheckPlacement tries each money-adding bet where the round
// allows it and where it does not.
func TestPaytable_CheckPlacement(t *testing.T) {
	ten := decimal.NewFromInt(10)
	main := []games.Bet{{Code: "main:1", Stake: ten}}
	for _, tt := range []struct {
		name, round, code string
		stake             int64
		open              []games.Bet
		rule              string
	}{
		{"OK main", "", "main:1", 10, nil, ""},
		{"ErrMainLate", "8S>1", "main:1", 10, nil, RuleBetNotNow},
		{"ErrMainTwice", "", "main:1", 10, main, RuleBetNotNow},
		{"OK perfect pairs 10%", "", "perfect_pairs:1", 1, main, ""},
		{"OK perfect pairs 80%", "", "perfect_pairs:1", 8, main, ""},
		{"ErrPerfectPairsAbove80", "", "perfect_pairs:1", 9, main, RuleBetStake},
		{"ErrPerfectPairsNoMain", "", "perfect_pairs:1", 5, nil, RuleNoMainBet},
		{"ErrPerfectPairsLate", "8S>1", "perfect_pairs:1", 5, main, RuleBetNotNow},
		{"OK insurance", "8S>1 AH>D 3D>1", "insurance:1", 5, main, ""},
		{"ErrInsuranceAboveHalf", "8S>1 AH>D 3D>1", "insurance:1", 6, main, RuleBetStake},
		{"ErrInsuranceNoAce", "8S>1 KH>D 3D>1", "insurance:1", 5, main, RuleInsuranceAce},
		{"ErrInsuranceBeforeDeal", "8S>1 AH>D", "insurance:1", 5, main, RuleBetNotNow},
		{"ErrInsuranceAfterDecision", "8S>1 8C>2 AH>D 3D>1 3C>2 stand:1/0", "insurance:2", 5, []games.Bet{{Code: "main:2", Stake: ten}}, RuleBetNotNow},
		{"OK double", "8S>1 9H>D 3D>1", "double:1:0", 10, main, ""},
		{"ErrDoubleLess", "8S>1 9H>D 3D>1", "double:1:0", 5, main, RuleBetStake},
		{"ErrDoubleThreeCards", "8S>1 9H>D 3D>1 hit:1/0 2C>1", "double:1:0", 10, main, RuleDoubleTwoCards},
		{"ErrDoubleOtherHand", "8S>1 9H>D 3D>1", "double:1:1", 10, main, RuleBetNotNow},
		{"ErrDoubleOwedCard", "8S>1 9H>D 3D>1 hit:1/0", "double:1:0", 10, main, RuleBetNotNow},
		{"OK split", "8S>1 9H>D 8D>1", "split:1:0", 10, main, ""},
		{"ErrSplitNonPair", "8S>1 9H>D 3D>1", "split:1:0", 10, main, RuleSplitPair},
		{"ErrSplitNoMain", "8S>1 9H>D 8D>1", "split:1:0", 10, nil, RuleNoMainBet},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := chile(t)
			rs := script(t, tt.round)
			err := p.CheckPlacement(games.Bet{Code: tt.code, Stake: decimal.NewFromInt(tt.stake), Since: len(rs)}, rs, tt.open)
			if BrokenRule(err) != tt.rule || (tt.rule != "" && ErrorCode(err) != CodeBetRefused) {
				t.Fatalf("rule %q (%v), want %q", BrokenRule(err), err, tt.rule)
			}
		})
	}
}
