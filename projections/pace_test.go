package projections

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
)

// recordingSource is the real stream; it records the last sequence of
// every batch the projector receives and says on seen when a batch reached
// a sequence.
type recordingSource struct {
	*jetstream.Store
	mu      sync.Mutex
	batches [][2]uint64 // first and last sequence of each batch
	seen    chan uint64
}

func (r *recordingSource) Follow(ctx context.Context, from uint64, fn func([]events.Raw) error) error {
	return r.Store.Follow(ctx, from, func(b []events.Raw) error {
		if len(b) == 0 {
			return fn(b)
		}
		r.mu.Lock()
		r.batches = append(r.batches, [2]uint64{b[0].Seq, b[len(b)-1].Seq})
		r.mu.Unlock()
		// Told once fn has taken the batch (the pacer holds it): told
		// before, a test's reader could end the wait on the batches held
		// so far and this one be committed on its own.
		err := fn(b)
		if err == nil {
			select {
			case r.seen <- b[len(b)-1].Seq:
			default:
			}
		}
		return err
	})
}

func (r *recordingSource) got() [][2]uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.batches)
}

// await waits until a batch ending at seq has been received and handed
// to the projector.
func (r *recordingSource) await(tb testing.TB, seq uint64) {
	tb.Helper()
	deadline := time.After(ledgertest.Timeout)
	for {
		select {
		case got := <-r.seen:
			if got == seq {
				return
			}
		case <-deadline:
			tb.Fatalf("timed out waiting for a batch ending at %d", seq)
		}
	}
}

// runPaced runs a projector with the given commit interval (0: the
// default) until the test ends.
func runPaced(tb testing.TB, s *Store, src Source, interval time.Duration) *Projector {
	tb.Helper()
	p := NewProjector(s, src, nil)
	p.CommitInterval = interval
	return startProjector(tb, p)
}

// startProjector runs p until the test ends.
func startProjector(tb testing.TB, p *Projector) *Projector {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()
	tb.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			tb.Errorf("projector: %v", err)
		}
	})
	return p
}

// TestProjector_Pace checks that under a commit interval the batches that
// arrive within it are committed together, and that nothing is held back
// from a reader waiting for it.
func TestProjector_Pace(t *testing.T) {
	h := newHarness(t)
	h.Deposit("p0", "10")
	first := h.LastSeq()
	s := openProj(t, "", Options{})
	src := &recordingSource{Store: h.Stream, seen: make(chan uint64, 16)}
	// An hour: only a reader (or the end of the run) can end the wait.
	runPaced(t, s, src, time.Hour)

	// The first batch after a pause is committed at once, with no reader.
	eventually(t, "the first batch to be committed", func() bool { return s.LastSeq() == first })

	// The next batches are held for the interval (each group commit of
	// the ledger comes as a batch of its own).
	h.Deposit("p1", "10")
	second := h.LastSeq()
	src.await(t, second)
	for i := 2; i < 5; i++ {
		h.Deposit(fmt.Sprintf("p%d", i), "10")
	}
	last := h.LastSeq()
	src.await(t, last)
	if got := s.LastSeq(); got != first {
		t.Fatalf("applied %d while %d..%d are held; want %d", got, first+1, last, first)
	}

	// A reader waiting for the last event ends the wait: WaitFor returns
	// well before the hour (testCtx's deadline bounds it).
	waitFor(t, s, last)
	if got := s.commits.Load(); got != 2 {
		t.Fatalf("%d commits for batches %v; want 2: the first, and everything held", got, src.got())
	}
	v, err := s.Balances("")
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Balances) == 0 || v.Seq != last {
		t.Fatalf("balances at %d (%d rows) after waiting for %d", v.Seq, len(v.Balances), last)
	}
}

// TestProjector_PaceStopLosesNothing stops a projector while it holds a
// batch; a new one follows on from the last commit and applies it.
func TestProjector_PaceStopLosesNothing(t *testing.T) {
	h := newHarness(t)
	h.Deposit("p0", "10")
	first := h.LastSeq()
	path := t.TempDir() + "/projections.db"
	s := openProj(t, path, Options{})
	src := &recordingSource{Store: h.Stream, seen: make(chan uint64, 16)}
	p := NewProjector(s, src, nil)
	p.CommitInterval = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()
	eventually(t, "the first batch to be committed", func() bool { return s.LastSeq() == first })
	h.Deposit("p1", "10")
	second := h.LastSeq()
	src.await(t, second)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("projector: %v", err)
	}
	if got := s.LastSeq(); got != first {
		t.Fatalf("a stopped projector committed up to %d; want %d (the held batch dropped)", got, first)
	}
	runPaced(t, s, h.Stream, -1)
	waitFor(t, s, second)
}

// TestProjector_PaceRule checks when held events are committed at once:
// no interval, a full batch (a projector catching up), a reader waiting,
// the interval past; and not otherwise.
func TestProjector_PaceRule(t *testing.T) {
	s := openProj(t, "", Options{})
	p := NewProjector(s, nil, nil)
	now := time.Now()
	for _, c := range []struct {
		name       string
		interval   time.Duration
		n          int
		lastCommit time.Time
		waiting    bool
		due        bool
	}{
		{"OK/held", time.Hour, 1, now, false, false},
		{"OK/held below the maximum", time.Hour, PaceEventsMax - 1, now, false, false},
		{"OK/no interval", -1, 1, now, false, true},
		{"OK/full", time.Hour, PaceEventsMax, now, false, true},
		{"OK/interval past", time.Hour, 1, now.Add(-2 * time.Hour), false, true},
		{"OK/reader waiting", time.Hour, 1, now, true, true},
		{"OK/default interval past", 0, 1, now.Add(-DefaultCommitInterval), false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p.CommitInterval = c.interval
			if c.waiting {
				defer s.n.wait()()
			}
			if got := p.due(c.n, c.lastCommit); got != c.due {
				t.Fatalf("due(%d events, last commit %s ago) = %v, want %v", c.n, time.Since(c.lastCommit).Round(time.Second), got, c.due)
			}
		})
	}
}
