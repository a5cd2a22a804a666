package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/projections"
)

// catchUpMax bounds the wait for the projector after the HTTP phase's load.
const catchUpMax = 5 * time.Minute

// catchUpPoll is how often catchUp looks at the projections' position. It
// polls rather than calling WaitFor, which would make the projector commit
// at once (projections/pace.go) and so change what is measured.
const catchUpPoll = 5 * time.Millisecond

// catchUpResult is what the projector still had to do when the HTTP
// phase's load ended.
type catchUpResult struct {
	// behind is how many events of the stream the projections had not
	// applied when the load ended.
	behind uint64
	// elapsed and cpu are the time and this process's CPU (the server's:
	// the load generator is done) until they had.
	elapsed, cpu time.Duration
}

// catchUp waits until the projector has applied the whole stream. A
// projector that falls behind under load defers part of the server's work
// past the load generator's window, which the server's CPU per slip
// measured in that window does not count: this does.
func catchUp(ctx context.Context, st *jetstream.Store, views *projections.Store) (catchUpResult, error) {
	var res catchUpResult
	start, cpu0 := time.Now(), selfCPU()
	last, err := st.LastSeq(ctx)
	if err != nil {
		return res, fmt.Errorf("bench: stream's last sequence: %w", err)
	}
	if applied := views.LastSeq(); applied < last {
		res.behind = last - applied
	}
	for views.LastSeq() < last {
		if time.Since(start) > catchUpMax {
			return res, fmt.Errorf("bench: the projector applied %d of %d events in %s", views.LastSeq(), last, catchUpMax)
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-time.After(catchUpPoll):
		}
	}
	res.elapsed, res.cpu = time.Since(start), selfCPU()-cpu0
	return res, nil
}
