package ledger

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/assert"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// Defaults and hard limits of the sequencer.
const (
	// DefaultQueueMax is how many commands may wait for the sequencer.
	DefaultQueueMax = 8192
	// DefaultGroupMax is how many commands one group commit takes at most.
	DefaultGroupMax = 4096
	// BatchEventsMax is the most events in one atomic append (the JetStream
	// server's cap on an atomic batch).
	BatchEventsMax = 1000
	// DefaultIdempotencyWindow is how long an idempotency key is remembered.
	DefaultIdempotencyWindow = 24 * time.Hour
	// DefaultIdempotencyMax bounds how many keys are remembered.
	DefaultIdempotencyMax = 2_000_000
	// DefaultSealEvery is how many events a seal covers at most.
	DefaultSealEvery = 10_000
	// DefaultSealInterval is the longest time between seals while events
	// are written.
	DefaultSealInterval = 5 * time.Minute
	// fencedRetries is how often a group is decided again after a conflict.
	fencedRetries = 2
)

// Options configure a Ledger. The zero value of every field but Paytables
// means its default.
type Options struct {
	// Games is the catalog of the games and paytables the ledger settles
	// with (games/registry.New). Required.
	Games *games.Catalog
	// Currencies maps an ISO code to its number of decimals; nil means
	// posting.DefaultCurrencies.
	Currencies map[string]int32
	// Clock is the ledger's single clock (GLI-19 2.2.1); nil means
	// time.Now.
	Clock func() time.Time
	// NewID returns a new UUIDv7 for events, rounds, slips and bets; nil
	// means uuid.NewV7.
	NewID func() uuid.UUID
	// QueueMax, GroupMax and BatchMax bound the queue, a group commit and
	// one atomic batch (at most BatchEventsMax).
	QueueMax int
	GroupMax int
	BatchMax int
	// IdempotencyWindow and IdempotencyMax bound the remembered keys;
	// each costs about IdemEntryBytes of memory.
	IdempotencyWindow time.Duration
	IdempotencyMax    int
	// FinishedRoundsKept is how many finished rounds of each table stay in
	// memory with their bets and can be corrected; 1..round.FinishedRoundsKept,
	// zero means round.FinishedRoundsKept. FinishedIDsMax bounds the ids of the
	// older ones remembered (DefaultFinishedIDsMax when zero). With
	// IdempotencyMax they bound the ledger's memory, whatever the length
	// of the history.
	FinishedRoundsKept int
	FinishedIDsMax     int
	// Checkpoints, when set, stores checkpoints of the state, and Open and
	// every recovery start from the newest valid one and read only the
	// events after it (checkpoint.go). nil means every start replays the
	// whole stream.
	Checkpoints Checkpoints
	// CheckpointEvery and CheckpointInterval say when to take one: after
	// that many events since the last, or that long after it when events
	// were written since. Zero means DefaultCheckpointEvery and
	// DefaultCheckpointInterval; a negative value disables that trigger.
	CheckpointEvery    int
	CheckpointInterval time.Duration
	// Logger receives operational messages; nil discards them.
	Logger *slog.Logger
	// Codec decodes stored events (upcasting old versions); nil means the
	// default codec.
	Codec *events.Codec
	// SealEvery and SealInterval say when to write a ledger.sealed event
	// with the chain head: after that many events, or that long after the
	// last seal when events were written since. Zero means the default; a
	// negative value disables that trigger.
	SealEvery    int
	SealInterval time.Duration
	// SealKey, when set, signs every seal (Ed25519).
	SealKey ed25519.PrivateKey
	// CheckInterval is how often the ledger checks the stream for faults
	// on its own (fault.go); zero means DefaultCheckInterval, negative
	// never.
	CheckInterval time.Duration
	// Observer, when set, is told of every batch stored and every command
	// refused (metrics); nil observes nothing.
	Observer Observer
	// WalletMax is the largest balance a deposit or a positive adjustment
	// may leave in a wallet (ErrWalletLimit beyond it); zero means
	// DefaultWalletMax. Payouts are never refused by it.
	WalletMax decimal.Decimal
	// SettleChunk is how many events of a round's settlement one group
	// commit takes at most: a larger settlement is written over several
	// groups, between the other tables' commands (owed.go). Zero means
	// DefaultSettleChunk; a negative value writes every settlement in the
	// result's own group.
	SettleChunk int
	// DrawSeeds keeps the secret seeds of pools' complementary prizes
	// (ledger/draw.go); nil refuses parameters that declare them
	// (ErrDrawSeed).
	DrawSeeds DrawSeeds
}

