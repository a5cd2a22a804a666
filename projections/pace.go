package projections

import (
	"context"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// Pacing of the projector's commits.
const (
	// DefaultCommitInterval is the least time between two of the
	// projector's commits while events keep arriving. The stream delivers
	// each group commit of the ledger as a batch of its own, and a commit
	// costs much the same whatever it holds: a bbolt transaction decodes
	// and rewrites every record it touches (the round, the table's daily
	// totals, the house's balances), rewrites their pages and syncs the
	// file twice. Under load the projector therefore decodes each batch as
	// it comes and commits what an interval brought in one transaction
	// (docs/BENCHMARKS.md, "The HTTP path, before and after paced
	// commits"). A quiet stream is not held back: the first
	// batch after a pause is committed at once, and so is everything while
	// a reader waits for a sequence (WaitFor, the API's min_seq).
	DefaultCommitInterval = 100 * time.Millisecond
	// PaceEventsMax is how many events the projector holds at most: at
	// this many it commits whatever the interval, so a projector catching
	// up on a backlog never waits and a commit stays bounded. Under load
	// the interval comes first: wagerlog bench's HTTP phase appends
	// 16,000-21,000 events a second, about 2,000 an interval. At 1,000
	// the maximum came first, and the projector committed twice as often
	// for 2-4 µs more of the server's CPU a slip. A longer interval with
	// a larger maximum (200 ms, 5,000) did no better: a commit of
	// thousands of events is a burst of CPU the requests in flight wait
	// behind (docs/BENCHMARKS.md, "The projector's commits paced by the
	// interval").
	PaceEventsMax = 2500
)

// commitInterval returns the projector's interval between commits (0: none).
func (p *Projector) commitInterval() time.Duration {
	switch {
	case p.CommitInterval < 0:
		return 0
	case p.CommitInterval == 0:
		return DefaultCommitInterval
	}
	return p.CommitInterval
}

// due reports whether held events are committed now: n events are held,
// the last commit was at lastCommit.
func (p *Projector) due(n int, lastCommit time.Time) bool {
	interval := p.commitInterval()
	return interval == 0 || n >= PaceEventsMax || p.store.n.waiting() || p.now().Sub(lastCommit) >= interval
}

// pacer holds the batches of one follow of the stream between commits:
// each batch is decoded as it arrives (Store.Prepare) and merged with the
// ones held; a commit applies them all in one transaction, either when a
// batch arrives and the commit is due, or from the pacer's own goroutine
// once the interval has passed (or a reader waits). Nothing is lost by
// holding: the store's position is its last commit, and a follow that
// stops with events held starts again after that commit.
type pacer struct {
	p *Projector
	// stop ends the follow when a commit by the goroutine failed.
	stop context.CancelCauseFunc

	mu         sync.Mutex
	held       *Prepared
	lastCommit time.Time
	// err is the first failed commit (an *applyError); the follow ends.
	err error

	kick chan struct{} // one notice: events are held
	wg   sync.WaitGroup
}

// newPacer starts the goroutine that commits held events when they are
// due; it ends with ctx.
func (p *Projector) newPacer(ctx context.Context, stop context.CancelCauseFunc) *pacer {
	pc := &pacer{p: p, stop: stop, kick: make(chan struct{}, 1)}
	pc.wg.Add(1)
	go func() {
		defer pc.wg.Done()
		pc.run(ctx)
	}()
	return pc
}

// add decodes a batch and holds it, committing everything held when due.
// It returns an *applyError when the batch does not decode or the commit
// fails.
func (pc *pacer) add(batch []events.Raw) error {
	prep, err := pc.p.store.prepare(batch, pc.p.Handoff)
	if err != nil {
		return &applyError{err}
	}
	return pc.addPrepared(prep)
}

// addPrepared holds prepared events as add does.
func (pc *pacer) addPrepared(prep *Prepared) error {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.err != nil {
		return pc.err
	}
	if pc.held == nil {
		pc.held = prep
	} else {
		pc.held.Merge(prep)
	}
	if pc.p.due(pc.held.Len(), pc.lastCommit) {
		return pc.commitLocked()
	}
	select {
	case pc.kick <- struct{}{}:
	default:
	}
	return nil
}

// commitLocked applies the held events; mu held.
func (pc *pacer) commitLocked() error {
	held := pc.held
	pc.held = nil
	if held == nil {
		return nil
	}
	if err := pc.p.store.ApplyPrepared(held); err != nil {
		pc.err = &applyError{err}
		return pc.err
	}
	pc.lastCommit = pc.p.now()
	pc.p.caughtUp()
	return nil
}

// run commits held events once they are due, until ctx ends.
func (pc *pacer) run(ctx context.Context) {
	var t *time.Timer
	defer func() {
		if t != nil {
			t.Stop()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case <-pc.kick:
		}
		for {
			pc.mu.Lock()
			if pc.held == nil || pc.err != nil {
				pc.mu.Unlock()
				break
			}
			if pc.p.due(pc.held.Len(), pc.lastCommit) {
				err := pc.commitLocked()
				pc.mu.Unlock()
				if err != nil {
					pc.stop(err)
					return
				}
				break
			}
			wait := pc.p.commitInterval() - pc.p.now().Sub(pc.lastCommit)
			pc.mu.Unlock()
			if t == nil {
				t = time.NewTimer(wait)
			} else {
				t.Reset(wait)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-pc.p.store.n.wake:
				// A reader waits: due() now says so.
			}
		}
	}
}

// close stops the goroutine and drops the events held (the next follow
// starts after the last commit); it returns the failed commit, if any.
func (pc *pacer) close() error {
	pc.stop(nil)
	pc.wg.Wait()
	pc.mu.Lock()
	defer pc.mu.Unlock()
	pc.held = nil
	return pc.err
}
