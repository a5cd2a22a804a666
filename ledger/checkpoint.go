package ledger

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// A checkpoint is the ledger's state after the event at some sequence,
// encoded with that sequence and the chain hash of that event. Open and
// every recovery after a failed append start from the newest checkpoint that
// matches the stream and read only the events after it, so a start costs the
// checkpoint plus the tail, not the history.
//
// A checkpoint is derived data, like the projections: it is trusted only as
// far as it is checked. Loading one checks its format version, the SHA-256
// of its content, that it was taken under the same state limits (they shape
// the state), and that the stream's event at its sequence has its chain
// hash. The events after it are then read through the hash chain from that
// hash, as a full replay would. A checkpoint that fails any check is logged
// and the next older one tried; when none is valid the ledger replays the
// whole stream. The events before a checkpoint were verified by the ledger
// that took it; `wagerlog verify` walks the whole chain.

// Checkpoint defaults and limits.
const (
	// DefaultCheckpointEvery is how many events a checkpoint is taken
	// after: a start reads at most about that many events after the
	// newest checkpoint (half a second at the bench's replay rate).
	DefaultCheckpointEvery = 100_000
	// DefaultCheckpointInterval is the longest time between checkpoints
	// while events are written.
	DefaultCheckpointInterval = 5 * time.Minute
	// CheckpointBytesMax is the largest checkpoint Open accepts. The state
	// is bounded by the options (IdempotencyMax, FinishedRoundsKept,
	// FinishedIDsMax), so a larger one is not ours.
	CheckpointBytesMax = 1 << 30
	// CheckpointSaveTimeout bounds the writing of one checkpoint.
	CheckpointSaveTimeout = time.Minute
	// checkpointVersion is the format of the encoding below; a checkpoint
	// of another version is ignored (a full replay replaces it).
	checkpointVersion = 10
)

// checkpointMagic starts every checkpoint.
var checkpointMagic = []byte("wagerlog-checkpoint\n")

// checkpointHeaderLen is the magic, the version (2 bytes), the sequence (8),
// the chain hash (32) and the SHA-256 of the content (32).
var checkpointHeaderLen = len(checkpointMagic) + 2 + 8 + events.HashSize + sha256.Size

// ErrCheckpointInvalid is wrapped by the errors of a checkpoint that cannot
// be used: damaged, of another format or other limits, or not matching the
// stream. Open logs them and tries an older checkpoint.
var ErrCheckpointInvalid = errors.New("ledger: invalid checkpoint")

// Checkpoints is where the ledger keeps checkpoints of its state. A standby
// writer must find the active writer's checkpoints, so they belong beside
// the stream: events/jetstream.Checkpoints keeps them in a JetStream object
// store replicated like the stream.
type Checkpoints interface {
	// Save stores the checkpoint taken after the event at seq, and may
	// delete older ones beyond the few it keeps.
	Save(ctx context.Context, seq uint64, data []byte) error
	// List returns the sequences of the stored checkpoints, newest first.
	List(ctx context.Context) ([]uint64, error)
	// Load returns the checkpoint taken after the event at seq.
	Load(ctx context.Context, seq uint64) ([]byte, error)
}

// CheckpointInfo describes the last checkpoint a ledger took or started
// from.
type CheckpointInfo struct {
	// Seq is the sequence of the last event it holds; 0 when none.
	Seq uint64
	// Bytes is its size.
	Bytes int
	// Pause is how long the sequencer spent copying the state (the pause
	// a checkpoint costs the writes); Encode and Save how long encoding
	// and storing it took, in the background.
	Pause, Encode, Save time.Duration
	// Loaded reports a checkpoint Open or a recovery started from, rather
	// than one this ledger took; Tail is how many events were read after
	// it.
	Loaded bool
	Tail   uint64
	// Load and Decode are how long a loaded checkpoint took to read from
	// its store and to decode into the ledger's state (its check against
	// the stream included): the parts of a start that grow with the state
	// it holds. Check is the part of Decode spent reading the stream's
	// event at Seq to check the checkpoint against it: one event, not the
	// state (1–2 ms in docs/BENCHMARKS.md, "Restarts as a new process
	// starts").
	Load, Decode, Check time.Duration
}

// checkpointer takes checkpoints for the sequencer and stores them in the
// background.
type checkpointer struct {
	store    Checkpoints
	logger   *slog.Logger
	every    int
	interval time.Duration
	// seq and at are the sequence and time of the last checkpoint taken or
	// loaded; the sequencer's goroutine only.
	seq uint64
	at  time.Time
	// slot holds a token while a checkpoint is being stored: one at a
	// time, and a due checkpoint is skipped, never waited for, while the
	// previous one is still being written.
	slot chan struct{}
	wg   sync.WaitGroup

	mu   sync.Mutex
	info CheckpointInfo
}

