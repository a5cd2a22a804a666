package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/projections"
)

// RebuildBatchMax is how many events a rebuild applies in one transaction.
// Larger transactions write the pages every event touches (balances of the
// house, a table's board) fewer times, but hold more in memory: on 1.08M
// events, 10,000 / 25,000 / 50,000 / 100,000 per transaction gave
// 90.1k / 92.9k / 90.0k / 74.1k events/s under a 1 GiB heap limit. 10,000
// gives up 3% of that for a bounded memory: the transaction's decoded
// events and dirty pages are what a rebuild holds besides its queues
// (docs/BENCHMARKS.md, "Memory").
const RebuildBatchMax = 10_000

// Depths of the rebuild's queues, in chunks of decodeChunk events per
// decoding worker. The ordered queue holds every chunk read and not yet
// applied, decoded or not: with 2 workers, 16 chunks (16,000 events)
// absorb the applier's pause while a transaction of RebuildBatchMax events
// commits, so the reader and the decoders do not stop with it. Deeper
// queues only held more decoded events in memory (a 96-chunk pipeline with
// 25,000-event transactions kept about 120,000 events in flight).
const (
	workQueuePerWorker    = 4
	orderedQueuePerWorker = 8
)

// Progress is reported during a rebuild.
type Progress struct {
	// Applied is the last sequence applied; Target the stream's last
	// sequence when the rebuild started.
	Applied, Target uint64
	Elapsed         time.Duration
	// Reason is why OpenOrRebuild rebuilds (a *ProofError, or the error
	// of a file of another layout); nil for a rebuild asked for.
	Reason error
}

// Rate is the events applied per second so far.
func (p Progress) Rate() float64 {
	if p.Elapsed <= 0 {
		return 0
	}
	return float64(p.Applied) / p.Elapsed.Seconds()
}

// errDone ends the follow of a rebuild once it reached its target.
var errDone = errors.New("replay: rebuild reached its target")

// decodeChunk is how many events one decoding job takes.
const decodeChunk = 1000

// job is a chunk of events decoded by a worker; done is closed when p (or
// err) is set.
type job struct {
	raws []events.Raw
	p    *projections.Prepared
	err  error
	done chan struct{}
}

