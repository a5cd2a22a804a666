package events

import (
	"encoding/json"

	"github.com/shopspring/decimal"
)

// SessionOpened opens a session above a table's rounds (a bingo session:
// the series of cards it sells, each with its face value and numbers,
// announced when it opens; seed 002 bingo IV). Every round opened on the
// table until session.closed belongs to it (RoundOpened.Session), and
// every sale in them is checked against Terms.
type SessionOpened struct {
	Table   string `json:"table"`
	Session string `json:"session"`
	// Number counts the table's sessions, from 1.
	Number       int64  `json:"number"`
	Paytable     string `json:"paytable"`
	PaytableHash string `json:"paytable_hash"`
	// Terms are the session's terms as its game reads them, canonical
	// (bingo: {"series":[{"id","face","from","to",…}]}).
	Terms json.RawMessage `json:"terms"`
	// SalesMax is the most bets the session may sell over all its rounds
	// (bingo: the paytable's cards_max).
	SalesMax int `json:"sales_max"`
}

// SessionClosed closes a table's session between rounds, with what it
// sold.
type SessionClosed struct {
	Table   string `json:"table"`
	Session string `json:"session"`
	// Rounds is how many rounds (games) were opened in the session; Sold
	// how many bets (cards) it sold, Sales their stakes in Currency.
	Rounds   int             `json:"rounds"`
	Sold     int             `json:"sold"`
	Sales    decimal.Decimal `json:"sales"`
	Currency string          `json:"currency"`
	Reason   string          `json:"reason,omitempty"`
	// Returned are the held halves of double cards that no round played
	// (the session closed before its next round): each goes back from
	// the table's held account to its player's wallet with this event.
	Returned []HeldHalf `json:"returned,omitempty"`
}

// HeldHalf is a double card's second half held for a session's next
// round.
type HeldHalf struct {
	Player string          `json:"player"`
	Code   string          `json:"code"`
	Amount decimal.Decimal `json:"amount"`
}
