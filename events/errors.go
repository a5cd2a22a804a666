package events

import "errors"

// Errors returned by the codec and the chain.
var (
	// ErrMalformed is returned when bytes are not a well-formed event: not
	// JSON, a required member missing, or a value out of range.
	ErrMalformed = errors.New("events: malformed event")
	// ErrUnknownType is returned when an event's type is not in the catalog.
	ErrUnknownType = errors.New("events: unknown event type")
	// ErrUnknownVersion is returned when an event's schema version is newer
	// than this build knows, or older with no upcaster for it.
	ErrUnknownVersion = errors.New("events: unknown schema version")
	// ErrHashMismatch is returned when an event's content does not match its
	// stated hash: the event was changed after it was written.
	ErrHashMismatch = errors.New("events: hash mismatch")
	// ErrChainBroken is returned when an event's prev is not the hash of the
	// event before it: an event was removed, inserted or reordered.
	ErrChainBroken = errors.New("events: hash chain broken")
	// ErrSequenceGap is returned when stream sequences are not consecutive.
	ErrSequenceGap = errors.New("events: sequence gap")

	// ErrConflict is returned by a log's append when the stream's last
	// sequence is not the one the writer expected: another writer appended
	// first. Nothing of the batch was stored.
	ErrConflict = errors.New("events: append conflict: the stream moved on")
	// ErrStreamFull is returned by a log's append when the stream has reached
	// its limits. The stream refuses writes instead of evicting history.
	ErrStreamFull = errors.New("events: stream full")
)
