package events

import (
	"fmt"
	"net/http"

	"github.com/wagerlog/wagerlog/errcode"
)

// Sentinels a *StreamFault matches, by its kind: what a writer must not
// append after, and why.
var (
	// ErrStreamUntrusted is matched by a *StreamFault saying the stream no
	// longer holds only what its writer wrote: a message it did not write,
	// the stream deleted, or its settings changed under it.
	// The API answers it 503 without Retry-After: only an operator's
	// repair and a restart clear it.
	ErrStreamUntrusted = errcode.New("stream_untrusted", http.StatusServiceUnavailable,
		"Stream holds what the ledger did not write", "events: the stream cannot be trusted")
	// ErrStreamDamaged is matched by a *StreamFault saying the stream's
	// storage lost messages it still counts (a damaged tail, messages
	// missing).
	ErrStreamDamaged = errcode.New("stream_damaged", http.StatusServiceUnavailable,
		"Stream damaged", "events: the stream is damaged")
)

// FaultKind names what is wrong with a stream. The names are stable: they
// appear in /readyz, the log and verify's report.
type FaultKind string

// The kinds of stream faults.
const (
	// FaultForeignMessage is a message the ledger did not write: one that
	// does not decode (an unknown type, not an event), whose hash does not
	// match its content, or that does not link to the event before it.
	FaultForeignMessage FaultKind = "foreign_message"
	// FaultDamagedTail is a stream whose last sequence names a message the
	// server no longer holds: its last block was damaged or cut, and the
	// server dropped the message at start-up but kept counting it.
	FaultDamagedTail FaultKind = "damaged_tail"
	// FaultMessagesMissing is a stream missing messages before its last:
	// its first sequence is not 1, or sequences in between are gone.
	FaultMessagesMissing FaultKind = "messages_missing"
	// FaultStreamMissing is a stream that no longer exists.
	FaultStreamMissing FaultKind = "stream_missing"
	// FaultStreamSettings is a stream whose settings were changed under
	// the writer (lower limits, purge or delete allowed, other subjects).
	FaultStreamSettings FaultKind = "stream_settings_changed"
)

// StreamFault is what a writer or a check found wrong with the stream. It
// matches ErrStreamDamaged for FaultDamagedTail and FaultMessagesMissing,
// ErrStreamUntrusted for the other kinds.
type StreamFault struct {
	// Kind says what was found.
	Kind FaultKind `json:"kind"`
	// Seq is the sequence where it was found (0 when it concerns the whole
	// stream).
	Seq uint64 `json:"seq,omitempty"`
	// Detail says what exactly, for a human.
	Detail string `json:"detail"`
}

// Error implements error.
func (f *StreamFault) Error() string {
	if f.Seq > 0 {
		return fmt.Sprintf("stream fault %s at sequence %d: %s", f.Kind, f.Seq, f.Detail)
	}
	return fmt.Sprintf("stream fault %s: %s", f.Kind, f.Detail)
}

// Unwrap returns the sentinel of the fault's kind.
func (f *StreamFault) Unwrap() error {
	switch f.Kind {
	case FaultDamagedTail, FaultMessagesMissing:
		return ErrStreamDamaged
	}
	return ErrStreamUntrusted
}
