package jetstream

import (
	"context"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// FollowBatchMax is the most events one call of Follow's fn receives.
const FollowBatchMax = 1000

// followFlushAfter is how long Follow holds a partial batch while the server
// says more messages are pending but none arrives. Normally the next message
// follows within microseconds; a count of pending messages that the server
// will not deliver (messages it lost at start-up, or an atomic batch being
// stored while the count was taken) must not hold back the ones received.
const followFlushAfter = 50 * time.Millisecond

// Follow calls fn with every event from sequence from on (0 means 1), in
// order, in batches of at most FollowBatchMax, including events appended
// while it runs. A batch is delivered as soon as nothing more is pending on
// the server (or nothing more arrived for followFlushAfter), so a quiet
// stream gets small batches at once and a replay gets full ones. One ordered
// consumer serves the whole call. Follow blocks until ctx ends (returning
// ctx.Err()) or fn fails (returning its error). The batch slice is reused
// after fn returns; the Raw values in it are the caller's to keep.
func (s *Store) Follow(ctx context.Context, from uint64, fn func(batch []events.Raw) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex // guards batch, last and fnErr; held while fn runs
		batch = make([]events.Raw, 0, FollowBatchMax)
		last  time.Time
		fnErr error
	)
	// flush delivers the batch; mu held.
	flush := func() error {
		err := fn(batch)
		clear(batch)
		batch = batch[:0]
		if err != nil {
			fnErr = err
			cancel()
		}
		return err
	}
	go func() {
		t := time.NewTicker(followFlushAfter / 2)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				mu.Lock()
				if len(batch) > 0 && time.Since(last) >= followFlushAfter && fnErr == nil {
					_ = flush()
				}
				mu.Unlock()
			}
		}
	}()
	err := s.consume(ctx, useFollow, "", from, false, func(r events.Raw, pending uint64) (bool, error) {
		mu.Lock()
		defer mu.Unlock()
		if fnErr != nil {
			return true, fnErr
		}
		batch = append(batch, r)
		last = time.Now()
		if pending > 0 && len(batch) < FollowBatchMax {
			return false, nil
		}
		err := flush()
		return err != nil, err
	})
	mu.Lock()
	defer mu.Unlock()
	if fnErr != nil {
		return fnErr
	}
	return err
}