func (c *checkpointer) init(o Options) {
	c.store, c.logger = o.Checkpoints, o.Logger
	c.every, c.interval = o.CheckpointEvery, o.CheckpointInterval
	c.slot = make(chan struct{}, 1)
	// Checkpoints are scheduled by the machine's clock, not the ledger's
	// (Options.Clock): they are not events, and a read of the ledger's
	// clock would move the times of the events a deterministic clock
	// gives (replay/compat_test.go).
	c.at = time.Now()
}

// close waits for the checkpoint being stored.
func (c *checkpointer) close() { c.wg.Wait() }

func (c *checkpointer) setInfo(f func(*CheckpointInfo)) {
	c.mu.Lock()
	f(&c.info)
	c.mu.Unlock()
}

// LastCheckpoint describes the last checkpoint the ledger took or started
// from.
func (l *Ledger) LastCheckpoint() CheckpointInfo {
	l.ckpt.mu.Lock()
	defer l.ckpt.mu.Unlock()
	return l.ckpt.info
}

// Checkpoint takes a checkpoint of the state now and returns once it is
// stored: before a planned stop or fail-over, so that the next writer
// starts at once. It returns an error when the ledger has no Checkpoints.
func (l *Ledger) Checkpoint(ctx context.Context) error {
	if l.ckpt.store == nil {
		return errors.New("ledger: no checkpoint store configured")
	}
	req := &request{checkpoint: true, reply: make(chan reply, 1)}
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

// maybeCheckpoint takes a checkpoint when CheckpointEvery events were
// written since the last, or, on a timer tick, when CheckpointInterval has
// passed and events were written. It runs on the sequencer's goroutine
// between groups, when every event of the state is stored.
func (l *Ledger) maybeCheckpoint(tick bool) {
	c := &l.ckpt
	s := l.state
	if c.store == nil || s == nil || l.workPending || len(l.owed) > 0 || s.lastSeq <= c.seq {
		return
	}
	due := c.every > 0 && s.lastSeq-c.seq >= uint64(c.every)
	if tick && c.interval > 0 && time.Since(c.at) >= c.interval {
		due = true
	}
	if !due {
		return
	}
	select {
	case c.slot <- struct{}{}:
	default:
		return // the previous checkpoint is still being stored
	}
	l.takeCheckpoint(nil)
}

// checkpointDue reports whether maybeCheckpoint(false) would take a
// checkpoint now: CheckpointEvery events written since the last one, and
// no other being stored.
func (l *Ledger) checkpointDue() bool {
	c := &l.ckpt
	s := l.state
	return c.store != nil && s != nil && !l.workPending && len(l.owed) == 0 && c.every > 0 &&
		s.lastSeq > c.seq && s.lastSeq-c.seq >= uint64(c.every) && len(c.slot) == 0
}

// checkpointNow takes a checkpoint for Ledger.Checkpoint, waiting for the
// one being stored, and answers reply once it is stored.
func (l *Ledger) checkpointNow(reply chan reply) {
	c := &l.ckpt
	// A checkpoint holds no settlement half written (owed.go).
	l.finishOwed()
	if l.state == nil || l.workPending {
		reply <- replyErr(fmt.Errorf("%w: the state is being recovered", ErrUnavailable))
		return
	}
	c.slot <- struct{}{}
	l.takeCheckpoint(reply)
}

func replyErr(err error) reply { return reply{err: err} }

// checkpointOnClose takes a last checkpoint when the ledger stops with
// events written since the last one, so that the next start (this machine
// or a standby) reads no tail at all. It waits for it to be stored (at
// most CheckpointSaveTimeout).
func (l *Ledger) checkpointOnClose() {
	c := &l.ckpt
	if c.store == nil || l.state == nil || l.workPending || len(l.owed) > 0 || l.state.lastSeq <= c.seq {
		return
	}
	c.slot <- struct{}{}
	done := make(chan reply, 1)
	l.takeCheckpoint(done)
	<-done
}

// takeCheckpoint copies the state on the sequencer's goroutine (the state
// is the sequencer's; the copy is the only pause a checkpoint costs the
// writes), then encodes and stores the copy in the background. The caller
// holds c.slot; it is released when the save ends.
func (l *Ledger) takeCheckpoint(done chan reply) {
	c := &l.ckpt
	start := time.Now()
	snap := l.state.snapshot()
	pause := time.Since(start)
	seq := snap.lastSeq
	c.seq, c.at = seq, time.Now()
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer func() { <-c.slot }()
		start := time.Now()
		data, err := encodeCheckpoint(snap)
		enc := time.Since(start)
		snap.release()
		snap = nil // the copy can go before the save
		if err != nil {
			// A state that cannot be encoded is a programmer error, but a
			// checkpoint is only an optimisation: log it and go on.
			c.logger.Error("checkpoint not encoded", "seq", seq, "err", err)
			if done != nil {
				done <- replyErr(err)
			}
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), CheckpointSaveTimeout)
		defer cancel()
		start = time.Now()
		err = c.store.Save(ctx, seq, data)
		saved := time.Since(start)
		if err != nil {
			c.logger.Warn("checkpoint not stored", "seq", seq, "err", err)
		} else {
			c.logger.Info("checkpoint stored", "seq", seq, "bytes", len(data), "pause", pause, "encode", enc, "save", saved)
			c.setInfo(func(i *CheckpointInfo) {
				*i = CheckpointInfo{Seq: seq, Bytes: len(data), Pause: pause, Encode: enc, Save: saved}
			})
		}
		if done != nil {
			done <- replyErr(err)
		}
	}()
}

