package war

import (
	"encoding/json"
	"errors"
	"math/big"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

func TestPaytable_Settle(t *testing.T) {
	const war = "9S>1 9H>D war:1 burn:2C burn:3C burn:4C"
	for _, tt := range []struct {
		name, round, code string
		since             int
		outcome           games.Outcome
		win, returned     string
	}{
		{"higher card", "KS>1 9H>D", "main:1", 0, games.OutcomeWon, "10.00", "20.00"},
		{"ace high", "AS>1 KH>D", "main:1", 0, games.OutcomeWon, "10.00", "20.00"},
		{"lower card", "2S>1 AH>D", "main:1", 0, games.OutcomeLost, "0.00", "0.00"},
		{"tie open", "9S>1 9H>D", "main:1", 0, games.OutcomeOpen, "0.00", "0.00"},
		{"surrender", "9S>1 9H>D surrender:1", "main:1", 0, games.OutcomeLost, "0.00", "5.00"},
		{"war won: the bet pushes", war + " KD>1 4C>D", "main:1", 0, games.OutcomePush, "0.00", "10.00"},
		{"war won: the raise wins", war + " KD>1 4C>D", "war:1", 2, games.OutcomeWon, "10.00", "20.00"},
		{"war tied: the raise wins", war + " KD>1 KC>D", "war:1", 2, games.OutcomeWon, "10.00", "20.00"},
		{"war lost: the bet loses", war + " 4D>1 KC>D", "main:1", 0, games.OutcomeLost, "0.00", "0.00"},
		{"war lost: the raise loses", war + " 4D>1 KC>D", "war:1", 2, games.OutcomeLost, "0.00", "0.00"},
		{"raise without its decision", "9S>1 9H>D surrender:1", "war:1", 2, games.OutcomePush, "0.00", "10.00"},
		{"tie bet wins", "9S>1 9H>D", "tie:1", 0, games.OutcomeWon, "100.00", "110.00"},
		{"tie bet loses", "9S>1 8H>D", "tie:1", 0, games.OutcomeLost, "0.00", "0.00"},
		{"seat not dealt", "9S>1 8H>D", "main:2", 0, games.OutcomePush, "0.00", "10.00"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := chile(t).Settle(games.Bet{Code: tt.code, Stake: decimal.NewFromInt(10), Since: tt.since}, 2, script(t, tt.round))
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome != tt.outcome || s.Win.StringFixed(2) != tt.win || s.Returned.StringFixed(2) != tt.returned {
				t.Errorf("%s win %s returned %s (%s)", s.Outcome, s.Win, s.Returned, s.Rule)
			}
		})
	}
	p := chile(t)
	for name, b := range map[string]games.Bet{
		"ErrCode":  {Code: "main:0", Stake: decimal.NewFromInt(1)},
		"ErrStake": {Code: "main:1", Stake: decimal.NewFromInt(-1)},
		"ErrLate":  {Code: "tie:1", Stake: decimal.NewFromInt(1), Since: 1},
	} {
		if _, err := p.Settle(b, 2, script(t, "9S>1 8H>D")); ErrorCode(err) == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

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
		{"ErrMainTwice", "", "main:1", 10, main, RuleBetNotNow},
		{"OK tie", "", "tie:1", 5, main, ""},
		{"ErrTieAlone", "", "tie:1", 5, nil, RuleNoMainBet},
		{"ErrTieLate", "9S>1", "tie:1", 5, main, RuleBetNotNow},
		{"OK raise", "9S>1 9H>D", "war:1", 10, main, ""},
		{"ErrRaiseLess", "9S>1 9H>D", "war:1", 5, main, RuleBetStake},
		{"ErrRaiseNoTie", "9S>1 8H>D", "war:1", 10, main, RuleBetNotNow},
		{"ErrRaiseOtherSeat", "9S>1 9C>2 9H>D", "war:2", 10, []games.Bet{{Code: "main:2", Stake: ten}}, RuleBetNotNow},
		{"ErrRaiseTwice", "9S>1 9H>D", "war:1", 10, append(main, games.Bet{Code: "war:1", Stake: ten, Since: 2}), RuleBetNotNow},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rs := script(t, tt.round)
			err := chile(t).CheckPlacement(games.Bet{Code: tt.code, Stake: decimal.NewFromInt(tt.stake), Since: len(rs)}, rs, tt.open)
			if BrokenRule(err) != tt.rule {
				t.Fatalf("rule %q (%v), want %q", BrokenRule(err), err, tt.rule)
			}
		})
	}
}

