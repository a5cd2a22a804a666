package projections

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/assert"
)

// BatchEventsMax is the most events one Apply takes: one bbolt transaction
// holds them all, so a batch bounds the memory of its uncommitted pages.
const BatchEventsMax = 100_000

// Store is the projections' bbolt file. One goroutine applies batches of
// events (a Projector, or a rebuild); any number read. Every batch is one
// transaction that also stores the last applied sequence, so after a crash
// the store resumes exactly after the last committed batch: no event is
// skipped or applied twice. Its methods are safe for concurrent use.
type Store struct {
	path string
	opts Options

	// mu guards db: readers and Apply hold it shared, Reload and Close
	// exclusively.
	mu     sync.RWMutex
	db     *bolt.DB
	closed bool
	// file identifies the file db has open, to notice a swap.
	file os.FileInfo

	applyMu sync.Mutex // one Apply at a time
	// openBets keeps the open bets' records between batches (openbets.go);
	// guarded by applyMu.
	openBets openBets
	// sinceRelease counts the events applied since the map's pages were
	// last released (resident.go); guarded by applyMu.
	sinceRelease int

	lastSeq atomic.Uint64
	lastAt  atomic.Int64 // event time of the last applied event, unix ns

	// commits counts the committed batches (the projector's pacing test).
	commits atomic.Uint64

	// damaged is set when a read or a batch found a record that does not
	// decode (ErrDamaged), until a Reload.
	damaged atomic.Bool

	n notifier
}

// Open opens (creating it when missing) the projections file at path. A
// file built under another SchemaVersion, time zone or board size is
// refused with ErrIncompatible: rebuild it.
func Open(path string, opts Options) (*Store, error) {
	opts = opts.withDefaults()
	s := &Store{path: path, opts: opts}
	s.n.init()
	if err := s.open(); err != nil {
		return nil, err
	}
	return s, nil
}

// initialMmapSize is the address space mapped for a projections file at
// open.
const initialMmapSize = 1 << 30

func (s *Store) open() error {
	db, err := bolt.Open(s.path, 0o600, &bolt.Options{
		Timeout:  s.opts.LockTimeout,
		ReadOnly: s.opts.ReadOnly,
		NoSync:   s.opts.NoSync,
		// The free list is written with every commit, so that opening a
		// file reads it instead of walking every page of the tree to
		// rebuild it: the walk made every page of the file resident at
		// once (a 212 MB file: VmHWM +208 MB at open, the whole file at
		// every start of serve), for 3-5% of a rebuild's CPU saved
		// (docs/BENCHMARKS.md, "Memory"). A file written without
		// it is walked once more, then has it.
		NoFreelistSync: false,
		FreelistType:   bolt.FreelistMapType,
		// Map a gigabyte of address space up front: a growing file is then
		// not remapped (and its pages not re-walked) every time it doubles,
		// which cost a rebuild 7% of its time. It is address space, not
		// memory: untouched pages are never resident.
		InitialMmapSize: initialMmapSize,
		// PageSize stays bbolt's default (the OS page, 4 KiB). 16 KiB
		// pages were tried twice (docs/BENCHMARKS.md, "16 KiB pages"):
		// serve's projector was 15% slower while its commits rewrote a
		// page per player, and no slower since they append (history.go),
		// but the rebuild under serve's memory limit was slower in three
		// alternated pairs. With a page size given, bbolt also refuses a
		// short damaged file with an error of no kind instead of
		// ErrInvalid.
	})
	if errors.Is(err, berrors.ErrInvalid) || errors.Is(err, berrors.ErrChecksum) || errors.Is(err, berrors.ErrVersionMismatch) {
		// Not a bbolt file any more: derived data to rebuild.
		return fmt.Errorf("projections: open %s: %w: %w", s.path, ErrDamaged, err)
	}
	if err != nil {
		return fmt.Errorf("projections: open %s: %w", s.path, err)
	}
	if !s.opts.ReadOnly {
		err = db.Update(s.init)
	}
	if err == nil {
		err = db.View(s.check)
	}
	if err != nil {
		_ = db.Close()
		return err
	}
	s.db = db
	// Opening a file without a stored free list walked every page of it:
	// release them (resident.go).
	s.releaseOpened()
	// bbolt does not expose its file, so identify it by path right after
	// opening it; a rebuild swaps files only after it has built one.
	s.file, _ = os.Stat(s.path)
	return nil
}

