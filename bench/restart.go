package bench

import (
	"cmp"
	"context"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
)

// restartRepeats is how many times a restart is timed at each length: a
// restart takes tens of milliseconds, where a machine's noise is tens of
// milliseconds too. restart_ready_ms is the median at the full length,
// restart_ratio the ratio of the medians of the two lengths: the median of
// nine holds through four outliers either way (docs/BENCHMARKS.md, "wagerlog
// bench: what each figure is"); nine cost a third of a second more than
// five.
const restartRepeats = 9

// restartResult is what the median restart measured.
type restartResult struct {
	// events is the stream's length; ready the time from opening the
	// store to a ledger ready for commands; tail the events read after
	// the checkpoint it started from.
	events uint64
	ready  time.Duration
	tail   uint64
	loaded bool
	// store is the part of ready spent opening the store (the embedded
	// server's start and recovery, the stream's check); the rest is the
	// ledger's: the checkpoint loaded and verified, the tail read.
	store time.Duration
	// ckLoad and ckDecode are the parts of the ledger's start spent
	// reading the checkpoint from its store and decoding and checking it,
	// ckCheck the part of ckDecode spent reading the stream's event it
	// is checked against (ledger.CheckpointInfo's Load, Decode, Check).
	ckLoad, ckDecode, ckCheck time.Duration
	// ckBytes and ckPause are the size of the checkpoint taken before
	// the restart and the time the sequencer spent copying the state for
	// it (the encoding and the save run in the background).
	ckBytes int
	ckPause time.Duration
	// state is what the started ledger's state holds: its size is what
	// the checkpoint's decoding builds.
	state ledger.Footprint
	// all is every restart's ready time, in the order they ran; fastest
	// the least of them.
	all     []time.Duration
	fastest time.Duration
}

// openLedger opens the run's event store (r.lopts) and the ledger on it,
// with its checkpoints in the store's object store, as serve does.
func (r *runner) openLedger(ctx context.Context) error {
	start := time.Now()
	st, err := jetstream.Open(ctx, r.lopts)
	if err != nil {
		return err
	}
	r.storeOpened = time.Since(start)
	ck, err := st.Checkpoints(ctx, 0)
	if err != nil {
		st.Close()
		return err
	}
	log := &countingLog{Log: st}
	led, err := ledger.Open(ctx, log, ledger.Options{Games: registry.New(), Checkpoints: ck, Observer: ledger.Appends(r.handoff), IdempotencyWindow: r.cfg.IdempotencyWindow, SettleChunk: r.cfg.SettleChunk})
	if err != nil {
		st.Close()
		return err
	}
	r.st, r.log = st, log
	if r.c != nil {
		r.c.led, r.c.exec = led, led.Execute
	}
	r.led = led
	return nil
}

// closeLedger closes the ledger and the store, if open.
func (r *runner) closeLedger() {
	if r.led != nil {
		r.led.Close()
		r.led = nil
	}
	if r.st != nil {
		r.st.Close()
		r.st = nil
	}
}

// restart stops the ledger and the event store and starts both again, as
// a restart of serve or a standby's take-over does, and times the start:
// the embedded server's recovery of its store, the stream's check, the
// newest checkpoint loaded and verified, the tail read. A checkpoint is
// taken first, as serve's periodic ones would have been, so that the time
// is that of a start from a checkpoint (the tail after a periodic one is
// at most ledger.DefaultCheckpointEvery events, which a start reads at the
// rebuild's rate).
//
// The embedded server reads back every message of its duplicate window
// when it starts (to rebuild the window), and the fill writes far faster
// than a casino: its whole stream is in the window. So the restart waits
// Config.RestartWait first (`wagerlog bench`: the window), to find the
// window as a casino's restart finds it: a few thousand events at the
// rates of a day of play (the cost per event in the window is in
// docs/BENCHMARKS.md). Against an external server the window is the
// cluster's, not the restart's: no wait.
func (r *runner) restart(ctx context.Context) (restartResult, error) {
	var res restartResult
	if err := r.led.Checkpoint(ctx); err != nil {
		return res, fmt.Errorf("bench: checkpoint before the restart: %w", err)
	}
	if wait := r.cfg.RestartWait; r.lopts.URL == "" && wait > 0 {
		r.say("restart: waiting %s (the server's duplicate window is %s) since the last write", wait, cmp.Or(r.lopts.Duplicates, jetstream.DefaultDuplicates))
		select {
		case <-time.After(wait):
		case <-ctx.Done():
			return res, ctx.Err()
		}
	}
	ck := r.led.LastCheckpoint()
	events := r.led.LastSeq()
	runs := make([]restartResult, restartRepeats)
	for i := range runs {
		r.closeLedger()
		// Each restart starts from a collected heap whose freed pages are
		// back with the system, as a new process starts with none: the
		// fill leaves garbage behind, and a collection that falls inside
		// one timed restart and not in the next made three restarts of
		// the same state take 19 to 164 ms; and the pages a start's
		// decoding lands in cost it several times more when they must be
		// faulted in, which under the memory limit the runtime's
		// background return made vary from run to run
		// (docs/BENCHMARKS.md, "What bounds the rest").
		debug.FreeOSMemory()
		start := time.Now()
		if err := r.openLedger(ctx); err != nil {
			return res, fmt.Errorf("bench: restart: %w", err)
		}
		runs[i].ready = time.Since(start)
		runs[i].store = r.storeOpened
		info := r.led.LastCheckpoint()
		runs[i].tail, runs[i].loaded = info.Tail, info.Loaded
		runs[i].ckLoad, runs[i].ckDecode, runs[i].ckCheck = info.Load, info.Decode, info.Check
		if !info.Loaded {
			runs[i].tail = r.led.LastSeq()
		}
		res.all = append(res.all, runs[i].ready)
	}
	all := res.all
	slices.SortFunc(runs, func(a, b restartResult) int { return cmp.Compare(a.ready, b.ready) })
	res = runs[len(runs)/2]
	res.all, res.fastest = all, runs[0].ready
	res.ckBytes, res.ckPause = ck.Bytes, ck.Pause
	res.events = events
	if err := r.led.Inspect(ctx, func(s *ledger.State) { res.state = s.Footprint() }); err != nil {
		return res, fmt.Errorf("bench: restart: %w", err)
	}
	return res, nil
}

// rssSampler samples the process's resident memory while a phase runs.
type rssSampler struct {
	stop chan struct{}
	wg   sync.WaitGroup
	max  int64 // KiB
}

// rssSampleEvery is the period of the RSS samples.
const rssSampleEvery = 250 * time.Millisecond

func sampleRSS() *rssSampler {
	s := &rssSampler{stop: make(chan struct{})}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(rssSampleEvery)
		defer t.Stop()
		for {
			if kb, ok := procKB("/proc/self/status", "VmRSS"); ok && kb > s.max {
				s.max = kb
			}
			select {
			case <-s.stop:
				return
			case <-t.C:
			}
		}
	}()
	return s
}

// end stops the sampling and returns the largest sample in MiB.
func (s *rssSampler) end() float64 {
	close(s.stop)
	s.wg.Wait()
	return float64(s.max) / 1024
}
