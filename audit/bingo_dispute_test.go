package audit_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestDispute_BingoSalesClose writes the dispute report of a bingo game
// the real ledger played: its sales close (the prizes posted to the pool,
// recorded and re-computed from the cards sold, and the hall's
// announcement) is in the JSON, in a sales_close CSV table and on the
// page, with the figures of the sales (3.00 and 1.00: the line 15%, 0.60,
// the bingo 60%, 2.40).
func TestDispute_BingoSalesClose(t *testing.T) {
	h := ledgertest.New(t)
	h.Deposit("ann", "100")
	h.Must(&ledger.OpenTable{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "g1", Paytable: bingo.IDEs1979, Currency: "EUR",
		Limits: map[string]ledger.Limit{"card": {Min: dec("1"), Max: dec("10")}}, Band: ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: ledgertest.Dealer.ID})
	round := h.OpenRound("g1")
	rows := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	var bets []ledger.BetRequest
	for i, stake := range []string{"3", "1"} {
		c, err := bingo.NewCard(bingo.CardID{Series: "A", Number: i + 1}, rows)
		if err != nil {
			t.Fatal(err)
		}
		bets = append(bets, ledger.BetRequest{Code: c.BetCode(), Stake: dec(stake)})
	}
	h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "g1", Round: round, Player: "ann", Bets: bets})
	for _, n := range []int{1, 12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
		h.CloseBetting("g1", round)
		h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "g1", Round: round, Result: bingo.Ball(n).JSON()})
	}
	opts := options()
	mustClean(t, h.Stream, opts)
	rep := dispute(t, h.Stream, round, opts)
	mustAllMatch(t, rep)
	const announced = "Cartones vendidos 2, de la serie A del número 1 al 2. Premio de línea 0.60, premio de bingo 2.40. Comienza la partida."
	sc := rep.SalesClosed
	if sc == nil || !sc.Match || len(sc.Recorded) != 2 || !sc.Recorded[0].Amount.Equal(dec("0.60")) || !sc.Recorded[1].Amount.Equal(dec("2.40")) ||
		rep.Announcement != announced {
		t.Fatalf("sales close %+v, announcement %q", sc, rep.Announcement)
	}

	var z bytes.Buffer
	if err := rep.WriteCSV(&z); err != nil {
		t.Fatal(err)
	}
	listing := string(csvListing(t, z.Bytes()))
	for _, want := range []string{
		"== sales_close.csv ==\nwhat,from,to,recorded,recomputed,rule,match\n",
		"transfer 1,house,prizes,0.60,0.60,\"line prize, 15% of the sales, posted to the prize pool when sales close\",true\n",
		"transfer 2,house,prizes,2.40,2.40,\"bingo prize, 60% of the sales, posted to the prize pool when sales close\",true\n",
		"announcement,,,,,\"" + announced + "\",\n",
	} {
		if !strings.Contains(listing, want) {
			t.Errorf("no %q in the CSV:\n%s", want, listing)
		}
	}
	var page bytes.Buffer
	if err := rep.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	for _, want := range []string{
		"<h2>Sales close</h2>",
		`<td class="num">1</td><td>house</td><td>prizes</td><td class="num">0.60</td><td class="num">0.60</td><td>line prize, 15% of the sales`,
		`<td class="num">2</td><td>house</td><td>prizes</td><td class="num">2.40</td><td class="num">2.40</td><td>bingo prize, 60% of the sales`,
		`<span class="ok">match</span>`,
		`Announced: <q lang="es">Cartones vendidos 2, de la serie A del número 1 al 2. Premio de línea 0.60, premio de bingo 2.40. Comienza la partida.</q>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("no %q on the page", want)
		}
	}
}
