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
	// held are the double cards' halves sold in the current round for
	// the next; carrying the ones the current round's opening must place
	// (player 0 code → amount), until its carried slips did.
	held     []events.HeldHalf
	carrying map[string]decimal.Decimal
}

func heldKey(player, code string) string { return player + "\x00" + code }

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
		same := len(p.Returned) == len(se.held)
		for i := 0; same && i < len(se.held); i++ {
			a, b := p.Returned[i], se.held[i]
			same = a.Player == b.Player && a.Code == b.Code && a.Amount.Equal(b.Amount)
		}
		if !same {
			report(KindPayoutMismatch, "session %s closed returning %d held halves; %d were held for a next game", p.Session, len(p.Returned), len(se.held))
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
		// The halves held in the round before play in this one: the
		// carried slips that follow its opening must place them all.
		se.carrying = map[string]decimal.Decimal{}
		for _, h := range se.held {
			se.carrying[heldKey(h.Player, h.Code)] = h.Amount
		}
		se.held = nil
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
	if p.Carried {
		for _, b := range p.Bets {
			k := heldKey(p.Player, b.Code)
			if a, ok := se.carrying[k]; !ok || !a.Equal(b.Stake) {
				report(KindEventInvalid, "bet %s of session %s carries %s for %s, which the round before did not hold", b.Bet, se.ID, b.Code, p.Player)
			}
			delete(se.carrying, k)
		}
		return
	}
	f.checkCarried(se, report)
	for _, b := range p.Bets {
		se.sold++
		se.sales = se.sales.Add(b.Stake).Add(b.Held)
		if b.Held.IsPositive() {
			se.held = append(se.held, events.HeldHalf{Player: p.Player, Code: b.Code, Amount: b.Held})
		}
		if se.terms == nil {
			continue
		}
		if sale, err := se.terms.Sale(b.Code, b.Stake.Add(b.Held)); err != nil {
			report(KindEventInvalid, "bet %s of session %s: %v", b.Bet, se.ID, err)
		} else if !sale.Stake.Equal(b.Stake) || !sale.Held.Equal(b.Held) {
			report(KindEventInvalid, "bet %s of session %s plays %s and holds %s; the terms say %s and %s", b.Bet, se.ID, b.Stake, b.Held, sale.Stake, sale.Held)
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

// SessionSalesRow is a session's day in the reconciliation (a bingo
// session, docs/games/bingo.md, "Sessions": sales, prizes paid, refunds
// and hall share per session and day), from the flows of its games: Sales the
// stakes, Prizes the stakes returned and wins less reversals, Refunds the
// refunds of void games, HallShare = Sales − Prizes − Refunds.
type SessionSalesRow struct {
	Date      string          `json:"date"`
	Table     string          `json:"table"`
	Session   string          `json:"session"`
	Currency  string          `json:"currency"`
	Sales     decimal.Decimal `json:"sales"`
	Prizes    decimal.Decimal `json:"prizes"`
	Refunds   decimal.Decimal `json:"refunds"`
	HallShare decimal.Decimal `json:"hall_share"`
}

// sessionFlows adds a step's flows of a round sold in a session to its
// session's day.
func (o *reconcileObserver) sessionFlows(s *step, f *fold) {
	var table, session string
	if p, ok := s.payload.(*events.SessionClosed); ok {
		// The held halves no game played, returned at the close.
		table, session = p.Table, p.Session
	} else if r := f.rounds[s.env.Round]; s.env.Round != "" && r != nil && r.session != "" {
		table, session = r.Table, r.session
	} else {
		return
	}
	for _, fl := range s.flows {
		var sales, prizes, refunds decimal.Decimal
		switch fl.kind {
		case FlowStake:
			sales = fl.Amount
		case FlowStakeReturned, FlowWin:
			prizes = fl.Amount
		case FlowReversedStakeReturned, FlowReversedWin:
			prizes = fl.Amount.Neg()
		case FlowRefund:
			refunds = fl.Amount
		default:
			continue
		}
		k := sessionDayKey{o.t.cur, table, session, fl.Currency}
		row := o.sessions[k]
		if row == nil {
			z := decimal.Zero
			row = &SessionSalesRow{Date: k.day, Table: k.table, Session: k.session, Currency: k.currency, Sales: z, Prizes: z, Refunds: z, HallShare: z}
			if o.sessions == nil {
				o.sessions = map[sessionDayKey]*SessionSalesRow{}
			}
			o.sessions[k] = row
			o.sessionOrder = append(o.sessionOrder, k)
		}
		row.Sales = row.Sales.Add(sales)
		row.Prizes = row.Prizes.Add(prizes)
		row.Refunds = row.Refunds.Add(refunds)
		row.HallShare = row.Sales.Sub(row.Prizes).Sub(row.Refunds)
	}
}

type sessionDayKey struct{ day, table, session, currency string }

// addSessionSales lists the sessions' days in the order they first
// moved money.
func (o *reconcileObserver) addSessionSales(rep *ReconcileReport) {
	for _, k := range o.sessionOrder {
		rep.Sessions = append(rep.Sessions, *o.sessions[k])
	}
}

// checkCarried reports the halves a round's opening should have carried
// and did not, once the round moves on (a sale, its close, a cancel).
func (f *fold) checkCarried(se *sessionState, report reporter) {
	if len(se.carrying) > 0 {
		report(KindEventInvalid, "session %s: %d halves held for this round were not placed with its opening", se.ID, len(se.carrying))
		se.carrying = nil
	}
}

// carriedBy checks the carried halves of table's session at a round's
// close of betting or cancel.
func (f *fold) carriedBy(table string, report reporter) {
	if se := f.openSession(table); se != nil {
		f.checkCarried(se, report)
	}
}