// build follows the stream from 1 to target in a pipeline: the consumer
// cuts the stream into chunks, GOMAXPROCS workers decode them in parallel,
// and one applier applies them in order, RebuildBatchMax events per
// transaction.
func build(ctx context.Context, src projections.Source, st *projections.Store, target uint64, applied func(uint64)) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	workers := runtime.GOMAXPROCS(0)
	// Queues deep enough to absorb a commit's pause (see
	// orderedQueuePerWorker): with 25,000-event transactions, 16 chunks a
	// worker instead of 1 took 55,800 → 66,100 events/s on a
	// 1,080,965-event stream (2 cores).
	work := make(chan *job, workQueuePerWorker*workers)
	ordered := make(chan *job, orderedQueuePerWorker*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j.p, j.err = st.Prepare(j.raws)
				close(j.done)
			}
		}()
	}
	applyDone := make(chan error, 1)
	go func() {
		applyDone <- applyInOrder(ctx, st, ordered, applied)
	}()
	send := func(raws []events.Raw) error {
		j := &job{raws: raws, done: make(chan struct{})}
		select {
		case work <- j:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		select {
		case ordered <- j:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		return nil
	}
	chunk := make([]events.Raw, 0, decodeChunk)
	ferr := src.Follow(ctx, 1, func(batch []events.Raw) error {
		for _, r := range batch {
			if r.Seq > target {
				break
			}
			chunk = append(chunk, r)
			if len(chunk) == decodeChunk || r.Seq == target {
				if err := send(chunk); err != nil {
					return err
				}
				chunk = make([]events.Raw, 0, decodeChunk)
			}
			if r.Seq == target {
				return errDone
			}
		}
		return nil
	})
	close(work)
	close(ordered)
	if !errors.Is(ferr, errDone) {
		cancel(ferr)
	}
	aerr := <-applyDone
	wg.Wait()
	switch {
	case aerr != nil:
		return aerr
	case !errors.Is(ferr, errDone):
		if ferr == nil {
			ferr = errors.New("the stream ended before the rebuild's target")
		}
		return ferr
	}
	return nil
}

// applyInOrder applies the decoded chunks in stream order, merging them
// into transactions of up to RebuildBatchMax events.
func applyInOrder(ctx context.Context, st *projections.Store, ordered <-chan *job, applied func(uint64)) error {
	var pending *projections.Prepared
	flush := func() error {
		if pending == nil {
			return nil
		}
		if err := st.ApplyPrepared(pending); err != nil {
			return err
		}
		pending = nil
		applied(st.LastSeq())
		return nil
	}
	for j := range ordered {
		select {
		case <-j.done:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		if j.err != nil {
			return j.err
		}
		if pending == nil {
			pending = j.p
		} else {
			pending.Merge(j.p)
		}
		if pending.Len() >= RebuildBatchMax {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	return flush()
}

// Rebuild builds the projections from sequence 1 into path+".rebuild", then
// renames that file over path. It returns once the new file holds every
// event the stream had when Rebuild started (later ones are for the
// projector that follows). progress, if not nil, is called after every
// transaction. opts are the projections' options (time zone, board size,
// codec); NoSync is set for the build, and the file is synced once before
// the swap. On failure the old file is left as it was and the partial one
// removed.
func Rebuild(ctx context.Context, src projections.Source, path string, opts projections.Options, progress func(Progress)) (Progress, error) {
	start := time.Now()
	target, err := src.LastSeq(ctx)
	if err != nil {
		return Progress{}, fmt.Errorf("replay: rebuild: %w", err)
	}
	// A stream that lost its last events still counts them in its last
	// sequence, and a follow waits for them forever: fail instead.
	if g, ok := src.(Getter); ok && target > 0 {
		if _, err := g.Get(ctx, target); err != nil {
			if ctx.Err() != nil {
				return Progress{}, ctx.Err()
			}
			return Progress{}, fmt.Errorf("%w: event %d: %v", ErrTargetUnreadable, target, err)
		}
	}
	tmp := path + ".rebuild"
	if err := os.Remove(tmp); err != nil && !errors.Is(err, os.ErrNotExist) {
		return Progress{}, fmt.Errorf("replay: remove stale %s: %w", tmp, err)
	}
	opts.NoSync, opts.ReadOnly = true, false
	st, err := projections.Open(tmp, opts)
	if err != nil {
		return Progress{}, err
	}
	p := Progress{Target: target}
	fail := func(err error) (Progress, error) {
		_ = st.Close()
		_ = os.Remove(tmp)
		return p, err
	}
	if target > 0 {
		if err := build(ctx, src, st, target, func(applied uint64) {
			p.Applied, p.Elapsed = applied, time.Since(start)
			if progress != nil {
				progress(p)
			}
		}); err != nil {
			return fail(fmt.Errorf("replay: rebuild: %w", err))
		}
	}
	if err := st.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail(fmt.Errorf("replay: swap in the rebuilt file: %w", err))
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		return p, err
	}
	p.Elapsed = time.Since(start)
	return p, nil
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("replay: sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("replay: sync %s: %w", dir, err)
	}
	return nil
}

// OpenOrRebuild opens the projections file at path for a server, first
// rebuilding it from the stream when its answers could not be this
// stream's:
//
//   - it was written by a build with another layout
//     (projections.ErrOtherSchema: an upgrade);
//   - it is damaged beyond opening (projections.ErrDamaged);
//   - Prove fails: the file is ahead of the stream, on another chain, or
//     recorded no chain hash (a data directory restored with newer
//     projections than its store, a tail the store lost in a crash).
//
// So a server never answers from projections ahead of or beside its
// stream, and an upgrade needs no manual step. progress, if not nil, is
// called once with the reason before such a rebuild starts (Applied and
// Target 0) and then follows it; every call carries the reason. A file
// built with another time zone or board size is not rebuilt: that may be
// a mistaken flag, and the error (projections.ErrIncompatible) says so.
func OpenOrRebuild(ctx context.Context, src Stream, path string, opts projections.Options, progress func(Progress)) (*projections.Store, error) {
	st, err := projections.Open(path, opts)
	var reason error
	switch {
	case errors.Is(err, projections.ErrOtherSchema), errors.Is(err, projections.ErrDamaged):
		reason = err
	case err != nil:
		return nil, err
	default:
		reason = Prove(ctx, src, st)
		if reason == nil {
			return st, nil
		}
		_ = st.Close()
		if !errors.Is(reason, ErrNotThisStream) {
			return nil, reason
		}
	}
	report := func(p Progress) {
		if progress != nil {
			p.Reason = reason
			progress(p)
		}
	}
	report(Progress{})
	if _, err := Rebuild(ctx, src, path, opts, report); err != nil {
		return nil, fmt.Errorf("replay: rebuild of %s (%v): %w", path, reason, err)
	}
	return projections.Open(path, opts)
}
