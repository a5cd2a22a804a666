package projections

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// notifier wakes readers waiting for a sequence and board subscribers.
type notifier struct {
	mu sync.Mutex
	// ch is closed (and replaced) after every committed batch.
	ch     chan struct{}
	subs   map[string]map[*subscription]struct{}
	closed bool

	// waiters counts the WaitFor calls waiting for a sequence not yet
	// applied; wake (one buffered notice) tells a projector holding a
	// batch back (pace.go) that one started waiting.
	waiters atomic.Int32
	wake    chan struct{}
}

type subscription struct {
	ch   chan struct{}
	once sync.Once
}

func (s *subscription) end() { s.once.Do(func() { close(s.ch) }) }

func (n *notifier) init() {
	n.ch = make(chan struct{})
	n.subs = make(map[string]map[*subscription]struct{})
	n.wake = make(chan struct{}, 1)
}

// waiting reports whether a reader waits for a sequence not yet applied.
func (n *notifier) waiting() bool { return n.waiters.Load() > 0 }

// wait marks a reader as waiting until the returned function is called, and
// wakes a projector that holds a batch back.
func (n *notifier) wait() (done func()) {
	n.waiters.Add(1)
	select {
	case n.wake <- struct{}{}:
	default: // a notice is already pending
	}
	return func() { n.waiters.Add(-1) }
}

// applied wakes the waiters and the subscribers of the boards that changed.
func (n *notifier) applied(boards []string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	close(n.ch)
	n.ch = make(chan struct{})
	for _, t := range boards {
		for sub := range n.subs[t] {
			select {
			case sub.ch <- struct{}{}:
			default: // a notice is already pending: the reader will see both
			}
		}
	}
}

// all notifies every subscriber.
func (n *notifier) all() {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, subs := range n.subs {
		for sub := range subs {
			select {
			case sub.ch <- struct{}{}:
			default:
			}
		}
	}
}

func (n *notifier) close() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		return
	}
	n.closed = true
	close(n.ch)
	for _, subs := range n.subs {
		for sub := range subs {
			sub.end()
		}
	}
	n.subs = nil
}

// WaitFor waits until the projections have applied seq (typically the last
// sequence a write returned, for read-your-writes), or ctx ends. It returns
// nil once LastSeq() >= seq; an error matching both ErrTimeout and ctx's
// error when ctx ends first; ErrClosed when the store closes.
func (s *Store) WaitFor(ctx context.Context, seq uint64) error {
	if s.lastSeq.Load() >= seq {
		return nil
	}
	// A projector pacing its commits (pace.go) applies at once while
	// someone waits: read-your-writes is not held back by the interval.
	defer s.n.wait()()
	for {
		s.n.mu.Lock()
		ch, closed := s.n.ch, s.n.closed
		s.n.mu.Unlock()
		// Read the position after taking the channel: a batch committed
		// in between is seen here, a later one closes ch.
		if s.lastSeq.Load() >= seq {
			return nil
		}
		if closed {
			return ErrClosed
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("%w: applied %d, want %d: %w", ErrTimeout, s.lastSeq.Load(), seq, ctx.Err())
		}
	}
}

// Subscribe returns a channel that receives a notice whenever the board of
// table changes (a round completed or corrected, or the file was swapped by
// a rebuild), and a function that ends the subscription. Notices coalesce:
// a reader that was busy gets one notice for several changes and reads the
// board once. The channel is closed by the end function and by Close; call
// the end function when done, or the subscription stays registered.
func (s *Store) Subscribe(table string) (<-chan struct{}, func()) {
	sub := &subscription{ch: make(chan struct{}, 1)}
	s.n.mu.Lock()
	defer s.n.mu.Unlock()
	if s.n.closed {
		sub.end()
		return sub.ch, func() {}
	}
	if s.n.subs[table] == nil {
		s.n.subs[table] = make(map[*subscription]struct{})
	}
	s.n.subs[table][sub] = struct{}{}
	return sub.ch, func() {
		s.n.mu.Lock()
		defer s.n.mu.Unlock()
		if subs := s.n.subs[table]; subs != nil {
			delete(subs, sub)
			if len(subs) == 0 {
				delete(s.n.subs, table)
			}
		}
		sub.end()
	}
}

// subscribers counts the live subscriptions, for the leak test.
func (s *Store) subscribers() int {
	s.n.mu.Lock()
	defer s.n.mu.Unlock()
	n := 0
	for _, subs := range s.n.subs {
		n += len(subs)
	}
	return n
}
