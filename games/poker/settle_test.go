package poker

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func round(t testing.TB, raw string) Round {
	t.Helper()
	r, err := ParseRound([]byte(raw))
	if err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return r
}

func TestPaytable_Settle(t *testing.T) {
	pt := mustNew(caribbean())
	tests := []struct {
		name   string
		result string
		code   string
		stake  string
		want   games.Outcome
		win    string
		ret    string
	}{
		{"fold loses the ante", `{"player":["AS","AH","KD","QC","JS"],"dealer":["2H","3D","5C","7S","9H"],"fold":true}`, BetAnte, "10", games.OutcomeLost, "0", "0"},
		{"no qualify: ante wins", `{"player":["AS","AH","KD","QC","JS"],"dealer":["2H","3D","5C","7S","9H"]}`, BetAnte, "10", games.OutcomeWon, "10", "20"},
		{"no qualify: call returned", `{"player":["AS","AH","KD","QC","JS"],"dealer":["2H","3D","5C","7S","9H"]}`, BetCall, "20", games.OutcomePush, "0", "20"},
		{"queen-high does not qualify", `{"player":["2S","2C","KD","QC","JS"],"dealer":["AH","QD","5C","7S","9H"]}`, BetCall, "20", games.OutcomePush, "0", "20"},
		{"player wins: ante 1:1", `{"player":["AS","AH","KD","QC","JS"],"dealer":["AC","KH","5C","7S","9H"]}`, BetAnte, "10", games.OutcomeWon, "10", "20"},
		{"player wins: pair 1:1", `{"player":["AS","AH","KD","QC","JS"],"dealer":["AC","KH","5C","7S","9H"]}`, BetCall, "20", games.OutcomeWon, "20", "40"},
		{"ace-king beats a lower ace-king 1:1", `{"player":["AS","KD","QC","JS","9S"],"dealer":["AC","KH","5C","4S","2H"]}`, BetCall, "20", games.OutcomeWon, "20", "40"},
		{"straight flush 50:1", `{"player":["9H","KH","QH","JH","TH"],"dealer":["AC","AD","5C","7S","9C"]}`, BetCall, "20", games.OutcomeWon, "1000", "1020"},
		{"royal flush 100:1", `{"player":["AS","KS","QS","JS","TS"],"dealer":["AC","AD","5C","7S","9C"]}`, BetCall, "20", games.OutcomeWon, "2000", "2020"},
		{"four of a kind 20:1", `{"player":["2H","2D","2C","2S","9H"],"dealer":["AC","AD","5C","7S","9C"]}`, BetCall, "0.05", games.OutcomeWon, "1.00", "1.05"},
		{"tie returns the call", `{"player":["AS","KD","QC","JS","9S"],"dealer":["AC","KH","QD","JH","9C"]}`, BetCall, "20", games.OutcomePush, "0", "20"},
		{"tie returns the ante", `{"player":["AS","KD","QC","JS","9S"],"dealer":["AC","KH","QD","JH","9C"]}`, BetAnte, "10", games.OutcomePush, "0", "10"},
		{"dealer wins the ante", `{"player":["2S","2D","QC","JS","9S"],"dealer":["AC","AH","QD","JH","9C"]}`, BetAnte, "10", games.OutcomeLost, "0", "0"},
		{"dealer wins the call", `{"player":["2S","2D","QC","JS","9S"],"dealer":["AC","AH","QD","JH","9C"]}`, BetCall, "20", games.OutcomeLost, "0", "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := round(t, tt.result)
			s, err := pt.Settle(games.Bet{Code: tt.code, Stake: decimal.RequireFromString(tt.stake)}, 2, []games.Result{r})
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome != tt.want || !s.Win.Equal(decimal.RequireFromString(tt.win)) || !s.Returned.Equal(decimal.RequireFromString(tt.ret)) || !s.Residue.IsZero() || s.Rule == "" {
				t.Errorf("%+v", s)
			}
		})
	}
}

