package blackjack

import (
	"encoding/json"
	"testing"
)

// TestSettleLine pins the auditors' contract of settle --jsonl: the
// issue's three request lines, a split, a surrender, and impossible hands
// answered with the rule they break.
func TestSettleLine(t *testing.T) {
	for _, tt := range []struct {
		name, line string
		want       map[string]any
	}{
		{"main doubled", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH"],"doubled":true}],"dealer":["9H","7C","2D"],"surrendered":false}`,
			map[string]any{"outcome": "won", "win": "20.00", "returned": "40.00", "staked": "20.00", "paytable_hash": goldenHashChile2010, "stake": "10.00"}},
		{"perfect pairs mixed", `{"bet":"perfect_pairs","stake":"5","cards":["8S","8D"]}`,
			map[string]any{"outcome": "won", "win": "30.00", "returned": "35.00"}},
		{"perfect pairs perfect", `{"bet":"perfect_pairs","stake":"5","cards":["8S","8S"]}`,
			map[string]any{"outcome": "won", "win": "125.00", "returned": "130.00"}},
		{"perfect pairs coloured", `{"bet":"perfect_pairs","stake":"5","cards":["8S","8C"]}`,
			map[string]any{"outcome": "won", "win": "60.00"}},
		{"perfect pairs none", `{"bet":"perfect_pairs","stake":"5","cards":["8S","9S"]}`,
			map[string]any{"outcome": "lost", "returned": "0.00"}},
		{"insurance wins", `{"bet":"insurance","stake":"5","dealer":["AS","KH"]}`,
			map[string]any{"outcome": "won", "win": "10.00", "returned": "15.00"}},
		{"insurance loses", `{"bet":"insurance","stake":"5","dealer":["AS","5H","2C"]}`,
			map[string]any{"outcome": "lost"}},
		{"insurance without ace", `{"bet":"insurance","stake":"5","dealer":["KS","AH"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "insurance_needs_ace"}},
		{"blackjack 3:2", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["AS","KD"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "won", "win": "15.00", "returned": "25.00"}},
		{"blackjack 3:2 residue", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"7","scale":0,"hands":[{"cards":["AS","KD"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "won", "win": "10", "returned": "17", "residue": "0.5"}},
		{"two blackjacks push", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["AS","KD"]}],"dealer":["AH","TC"]}`,
			map[string]any{"outcome": "push", "returned": "10.00"}},
		{"dealer blackjack beats a double", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["6S","5D","KD"],"doubled":true}],"dealer":["AH","TC"]}`,
			map[string]any{"outcome": "lost", "returned": "0.00", "staked": "20.00"}},
		{"split", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH"],"doubled":true},{"cards":["8D","TC"]},{"cards":["8C","8H","KC"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "won", "win": "20.00", "returned": "50.00", "staked": "40.00"}},
		{"split push overall", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","KH"]},{"cards":["8D","TC"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "push", "returned": "20.00", "staked": "20.00"}},
		{"split aces 21 is not blackjack", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["AS","KH"]},{"cards":["AD","5C"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "push", "win": "10.00", "returned": "20.00"}},
		{"surrender", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["TS","6D"]}],"dealer":["9H"],"surrendered":true}`,
			map[string]any{"outcome": "lost", "returned": "5.00", "win": "0.00"}},
		{"surrender odd stake", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"0.05","hands":[{"cards":["TS","6D"]}],"dealer":["9H"],"surrendered":true}`,
			map[string]any{"outcome": "lost", "returned": "0.02", "residue": "0.005"}},
		{"ErrDoubleThreeCards", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","2H","KH"],"doubled":true}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "double_on_two_cards"}},
		{"ErrHit21", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH","2C"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "hand_is_21"}},
		{"ErrHitBust", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","6D","KH","2C"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "hand_is_bust"}},
		{"ErrSplitNonPair", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D"]},{"cards":["9D","TC"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "split_a_pair"}},
		{"ErrSplitAcesThreeCards", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["AS","2H","5D"]},{"cards":["AD","5C"]}],"dealer":["9H","7C","2D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "not_your_turn"}},
		{"ErrDealerDrawsHard17", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","KH"]}],"dealer":["9H","8C","2D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "dealer_stands_on_17"}},
		{"ErrDealerStopsBelow17", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","KH"]}],"dealer":["9H","6C"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "dealer_draws_below_17"}},
		{"ErrFiveHands", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","KH"]},{"cards":["8S","KH"]},{"cards":["8S","KH"]},{"cards":["8S","KH"]},{"cards":["8S","KH"]}],"dealer":["9H","8C"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "split_hands_max"}},
		{"ErrSurrenderThreeCards", `{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH"]}],"dealer":["9H"],"surrendered":true}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "surrender_first_decision"}},
		{"ErrUnknownMember", `{"bet":"main","stake":"10","hand":[]}`, map[string]any{"outcome": "error", "code": "invalid_request"}},
		{"ErrBet", `{"bet":"double","stake":"10"}`, map[string]any{"outcome": "error", "code": "invalid_bet_code"}},
		{"ErrStake", `{"bet":"perfect_pairs","stake":"-5","cards":["8S","8D"]}`, map[string]any{"outcome": "error", "code": "invalid_amount"}},
		{"ErrCard", `{"bet":"perfect_pairs","stake":"5","cards":["10S","8D"]}`, map[string]any{"outcome": "error", "code": "invalid_result", "rule": "card_spelling"}},
		{"ErrPaytable", `{"paytable":"blackjack/vegas","bet":"main","stake":"5"}`, map[string]any{"outcome": "error", "code": "unknown_paytable"}},
		{"ErrEmpty", ` `, map[string]any{"outcome": "error", "code": "invalid_request"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(SettleLine([]byte(tt.line), IDChile2010, 2))
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v (answer %s)", k, got[k], v, b)
				}
			}
		})
	}
}
