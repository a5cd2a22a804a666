package drawpoker

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

// settleLines are request lines of every kind: each bet, an exchange that
// makes the hand, a fold, a dealer who does not qualify, the defaults,
// and bad lines.
var settleLines = []string{
	`{"paytable":"drawpoker/exchange-one","bet":"call","stake":"20","player":["AS","AD","6C","6D","JH"],"exchange":{"discard":["JH"],"draw":["6S"]},"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"ante","stake":"10","player":["AS","AD","6C","6D","JH"],"exchange":{"discard":["JH"],"draw":["6S"]},"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"exchange","stake":"10","player":["AS","AD","6C","6D","JH"],"exchange":{"discard":["JH"],"draw":["6S"]},"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"ante","stake":"10","player":["AS","AD","6C","6D","JH"],"fold":true,"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"call","stake":"20","player":["2S","2D","6C","7D","JH"],"dealer":["KH","QD","5C","7S","9H"]}`,
	`{"bet":"call","stake":"3","player":["9S","TS","JS","QS","KS"],"dealer":["AH","KD","5C","7S","9H"],"scale":0}`,
	`{"paytable":"drawpoker/exchange-one","bet":"progressive","stake":"1","player":["AS","AD","6C","6D","JH"],"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"call","stake":"20","player":["AS","AD","6C","6D","JH"],"fold":true,"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"call","stake":"20","player":["AS","AD","6C","6D","JH"],"exchange":{"discard":["JH","6D"],"draw":["6S","2C"]},"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"call","stake":"20","player":["AS","AD","6C","6D","JH"],"exchange":{"discard":["JH"],"draw":["KH"]},"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/none","bet":"call","stake":"20","player":["AS","AD","6C","6D","JH"],"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"call","stake":"-1","player":["AS","AD","6C","6D","JH"],"dealer":["KH","KD","5C","7S","9H"]}`,
	`{"paytable":"drawpoker/exchange-one","bet":"call","stake":"20","player":["AS","AD","6C","6D","JH"],"dealer":["KH","KD","5C","7S","9H"],"raise":true}`,
}

// TestSettleLine_Corpus: the answers to settleLines are frozen in
// testdata/settle.answers.jsonl, the auditors' contract (refresh with
// -update only for a change that means to change an answer). The first
// line's answer is also checked against the rules here: sixes full of
// aces bought with the jack beat the dealer's kings, the call of 20 wins
// 7:1.
func TestSettleLine_Corpus(t *testing.T) {
	var out bytes.Buffer
	for i, line := range settleLines {
		out.Write(Game{}.SettleLine(games.LineRequest{Line: []byte(line), Paytable: IDExchangeOne, Scale: 2, Number: i + 1}))
		out.WriteByte('\n')
	}
	golden(t, "settle.answers.jsonl", out.Bytes())
	answers := strings.Split(strings.TrimSpace(out.String()), "\n")
	var first SettleLineResult
	if err := json.Unmarshal([]byte(answers[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first.Outcome != "won" || first.Win != "140.00" || first.Returned != "160.00" || first.PlayerHand != "full_house" ||
		first.DealerQualifies == nil || !*first.DealerQualifies || !strings.HasPrefix(first.ProgressiveState, "forfeit: exchanged") {
		t.Errorf("first answer %s", answers[0])
	}
	for i, code := range map[int]string{6: "invalid_bet_code", 7: "invalid_result", 8: "invalid_result", 9: "invalid_result", 10: "unknown_paytable", 11: "invalid_amount", 12: "invalid_request"} {
		var a SettleLineResult
		if err := json.Unmarshal([]byte(answers[i]), &a); err != nil || a.Outcome != "error" || a.Code != code || a.Line != i+1 {
			t.Errorf("line %d: %s, want code %s", i+1, answers[i], code)
		}
	}
}

// TestSettleLine_CatalogDispatch: the registry's catalog sends a line that
// names a Draw Poker paytable to this game (games.LineSettler).
func TestSettleLine_CatalogDispatch(t *testing.T) {
	c := games.NewCatalog(Game{})
	got := c.SettleLine(games.LineRequest{Line: []byte(settleLines[0]), Scale: 2, Number: 1})
	want := Game{}.SettleLine(games.LineRequest{Line: []byte(settleLines[0]), Scale: 2, Number: 1})
	if !bytes.Equal(got, want) || !bytes.Contains(got, []byte(`"outcome":"won"`)) {
		t.Errorf("catalog answers %s, the game %s", got, want)
	}
}
