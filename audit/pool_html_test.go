package audit_test

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
)

// cellsRE finds a table row's cells.
var cellsRE = regexp.MustCompile(`<td[^>]*>(.*?)</td>`)

// section returns the part of page from the heading h2 to the next one.
func section(page, h2 string) string {
	_, rest, _ := strings.Cut(page, "<h2>"+h2+"</h2>")
	body, _, _ := strings.Cut(rest, "<h2>")
	return body
}

// htmlRow returns the cells of the first row of page whose first cells
// are the given ones, nil when there is none.
func htmlRow(page string, first ...string) []string {
	for _, row := range strings.Split(page, "<tr") {
		var cells []string
		for _, m := range cellsRE.FindAllStringSubmatch(strings.ReplaceAll(row, "\n", ""), -1) {
			cells = append(cells, m[1])
		}
		if len(cells) >= len(first) && slices.Equal(cells[:len(first)], first) {
			return cells
		}
	}
	return nil
}

// checkPoolHTML renders the regulator report and the reconciliation of a
// stream with a progressive pool as HTML and requires the pools' figures
// in them: the regulator's line per pool (opening, contributions,
// commission, prizes, resets, adjustments, closing, the balanced check),
// its prizes by hand, and the reconciliation's pool flows.
func checkPoolHTML(t *testing.T, reg *audit.RegulatorReport, rec *audit.ReconcileReport) {
	t.Helper()
	var rb, cb bytes.Buffer
	if err := reg.WriteHTML(&rb); err != nil {
		t.Fatal(err)
	}
	if err := rec.WriteHTML(&cb); err != nil {
		t.Fatal(err)
	}
	page := rb.String()
	if !strings.Contains(page, "<h2>Progressive pools</h2>") {
		t.Fatal("the regulator's HTML has no pools section")
	}
	p := reg.Pools[0]
	page = section(page, "Progressive pools")
	// The pool's line is two tables' rows (what came in; what went out and
	// the check), each starting with the pool and its currency.
	cells := htmlRow(page, p.Pool, p.Currency)
	if rest := htmlRow(page[strings.Index(page, "<th>Adjustments in</th>"):], p.Pool, p.Currency); len(rest) > 2 {
		cells = append(cells, rest[2:]...)
	}
	if len(cells) != 20 {
		t.Fatalf("the regulator's HTML row of %s: %q", p.Pool, cells)
	}
	money := func(d interface{ StringFixed(int32) string }) string { return d.StringFixed(2) }
	want := []string{p.Pool, p.Currency, money(p.Opening), "5", money(p.Staked), money(p.Commission), money(p.Contributions), money(p.BaseFunding),
		money(p.ShortfallsFromCasino), money(p.ResetsFromCasino), money(p.FromReserves), money(p.AdjustmentsIn), money(p.AdjustmentsOut),
		money(p.TransfersIn), money(p.TransfersOut), money(p.Prizes), money(p.In), money(p.Out), money(p.Closing), "balanced"}
	for i := range want {
		if strings.ReplaceAll(cells[i], ",", "") != want[i] {
			t.Errorf("regulator HTML, %s column %d: %q, want %s", p.Pool, i, cells[i], want[i])
		}
	}
	for _, l := range p.PrizesByHand {
		c := htmlRow(page, p.Pool, l.Hand)
		if len(c) != 4 || c[2] != "1" || strings.ReplaceAll(c[3], ",", "") != money(l.Amount)+" "+p.Currency {
			t.Errorf("regulator HTML, %s prizes of %s: %q, want 1 of %s", p.Pool, l.Hand, c, money(l.Amount))
		}
	}

	page = cb.String()
	if !strings.Contains(page, "<h2>Progressive pools</h2>") {
		t.Fatal("the reconciliation's HTML has no pools section")
	}
	var total audit.ReconRow
	for _, x := range rec.Totals {
		if x.Scope == audit.ScopePool && x.Table == p.Pool {
			total = x
		}
	}
	// The period's total row (no date) of the pool's flows, and the
	// pool's row of the period totals.
	c := htmlRow(section(page, "Progressive pools"), "", audit.ScopePool+" "+p.Pool, p.Currency)
	wantFlows := []string{"", audit.ScopePool + " " + p.Pool, p.Currency, money(total.PoolPrizes), money(total.PoolFunding), money(total.PoolAdjustments),
		money(total.PoolTransfers), money(total.PoolCommission)}
	if len(c) != len(wantFlows) {
		t.Fatalf("the reconciliation's HTML pool flows of %s: %q", p.Pool, c)
	}
	for i := range wantFlows {
		if strings.ReplaceAll(c[i], ",", "") != wantFlows[i] {
			t.Errorf("reconciliation HTML, %s flows column %d: %q, want %s", p.Pool, i, c[i], wantFlows[i])
		}
	}
	if c := htmlRow(section(page, "Period totals"), audit.ScopePool+" "+p.Pool, p.Currency); len(c) != 15 || strings.ReplaceAll(c[13], ",", "") != money(total.Closing) {
		t.Errorf("the reconciliation's HTML period total of %s: %q, closing %s", p.Pool, c, money(total.Closing))
	}
}
