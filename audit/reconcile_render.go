package audit

import (
	"io"

	"github.com/shopspring/decimal"
)

// WriteJSON writes the report as indented JSON.
func (r *ReconcileReport) WriteJSON(w io.Writer) error { return writeJSON(w, r.render, r) }

// reconColumns are the columns of a reconciliation row after its keys.
var reconColumns = []string{"opening", "deposits", "withdrawals", "adjustments", "stakes", "stakes_returned", "wins_paid",
	"refunds", "reversals", "stakes_lost", "residue", "closing", "expected", "difference"}

func (ri renderInfo) reconValues(x ReconRow) []string {
	out := make([]string, 0, len(reconColumns))
	for _, d := range []decimal.Decimal{x.Opening, x.Deposits, x.Withdrawals, x.Adjustments, x.Stakes, x.StakesReturned, x.WinsPaid,
		x.Refunds, x.Reversals, x.StakesLost, x.Residue, x.Closing, x.Expected, x.Difference} {
		out = append(out, ri.amount(d, x.Currency))
	}
	return out
}

// WriteCSV writes the report's tables, one CSV file each in a zip: days (a
// "no activity" day is one record with no_activity true and empty
// amounts), totals, accounts, discrepancies and the verification.
func (r *ReconcileReport) WriteCSV(w io.Writer) error { return r.tables().zip(w) }

// WritePDF writes the report's tables as a PDF document.
func (r *ReconcileReport) WritePDF(w io.Writer) error {
	return writePDF(w, r.Header, r.render, r.tables())
}

