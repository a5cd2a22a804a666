package jackpot

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSettleLine answers the example line: the four of a kind is
// paid first (500 × 1), the royal flush takes 100% of the 9,500 left, and
// the main pool restarts at its base of 1,000 with the reserve's 500 and
// 500 from the casino.
func TestSettleLine(t *testing.T) {
	r := SettleLine([]byte(`{"pool":"jp-1","main":"10000.00","reserve":"500.00","stake":"1","hands":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]},{"seat":3,"cards":["2H","2D","2C","2S","9H"]}]}`))
	if r.Outcome != "settled" || r.Main != "1000.00" || r.Reserve != "0.00" || r.CasinoFunding != "500.00" || len(r.Seats) != 2 {
		t.Fatalf("%+v", r)
	}
	if s := r.Seats[0]; s.Seat != 1 || s.Hand != "royal_flush" || s.Prize != "9500.00" || !strings.Contains(s.Rule, "rule 5") {
		t.Errorf("seat 1: %+v", s)
	}
	if s := r.Seats[1]; s.Seat != 3 || s.Hand != "four_of_a_kind" || s.Prize != "500.00" {
		t.Errorf("seat 3: %+v", s)
	}
	var kinds []string
	for _, m := range r.Movements {
		kinds = append(kinds, m.Kind+":"+m.Amount)
	}
	if got := strings.Join(kinds, " "); got != "prize:500.00 prize:9500.00 reset:500.00 reset:500.00" {
		t.Errorf("movements %s", got)
	}
	if _, err := json.Marshal(r); err != nil {
		t.Error(err)
	}
}

func TestSettleLine_Err(t *testing.T) {
	tests := map[string]string{
		`{"pool":"jp-1","main":"1","reserve":"0","stake":"1","hands":[],"x":1}`: CodeInvalidRequest,
		`{"pool":"jp-1","main":"1","reserve":"0","stake":"1","Hands":[]}`:       CodeInvalidRequest,
		`not json`: CodeInvalidRequest,
		``:         CodeInvalidRequest,
		`{"pool":"jp-9","main":"1","reserve":"0","stake":"1","hands":[]}`:                                                                                            CodeUnknownPool,
		`{"pool":"jp-1","main":"x","reserve":"0","stake":"1","hands":[]}`:                                                                                            CodeInvalidAmount,
		`{"pool":"jp-1","main":"1","reserve":"0","stake":"0.001","hands":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]}]}`:                                           CodeInvalidAmount,
		`{"pool":"jp-1","main":"1","reserve":"0","stake":"1","hands":[{"seat":1,"cards":["AS","KS","QS","JS"]}]}`:                                                    CodeInvalidPass,
		`{"pool":"jp-1","main":"1","reserve":"0","stake":"1","hands":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]},{"seat":2,"cards":["AS","2S","3S","4S","6H"]}]}`: CodeInvalidPass,
		`{"pool":"jp-1","main":"1","reserve":"0","stake":"1","hands":[{"seat":13,"cards":["AS","KS","QS","JS","TS"]}]}`:                                              CodeInvalidPass,
	}
	for line, code := range tests {
		if r := SettleLine([]byte(line)); r.Outcome != "error" || r.Code != code || r.Message == "" {
			t.Errorf("%s: %+v, want %s", line, r, code)
		}
	}
}