// Ledger is the single writer of a stream. Its methods are safe for
// concurrent use.
type Ledger struct {
	log   Log
	opts  Options
	d     *decider
	state *State
	queue chan *request
	quit  chan struct{}
	done  chan struct{}
	// recent maps the ids of the events read by the last reload after a
	// failed append to their sequences.
	recent map[uuid.UUID]uint64
	// workPending is set when a reload may have found rounds whose
	// settlement, cancellation or correction is not finished.
	workPending bool
	// decidedAt is the clock reading of the last events written (a group
	// decided, or interrupted work finished). A seal written right after
	// takes its time from it instead of reading the clock again: one
	// reading per group keeps the events' times independent of when the
	// seal check runs, and a seal is never older than the events it seals.
	decidedAt time.Time
	// lastSeq mirrors state.lastSeq for readers outside the goroutine.
	lastSeq atomic.Uint64
	// fault is the stream fault that stopped writes (fault.go).
	fault atomic.Pointer[events.StreamFault]
	// inflight counts the Execute calls not answered yet (Load).
	inflight  atomic.Int64
	closeOnce sync.Once
	// ckpt is the checkpoint writer (checkpoint.go).
	ckpt checkpointer
	// held is a request taken from the queue while a group was being
	// filled (fillWhileInFlight) that does not belong in it; the
	// sequencer takes it first on its next turn.
	held *request
	// owed are the settlements being written in chunks (owed.go);
	// flushOwed makes the next group take all that is left of them.
	owed      []*owedWork
	flushOwed bool
	// owedN mirrors len(owed) for Load.
	owedN atomic.Int64
}

type request struct {
	cmd   Command
	hash  string
	reply chan reply
	// inspect, when set, runs on the sequencer's goroutine instead of a
	// command, when there is a state to inspect.
	inspect func(*State)
	// run, when set, runs on the sequencer's goroutine instead of a
	// command, state or not (the stream check).
	run func()
	// checkpoint, when set, asks for a checkpoint now (Ledger.Checkpoint);
	// its reply comes once the checkpoint is stored.
	checkpoint bool
}

type reply struct {
	res Result
	err error
}

