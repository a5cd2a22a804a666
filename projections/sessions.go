package projections

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/events"
)

// PastSessionsKept is how many closed sessions a table's record keeps
// with their totals, after the one open (or last closed): the record is
// read and written by every batch that touches the table, so it stays
// small; the stream keeps every session.
const PastSessionsKept = 30

// Session statuses.
const (
	SessionOpen   = "open"
	SessionClosed = "closed"
)

// SessionInfo is a table's session (session.opened: a bingo session's
// series) with what it sold: the sales, the prizes paid, the refunds of
// void games and the hall's share, for the session and for each day it
// ran (docs/games/bingo.md, "Sessions": sales, prizes paid, refunds and
// hall share per session and day).
type SessionInfo struct {
	ID        string          `json:"id"`
	Number    int64           `json:"number"`
	Status    string          `json:"status"`
	OpenedAt  time.Time       `json:"opened_at"`
	OpenedSeq uint64          `json:"opened_seq"`
	ClosedAt  time.Time       `json:"closed_at,omitzero"`
	Reason    string          `json:"close_reason,omitempty"`
	Terms     json.RawMessage `json:"terms"`
	SalesMax  int             `json:"sales_max"`
	Currency  string          `json:"currency"`
	// Rounds counts the games opened in the session.
	Rounds int `json:"rounds"`
	SessionTotals
	// Days are the same totals for each day the session sold or paid
	// on, in order.
	Days []SessionDay `json:"days"`
}

// SessionTotals are what a session, or one of its days, sold and paid.
type SessionTotals struct {
	Sold     int             `json:"sold"`
	Sales    decimal.Decimal `json:"sales"`
	Prizes   decimal.Decimal `json:"prizes"`
	Refunds  int             `json:"refunds"`
	Refunded decimal.Decimal `json:"refunded"`
	// HallShare is Sales − Prizes − Refunded: the hall's revenue.
	HallShare decimal.Decimal `json:"hall_share"`
}

// SessionDay is a session's totals on one day.
type SessionDay struct {
	Day string `json:"day"`
	SessionTotals
}

func (t *SessionTotals) add(sold int, sales, prizes decimal.Decimal, refunds int, refunded decimal.Decimal) {
	t.Sold += sold
	t.Sales = t.Sales.Add(sales)
	t.Prizes = t.Prizes.Add(prizes)
	t.Refunds += refunds
	t.Refunded = t.Refunded.Add(refunded)
	t.HallShare = t.Sales.Sub(t.Prizes).Sub(t.Refunded)
}

// sessionEvent folds session.opened and session.closed into the table's
// record.
func (f *fold) sessionEvent(e *events.Envelope, payload any) (bool, error) {
	switch p := payload.(type) {
	case *events.SessionOpened:
		return true, f.withTable(e, p.Table, func(t *TableInfo) {
			if t.Session != nil {
				t.PastSessions = append([]SessionInfo{*t.Session}, t.PastSessions...)
				if len(t.PastSessions) > PastSessionsKept {
					t.PastSessions = t.PastSessions[:PastSessionsKept]
				}
			}
			z := decimal.Zero
			t.Session = &SessionInfo{ID: p.Session, Number: p.Number, Status: SessionOpen, OpenedAt: e.OccurredAt, OpenedSeq: e.Seq,
				Terms: p.Terms, SalesMax: p.SalesMax, Currency: t.Currency, Days: []SessionDay{},
				SessionTotals: SessionTotals{Sales: z, Prizes: z, Refunded: z, HallShare: z}}
		})
	case *events.SessionClosed:
		return true, f.withTable(e, p.Table, func(t *TableInfo) {
			se := t.Session
			if se == nil || se.ID != p.Session {
				return
			}
			se.Status, se.ClosedAt, se.Reason = SessionClosed, e.OccurredAt, p.Reason
			// Double cards' halves no game played go back: refunds.
			refunded := decimal.Zero
			for _, h := range p.Returned {
				refunded = refunded.Add(h.Amount)
			}
			if len(p.Returned) > 0 {
				se.add(0, decimal.Zero, decimal.Zero, len(p.Returned), refunded)
				se.dayOf(f.day(e.OccurredAt)).add(0, decimal.Zero, decimal.Zero, len(p.Returned), refunded)
			}
		})
	}
	return false, nil
}

// sessionOf returns the open session of round r's table when r belongs
// to it, else nil.
func (f *fold) sessionOf(r *roundRec) *SessionInfo {
	if r == nil || r.Session == "" {
		return nil
	}
	t := f.table(r.Table)
	if t == nil || t.Session == nil || t.Session.ID != r.Session {
		return nil
	}
	return t.Session
}

