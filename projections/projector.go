package projections

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// Projector timing.
const (
	// LagPollInterval is how often the projector asks the stream for its
	// last sequence (for Lag) and checks whether a rebuild swapped the file.
	LagPollInterval = time.Second
	// retryWaitMin and retryWaitMax bound the pause before following the
	// stream again after it failed (a lost connection, a server restart).
	retryWaitMin = 100 * time.Millisecond
	retryWaitMax = 5 * time.Second
)

// Lag is how far the projections are behind the stream.
type Lag struct {
	// Events is StreamSeq − AppliedSeq (0 when caught up).
	Events uint64 `json:"events"`
	// Seconds is how long the projections have been behind the last
	// stream sequence the projector has seen: 0 when caught up, otherwise
	// the time since the projector first saw events it had not applied.
	Seconds float64 `json:"seconds"`
	// AppliedSeq is the last applied sequence; StreamSeq the stream's last
	// sequence as last seen (polled every LagPollInterval, and raised by
	// every batch received).
	AppliedSeq uint64 `json:"applied_seq"`
	StreamSeq  uint64 `json:"stream_seq"`
	// AppliedAt is the event time of the last applied event.
	AppliedAt time.Time `json:"applied_at,omitzero"`
}

// Projector keeps a Store up to date: one long-lived consumer of the stream
// that applies what it receives batch by batch.
type Projector struct {
	store *Store
	src   Source
	log   *slog.Logger
	now   func() time.Time

	streamSeq atomic.Uint64
	// behindSince is when the projector first saw a stream sequence it had
	// not applied (unix ns), 0 when caught up.
	behindSince atomic.Int64

	// CommitInterval is the least time between two commits while events
	// keep arriving (pace.go): 0 means DefaultCommitInterval, a negative
	// value commits every batch as it arrives. Set it before Run.
	CommitInterval time.Duration

	// Handoff, when set, is the hand-off that the ledger writing the
	// stream in this process fills (ledger.Options.Observer): the
	// projector takes from it the events that ledger stored instead of
	// decoding them. Set it before Run.
	Handoff *Handoff

	// Repair, when set, rebuilds the store's file from the stream and
	// swaps it in (replay.Rebuild on the store's path): the projector calls
	// it when the store is damaged (ErrDamaged, from a batch or a read),
	// then reloads the store and follows on. Without it, a damaged batch
	// stops Run. Set it before Run.
	Repair func(ctx context.Context) error

	repairMu sync.Mutex

	mu sync.Mutex
	// restart cancels the current follow so that it starts again from the
	// store's position (after a Reload).
	restart context.CancelFunc
}

// NewProjector returns a projector that applies src's events to store. A
// nil logger discards messages.
func NewProjector(store *Store, src Source, logger *slog.Logger) *Projector {
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Projector{store: store, src: src, log: logger, now: time.Now}
}

// errRestart stops a follow so that it starts again from the store's
// position.
var errRestart = errors.New("projections: restart follow")