// tables are the report's tables, written as CSV files and as PDF.
func (r *ReconcileReport) tables() *csvSections {
	c := newCSV()
	ri := r.render
	h := r.Header
	c.header("report", "title", "operator", "from", "to", "time_zone", "generated_at", "through_seq")
	c.row("report", h.Title, h.Operator, h.Period.From, h.Period.To, h.Period.TimeZone, ri.time(h.GeneratedAt), u64s(h.Through))
	c.header("days", append([]string{"date", "no_activity", "events", "scope", "table", "currency"}, reconColumns...)...)
	for _, d := range r.Days {
		if d.NoActivity {
			c.row("days", append([]string{d.Date, "true", "0", "", "", ""}, make([]string, len(reconColumns))...)...)
			continue
		}
		for _, x := range d.Rows {
			c.row("days", append([]string{d.Date, "false", ints(d.Events), x.Scope, x.Table, x.Currency}, ri.reconValues(x)...)...)
		}
	}
	c.header("totals", append([]string{"scope", "table", "currency"}, reconColumns...)...)
	for _, x := range r.Totals {
		c.row("totals", append([]string{x.Scope, x.Table, x.Currency}, ri.reconValues(x)...)...)
	}
	if r.GameFlows() {
		// A section of its own, so that the days and totals sections keep
		// the columns every release wrote.
		c.header("game_flows", "date", "scope", "table", "currency", "commissions", "contributions", "taken_down")
		gameRow := func(date string, x ReconRow) {
			if x.hasGameFlows() {
				cur := x.Currency
				c.row("game_flows", date, x.Scope, x.Table, cur, ri.amount(x.Commissions, cur), ri.amount(x.Contributions, cur), ri.amount(x.TakenDown, cur))
			}
		}
		for _, d := range r.Days {
			for _, x := range d.Rows {
				gameRow(d.Date, x)
			}
		}
		for _, x := range r.Totals {
			gameRow("", x)
		}
	}
	if r.BankFlows() {
		// A player's bank (baccarat à deux tableaux): put up, given back,
		// and the cagnotte it paid, per table and day.
		c.header("player_bank", "date", "scope", "table", "currency", "bank_put_up", "bank_returned", "cagnotte")
		bankRow := func(date string, x ReconRow) {
			if x.hasBankFlows() {
				cur := x.Currency
				c.row("player_bank", date, x.Scope, x.Table, cur, ri.amount(x.BankPutUp, cur), ri.amount(x.BankReturned, cur), ri.amount(x.Cagnotte, cur))
			}
		}
		for _, d := range r.Days {
			for _, x := range d.Rows {
				bankRow(d.Date, x)
			}
		}
		for _, x := range r.Totals {
			bankRow("", x)
		}
	}
	if len(r.Sales) > 0 {
		// A selling table's (a bingo session's) day in the hall's words.
		c.header("sales", "date", "table", "currency", "sales", "prizes", "refunds", "hall_share")
		for _, x := range r.Sales {
			cur := x.Currency
			c.row("sales", x.Date, x.Table, cur, ri.amount(x.Sales, cur), ri.amount(x.Prizes, cur), ri.amount(x.Refunds, cur), ri.amount(x.HallShare, cur))
		}
	}
	if len(r.Sessions) > 0 {
		// The same per session and day (audit/session.go).
		c.header("sessions", "date", "table", "session", "currency", "sales", "prizes", "refunds", "hall_share")
		for _, x := range r.Sessions {
			cur := x.Currency
			c.row("sessions", x.Date, x.Table, x.Session, cur, ri.amount(x.Sales, cur), ri.amount(x.Prizes, cur), ri.amount(x.Refunds, cur), ri.amount(x.HallShare, cur))
		}
	}
	if r.PoolFlows() {
		// Progressive pools (audit/pool.go): prizes, the casino's
		// funding, adjustments, decommission transfers and the commission
		// on progressive bets, per row and day.
		c.header("pool_flows", "date", "scope", "table", "currency", "pool_prizes", "pool_funding", "pool_adjustments", "pool_transfers", "pool_commission")
		poolRow := func(date string, x ReconRow) {
			if x.hasPoolFlows() {
				cur := x.Currency
				c.row("pool_flows", date, x.Scope, x.Table, cur, ri.amount(x.PoolPrizes, cur), ri.amount(x.PoolFunding, cur),
					ri.amount(x.PoolAdjustments, cur), ri.amount(x.PoolTransfers, cur), ri.amount(x.PoolCommission, cur))
			}
		}
		for _, d := range r.Days {
			for _, x := range d.Rows {
				poolRow(d.Date, x)
			}
		}
		for _, x := range r.Totals {
			poolRow("", x)
		}
	}
	r.creditsTable(c)
	c.header("accounts", "account", "currency", "opening", "inflows", "outflows", "closing", "expected", "difference")
	for _, a := range r.Accounts {
		cur := a.Currency
		c.row("accounts", a.Account, cur, ri.amount(a.Opening, cur), ri.amount(a.Inflows, cur), ri.amount(a.Outflows, cur),
			ri.amount(a.Closing, cur), ri.amount(a.Expected, cur), ri.amount(a.Difference, cur))
	}
	c.header("discrepancies", "date", "seq", "scope", "table", "account", "currency", "amount", "detail")
	for _, d := range r.Discrepancies {
		c.row("discrepancies", d.Date, optSeq(d.Seq), d.Scope, d.Table, d.Account, d.Currency, ri.amount(d.Amount, d.Currency), d.Detail)
	}
	writeChainCSV(c, "verification", r.Verification)
	return c
}

// WriteHTML writes the report as a self-contained page with, per
// currency, a chart of the wallets' daily flows.
func (r *ReconcileReport) WriteHTML(w io.Writer) error {
	var charts []Chart
	currencies := map[string]bool{}
	for _, x := range r.Totals {
		currencies[x.Currency] = true
	}
	for _, cur := range sortedKeys(currencies) {
		ch := Chart{Title: "Players' wallets: daily flows (" + cur + ")"}
		in, out, net := Series{Name: "stakes"}, Series{Name: "paid back"}, Series{Name: "cashier net"}
		for _, d := range r.Days {
			ch.Labels = append(ch.Labels, d.Date[5:])
			s, p, n := decimal.Zero, decimal.Zero, decimal.Zero
			for _, x := range d.Rows {
				if x.Scope == ScopeWallets && x.Currency == cur {
					s = x.Stakes
					p = x.StakesReturned.Add(x.WinsPaid).Add(x.Refunds).Sub(x.Reversals)
					n = x.Deposits.Sub(x.Withdrawals).Add(x.Adjustments)
				}
			}
			in.Values, out.Values, net.Values = append(in.Values, s), append(out.Values, p), append(net.Values, n)
		}
		ch.Series = []Series{in, out, net}
		charts = append(charts, ch)
	}
	return writeHTML(w, r.render, "reconcile.html", htmlData{R: r, Charts: charts})
}