// init creates the buckets and, in a new file, records the settings the
// answers depend on.
func (s *Store) init(tx *bolt.Tx) error {
	for _, b := range allBuckets {
		if _, err := tx.CreateBucketIfNotExists(b); err != nil {
			return fmt.Errorf("projections: create bucket %s: %w", b, err)
		}
	}
	meta := tx.Bucket(bucketMeta)
	if meta.Get(metaSchema) != nil {
		return nil
	}
	for _, kv := range []struct{ k, v []byte }{
		{metaSchema, u64(SchemaVersion)},
		{metaLocation, []byte(s.opts.Location.String())},
		{metaBoardSize, u64(uint64(s.opts.BoardSize))},
		{metaSeq, u64(0)},
	} {
		if err := meta.Put(kv.k, kv.v); err != nil {
			return err
		}
	}
	return nil
}

// check refuses a file built with other settings and loads the position.
func (s *Store) check(tx *bolt.Tx) error {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		return fmt.Errorf("%w: %s has no projections", ErrIncompatible, s.path)
	}
	if v := getU64(meta, metaSchema); v != SchemaVersion {
		return fmt.Errorf("%w: %w: %s has schema %d, this build writes %d", ErrIncompatible, ErrOtherSchema, s.path, v, SchemaVersion)
	}
	if loc := string(meta.Get(metaLocation)); loc != s.opts.Location.String() {
		return fmt.Errorf("%w: %s divides days in %s, not %s", ErrIncompatible, s.path, loc, s.opts.Location)
	}
	if n := getU64(meta, metaBoardSize); n != uint64(s.opts.BoardSize) {
		return fmt.Errorf("%w: %s keeps boards of %d rounds, not %d", ErrIncompatible, s.path, n, s.opts.BoardSize)
	}
	s.lastSeq.Store(getU64(meta, metaSeq))
	s.lastAt.Store(int64(getU64(meta, metaAt)))
	return nil
}

func getU64(b *bolt.Bucket, k []byte) uint64 {
	v := b.Get(k)
	if len(v) != 8 {
		return 0
	}
	return binary.BigEndian.Uint64(v)
}

// Position is where a projections file stands in its stream: the last
// event applied and the chain hash that event states. The pair tells the
// stream the file was built from: a file whose event at Seq has another
// hash in the stream, or whose Seq the stream does not reach, is not this
// stream's projections.
type Position struct {
	Seq uint64 `json:"seq"`
	// Hash is zero when nothing was applied, or when a release that did
	// not record it wrote the file.
	Hash events.Hash `json:"hash"`
}

// Position returns the file's position, sequence and hash as one read
// transaction sees them.
func (s *Store) Position() (Position, error) {
	var p Position
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		p.Seq = seq
		if v := tx.Bucket(bucketMeta).Get(metaHash); len(v) == events.HashSize {
			copy(p.Hash[:], v)
		}
		return nil
	})
	return p, err
}