// Run follows the stream from the store's next sequence and applies every
// batch, until ctx ends (it then returns nil) or an event cannot be applied
// (a malformed event, or one that does not fit: it returns that error and
// the store keeps everything before the failed batch). A stream that fails
// (a lost connection) is followed again after a pause. When a rebuild swaps
// the file, Run reloads the store and follows on from the new file's
// position.
func (p *Projector) Run(ctx context.Context) error {
	pollCtx, stopPoll := context.WithCancel(ctx)
	defer stopPoll()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		p.poll(pollCtx)
	}()
	defer wg.Wait()

	wait := retryWaitMin
	for {
		if ctx.Err() != nil {
			return nil
		}
		fctx, cancel := context.WithCancelCause(ctx)
		p.mu.Lock()
		p.restart = func() { cancel(errRestart) }
		p.mu.Unlock()
		from := p.store.LastSeq() + 1
		pc := p.newPacer(fctx, cancel)
		fromStream := func(batch []events.Raw) error {
			if len(batch) == 0 {
				return nil
			}
			p.seen(batch[len(batch)-1].Seq)
			if err := pc.add(batch); err != nil {
				return err
			}
			wait = retryWaitMin
			return nil
		}
		var err error
		if p.Handoff != nil {
			err = p.followHanded(fctx, from, pc, fromStream)
		} else {
			err = p.src.Follow(fctx, from, fromStream)
		}
		restarted := errors.Is(context.Cause(fctx), errRestart)
		if perr := pc.close(); perr != nil && !restarted {
			// A commit of held events failed and ended the follow.
			err = perr
		}
		cancel(nil)
		var ae *applyError
		switch {
		case ctx.Err() != nil:
			return nil
		case restarted:
			continue
		case errors.As(err, &ae):
			var gap *GapError
			if errors.As(ae.err, &gap) {
				// The file moved under the follow (a reload): start again
				// from where it is.
				p.log.Info("projector: following again after a gap", "applied", gap.Applied, "got", gap.Got)
				continue
			}
			if errors.Is(ae.err, ErrDamaged) && p.Repair != nil {
				if err := p.repair(ctx); err != nil {
					return fmt.Errorf("projections: projector stopped: %w (repair: %w)", ae.err, err)
				}
				continue
			}
			return fmt.Errorf("projections: projector stopped: %w", ae.err)
		}
		p.log.Warn("projector: stream failed; following again", "err", err, "wait", wait)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, retryWaitMax)
	}
}

// handGrace is how long the projector waits for the hand-off to give an
// event the stream already holds before it reads that event from the
// stream. The ledger hands a batch over as soon as the stream has
// acknowledged it, so only an event the ledger of this process did not
// write (or did not hand over, and stored nothing after) waits this long.
const handGrace = 250 * time.Millisecond

// errCaughtUp ends a read of the stream that reached its target.
var errCaughtUp = errors.New("projections: caught up with the stream")

// followHanded applies every event from sequence from on, as Follow with
// fromStream would, taking the run that continues the store's position
// from the hand-off and reading from the stream (through fromStream) only
// what the hand-off cannot give (Handoff). It returns when ctx ends or an
// event cannot be applied.
func (p *Projector) followHanded(ctx context.Context, from uint64, pc *pacer, fromStream func([]events.Raw) error) error {
	h := p.Handoff
	// The stream's last sequence at start: what it held before this
	// process's ledger handed anything over comes from the stream.
	held, err := p.src.LastSeq(ctx)
	if err != nil {
		return err
	}
	timer := time.NewTimer(handGrace)
	defer timer.Stop()
	var waiting time.Time // since when the poll saw from stored, and the ring lacks it
	for {
		ds, last, stored := h.takeRun(from, BatchEventsMax)
		if len(ds) > 0 {
			end := ds[len(ds)-1].env.Seq
			p.seen(end)
			if err := pc.addPrepared(&Prepared{chunks: [][]decoded{ds}, n: len(ds), last: last}); err != nil {
				return err
			}
			from, waiting = end+1, time.Time{}
			continue
		}
		// The ledger stored past from without the ring holding it: read
		// up to what it stored.
		target := max(held, stored)
		if seq := p.streamSeq.Load(); seq >= from && target < from {
			// The stream holds from (the poll saw it): unless the ledger
			// hands it over within handGrace, another process wrote it.
			if now := p.now(); waiting.IsZero() {
				waiting = now
			} else if now.Sub(waiting) >= handGrace {
				target = seq
			}
		}
		if target >= from {
			if from, err = p.readStream(ctx, from, target, fromStream); err != nil {
				return err
			}
			waiting = time.Time{}
			continue
		}
		timer.Reset(handGrace)
		select {
		case <-ctx.Done():
			return context.Cause(ctx)
		case <-h.stored:
		case <-timer.C:
		}
	}
}

