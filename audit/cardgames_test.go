package audit_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestDispute_WarRound: the dispute report of a War round played through
// the real ledger lists every card, burn and decision in order, each
// checked again against the rules and the bets before it (the "war"
// decision after its raise), every bet re-settled to what was paid; the
// HTML and CSV show the steps, and the stream verifies clean.
func TestDispute_WarRound(t *testing.T) {
	h := ledgertest.New(t)
	h.Deposit("ann", "100")
	h.OpenGameTable("w1", war.IDChile2010)
	h.Must(&ledger.StartShoe{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "w1", CutCards: 60})
	round := h.OpenRound("w1")
	h.Bet("w1", round, "ann", ledgertest.BetOf("main:1", "10"), ledgertest.BetOf("tie:1", "1"))
	record := func(result string) {
		t.Helper()
		h.CloseBetting("w1", round)
		h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "w1", Round: round, Result: []byte(result)})
	}
	record(`{"card":"JS","to":"seat:1"}`)
	record(`{"card":"JD","to":"dealer"}`)
	h.Bet("w1", round, "ann", ledgertest.BetOf("war:1", "10"))
	steps := []string{`{"decision":"war","seat":1}`, `{"burn":"2C"}`, `{"burn":"3C"}`, `{"burn":"4C"}`, `{"card":"5S","to":"seat:1"}`, `{"card":"9D","to":"dealer"}`}
	for _, r := range steps {
		record(r)
	}
	opts := options()
	mustClean(t, h.Stream, opts)
	rep := dispute(t, h.Stream, round, opts)
	mustAllMatch(t, rep)
	if rep.Round.Status != string(ledger.RoundSettled) || len(rep.Steps) != 8 || len(rep.Bets) != 3 {
		t.Fatalf("status %s, %d steps, %d bets", rep.Round.Status, len(rep.Steps), len(rep.Bets))
	}
	for i, s := range rep.Steps {
		if !s.Allowed || s.Index != i {
			t.Errorf("step %d %s: allowed %v (%s)", i, s.Result, s.Allowed, s.Refusal)
		}
	}
	if string(rep.Steps[2].Result) != steps[0] || len(rep.Steps[1].Decided) != 1 || len(rep.Steps[7].Decided) != 2 {
		t.Errorf("steps %+v", rep.Steps)
	}
	var html bytes.Buffer
	if err := rep.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if s := html.String(); !strings.Contains(s, "Results in order, each checked against the rules") || strings.Count(s, "<td>yes</td>") != 8 ||
		!strings.Contains(s, "decision&#34;: &#34;war") {
		t.Errorf("the HTML report does not list the steps:\n%s", s)
	}
	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Steps []struct {
			Allowed bool `json:"allowed"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Steps) != 8 {
		t.Errorf("JSON steps: %v, %d", err, len(back.Steps))
	}
}