// Open rebuilds the state from the log, finishes any settlement, cancellation
// or correction that a crash left half written, and starts the sequencer.
func Open(ctx context.Context, log Log, opts Options) (*Ledger, error) {
	if opts.Games == nil {
		return nil, errors.New("ledger: Options.Games is required")
	}
	if opts.Currencies == nil {
		opts.Currencies = posting.DefaultCurrencies()
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.NewID == nil {
		opts.NewID = func() uuid.UUID { return uuid.Must(uuid.NewV7()) }
	}
	if !opts.WalletMax.IsPositive() {
		opts.WalletMax = DefaultWalletMax
	}
	if opts.QueueMax <= 0 {
		opts.QueueMax = DefaultQueueMax
	}
	if opts.GroupMax <= 0 {
		opts.GroupMax = DefaultGroupMax
	}
	if opts.BatchMax <= 0 || opts.BatchMax > BatchEventsMax {
		opts.BatchMax = BatchEventsMax
	}
	if opts.IdempotencyWindow <= 0 {
		opts.IdempotencyWindow = DefaultIdempotencyWindow
	}
	if opts.IdempotencyMax <= 0 {
		opts.IdempotencyMax = DefaultIdempotencyMax
	}
	if opts.FinishedRoundsKept <= 0 || opts.FinishedRoundsKept > round.FinishedRoundsKept {
		opts.FinishedRoundsKept = round.FinishedRoundsKept
	}
	if opts.FinishedIDsMax <= 0 {
		opts.FinishedIDsMax = DefaultFinishedIDsMax
	}
	if opts.CheckpointEvery == 0 {
		opts.CheckpointEvery = DefaultCheckpointEvery
	}
	if opts.CheckpointInterval == 0 {
		opts.CheckpointInterval = DefaultCheckpointInterval
	}
	if opts.SealEvery == 0 {
		opts.SealEvery = DefaultSealEvery
	}
	if opts.SealInterval == 0 {
		opts.SealInterval = DefaultSealInterval
	}
	if opts.CheckInterval == 0 {
		opts.CheckInterval = DefaultCheckInterval
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if opts.SettleChunk == 0 {
		opts.SettleChunk = DefaultSettleChunk
	}
	l := &Ledger{
		log:   log,
		opts:  opts,
		d:     &decider{games: opts.Games, currencies: opts.Currencies, newID: opts.NewID, walletMax: opts.WalletMax, seeds: opts.DrawSeeds, clock: opts.Clock},
		queue: make(chan *request, opts.QueueMax),
		quit:  make(chan struct{}),
		done:  make(chan struct{}),
	}
	l.ckpt.init(opts)
	// A stream fault found at start does not stop Open: the server runs,
	// not ready, its writes refused with the fault, rather than exiting
	// into a restart loop that finds the same fault again.
	if err := l.reload(ctx); err != nil && l.fault.Load() == nil {
		return nil, err
	}
	if l.fault.Load() == nil {
		if err := l.log.Check(ctx); err != nil && !l.noteFault(err) {
			l.opts.Logger.Warn("stream check at start", "err", err)
		}
	}
	if l.fault.Load() == nil {
		if err := l.finishWork(ctx); err != nil {
			l.ckpt.close()
			return nil, err
		}
	}
	go l.run()
	return l, nil
}

// limits are the bounds of the state from the options.
func (l *Ledger) limits() stateLimits {
	return stateLimits{
		IdemWindow: l.opts.IdempotencyWindow, IdemMax: l.opts.IdempotencyMax,
		RoundsKept: l.opts.FinishedRoundsKept, FinishedIDsMax: l.opts.FinishedIDsMax,
	}
}

// Close stops the sequencer after the group in progress. Commands still
// queued are answered ErrClosed.
func (l *Ledger) Close() error {
	l.closeOnce.Do(func() {
		close(l.quit)
		<-l.done
		l.ckpt.close()
	})
	return nil
}

// LastSeq returns the last stream sequence the ledger has applied.
func (l *Ledger) LastSeq() uint64 { return l.lastSeq.Load() }

// Execute validates c, appends its events and returns once they are stored.
// A rejected command returns an error for which CodeOf gives a stable code,
// and writes nothing. If ctx ends first, Execute returns ctx.Err() and the
// command may still be applied: retry it with the same idempotency key to
// learn its outcome.
func (l *Ledger) Execute(ctx context.Context, c Command) (res Result, err error) {
	l.inflight.Add(1)
	defer func() {
		l.inflight.Add(-1)
		if err != nil && ctx.Err() == nil && l.opts.Observer != nil {
			l.opts.Observer.Refused(c, err)
		}
	}()
	req := &request{cmd: c, hash: requestHash(c), reply: make(chan reply, 1)}
	if err := l.enqueue(req); err != nil {
		return Result{}, err
	}
	select {
	case r := <-req.reply:
		return r.res, r.err
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
}

// Inspect runs fn on the sequencer's goroutine with the current state, for
// tests and health checks. fn must not keep s. When the ledger holds no
// state (a stream fault, a log it could not read), fn is not called and
// Inspect returns the fault's error or ErrUnavailable.
func (l *Ledger) Inspect(ctx context.Context, fn func(s *State)) error {
	return l.onSequencer(ctx, &request{inspect: fn, reply: make(chan reply, 1)})
}

// onSequencer queues req (an inspect or a run) and waits for it.
func (l *Ledger) onSequencer(ctx context.Context, req *request) error {
	if err := l.enqueue(req); err != nil {
		return err
	}
	select {
	case r := <-req.reply:
		return r.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *Ledger) enqueue(req *request) error {
	select {
	case <-l.quit:
		return ErrClosed
	default:
	}
	select {
	case l.queue <- req:
		return nil
	default:
		return ErrOverloaded
	}
}

func (l *Ledger) run() {
	defer close(l.done)
	group := make([]*request, 0, l.opts.GroupMax)
	var tick <-chan time.Time
	period := time.Minute
	for _, d := range []time.Duration{l.opts.SealInterval, l.opts.CheckpointInterval} {
		if d > 0 {
			period = min(period, d)
		}
	}
	if l.opts.SealInterval > 0 || (l.opts.Checkpoints != nil && l.opts.CheckpointInterval > 0) {
		t := time.NewTicker(period)
		defer t.Stop()
		tick = t.C
	}
	var checkTick <-chan time.Time
	if l.opts.CheckInterval > 0 {
		t := time.NewTicker(l.opts.CheckInterval)
		defer t.Stop()
		checkTick = t.C
	}
	// fl is the group whose events are being appended while the next one
	// is decided (pipeline.go); nil when nothing is in flight.
	var fl *flight
	for {
		var first *request
		var landed <-chan struct{}
		if fl != nil {
			landed = fl.done
		}
		if l.held != nil {
			first, l.held = l.held, nil
			goto take
		}
		if l.owing() {
			// A settlement is owed: its next chunk goes in a group now,
			// with whatever is queued, rather than waiting for a command.
			select {
			case <-l.quit:
				l.stop(fl)
				return
			case first = <-l.queue:
			default:
				group = group[:0]
				goto fill
			}
			goto take
		}
		select {
		case <-l.quit:
			l.stop(fl)
			return
		case <-tick:
			l.land(fl)
			fl = nil
			l.maybeSeal(true)
			l.maybeCheckpoint(true)
			continue
		case <-checkTick:
			l.land(fl)
			fl = nil
			if err := l.checkStream(context.Background()); err != nil && l.fault.Load() == nil {
				l.opts.Logger.Debug("stream check", "err", err)
			}
			continue
		case <-landed:
			// Nothing came while the group was appended: finish it (a
			// failure is recovered at once, not at the next command).
			l.land(fl)
			fl = nil
			l.maybeSeal(false)
			l.maybeCheckpoint(false)
			continue
		case first = <-l.queue:
		}
	take:
		group = append(group[:0], first)
	fill:
		for len(group) < l.opts.GroupMax {
			select {
			case r := <-l.queue:
				group = append(group, r)
			default:
				break fill
			}
		}
		fl = l.process(group, fl)
		if fl == nil || l.sealDue() || l.checkpointDue() {
			// A seal and a checkpoint are taken of a stored state.
			l.land(fl)
			fl = nil
			l.maybeSeal(false)
			l.maybeCheckpoint(false)
		}
	}
}

// stop ends the sequencer's work on Close: the group in flight and the
// settlements owed are stored, what is queued is answered ErrClosed, and a
// last checkpoint is taken.
func (l *Ledger) stop(fl *flight) {
	l.land(fl)
	l.finishOwed()
	l.drain()
	l.checkpointOnClose()
}

func (l *Ledger) drain() {
	for {
		select {
		case r := <-l.queue:
			r.reply <- reply{err: ErrClosed}
		default:
			return
		}
	}
}

// pending is one command of a group being committed.
type pending struct {
	req *request
	// lo, hi are the command's events in the group's event list.
	lo, hi int
	// leader is the earlier command of the same group with the same
	// idempotency key, whose answer this one shares.
	leader *pending
	// owed is set on a result whose settlement is written in chunks: it
	// is answered with its last chunk, not with its own events. cont is
	// set on such a chunk (a pending of no command, done from the start),
	// final on the last one (owed.go).
	owed  *owedWork
	cont  *owedWork
	final bool
	// refused is why the command was refused; it is answered once the
	// state it was decided on is known to be the stream's.
	refused error
	// replay is set for a retry of a command already decided, answered
	// with the original's result.
	replay *idemReplay
	done   bool
	res    Result
	err    error
}

// sealed is an event ready to append.
type sealed struct {
	env     events.Envelope
	payload events.Payload
	raw     events.Raw
}

// process decides a group of requests. It returns the group whose events
// are now being appended, or nil. prev is the group still being appended
// when this one was taken from the queue: the group is decided on the
// state prev leaves, and appended once prev is stored (pipeline.go).
func (l *Ledger) process(group []*request, prev *flight) *flight {
	if !l.canPipeline(group) {
		// A read, a check or a checkpoint sees only stored events, and a
		// state being recovered is decided on by itself.
		l.land(prev)
		prev = nil
	}
	ps := make([]*pending, 0, len(group))
	for _, r := range group {
		if r.run != nil {
			r.run()
			r.reply <- reply{}
			continue
		}
		if r.inspect != nil {
			if l.state == nil {
				// A stream fault or a log that could not be read: there
				// is no state to show.
				err := error(ErrUnavailable)
				if f := l.fault.Load(); f != nil {
					err = faultErr(f)
				}
				r.reply <- reply{err: err}
				continue
			}
			r.inspect(l.state)
			r.reply <- reply{}
			continue
		}
		if r.checkpoint {
			l.checkpointNow(r.reply)
			continue
		}
		ps = append(ps, &pending{req: r})
	}
	if len(ps) == 0 && !l.owing() {
		return prev
	}
	if prev == nil {
		return l.start(ps, 0)
	}
	startSeq := l.state.lastSeq
	g := l.newGrouping(len(ps))
	ps = l.decideAll(g, ps)
	ps = l.fillWhileInFlight(g, ps, prev)
	out := g.out
	retry, ok := l.wait(prev)
	if !ok {
		// The group was decided on events that are not stored: decide
		// it again, after what the failed group must retry, on the state
		// the recovery read back.
		return l.start(append(retry, reset(ps)...), prev.attempt+1)
	}
	fl, again := l.launch(ps, out, startSeq, 0)
	if again != nil {
		return l.start(again, 1)
	}
	return fl
}

// ready reports whether there is a state to decide ps on, recovering it
// first when needed; when there is not, every command is answered.
func (l *Ledger) ready(ps []*pending) bool {
	if f := l.fault.Load(); f != nil {
		l.dropOwed()
		for _, p := range ps {
			l.answer(p, Result{}, faultErr(f))
		}
		return false
	}
	ctx := context.Background()
	if l.state == nil {
		// An earlier recovery could not read the log: try again before
		// deciding anything against a state that is not known.
		if err := l.reload(ctx); err != nil {
			l.opts.Logger.Error("reload before deciding", "err", err)
		} else if err := l.finishWork(ctx); err != nil {
			l.opts.Logger.Error("finishing interrupted work before deciding", "err", err)
		}
		if l.state == nil {
			l.dropOwed()
			var err error = ErrUnavailable
			if f := l.fault.Load(); f != nil {
				err = faultErr(f)
			}
			for _, p := range ps {
				l.answer(p, Result{}, err)
			}
			return false
		}
	}
	if l.workPending {
		// A failed append left a settlement, cancellation or correction
		// half written: finish it before anything else, so that its table
		// is free again and a retried key gets the whole result.
		if err := l.finishWork(ctx); err != nil {
			l.opts.Logger.Error("finishing interrupted work before deciding", "err", err)
			for _, p := range ps {
				l.answer(p, Result{}, fmt.Errorf("%w: %v", ErrUnavailable, err))
			}
			return false
		}
	}
	return true
}

// start decides ps on the current state and launches the append of their
// events; it returns the group in flight, or nil when nothing is to be
// appended. attempt counts the earlier decisions of these commands that a
// conflict or a failed append undid.
func (l *Ledger) start(ps []*pending, attempt int) *flight {
	for len(ps) > 0 || l.owing() {
		if !l.ready(ps) {
			return nil
		}
		startSeq := l.state.lastSeq
		var out []sealed
		ps, out = l.decideGroup(ps)
		fl, again := l.launch(ps, out, startSeq, attempt)
		if again == nil {
			return fl
		}
		ps = again
		attempt++
	}
	return nil
}

// launch answers what the group refused, once the state it was decided on
// is known to be the stream's, and starts the append of its events. It
// returns the commands to decide again instead when a refusal was made on a
// state another writer had moved past.
func (l *Ledger) launch(ps []*pending, out []sealed, startSeq uint64, attempt int) (fl *flight, again []*pending) {
	ctx := context.Background()
	if stale, err := l.staleRefusals(ctx, ps, startSeq); err != nil || stale {
		// A command was refused on a state that another writer had
		// moved past, or the stream could not be asked: decide the
		// whole group again on the stream as it is now.
		if err == nil {
			err = l.reload(ctx)
		}
		if err != nil || attempt >= fencedRetries {
			if err == nil {
				err = errors.New("the stream kept moving under this writer")
			}
			for _, p := range ps {
				l.answer(p, Result{}, fmt.Errorf("%w: %v", ErrUnavailable, err))
			}
			return nil, nil
		}
		l.opts.Logger.Info("another writer appended; deciding the group again", "from", startSeq, "to", l.state.lastSeq)
		return nil, reset(ps)
	}
	for _, p := range ps {
		switch {
		case p.refused != nil:
			l.answer(p, Result{}, p.refused)
		case p.replay != nil:
			l.answerReplay(p)
		}
	}
	if len(out) == 0 {
		l.answerLeaders(ps)
		return nil, nil
	}
	fl = &flight{ps: ps, out: out, attempt: attempt, done: make(chan struct{})}
	l.owedLaunched(fl)
	go l.appendGroup(ctx, fl)
	return fl, nil
}

// wait waits for fl's append. When it failed, it recovers the state from
// the log, answers the commands whose events were stored after all and
// those that cannot be retried, and returns the others to decide again.
func (l *Ledger) wait(fl *flight) (retry []*pending, ok bool) {
	<-fl.done
	if fl.err == nil {
		l.owedLanded(fl)
		return nil, true
	}
	ctx := context.Background()
	err, out := fl.err, fl.out
	conflict := errors.Is(err, events.ErrConflict)
	l.opts.Logger.Warn("append failed; reloading state from the log", "err", err, "conflict", conflict)
	stored := l.recover(ctx, fl.failed, out)
	l.dropOwed()
	if f := l.fault.Load(); f != nil {
		for _, p := range fl.failed {
			if stored[p] {
				l.answer(p, l.storedResult(p, out), nil)
			} else {
				l.answer(p, Result{}, faultErr(f))
			}
		}
		return nil, false
	}
	for _, p := range fl.failed {
		switch {
		case p.leader != nil:
			retry = append(retry, p)
		case stored[p]:
			l.answer(p, l.storedResult(p, out), nil)
		case conflict && fl.attempt < fencedRetries:
			retry = append(retry, p)
		case conflict:
			l.answer(p, Result{}, fmt.Errorf("%w: %v", ErrFenced, err))
		case errors.Is(err, events.ErrStreamFull):
			l.answer(p, Result{}, fmt.Errorf("%w: %v", ErrStreamFull, err))
		default:
			l.answer(p, Result{}, fmt.Errorf("%w: %v", ErrUnavailable, err))
		}
	}
	return reset(retry), false
}

// land waits for fl and for the retries its failure leaves, until nothing
// is in flight.
func (l *Ledger) land(fl *flight) {
	for fl != nil {
		retry, ok := l.wait(fl)
		if ok || len(retry) == 0 {
			return
		}
		fl = l.start(retry, fl.attempt+1)
	}
}

// storedResult is the answer to a command whose events were found in the log
// after a failed append: the remembered result for its idempotency key, or
// else its events that reached the log.
func (l *Ledger) storedResult(p *pending, out []sealed) Result {
	m := p.req.cmd.meta()
	if m.IdempotencyKey != "" {
		k := newIdemKey(m.Actor.ID, m.IdempotencyKey)
		if ent, ok := l.state.idem.get(k); ok {
			if res, err := l.idemResult(context.Background(), k, ent); err == nil {
				return res
			}
		}
	}
	var found []sealed
	for _, s := range out[p.lo:p.hi] {
		if seq, ok := l.recent[s.env.ID]; ok {
			s.env.Seq = seq
			found = append(found, s)
		}
	}
	return resultOf(found)
}

// staleRefusals reports whether the group refused a command on a state that
// is behind the stream: another writer appended after startSeq. A group that
// refused nothing needs no check, because the append's expected-sequence
// check fences whatever it accepted; so the single-writer hot path asks the
// stream nothing more.
func (l *Ledger) staleRefusals(ctx context.Context, ps []*pending, startSeq uint64) (bool, error) {
	refused := false
	for _, p := range ps {
		if p.refused != nil {
			refused = true
			break
		}
	}
	if !refused {
		return false, nil
	}
	last, err := l.log.LastSeq(ctx)
	if err != nil {
		return false, err
	}
	return last != startSeq, nil
}

// decideGroup decides every command of the group in order, each against the
// state left by the ones before, and seals their events, after the next
// chunk of every settlement owed. Refusals are kept in pending.refused, not
// answered yet. It returns the group's pendings, the chunks among them.
func (l *Ledger) decideGroup(ps []*pending) ([]*pending, []sealed) {
	g := l.newGrouping(len(ps))
	return l.decideAll(g, ps), g.out
}

// decideAll decides ps into g after the next chunk of every settlement
// owed, and returns the group's pendings, the chunks among them.
func (l *Ledger) decideAll(g *grouping, ps []*pending) []*pending {
	out := l.sealOwed(g, make([]*pending, 0, len(ps)+len(l.owed)), l.flushOwed)
	for _, p := range ps {
		out = l.decideNext(g, out, p)
	}
	return out
}

// grouping is a group being decided: its time, its sealed events and the
// first command of each idempotency key in it.
type grouping struct {
	now     time.Time
	out     []sealed
	leaders map[idemKey]*pending
}

func (l *Ledger) newGrouping(n int) *grouping {
	now := l.opts.Clock().UTC()
	l.decidedAt = now
	// Most commands of a busy group are slips of one event: room for that
	// at once, instead of copying the group's sealed events as it grows.
	return &grouping{now: now, out: make([]sealed, 0, n), leaders: map[idemKey]*pending{}}
}

// decideOne decides p against the state the group's earlier commands left
// and seals its events into g.
func (l *Ledger) decideOne(g *grouping, p *pending) {
	now, leaders := g.now, g.leaders
	c := p.req.cmd
	m := c.meta()
	if m.IdempotencyKey != "" {
		k := newIdemKey(m.Actor.ID, m.IdempotencyKey)
		if lead := leaders[k]; lead != nil {
			if lead.req.hash != p.req.hash {
				p.refused = errf(ErrIdempotencyConflict, "key %q", m.IdempotencyKey)
			} else {
				p.leader = lead
			}
			return
		}
		if ent, ok := l.state.idem.get(k); ok {
			if ent.req != reqDigest(p.req.hash) {
				p.refused = errf(ErrIdempotencyConflict, "key %q was used for another request", m.IdempotencyKey)
				return
			}
			// A retry gets the original's answer, read back from the
			// stream: now if its events are stored, else once the
			// group in flight is (launch).
			p.replay = &idemReplay{key: k, ent: ent}
			if ent.first+uint64(ent.span) <= l.lastSeq.Load() {
				l.answerReplay(p)
			}
			return
		}
		leaders[k] = p
	}
	// A correction needs the bets of its finished round, which memory
	// no longer holds: read them back first. A refusal drops them
	// again, so the state stays the one a replay builds.
	var loaded *Round
	if cr, ok := c.(*CorrectResult); ok {
		if r := l.state.rounds[cr.Round]; r != nil && r.unloaded && r.Table == cr.Table {
			if err := l.loadBets(context.Background(), r); err != nil {
				p.refused = err
				return
			}
			loaded = r
		}
	}
	drafts, err := l.d.decide(l.state, c, now)
	if err != nil {
		if loaded != nil {
			loaded.SetBets(nil)
			loaded.unloaded = true
		}
		p.refused = err
		return
	}
	wm := workMeta{actor: m.Actor, key: m.IdempotencyKey, reqHash: p.req.hash, corr: m.CorrelationID}
	p.lo = len(g.out)
	g.out = l.sealAll(g.out, drafts, wm, now)
	if r := l.state.rounds[drafts[0].round]; r != nil && drafts[0].round != "" {
		more, err := l.d.work(l.state, r)
		if err != nil {
			assert.Fail("work after a validated command: %v", err)
		}
		if !l.chunkSettlement(g, p, r, more, wm) {
			g.out = l.sealAll(g.out, more, wm, now)
		}
	}
	p.hi = len(g.out)
}

func (l *Ledger) sealAll(out []sealed, drafts []draft, wm workMeta, now time.Time) []sealed {
	for _, d := range drafts {
		out = append(out, l.seal(d, wm, now))
	}
	return out
}

// seal turns a draft into a chained, encoded envelope and applies it to the
// state, so that the next decision sees it.
func (l *Ledger) seal(d draft, wm workMeta, now time.Time) sealed {
	for _, p := range d.postings {
		if !p.Amount.IsPositive() || p.From == p.To || p.Currency == "" {
			assert.Fail("posting %+v of %s is not a movement", p, d.typ)
		}
	}
	env := events.Envelope{
		ID: l.opts.NewID(), Type: d.typ, Version: d.typ.CurrentVersion(), OccurredAt: now,
		Table: d.table, Round: d.round, Actor: wm.actor,
		IdempotencyKey: wm.key, RequestHash: wm.reqHash, CorrelationID: wm.corr,
		Postings: d.postings,
	}
	data, err := events.EncodePayload(&env, d.payload, l.state.head)
	if err != nil {
		assert.Fail("encode %s: %v", d.typ, err)
	}
	env.Seq = l.state.lastSeq + 1
	subject, err := events.SubjectFor(l.log.Prefix(), &env)
	if err != nil {
		assert.Fail("subject of %s: %v", d.typ, err)
	}
	l.state.apply(&env, d.payload)
	return sealed{env: env, payload: d.payload, raw: events.Raw{Subject: subject, MsgID: env.ID.String(), Data: data}}
}

// appendGroup appends the group's events in atomic batches and answers each
// command once the batch holding its last event is stored. It closes
// fl.done once every batch is stored, before answering the last batch's
// commands, so that the sequencer appends the next group while they are
// answered; or, when an append fails, once fl.failed holds the commands
// not answered and fl.err the error.
func (l *Ledger) appendGroup(ctx context.Context, fl *flight) {
	ps, out := fl.ps, fl.out
	if len(out) == 0 {
		close(fl.done)
		l.answerLeaders(ps)
		return
	}
	i := 0 // next command to answer
	lo := 0
	for lo < len(out) {
		hi := l.batchEnd(ps, out, lo)
		first, err := l.appendBatch(ctx, out, lo, hi)
		if err == nil && first != out[lo].env.Seq {
			err = fmt.Errorf("ledger: log stored the batch at %d, expected %d", first, out[lo].env.Seq)
		}
		if err != nil {
			for _, p := range ps[i:] {
				if !p.done {
					fl.failed = append(fl.failed, p)
				}
			}
			fl.err = err
			close(fl.done)
			return
		}
		l.lastSeq.Store(out[hi-1].env.Seq)
		if hi == len(out) {
			close(fl.done)
		}
		for ; i < len(ps) && (ps[i].hi <= hi || ps[i].hi == ps[i].lo); i++ {
			p := ps[i]
			if w := p.cont; w != nil && p.final {
				l.answer(w.orig, resultOf(w.events), nil)
				continue
			}
			if p.owed != nil || p.done || p.leader != nil || p.refused != nil {
				// A result owed its settlement is answered with the last
				// chunk, maybe by the sequencer (owed.go): not even its
				// done is read here.
				continue
			}
			l.answer(p, resultOf(out[p.lo:p.hi]), nil)
		}
		lo = hi
	}
	l.answerLeaders(ps)
}

// batchEnd returns the end of the batch starting at lo: as many whole
// commands as fit in BatchMax events; a command with more events than that
// is split, and the recovery in Open finishes it if a crash falls between.
func (l *Ledger) batchEnd(ps []*pending, out []sealed, lo int) int {
	max := l.opts.BatchMax
	hi := lo
	for _, p := range ps {
		if p.hi <= lo || p.hi == p.lo {
			continue
		}
		if p.hi-lo <= max {
			hi = p.hi
			continue
		}
		if hi == lo {
			hi = lo + max
		}
		break
	}
	return hi
}

func (l *Ledger) answerLeaders(ps []*pending) {
	for _, p := range ps {
		if p.leader != nil && !p.done && p.leader.done {
			l.answer(p, p.leader.res.clone(), p.leader.err)
		}
	}
}

func (l *Ledger) answer(p *pending, res Result, err error) {
	if p.done {
		return
	}
	p.done, p.res, p.err = true, res, err
	p.req.reply <- reply{res: res, err: err}
}

// resultOf folds a command's events into its Result.
func resultOf(evs []sealed) Result {
	var r Result
	for i := range evs {
		r.add(&evs[i].env, evs[i].payload)
	}
	return r
}

func (r Result) clone() Result {
	r.Bets = append([]SlipBet(nil), r.Bets...)
	if r.Settlement != nil {
		st := *r.Settlement
		st.Bets = append([]SettledBet(nil), st.Bets...)
		r.Settlement = &st
	}
	if r.Balance != nil {
		b := *r.Balance
		r.Balance = &b
	}
	return r
}