func TestPaytable_SettleErr(t *testing.T) {
	pt := mustNew(caribbean())
	folded := round(t, `{"player":["AS","AH","KD","QC","JS"],"dealer":["2H","3D","5C","7S","9H"],"fold":true}`)
	ten := decimal.NewFromInt(10)
	if _, err := pt.Settle(games.Bet{Code: BetCall, Stake: ten}, 2, []games.Result{folded}); BrokenRule(err) != RuleFoldedCall {
		t.Errorf("call on a fold: %v", err)
	}
	if _, err := pt.Settle(games.Bet{Code: BetAnte, Stake: decimal.RequireFromString("0.001")}, 2, []games.Result{folded}); !errors.Is(err, ErrBadStake) {
		t.Errorf("stake: %v", err)
	}
	if _, err := pt.Settle(games.Bet{Code: BetAnte, Stake: ten}, 9, []games.Result{folded}); ErrorCode(err) != CodeInvalidScale {
		t.Errorf("scale: %v", err)
	}
	if _, err := pt.Settle(games.Bet{Code: BetAnte, Stake: ten}, 2, nil); BrokenRule(err) != RuleResultShape {
		t.Errorf("no result: %v", err)
	}
	if _, err := pt.Settle(games.Bet{Code: "side", Stake: ten}, 2, []games.Result{folded}); ErrorCode(err) != CodeInvalidBetCode {
		t.Errorf("code: %v", err)
	}
}

func TestPaytable_CheckPlacement(t *testing.T) {
	pt := mustNew(caribbean())
	ante := games.Bet{Code: BetAnte, Stake: decimal.NewFromInt(5)}
	ok := []struct {
		b    games.Bet
		open []games.Bet
	}{
		{ante, nil},
		{games.Bet{Code: BetCall, Stake: decimal.NewFromInt(10)}, []games.Bet{ante}},
	}
	for _, tt := range ok {
		if err := pt.CheckPlacement(tt.b, nil, tt.open); err != nil {
			t.Errorf("%+v: %v", tt.b, err)
		}
	}
	bad := []struct {
		b    games.Bet
		open []games.Bet
	}{
		{ante, []games.Bet{ante}},
		{games.Bet{Code: BetCall, Stake: decimal.NewFromInt(10)}, nil},
		{games.Bet{Code: BetCall, Stake: decimal.NewFromInt(5)}, []games.Bet{ante}},
		{games.Bet{Code: BetCall, Stake: decimal.NewFromInt(10)}, []games.Bet{ante, {Code: BetCall, Stake: decimal.NewFromInt(10)}}},
	}
	for _, tt := range bad {
		if err := pt.CheckPlacement(tt.b, nil, tt.open); ErrorCode(err) != CodeBetRefused {
			t.Errorf("%+v beside %+v: %v", tt.b, tt.open, err)
		}
	}
}

func TestParseRound(t *testing.T) {
	r := round(t, `{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S","9H"]}`)
	if got := string(r.JSON()); got != `{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S","9H"]}` {
		t.Errorf("JSON %s", got)
	}
	same := round(t, `{"player":["TS","KS","QS","JS","AS"],"dealer":["9H","3D","5C","7S","2H"]}`)
	if !r.Equal(same) {
		t.Error("the same cards in another order are not equal")
	}
	if r.Equal(round(t, `{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S","9H"],"fold":true}`)) {
		t.Error("a fold equals a call")
	}
	for raw, rule := range map[string]string{
		`{"player":["AS","KS","QS","JS","TS"],"dealer":["AS","3D","5C","7S","9H"]}`:             RuleDuplicateCard,
		`{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S"]}`:                  RuleHandSize,
		`{"player":["AS","KS","QS","JS","TS"]}`:                                                 RuleHandSize,
		`{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S","9H"],"x":1}`:       RuleResultShape,
		`{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S","9H"],"Fold":true}`: RuleResultShape,
		`{"player":["AS","KS","QS","JS","1S"],"dealer":["2H","3D","5C","7S","9H"]}`:             RuleCardSpelling,
	} {
		if _, err := ParseRound([]byte(raw)); BrokenRule(err) != rule || ErrorCode(err) != CodeInvalidResult {
			t.Errorf("%s: %v, want %s", raw, err, rule)
		}
	}
}
