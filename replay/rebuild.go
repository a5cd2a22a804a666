package replay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/projections"
)

// RebuildBatchMax is how many events a rebuild applies in one transaction.
// Larger transactions write the pages every event touches (balances of the
// house, a table's board) fewer times.
const RebuildBatchMax = 10_000

// Progress is reported during a rebuild.
type Progress struct {
	// Applied is the last sequence applied; Target the stream's last
	// sequence when the rebuild started.
	Applied, Target uint64
	Elapsed         time.Duration
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
		buf := make([]events.Raw, 0, RebuildBatchMax)
		fctx, cancel := context.WithCancel(ctx)
		defer cancel()
		err = src.Follow(fctx, 1, func(batch []events.Raw) error {
			if len(batch) == 0 {
				return nil
			}
			buf = append(buf, batch...)
			last := batch[len(batch)-1].Seq
			if len(buf) < RebuildBatchMax && last < target {
				return nil
			}
			if err := st.Apply(buf); err != nil {
				return err
			}
			clear(buf)
			buf = buf[:0]
			p.Applied, p.Elapsed = st.LastSeq(), time.Since(start)
			if progress != nil {
				progress(p)
			}
			if last >= target {
				return errDone
			}
			return nil
		})
		if !errors.Is(err, errDone) {
			if err == nil {
				err = errors.New("replay: the stream ended before the rebuild's target")
			}
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