// TestExactRTP pins War's exact figures for the 6-deck shoe.
func TestExactRTP(t *testing.T) {
	f := ExactRTP(chile(t))
	for name, tt := range map[string]struct {
		got  *big.Rat
		want string
	}{
		"tied":        {f.Tied, "23/311"},
		"win":         {f.Win, "144/311"},
		"war win":     {f.WarWin, "8573/15965"},
		"main":        {f.Main.RTP, "4795099/4965115"},
		"raise":       {f.War.RTP, "17146/15965"},
		"tie":         {f.Tie.RTP, "253/311"},
		"per bet":     {f.PerBet, "4822262/4965115"},
		"per wagered": {f.PerWagered, "5189457/5332310"},
		"surrender":   {f.SurrenderPerBet, "599/622"},
	} {
		if tt.got.RatString() != tt.want {
			t.Errorf("%s = %s, want %s", name, tt.got.RatString(), tt.want)
		}
	}
	if f.SurrenderPerBet.Cmp(f.PerBet) >= 0 {
		t.Error("surrendering beats going to war")
	}
	if kit.RatPercent(f.PerBet, 4).String() != "97.1229" || kit.RatPercent(f.Tie.HouseEdge(), 4).String() != "18.6495" {
		t.Errorf("per bet %s, tie edge %s", kit.RatPercent(f.PerBet, 4), kit.RatPercent(f.Tie.HouseEdge(), 4))
	}
	// The war card enumeration agrees with symmetry: after a tie of any
	// rank, P(equal or higher) = (1 + P(equal)) / 2, with P(equal) =
	// (22·21 + 12·24·23) / (310·309).
	eq := big.NewRat(22*21+12*24*23, 310*309)
	sym := new(big.Rat).Quo(new(big.Rat).Add(big.NewRat(1, 1), eq), big.NewRat(2, 1))
	if sym.Cmp(f.WarWin) != 0 {
		t.Errorf("war win %s, symmetry %s", f.WarWin.RatString(), sym.RatString())
	}
	if rs := chile(t).RTP(); len(rs) != 3 || rs[0].Code != "main:1" || rs[2].RTP.Cmp(f.Tie.RTP) != 0 {
		t.Errorf("%v", rs)
	}
}

func TestSettleLine(t *testing.T) {
	for _, tt := range []struct {
		name, line string
		want       map[string]any
	}{
		{"war won", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"war":{"player":"KD","dealer":"4C"}}`,
			map[string]any{"outcome": "won", "win": "10.00", "returned": "30.00", "staked": "20.00", "paytable_hash": goldenHashChile2010}},
		{"war lost", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"war":{"player":"2D","dealer":"4C"}}`,
			map[string]any{"outcome": "lost", "returned": "0.00", "staked": "20.00"}},
		{"surrendered", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"surrendered":true}`,
			map[string]any{"outcome": "lost", "returned": "5.00", "staked": "10.00"}},
		{"surrendered odd", `{"paytable":"war/chile-2010","bet":"main","stake":"7","scale":0,"player":["9S"],"dealer":["9H"],"surrendered":true}`,
			map[string]any{"outcome": "lost", "returned": "3", "residue": "0.5"}},
		{"higher", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["AS"],"dealer":["9H"]}`,
			map[string]any{"outcome": "won", "returned": "20.00"}},
		{"tie bet", `{"paytable":"war/chile-2010","bet":"tie","stake":"5","player":["9S"],"dealer":["9H"]}`,
			map[string]any{"outcome": "won", "win": "50.00", "returned": "55.00"}},
		{"ErrTieWithNeither", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "tie_needs_decision"}},
		{"ErrWarWithoutTie", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["8H"],"war":{"player":"KD","dealer":"4C"}}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "tie_decision"}},
		{"ErrBoth", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"war":{"player":"KD","dealer":"4C"},"surrendered":true}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "tie_decision"}},
		{"ErrTwoCards", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S","8S"],"dealer":["9H"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "result_shape"}},
		{"ErrCard", `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["10S"],"dealer":["9H"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "card_spelling"}},
		{"ErrBet", `{"paytable":"war/chile-2010","bet":"war","stake":"10","player":["9S"],"dealer":["9H"]}`,
			map[string]any{"outcome": "error", "code": "invalid_bet_code"}},
		{"ErrMember", `{"paytable":"war/chile-2010","bet":"main","stake":"10","hands":[]}`,
			map[string]any{"outcome": "error", "code": "invalid_request"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := json.Marshal(SettleLine([]byte(tt.line), "", 2))
			var got map[string]any
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v (%s)", k, got[k], v, b)
				}
			}
		})
	}
}

func TestErrorCode(t *testing.T) {
	for err, code := range map[error]string{
		ErrBadResult: CodeInvalidResult, ErrBadBetCode: CodeInvalidBetCode, ErrBetRefused: CodeBetRefused,
		ErrBadStake: CodeInvalidAmount, ErrBadScale: CodeInvalidScale, ErrUnknownPaytable: CodeUnknownPaytable,
		ErrBadPaytable: "", errors.New("other"): "",
	} {
		var ce games.CodedError
		if ErrorCode(err) != code || errors.As(err, &ce) != (code != "") {
			t.Errorf("%v: %q", err, ErrorCode(err))
		}
	}
}
