package events

import (
	"fmt"
	"time"
)

// Raw is an event as the log stores it: the encoded envelope with the subject
// it was published on and, once stored, its stream sequence and time.
type Raw struct {
	Seq     uint64
	Subject string
	// MsgID is the envelope's id, the JetStream deduplication key.
	MsgID string
	Data  []byte
	// Stored is when the stream stored the message (zero before that).
	Stored time.Time
}

// Subject names. One stream holds a bounded set of subjects: one per table,
// one for the cashier, one for seals. Never a subject per round, bet or
// player: JetStream keeps state per subject in memory.
const (
	subjectTable   = "table"
	subjectCashier = "cashier"
	subjectSeal    = "seal"
)

// IDMax is the longest table, player, round or dealer id accepted.
const IDMax = 64

// ValidID reports whether s can be used as a table, player or dealer id:
// 1..64 characters of letters, digits, '_' and '-', starting with a letter or
// digit (`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`, which FuzzValidID holds it
// to). Such ids are safe inside NATS subjects and account names. A loop,
// not the regular expression: the ledger checks every id of every
// command, and the expression's matcher was 1.3% of the server's CPU under
// wagerlog bench's HTTP load.
func ValidID(s string) bool {
	if len(s) == 0 || len(s) > IDMax || s[0] == '_' || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// TableSubject returns the subject of a table's events under prefix.
func TableSubject(prefix, table string) string {
	return prefix + "." + subjectTable + "." + table
}

// CashierSubject returns the subject of cashier events under prefix.
func CashierSubject(prefix string) string { return prefix + "." + subjectCashier }

// JackpotSubject returns the subject of progressive pools' events under
// prefix: one subject for every pool (a pool belongs to no table).
func JackpotSubject(prefix string) string { return prefix + ".jackpot" }

// SealSubject returns the subject of seal events under prefix.
func SealSubject(prefix string) string { return prefix + "." + subjectSeal }

// AllSubjects returns the wildcard that covers every subject under prefix.
func AllSubjects(prefix string) string { return prefix + ".>" }

// SubjectFor returns the subject an envelope is published on.
func SubjectFor(prefix string, e *Envelope) (string, error) {
	switch e.Type {
	case TypeWalletDeposited, TypeWalletWithdrawn, TypeWalletAdjusted, TypeCreditsExpired:
		return CashierSubject(prefix), nil
	case TypeLedgerSealed:
		return SealSubject(prefix), nil
	case TypeJackpotConfigured, TypeJackpotLinked, TypeJackpotUnlinked, TypeJackpotAdjusted, TypeJackpotDecommissioned, TypeJackpotDrawSeedRevealed:
		return JackpotSubject(prefix), nil
	}
	if !e.Type.Known() {
		return "", fmt.Errorf("%w: %q", ErrUnknownType, e.Type)
	}
	if !ValidID(e.Table) {
		return "", fmt.Errorf("%w: %s event needs a valid table id, got %q", ErrMalformed, e.Type, e.Table)
	}
	return TableSubject(prefix, e.Table), nil
}