// readStream applies the stream's events from sequence from on, through
// apply, until it has applied target; it returns the sequence after the
// last one applied.
func (p *Projector) readStream(ctx context.Context, from, target uint64, apply func([]events.Raw) error) (uint64, error) {
	next := from
	err := p.src.Follow(ctx, from, func(batch []events.Raw) error {
		if len(batch) == 0 {
			return nil
		}
		if err := apply(batch); err != nil {
			return err
		}
		next = batch[len(batch)-1].Seq + 1
		if next > target {
			return errCaughtUp
		}
		return nil
	})
	if errors.Is(err, errCaughtUp) {
		return next, nil
	}
	if err == nil {
		err = fmt.Errorf("projections: the stream ended before sequence %d", target)
	}
	return next, err
}

type applyError struct{ err error }

func (e *applyError) Error() string { return e.err.Error() }
func (e *applyError) Unwrap() error { return e.err }

// poll refreshes the stream's last sequence and reloads a swapped file
// every LagPollInterval.
func (p *Projector) poll(ctx context.Context) {
	t := time.NewTicker(LagPollInterval)
	defer t.Stop()
	for {
		p.pollOnce(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// repair rebuilds a damaged store with Repair and reloads it, once for
// every caller that found it damaged.
func (p *Projector) repair(ctx context.Context) error {
	p.repairMu.Lock()
	defer p.repairMu.Unlock()
	if !p.store.Damaged() {
		return nil // repaired by the other caller
	}
	p.log.Warn("projector: the projections file is damaged; rebuilding it from the stream", "path", p.store.Path())
	if err := p.Repair(ctx); err != nil {
		return err
	}
	if err := p.store.Reload(); err != nil {
		return err
	}
	p.log.Info("projector: the projections file was rebuilt", "path", p.store.Path(), "applied", p.store.LastSeq())
	return nil
}

func (p *Projector) pollOnce(ctx context.Context) {
	if p.Repair != nil && p.store.Damaged() {
		// A read found a damaged record: rebuild, and follow on from the
		// new file.
		if err := p.repair(ctx); err != nil {
			p.log.Error("projector: repair", "err", err)
			return
		}
		p.mu.Lock()
		if p.restart != nil {
			p.restart()
		}
		p.mu.Unlock()
	}
	if p.store.Replaced() {
		p.log.Info("projector: the projections file was replaced (rebuild); reloading", "path", p.store.Path())
		if err := p.store.Reload(); err != nil {
			p.log.Error("projector: reload", "err", err)
			return
		}
		p.mu.Lock()
		if p.restart != nil {
			p.restart()
		}
		p.mu.Unlock()
	}
	qctx, cancel := context.WithTimeout(ctx, LagPollInterval)
	defer cancel()
	last, err := p.src.LastSeq(qctx)
	if err != nil {
		if ctx.Err() == nil {
			p.log.Debug("projector: stream last sequence", "err", err)
		}
		return
	}
	p.seen(last)
	p.caughtUp()
}

// seen records that the stream holds at least seq.
func (p *Projector) seen(seq uint64) {
	for {
		cur := p.streamSeq.Load()
		if seq <= cur || p.streamSeq.CompareAndSwap(cur, seq) {
			break
		}
	}
	if seq > p.store.LastSeq() {
		p.behindSince.CompareAndSwap(0, p.now().UnixNano())
	}
}

// caughtUp clears the behind mark once the store has reached the last
// stream sequence seen.
func (p *Projector) caughtUp() {
	if p.store.LastSeq() >= p.streamSeq.Load() {
		p.behindSince.Store(0)
	}
}

// Lag returns how far the store is behind the stream.
func (p *Projector) Lag() Lag {
	applied := p.store.LastSeq()
	stream := max(p.streamSeq.Load(), applied)
	at := p.store.lastEventAt()
	l := Lag{AppliedSeq: applied, StreamSeq: stream, Events: stream - applied, AppliedAt: at}
	if since := p.behindSince.Load(); since != 0 && l.Events > 0 {
		l.Seconds = p.now().Sub(time.Unix(0, since)).Seconds()
	}
	return l
}
