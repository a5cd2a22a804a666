package poker

import (
	"encoding/json"
	"testing"
)

// TestGame_BoardRow: a deal's row gives the dealer's hand and whether it
// qualifies, and each seat's hand, fold and outcome, as Judge decides.
func TestGame_BoardRow(t *testing.T) {
	res, err := mustNew(caribbean()).ParseResult([]byte(`{"dealer":["AS","KD","2C","3H","5S"],"seats":[` +
		`{"seat":1,"cards":["2H","7H","9H","JH","4H"]},{"seat":3,"cards":["QC","QD","8S","6D","TC"],"fold":true}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var row struct {
		Dealer struct {
			Cards     []string `json:"cards"`
			Hand      string   `json:"hand"`
			Qualifies bool     `json:"qualifies"`
		} `json:"dealer"`
		Seats []struct {
			Seat    int      `json:"seat"`
			Cards   []string `json:"cards"`
			Hand    string   `json:"hand"`
			Fold    bool     `json:"fold"`
			Outcome string   `json:"outcome"`
		} `json:"seats"`
	}
	raw := (Game{}).BoardRow(res)
	if err := json.Unmarshal(raw, &row); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	if row.Dealer.Hand != "high_card" || !row.Dealer.Qualifies || len(row.Dealer.Cards) != 5 || row.Dealer.Cards[0] != "AS" {
		t.Errorf("dealer %+v", row.Dealer)
	}
	if len(row.Seats) != 2 {
		t.Fatalf("seats %+v", row.Seats)
	}
	if s := row.Seats[0]; s.Seat != 1 || s.Hand != "flush" || s.Fold || s.Outcome != string(PlayerWins) {
		t.Errorf("seat 1 %+v", s)
	}
	if s := row.Seats[1]; s.Seat != 3 || s.Hand != "pair" || !s.Fold || s.Outcome != string(Folded) {
		t.Errorf("seat 3 %+v", s)
	}
	if (Game{}).BoardRow(nil) != nil {
		t.Error("a row for no result")
	}
}