// snapshot returns a copy of s that later changes of s do not reach, for
// encoding on another goroutine. Everything apply replaces rather than
// changes in place is shared: strings, decimals (immutable), result bytes,
// a table's limits (replaced whole by table.limits_changed). Tables,
// rounds and bets, which apply changes in place, are copied, as are the
// maps and the queues.
func (s *State) snapshot() *State {
	c := *s
	// The balances are shared until the encoding releases them
	// (balanceMap.share): an account per player ever seen.
	c.balances = s.balances.share()
	c.tables = make(map[string]*Table, len(s.tables))
	for id, t := range s.tables {
		tc := *t
		c.tables[id] = &tc
	}
	c.rounds = make(map[string]*Round, len(s.rounds))
	for id, r := range s.rounds {
		rc := *r
		rc.Results = slices.Clone(r.Results)
		var copied []*Bet
		if r.Bets != nil {
			bets := make([]Bet, len(r.Bets))
			copied = make([]*Bet, len(r.Bets))
			for i, b := range r.Bets {
				bets[i] = *b
				copied[i] = &bets[i]
			}
		}
		// The copy indexes its own bets, never the original's.
		rc.SetBets(copied)
		c.rounds[id] = &rc
	}
	c.finished = maps.Clone(s.finished)
	c.finishedOrder = slices.Clone(s.finishedOrder)
	c.finishedQ = make(map[string][]string, len(s.finishedQ))
	for t, q := range s.finishedQ {
		c.finishedQ[t] = slices.Clone(q)
	}
	// The keys are shared, not copied (idemIndex.share): up to 2 million
	// of them.
	c.idem = s.idem.share()
	// Pools change in place (their tables, their version).
	c.pools = make(map[string]*Pool, len(s.pools))
	for id, p := range s.pools {
		pc := *p
		pc.Tables = slices.Clone(p.Tables)
		pc.Accounts = slices.Clone(p.Accounts)
		c.pools[id] = &pc
	}
	return &c
}

// release ends a snapshot's hold on what it shares with the live state
// and that the live state would otherwise change in place (the balances).
func (s *State) release() { s.balances.release() }

// loadCheckpoint returns the state of the newest valid checkpoint at or
// before maxSeq, or nil when there is none (or no store): the caller then
// replays the whole stream.
func (l *Ledger) loadCheckpoint(ctx context.Context, maxSeq uint64) *State {
	c := &l.ckpt
	if c.store == nil {
		return nil
	}
	seqs, err := c.store.List(ctx)
	if err != nil {
		l.opts.Logger.Warn("checkpoints not listed; replaying the whole stream", "err", err)
		return nil
	}
	for _, seq := range seqs {
		if seq > maxSeq {
			continue
		}
		start := time.Now()
		data, err := c.store.Load(ctx, seq)
		loaded := time.Since(start)
		var (
			s     *State
			check time.Duration
		)
		if err == nil {
			s, check, err = l.verifiedCheckpoint(ctx, seq, data)
		}
		if err != nil {
			l.opts.Logger.Warn("checkpoint ignored; trying an older one", "seq", seq, "err", err)
			continue
		}
		decoded := time.Since(start) - loaded
		c.setInfo(func(i *CheckpointInfo) {
			*i = CheckpointInfo{Seq: seq, Bytes: len(data), Loaded: true, Load: loaded, Decode: decoded, Check: check}
		})
		return s
	}
	return nil
}

