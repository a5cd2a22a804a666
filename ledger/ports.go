package ledger

import (
	"context"

	"github.com/wagerlog/wagerlog/events"
)

// Log is the event stream the ledger appends to and rebuilds from.
// events/jetstream.Store implements it.
type Log interface {
	// Append stores msgs as one atomic batch if the stream's last sequence
	// is expectLastSeq, and returns the sequence of the first; the others
	// follow without gaps. It returns an error wrapping events.ErrConflict
	// when the stream moved on, events.ErrStreamFull when it is full.
	Append(ctx context.Context, expectLastSeq uint64, msgs []events.Raw) (first uint64, err error)
	// Read calls fn for every event from..to inclusive, in order; to == 0
	// means up to the last sequence at the time of the call.
	Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error
	// LastSeq returns the stream's last sequence (0 when empty).
	LastSeq(ctx context.Context) (uint64, error)
	// Prefix returns the subject prefix of the stream.
	Prefix() string
	// Check returns a *events.StreamFault when the stream was deleted, its
	// settings changed, or it counts messages it does not hold; nil when
	// none of these; another error when it cannot tell.
	Check(ctx context.Context) error
}
