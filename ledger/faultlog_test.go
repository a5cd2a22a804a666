package ledger_test

import (
	"context"
	"errors"
	"sync"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// errInjected is what faultLog.Append returns once its budget is spent.
var errInjected = errors.New("faultlog: injected append failure")

// faultLog wraps the real store and makes Append fail after a number of
// successful calls, as a log whose disk or connection went away between two
// batches would. Read, LastSeq and Prefix go to the store unchanged, so the
// ledger recovers against the real stream. It injects faults around the
// store; it does not imitate one.
type faultLog struct {
	inner ledger.Log

	mu sync.Mutex
	// left is how many more appends succeed; negative means no limit.
	left int
	// appended and failed count the calls that went through and those that
	// were refused.
	appended, failed int
}

func newFaultLog(inner ledger.Log) *faultLog { return &faultLog{inner: inner, left: -1} }

// failAfter lets n more appends through, then fails every later one until
// heal.
func (f *faultLog) failAfter(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.left = n
}

// heal lets every append through again.
func (f *faultLog) heal() { f.failAfter(-1) }

// counts returns how many appends went through and how many failed.
func (f *faultLog) counts() (appended, failed int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.appended, f.failed
}

func (f *faultLog) Append(ctx context.Context, expectLastSeq uint64, msgs []events.Raw) (uint64, error) {
	f.mu.Lock()
	if f.left == 0 {
		f.failed++
		f.mu.Unlock()
		return 0, errInjected
	}
	if f.left > 0 {
		f.left--
	}
	f.appended++
	f.mu.Unlock()
	return f.inner.Append(ctx, expectLastSeq, msgs)
}

func (f *faultLog) Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error {
	return f.inner.Read(ctx, from, to, fn)
}

func (f *faultLog) LastSeq(ctx context.Context) (uint64, error) { return f.inner.LastSeq(ctx) }

func (f *faultLog) Prefix() string { return f.inner.Prefix() }

func (f *faultLog) Check(ctx context.Context) error { return f.inner.Check(ctx) }