// verifiedCheckpoint decodes the checkpoint stored at seq (data) and checks
// it against its own hash, the ledger's limits and the stream's event at
// seq, and returns how long reading that event took.
func (l *Ledger) verifiedCheckpoint(ctx context.Context, seq uint64, data []byte) (*State, time.Duration, error) {
	s, err := decodeCheckpoint(data, l.limits())
	if err != nil {
		return nil, 0, err
	}
	if s.lastSeq != seq {
		return nil, 0, fmt.Errorf("%w: stored as %d, holds the state at %d", ErrCheckpointInvalid, seq, s.lastSeq)
	}
	start := time.Now()
	raw, err := l.readOne(ctx, seq)
	read := time.Since(start)
	if err != nil {
		return nil, read, fmt.Errorf("%w: the stream's event %d: %v", ErrCheckpointInvalid, seq, err)
	}
	h, err := events.CheckHash(raw.Data)
	if err != nil {
		return nil, read, fmt.Errorf("%w: the stream's event %d: %v", ErrCheckpointInvalid, seq, err)
	}
	if h != s.head {
		return nil, read, fmt.Errorf("%w: the stream's event %d has hash %s, the checkpoint %s", ErrCheckpointInvalid, seq, h, s.head)
	}
	return s, read, nil
}

// eventGetter is the direct read of one event that events/jetstream.Store
// offers besides Log; readOne falls back to Read without it.
type eventGetter interface {
	Get(ctx context.Context, seq uint64) (events.Raw, error)
}

// readOne returns the stored event at seq.
func (l *Ledger) readOne(ctx context.Context, seq uint64) (events.Raw, error) {
	if g, ok := l.log.(eventGetter); ok {
		return g.Get(ctx, seq)
	}
	var out events.Raw
	found := false
	err := l.log.Read(ctx, seq, seq, func(r events.Raw) error {
		out, found = r, r.Seq == seq
		return nil
	})
	if err == nil && !found {
		err = fmt.Errorf("ledger: no event at %d", seq)
	}
	return out, err
}

// encodeCheckpoint encodes s with its header.
func encodeCheckpoint(s *State) ([]byte, error) {
	data := encodeState(make([]byte, checkpointHeaderLen), s)
	sum := sha256.Sum256(data[checkpointHeaderLen:])
	h := data[:0]
	h = append(h, checkpointMagic...)
	h = binary.BigEndian.AppendUint16(h, checkpointVersion)
	h = binary.BigEndian.AppendUint64(h, s.lastSeq)
	h = append(h, s.head[:]...)
	_ = append(h, sum[:]...)
	return data, nil
}

// decodeCheckpoint checks a checkpoint's header and content hash and
// rebuilds the state it holds. A checkpoint taken under other limits is
// refused: its state is not the one this ledger's replay would give.
func decodeCheckpoint(data []byte, lim stateLimits) (*State, error) {
	bad := func(format string, args ...any) (*State, error) {
		return nil, fmt.Errorf("%w: "+format, append([]any{ErrCheckpointInvalid}, args...)...)
	}
	if len(data) > CheckpointBytesMax {
		return bad("%d bytes, more than %d", len(data), CheckpointBytesMax)
	}
	if len(data) < checkpointHeaderLen || !bytes.HasPrefix(data, checkpointMagic) {
		return bad("not a checkpoint")
	}
	h := data[len(checkpointMagic):]
	if v := binary.BigEndian.Uint16(h); v != checkpointVersion {
		return bad("format version %d, this ledger reads %d", v, checkpointVersion)
	}
	seq := binary.BigEndian.Uint64(h[2:])
	var head events.Hash
	copy(head[:], h[10:])
	var sum [sha256.Size]byte
	copy(sum[:], h[10+events.HashSize:])
	body := data[checkpointHeaderLen:]
	if sha256.Sum256(body) != sum {
		return bad("content does not match its SHA-256")
	}
	s, err := decodeState(body)
	if err != nil {
		return bad("decode: %v", err)
	}
	if s.lastSeq != seq || s.head != head {
		return bad("header says %d %s, content %d %s", seq, head, s.lastSeq, s.head)
	}
	if s.lim != lim {
		return bad("taken under limits %+v, this ledger runs with %+v", s.lim, lim)
	}
	return s, nil
}
