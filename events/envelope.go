package events

import (
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// Actor is who issued the command that produced an event.
type Actor struct {
	ID   string `json:"id"`
	Role string `json:"role"`
}

// Posting is one leg of a double-entry movement: Amount of Currency moves
// From one account To another. The balance of an account is the sum of the
// amounts posted to it minus the sum of the amounts posted from it, so the
// balances of all accounts of a currency always sum to zero.
type Posting struct {
	From     string          `json:"from"`
	To       string          `json:"to"`
	Amount   decimal.Decimal `json:"amount"`
	Currency string          `json:"currency"`
}

// Envelope wraps every event. Its JSON member order is fixed by the field
// order below and "hash" must stay last: the canonical bytes of an event are
// its encoding without that trailing member (see the package doc).
type Envelope struct {
	// ID is a UUIDv7, also used as the JetStream message id for
	// deduplication.
	ID      uuid.UUID `json:"id"`
	Type    Type      `json:"type"`
	Version int       `json:"v"`
	// OccurredAt is read from the ledger's single clock, in UTC.
	OccurredAt time.Time `json:"at"`
	Table      string    `json:"table,omitempty"`
	Round      string    `json:"round,omitempty"`
	Actor      Actor     `json:"actor"`
	// IdempotencyKey and RequestHash identify the command that produced the
	// event, so a retried command is answered from the log after a restart.
	IdempotencyKey string          `json:"idem,omitempty"`
	RequestHash    string          `json:"req,omitempty"`
	CorrelationID  string          `json:"corr,omitempty"`
	Payload        json.RawMessage `json:"payload"`
	Postings       []Posting       `json:"postings,omitempty"`
	PrevHash       Hash            `json:"prev"`
	Hash           Hash            `json:"hash"`

	// Seq is the stream sequence, known only once the event is stored. It
	// is not part of the encoding: readers set it from the stream.
	Seq uint64 `json:"-"`
}
