package audit

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// SalesRow is a selling table's day in the reconciliation (a bingo
// session: a room is a table, docs/games/bingo.md), or its period when Date is
// empty: what its items sold for, the prizes paid, the refunds of void
// games and the hall's share. It restates the table row's flows in the
// hall's words: Sales are the stakes, Prizes what settled items paid back
// (stakes returned and wins, less corrections' reversals), Refunds the
// refunds, HallShare = Sales − Prizes − Refunds.
type SalesRow struct {
	Date      string          `json:"date,omitempty"`
	Table     string          `json:"table"`
	Currency  string          `json:"currency"`
	Sales     decimal.Decimal `json:"sales"`
	Prizes    decimal.Decimal `json:"prizes"`
	Refunds   decimal.Decimal `json:"refunds"`
	HallShare decimal.Decimal `json:"hall_share"`
}

// salesOf is the sales row of a table row.
func salesOf(date string, r ReconRow) SalesRow {
	prizes := r.StakesReturned.Add(r.WinsPaid).Sub(r.Reversals)
	return SalesRow{Date: date, Table: r.Table, Currency: r.Currency, Sales: r.Stakes, Prizes: prizes, Refunds: r.Refunds,
		HallShare: r.Stakes.Sub(prizes).Sub(r.Refunds)}
}

// sells reports whether a table's paytable sells items (games.Seller: a
// bingo room's cards). A table or paytable the walk does not know does
// not.
func (f *fold) sells(table string) bool {
	t := f.tables[table]
	if t == nil {
		return false
	}
	pt, err := f.paytable(t.Paytable, t.PaytableHash)
	if err != nil {
		return false
	}
	_, ok := pt.(games.Seller)
	return ok
}

// addSales fills rep.Sales from its days' and totals' table rows of
// selling tables, days first then the period's totals.
func addSales(rep *ReconcileReport, f *fold) {
	for _, d := range rep.Days {
		for _, r := range d.Rows {
			if r.Scope == ScopeTable && f.sells(r.Table) {
				rep.Sales = append(rep.Sales, salesOf(d.Date, r))
			}
		}
	}
	for _, r := range rep.Totals {
		if r.Scope == ScopeTable && f.sells(r.Table) {
			rep.Sales = append(rep.Sales, salesOf("", r))
		}
	}
}
