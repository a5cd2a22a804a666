package jetstream

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// follower collects what Follow delivers.
type follower struct {
	mu      sync.Mutex
	got     []events.Raw
	batches []int
}

func (f *follower) add(batch []events.Raw) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.got = append(f.got, batch...)
	f.batches = append(f.batches, len(batch))
	return nil
}

// waitFor polls until the follower holds n events.
func (f *follower) waitFor(tb testing.TB, n int) {
	tb.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		f.mu.Lock()
		have := len(f.got)
		f.mu.Unlock()
		if have == n {
			return
		}
		if have > n || time.Now().After(deadline) {
			tb.Fatalf("follower holds %d events, want %d", have, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestFollow(t *testing.T) {
	s := openTest(t, "", nil)
	p := s.Prefix()
	// 2,500 events before Follow starts.
	var last uint64
	for i := range 3 {
		n := []int{1000, 1000, 500}[i]
		last = mustAppend(t, s, last, raws(p, "t1", fmt.Sprintf("pre%d", i), n, 200)) + uint64(n) - 1
	}

	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	f := &follower{}
	done := make(chan error, 1)
	go func() { done <- s.Follow(ctx, 11, f.add) }()
	f.waitFor(t, 2490)

	// One consumer serves the whole Follow.
	js := rawJS(t, s)
	st, err := js.Stream(testCtx(t), s.StreamName())
	if err != nil {
		t.Fatal(err)
	}
	if n := st.CachedInfo().State.Consumers; n != 1 {
		t.Fatalf("%d consumers while following, want 1", n)
	}

	// Appended while following: each single event arrives without waiting
	// for a batch to fill.
	for i := range 5 {
		last = mustAppend(t, s, last, raws(p, "t2", fmt.Sprintf("live%d", i), 1, 200))
		f.waitFor(t, 2490+i+1)
	}
	last = mustAppend(t, s, last, raws(p, "t2", "bulk", 300, 200)) + 299
	f.waitFor(t, 2490+5+300)

	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Follow returned %v, want context.Canceled", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, r := range f.got {
		if r.Seq != uint64(11+i) {
			t.Fatalf("event %d: seq %d, want %d", i, r.Seq, 11+i)
		}
	}
	if f.got[len(f.got)-1].Seq != last {
		t.Fatalf("last followed %d, stream at %d", f.got[len(f.got)-1].Seq, last)
	}
	for _, n := range f.batches {
		if n < 1 || n > FollowBatchMax {
			t.Fatalf("batch of %d events", n)
		}
	}
	if len(f.batches) >= len(f.got) {
		t.Fatalf("%d batches for %d events: no batching", len(f.batches), len(f.got))
	}
}

func TestFollow_StopsAtFnError(t *testing.T) {
	s := openTest(t, "", nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 10, 100))
	boom := errors.New("boom")
	calls := 0
	err := s.Follow(testCtx(t), 1, func([]events.Raw) error {
		calls++
		return boom
	})
	if !errors.Is(err, boom) || calls != 1 {
		t.Fatalf("Follow: %v after %d calls, want boom after 1", err, calls)
	}
}

func TestFollow_EndsOnClose(t *testing.T) {
	s := openTest(t, "", nil)
	done := make(chan error, 1)
	go func() { done <- s.Follow(context.Background(), 1, func([]events.Raw) error { return nil }) }()
	// Let the consumer start, then close the store under it.
	waitConsumers(t, s, 1)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("Follow returned nil after Close")
		}
	case <-time.After(15 * time.Second):
		t.Fatal("Follow still running 15s after Close")
	}
}
