package audit

import (
	"bytes"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// sessionState is a table's session as the walk met it
// (ledger/session.go): its terms as the game reads them, the sale keys it
// sold and its totals.
type sessionState struct {
	ID     string
	Closed bool
	terms  games.SessionTerms
	seller games.Sessioned
	keys   map[string]struct{}
	rounds int
	sold   int
	sales  decimal.Decimal
}

// openSession returns the open session of a table, or nil.
func (f *fold) openSession(table string) *sessionState {
	if se := f.sessions[table]; se != nil && !se.Closed {
		return se
	}
	return nil
}

// applySession checks session.opened and session.closed against the
// table and the game: terms the game reads back to the same canonical
// JSON, one session open at a time, opened and closed between rounds,
// closed with the totals it sold. It reports whether payload was one.
func (f *fold) applySession(payload any, report reporter) bool {
	if f.sessions == nil {
		f.sessions = map[string]*sessionState{}
	}
	switch p := payload.(type) {
	case *events.SessionOpened:
		t := f.table(p.Table, report, "session.opened")
		if t == nil {
			return true
		}
		if last := f.sessions[p.Table]; last != nil && !last.Closed {
			report(KindEventInvalid, "session %s of table %s opened while session %s is open", p.Session, p.Table, last.ID)
		}
		if t.Closed || t.Active != "" {
			report(KindEventInvalid, "session %s opened on table %s while it is closed or round %q is in progress", p.Session, p.Table, t.Active)
		}
		se := &sessionState{ID: p.Session, keys: map[string]struct{}{}, sales: decimal.Zero}
		f.sessions[p.Table] = se
		pt, err := f.paytable(t.Paytable, t.PaytableHash)
		if err != nil {
			return true // reported when the table opened
		}
		sd, ok := pt.(games.Sessioned)
		if !ok {
			report(KindEventInvalid, "session %s opened on table %s, whose paytable %s sells no sessions", p.Session, p.Table, pt.ID())
			return true
		}
		terms, err := sd.ParseSession(p.Terms, t.Scale)
		switch {
		case err != nil:
			report(KindEventInvalid, "session %s of table %s: terms the game refuses: %v", p.Session, p.Table, err)
		case !bytes.Equal(terms.JSON(), p.Terms) || terms.SalesMax() != p.SalesMax:
			report(KindEventInvalid, "session %s of table %s: terms or sales_max not as the game reads them", p.Session, p.Table)
		default:
			se.terms, se.seller = terms, sd
		}
	case *events.SessionClosed:
		se := f.openSession(p.Table)
		if se == nil || se.ID != p.Session {
			if f.complete {
				report(KindEventInvalid, "session %s of table %s closed while not open", p.Session, p.Table)
			}
			return true
		}
		if t := f.tables[p.Table]; t != nil && t.Active != "" {
			report(KindEventInvalid, "session %s closed while round %s is in progress", p.Session, t.Active)
		}
		if p.Rounds != se.rounds || p.Sold != se.sold || !p.Sales.Equal(se.sales) {
			report(KindTotalsMismatch, "session %s closed with %d rounds, %d sold for %s; its events say %d, %d for %s", p.Session, p.Rounds, p.Sold, p.Sales, se.rounds, se.sold, se.sales)
		}
		se.Closed = true
	default:
		return false
	}
	return true
}

// sessionRound checks that a round names the table's open session, and
// counts it.
func (f *fold) sessionRound(p *events.RoundOpened, report reporter) {
	se := f.openSession(p.Table)
	want := ""
	if se != nil {
		want = se.ID
		se.rounds++
	}
	if p.Session != want && (f.complete || se != nil) {
		report(KindEventInvalid, "round %s opened in session %q; the table's open session is %q", p.Round, p.Session, want)
	}
}

// sessionSale checks a slip of a round sold in the table's open session
// as the ledger did: each bet one the terms allow, its sale key once in
// the session, the session within its sales limit.
func (f *fold) sessionSale(table string, p *events.BetPlaced, report reporter) {
	se := f.openSession(table)
	if se == nil {
		return
	}
	for _, b := range p.Bets {
		se.sold++
		se.sales = se.sales.Add(b.Stake)
		if se.terms == nil {
			continue
		}
		if err := se.terms.CheckSale(b.Code, b.Stake); err != nil {
			report(KindEventInvalid, "bet %s of session %s: %v", b.Bet, se.ID, err)
		}
		k := se.seller.SaleKey(b.Code)
		if _, sold := se.keys[k]; sold {
			report(KindEventInvalid, "bet %s: %s sold twice in session %s", b.Bet, k, se.ID)
		}
		se.keys[k] = struct{}{}
	}
	if se.terms != nil && se.sold > se.terms.SalesMax() {
		report(KindEventInvalid, "session %s sold %d, over its limit of %d", se.ID, se.sold, se.terms.SalesMax())
	}
}

// sessionOpenAtClose reports a table closed while its session is open.
func (f *fold) sessionOpenAtClose(table string, report reporter) {
	if se := f.openSession(table); se != nil {
		report(KindEventInvalid, "table %s closed while session %s is open", table, se.ID)
	}
}
