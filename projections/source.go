package projections

import (
	"context"

	"github.com/wagerlog/wagerlog/events"
)

// Source is the event stream a Projector follows. events/jetstream.Store
// implements it.
type Source interface {
	// Follow calls fn with every event from sequence from on, in order and
	// in batches, including events appended while it runs, until ctx ends
	// or fn fails. The batch slice may be reused after fn returns; the Raw
	// values in it are the caller's to keep.
	Follow(ctx context.Context, from uint64, fn func(batch []events.Raw) error) error
	// LastSeq returns the stream's last sequence (0 when it is empty).
	LastSeq(ctx context.Context) (uint64, error)
}
