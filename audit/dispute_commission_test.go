package audit_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// betRowCells returns the cells of the HTML dispute report's bet row of
// bet id, tags stripped, each cell's lines joined by " | ".
func betRowCells(t *testing.T, page, id string) []string {
	t.Helper()
	at := strings.Index(page, `<span class="id">`+id+`</span>`)
	if at < 0 {
		t.Fatalf("bet %s is not on the page", id)
	}
	start := strings.LastIndex(page[:at], "<tr")
	end := at + strings.Index(page[at:], "</tr>")
	tags := regexp.MustCompile(`<[^>]*>`)
	var cells []string
	for _, c := range strings.Split(page[start:end], "</td>") {
		i := strings.Index(c, "<td")
		if i < 0 {
			continue
		}
		c = strings.ReplaceAll(c[i:], "<br>", " | ")
		cells = append(cells, strings.TrimSpace(tags.ReplaceAllString(c, "")))
	}
	return cells
}

// TestDispute_CommissionColumn plays a punto banco coup the banker wins:
// the HTML dispute report shows the banker bet's commission in a column of
// its own, recomputed and recorded, so that stake + win − commission =
// returned reads off the page; a round where nothing is charged has no
// such column.
func TestDispute_CommissionColumn(t *testing.T) {
	h := ledgertest.New(t)
	h.Deposit("ann", "100")
	h.Deposit("bob", "100")
	h.OpenGameTable("b1", baccarat.IDPuntoBanco)
	round := h.OpenRound("b1")
	h.Bet("b1", round, "ann", ledgertest.BetOf("banker", "10"))
	h.Bet("b1", round, "bob", ledgertest.BetOf("player", "10"))
	h.CloseBetting("b1", round)
	// Player 4S 9H draws 7D: 0. Banker KC 5H draws 3S: 8.
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "b1", Round: round,
		Result: []byte(`{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`)})
	opts := options()
	mustClean(t, h.Stream, opts)
	rep := dispute(t, h.Stream, round, opts)
	mustAllMatch(t, rep)
	if !rep.ChargesCommission() {
		t.Fatal("a banker win charges no commission")
	}
	var html bytes.Buffer
	if err := rep.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	page := html.String()
	head := page[strings.Index(page, "<h2>Bets: recorded and recomputed</h2>"):]
	head = head[:strings.Index(head, "</tr>")]
	if !strings.Contains(head, "<th>Recorded</th><th>Commission</th><th>Residue not paid</th>") {
		t.Fatalf("the bets table has no commission column: %s", head)
	}
	amount := func(s string) decimal.Decimal {
		t.Helper()
		d, err := decimal.NewFromString(strings.Fields(s)[0])
		if err != nil {
			t.Fatalf("amount %q: %v", s, err)
		}
		return d
	}
	// Columns: player, bet, stake, seq, correction, result, outcome,
	// rule, recomputed, recorded, commission, residue, match.
	for _, b := range rep.Bets {
		c := betRowCells(t, page, b.Bet)
		if len(c) != 13 {
			t.Fatalf("bet %s: %d cells %q", b.Code, len(c), c)
		}
		stake := amount(c[2])
		for i, cell := range []string{c[8], c[9]} {
			returned, win, ok := strings.Cut(cell, " | win ")
			if !ok {
				t.Fatalf("bet %s: cell %q", b.Code, cell)
			}
			commission := c[10]
			if i == 1 {
				_, commission, _ = strings.Cut(commission, " | recorded ")
			}
			if got := stake.Add(amount(win)).Sub(amount(commission)); b.Outcome == "won" && !got.Equal(amount(returned)) {
				t.Errorf("bet %s: stake %s + win %s − commission %s = %s, the page shows %s returned", b.Code, stake, win, commission, got, returned)
			}
		}
		want := "0.00 | recorded 0.00"
		if b.Code == "banker" {
			want = "0.50 | recorded 0.50" // 5% of the 10.00 won
		}
		if c[10] != want {
			t.Errorf("bet %s: commission cell %q, want %q", b.Code, c[10], want)
		}
	}

	// A Sic Bo round charges nothing: no column.
	h.OpenTable("s1", "sicbo/live")
	r2 := h.OpenRound("s1")
	h.Bet("s1", r2, "ann", ledgertest.BetOf("small", "10"))
	h.CloseBetting("s1", r2)
	h.Result("s1", r2, [3]int{1, 2, 3})
	rep = dispute(t, h.Stream, r2, opts)
	html.Reset()
	if err := rep.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if rep.ChargesCommission() || strings.Contains(html.String(), "<th>Commission</th>") {
		t.Fatal("a round without commission shows a commission column")
	}
}
