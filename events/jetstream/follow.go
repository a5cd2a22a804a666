package jetstream

import (
	"context"

	"github.com/wagerlog/wagerlog/events"
)

// FollowBatchMax is the most events one call of Follow's fn receives.
const FollowBatchMax = 1000

// Follow calls fn with every event from sequence from on (0 means 1), in
// order, in batches of at most FollowBatchMax, including events appended
// while it runs. A batch is delivered as soon as nothing more is pending on
// the server, so a quiet stream gets small batches at once and a replay
// gets full ones. One ordered consumer serves the whole call. Follow blocks
// until ctx ends (returning ctx.Err()) or fn fails (returning its error).
// The batch slice is reused after fn returns; the Raw values in it are the
// caller's to keep.
func (s *Store) Follow(ctx context.Context, from uint64, fn func(batch []events.Raw) error) error {
	batch := make([]events.Raw, 0, FollowBatchMax)
	return s.consume(ctx, "", from, false, func(r events.Raw, pending uint64) (bool, error) {
		batch = append(batch, r)
		if pending > 0 && len(batch) < FollowBatchMax {
			return false, nil
		}
		err := fn(batch)
		clear(batch)
		batch = batch[:0]
		return err != nil, err
	})
}