// sessionEntries adds what a round's event sold, paid or refunded to its
// session, for the session and for the event's day.
func (f *fold) sessionEntries(e *events.Envelope, payload any) {
	if e.Round == "" {
		return
	}
	r := f.rounds[e.Round]
	if r == nil || r.Session == "" {
		// Not a session's round (sessionOf): nothing to add up, and no
		// decimal sums to make for every bet of the games without
		// sessions.
		return
	}
	var sold, refunds int
	sales, prizes, refunded := decimal.Zero, decimal.Zero, decimal.Zero
	switch p := payload.(type) {
	case *events.RoundOpened:
		if se := f.sessionOf(r); se != nil {
			se.Rounds++
		}
		return
	case *events.BetPlaced:
		if p.Carried {
			// A double card's second half: sold with its first.
			return
		}
		sold = len(p.Bets)
		for _, b := range p.Bets {
			sales = sales.Add(b.Stake).Add(b.Held)
		}
	case *events.BetSettled:
		prizes = p.Returned
	case *events.BetSettlementReversed:
		prizes = p.Returned.Neg()
	case *events.BetRefunded:
		refunds, refunded = 1, p.Stake
	default:
		return
	}
	se := f.sessionOf(r)
	if se == nil {
		return
	}
	se.add(sold, sales, prizes, refunds, refunded)
	se.dayOf(f.day(e.OccurredAt)).add(sold, sales, prizes, refunds, refunded)
}

// dayOf returns the session's totals of day, the last of its days.
func (se *SessionInfo) dayOf(day string) *SessionTotals {
	if n := len(se.Days); n == 0 || se.Days[n-1].Day != day {
		z := decimal.Zero
		se.Days = append(se.Days, SessionDay{Day: day, SessionTotals: SessionTotals{Sales: z, Prizes: z, Refunded: z, HallShare: z}})
	}
	return &se.Days[len(se.Days)-1].SessionTotals
}

// Session returns a table's session by id: the open or last one, or one
// of the PastSessionsKept before it (ErrNotFound otherwise).
func (s *Store) Session(table, id string) (SessionView, error) {
	var out SessionView
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		v := tx.Bucket(bucketTables).Get([]byte(table))
		if v == nil {
			return fmt.Errorf("%w: table %s", ErrNotFound, table)
		}
		var t TableInfo
		if err := decodeJSON(bucketTables, []byte(table), v, &t); err != nil {
			return err
		}
		if t.Session != nil && t.Session.ID == id {
			out.SessionInfo = *t.Session
			return nil
		}
		for _, se := range t.PastSessions {
			if se.ID == id {
				out.SessionInfo = se
				return nil
			}
		}
		return fmt.Errorf("%w: session %s of table %s", ErrNotFound, id, table)
	})
	out.Table = table
	return out, err
}

// SessionView is the answer of Session.
type SessionView struct {
	Table string `json:"table"`
	SessionInfo
	Seq uint64 `json:"seq"`
}

// DailySession is one day of a table's session in the daily report: what
// the session sold, paid and refunded that day and the hall's share.
type DailySession struct {
	Day      string `json:"day"`
	Table    string `json:"table"`
	Session  string `json:"session"`
	Currency string `json:"currency"`
	SessionTotals
}

// dailySessions fills out.Sessions with the session days of the selling
// tables the report lists (out.Sales), from the days of their sessions
// the table record keeps (the open or last one and PastSessionsKept
// before it), by day, table and session.
func (s *Store) dailySessions(tx *bolt.Tx, out *DailyReport) error {
	seen := map[string]bool{}
	for _, row := range out.Sales {
		if seen[row.Table] {
			continue
		}
		seen[row.Table] = true
		v := tx.Bucket(bucketTables).Get([]byte(row.Table))
		if v == nil {
			continue
		}
		var t TableInfo
		if err := decodeJSON(bucketTables, []byte(row.Table), v, &t); err != nil {
			return err
		}
		all := t.PastSessions
		if t.Session != nil {
			all = append([]SessionInfo{*t.Session}, all...)
		}
		for i := len(all) - 1; i >= 0; i-- {
			for _, d := range all[i].Days {
				if d.Day >= out.From && d.Day <= out.To {
					out.Sessions = append(out.Sessions, DailySession{Day: d.Day, Table: t.ID, Session: all[i].ID, Currency: all[i].Currency, SessionTotals: d.SessionTotals})
				}
			}
		}
	}
	slices.SortStableFunc(out.Sessions, func(a, b DailySession) int {
		if a.Day != b.Day {
			return strings.Compare(a.Day, b.Day)
		}
		return strings.Compare(a.Table, b.Table)
	})
	return nil
}