// Records calls fn with every record of the file, bucket by bucket (in
// the order of the file's buckets) and key by key: the bytes that two
// files must share to give the same answers, such as a rebuilt file and
// the one a projector built following the stream live. fn must not keep
// the slices after it returns; an error from fn stops the walk and is
// returned.
func (s *Store) Records(fn func(bucket, key, value []byte) error) error {
	return s.view(func(tx *bolt.Tx, _ uint64) error {
		for _, name := range allBuckets {
			err := tx.Bucket(name).ForEach(func(k, v []byte) error { return fn(name, k, v) })
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// Path returns the file's path.
func (s *Store) Path() string { return s.path }

// Close closes the file and ends every subscription; a store opened with
// NoSync is synced first. Calling it again does nothing.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	s.n.close()
	var err error
	if s.opts.NoSync && !s.opts.ReadOnly {
		if err = s.db.Sync(); err != nil {
			err = fmt.Errorf("projections: sync: %w", err)
		}
	}
	return errors.Join(err, s.db.Close())
}

// LastSeq returns the sequence of the last applied event (0 for none).
func (s *Store) LastSeq() uint64 { return s.lastSeq.Load() }

// lastEventAt returns the event time of the last applied event.
func (s *Store) lastEventAt() time.Time {
	if ns := s.lastAt.Load(); ns != 0 {
		return time.Unix(0, ns).UTC()
	}
	return time.Time{}
}

// Apply folds a batch of events (in stream order) into the projections in
// one transaction, with the last applied sequence. Events at or below the
// last applied sequence are skipped, so a batch delivered again changes
// nothing. A batch that does not continue the last applied sequence is
// refused with a *GapError; an event that does not decode or does not fit
// fails the batch: in both cases nothing of it is applied.
func (s *Store) Apply(batch []events.Raw) error {
	p, err := s.Prepare(batch)
	if err != nil {
		return err
	}
	return s.ApplyPrepared(p)
}

// Prepared is a batch of events decoded by Prepare, ready for
// ApplyPrepared.
type Prepared struct {
	// chunks are the batches merged into p, in order; they are not copied
	// into one slice.
	chunks [][]decoded
	n      int
	// last is the chain hash the batch's last event states: the file
	// records it with the sequence, as the proof of which stream it
	// follows. Only the last event's is read, so a rebuild does not parse
	// a hash per event.
	last events.Hash
}

// Len returns the number of events in p.
func (p *Prepared) Len() int { return p.n }

// Merge appends the events of q to p (q must follow p without a gap, which
// ApplyPrepared checks).
func (p *Prepared) Merge(q *Prepared) {
	p.chunks = append(p.chunks, q.chunks...)
	p.n += q.n
	if q.n > 0 {
		p.last = q.last
	}
}

// Prepare decodes a batch of events in stream order for ApplyPrepared. It
// only decodes: it is safe to call from several goroutines at once, so a
// rebuild decodes ahead of the transaction that applies. It fails on an
// event that does not decode, on sequences that are not consecutive, and
// when the batch's last event states no chain hash (the file records it:
// see Position).
func (s *Store) Prepare(batch []events.Raw) (*Prepared, error) {
	return s.prepare(batch, nil)
}

// prepare is Prepare, taking from h (when not nil) the events the ledger
// of this process handed off instead of decoding them.
func (s *Store) prepare(batch []events.Raw, h *Handoff) (*Prepared, error) {
	if len(batch) > BatchEventsMax {
		return nil, fmt.Errorf("%w: a batch of %d events is over the limit of %d", ErrBadQuery, len(batch), BatchEventsMax)
	}
	ds := make([]decoded, len(batch))
	var strs events.Interner
	for i, raw := range batch {
		if i > 0 && raw.Seq != batch[i-1].Seq+1 {
			return nil, &GapError{Applied: batch[i-1].Seq, Got: raw.Seq}
		}
		if d, ok := h.take(raw); ok {
			ds[i] = d
			continue
		}
		var err error
		if ds[i], err = decode(s.opts.Codec, raw, &strs); err != nil {
			return nil, err
		}
	}
	p := &Prepared{chunks: [][]decoded{ds}, n: len(ds)}
	if n := len(batch); n > 0 {
		h, err := events.StatedHash(batch[n-1].Data)
		if err != nil {
			return nil, fmt.Errorf("projections: event %d: %w", batch[n-1].Seq, err)
		}
		p.last = h
	}
	return p, nil
}

// ApplyPrepared applies a prepared batch as Apply does.
func (s *Store) ApplyPrepared(p *Prepared) error {
	if s.opts.ReadOnly {
		return ErrReadOnly
	}
	if p.n == 0 {
		return nil
	}
	if p.n > BatchEventsMax {
		return fmt.Errorf("%w: a batch of %d events is over the limit of %d", ErrBadQuery, p.n, BatchEventsMax)
	}
	return s.applyDecoded(p.chunks, p.last)
}

// applyDecoded applies chunks in one transaction; lastHash is the chain
// hash of their last event.
func (s *Store) applyDecoded(chunks [][]decoded, lastHash events.Hash) error {
	s.applyMu.Lock()
	defer s.applyMu.Unlock()
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	var f *fold
	applied := 0
	err := s.db.Update(func(tx *bolt.Tx) error {
		meta := tx.Bucket(bucketMeta)
		last := getU64(meta, metaSeq)
		t := newTxIO(tx)
		n := 0
		for _, ds := range chunks {
			n += len(ds)
		}
		f = newFold(t, s.opts.Location, s.opts.BoardSize, n)
		f.byRound = s.boardByRound
		f.payer = s.boardPayer
		f.catalog = s.opts.Games
		f.open = &s.openBets
		for _, ds := range chunks {
			for i := range ds {
				// Events at or below the file's position were applied
				// already (a Reload in between, or a batch delivered
				// twice); any other must be the next one.
				switch seq := ds[i].env.Seq; {
				case seq <= last:
					continue
				case seq != last+1:
					return &GapError{Applied: last, Got: seq}
				}
				if err := f.apply(&ds[i]); err != nil {
					return err
				}
				last++
				applied++
			}
		}
		if f.lastSeq == 0 {
			f = nil // nothing new
			return nil
		}
		if err := f.write(t.put); err != nil {
			return err
		}
		// Events are skipped only at the start of a batch, so the last
		// event applied is the batch's last: lastHash is its hash.
		assert.That(f.lastSeq == last, "projections: applied up to %d, the batch ends at %d", f.lastSeq, last)
		if err := meta.Put(metaSeq, u64(f.lastSeq)); err != nil {
			return err
		}
		// The hash goes in the same transaction as the sequence: the pair
		// is the file's claim of where it stands in which stream, and
		// replay.OpenOrRebuild checks it against the stream at start.
		if err := meta.Put(metaHash, lastHash[:]); err != nil {
			return err
		}
		return meta.Put(metaAt, u64(uint64(f.lastAt.UnixNano())))
	})
	if err != nil {
		// The failed batch's folds may have changed kept records.
		s.openBets.reset()
	}
	if errors.Is(err, ErrDamaged) {
		s.damaged.Store(true)
		return err
	}
	if err != nil {
		var gap *GapError
		if errors.As(err, &gap) || errors.Is(err, ErrInconsistent) {
			return err
		}
		if errors.Is(err, events.ErrMalformed) || errors.Is(err, events.ErrUnknownType) || errors.Is(err, events.ErrUnknownVersion) {
			return err
		}
		return fmt.Errorf("projections: apply: %w", err)
	}
	if f == nil {
		return nil
	}
	s.openBets.committed(f)
	s.commits.Add(1)
	s.lastSeq.Store(f.lastSeq)
	s.lastAt.Store(f.lastAt.UnixNano())
	s.n.applied(f.changedBoards())
	s.releaseAfter(applied)
	return nil
}

// fillPercent is how full bbolt fills a page before it splits it.
const fillPercent = 0.95

// txIO reads and writes the buckets of one transaction for a fold.
type txIO struct {
	tx      *bolt.Tx
	buckets map[string]txBucket
}

// txBucket is one bucket of a transaction and the cursor that reads it:
// one for the transaction, where Bucket.Get makes a cursor and its stack
// for every read (a rebuild reads a bucket about once an event: is a bet
// new, the bet a settlement is about).
type txBucket struct {
	*bolt.Bucket
	read *bolt.Cursor
}

func newTxIO(tx *bolt.Tx) *txIO {
	t := &txIO{tx: tx, buckets: make(map[string]txBucket, len(allBuckets))}
	for _, b := range allBuckets {
		bk := tx.Bucket(b)
		// Nearly every key a batch adds sorts after the keys already
		// under its prefix (a new round's bets, a player's next wallet
		// entry): a page split at the default half leaves the left half
		// empty for good. Splitting full pages halves the pages written.
		bk.FillPercent = fillPercent
		t.buckets[string(b)] = txBucket{Bucket: bk, read: bk.Cursor()}
	}
	return t
}

// load returns the value of key in bucket, as Bucket.Get does (nil when
// there is none). Seek searches from the bucket's root every time, so the
// cursor stays right after the transaction's puts.
func (t *txIO) load(bucket, key []byte) []byte {
	k, v := t.buckets[string(bucket)].read.Seek(key)
	if !bytes.Equal(k, key) {
		return nil
	}
	return v
}

func (t *txIO) put(bucket, key, value []byte) error {
	return t.buckets[string(bucket)].Put(key, value)
}

// view runs fn in a read transaction with the sequence that transaction
// sees as applied.
func (s *Store) view(fn func(tx *bolt.Tx, seq uint64) error) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	err := s.db.View(func(tx *bolt.Tx) error {
		return fn(tx, getU64(tx.Bucket(bucketMeta), metaSeq))
	})
	if errors.Is(err, ErrDamaged) {
		s.damaged.Store(true)
	}
	return err
}

// Damaged reports whether a read or a batch since the file was opened
// found a record that does not decode (ErrDamaged): the file must be
// rebuilt (a Projector with a Repair does it).
func (s *Store) Damaged() bool { return s.damaged.Load() }

// Replaced reports whether the file at the store's path is no longer the
// one the store has open: a rebuild renamed a new file over it. Reload
// switches to the new file.
func (s *Store) Replaced() bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return false
	}
	onDisk, err := os.Stat(s.path)
	if err != nil {
		return false
	}
	return s.file != nil && !os.SameFile(onDisk, s.file)
}

// Reload closes the open file and opens the one now at the store's path
// (after a rebuild swapped it in). Reads wait for the switch, which takes
// as long as opening a file; every board subscriber is notified, since
// every board may have changed. The position (LastSeq) becomes the new
// file's, which may be behind or ahead of the old one: a Projector that
// reloads restarts its stream from there.
func (s *Store) Reload() error {
	s.applyMu.Lock()
	defer s.applyMu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ErrClosed
	}
	s.openBets.reset() // the records of the file being replaced
	old := s.db
	if err := old.Close(); err != nil {
		return fmt.Errorf("projections: close before reload: %w", err)
	}
	if err := s.open(); err != nil {
		// Nothing to serve from: the store stays closed.
		s.closed = true
		s.n.close()
		return err
	}
	s.damaged.Store(false)
	s.n.applied(nil)
	s.n.all()
	return nil
}
