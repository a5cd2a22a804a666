package jetstream

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/nats-io/nats.go/jetstream"
)

// Checkpoint storage. The ledger's checkpoints (ledger.Checkpoints) live in
// a JetStream object store beside the stream, on the same server or
// cluster, with the stream's replica count: a standby writer on another
// machine connected to the same cluster finds the active writer's newest
// checkpoint there and starts from it. An object store rather than a KV
// bucket because a checkpoint (tens of megabytes at the default limits) is
// far above a message's maximum size; the object store splits it into
// chunks and checks its SHA-256 digest when reading it back.
const (
	// CheckpointBucketSuffix is appended to the stream name to name the
	// object store: stream WAGERLOG keeps its checkpoints in
	// WAGERLOG_CHECKPOINTS (the bucket's stream is OBJ_WAGERLOG_CHECKPOINTS).
	CheckpointBucketSuffix = "_CHECKPOINTS"
	// DefaultCheckpointsKept is how many checkpoints Save keeps: the
	// newest and two older ones to fall back to when the newest is
	// damaged.
	DefaultCheckpointsKept = 3
	// CheckpointsKeptMax bounds CheckpointsKept.
	CheckpointsKeptMax = 100
	// checkpointNameDigits is the width of an object's name: the
	// sequence, zero-padded so that names sort like sequences.
	checkpointNameDigits = 20
)

// Checkpoints stores the ledger's checkpoints in the stream's object store.
// It implements ledger.Checkpoints. Its methods are safe for concurrent
// use.
type Checkpoints struct {
	obs  jetstream.ObjectStore
	kept int
}

// Checkpoints opens the object store of the stream's checkpoints, creating
// it (file storage, the stream's replica count) unless the Store is
// read-only. kept is how many checkpoints Save keeps (0 means
// DefaultCheckpointsKept).
func (s *Store) Checkpoints(ctx context.Context, kept int) (*Checkpoints, error) {
	if s.isClosed.Load() {
		return nil, ErrClosed
	}
	if kept == 0 {
		kept = DefaultCheckpointsKept
	}
	if kept < 1 || kept > CheckpointsKeptMax {
		return nil, fmt.Errorf("%w: checkpoints kept %d, want 1..%d", ErrInvalidOptions, kept, CheckpointsKeptMax)
	}
	bucket := s.opts.Stream + CheckpointBucketSuffix
	var (
		obs jetstream.ObjectStore
		err error
	)
	// Bind first: on an external cluster the ledger's user may not create
	// streams, and the operator creates the bucket (docs/CLUSTER.md).
	obs, err = s.js.ObjectStore(ctx, bucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) && !s.opts.ReadOnly {
		obs, err = s.js.CreateObjectStore(ctx, checkpointBucketConfig(s.opts.Stream, s.opts.Replicas))
	}
	if err != nil {
		return nil, fmt.Errorf("jetstream: checkpoint store %s: %w", bucket, err)
	}
	return &Checkpoints{obs: obs, kept: kept}, nil
}

// checkpointBucketConfig is the configuration of the checkpoint object store
// of stream: file storage, the stream's replica count, no limits besides
// the few checkpoints Save keeps.
func checkpointBucketConfig(stream string, replicas int) jetstream.ObjectStoreConfig {
	return jetstream.ObjectStoreConfig{
		Bucket:      stream + CheckpointBucketSuffix,
		Description: "wagerlog checkpoints of the ledger's state for stream " + stream,
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
	}
}

func checkpointName(seq uint64) string {
	return fmt.Sprintf("%0*d", checkpointNameDigits, seq)
}

// Save stores the checkpoint taken after the event at seq, then deletes
// all but the newest kept checkpoints. A failed deletion is not an error:
// the next Save tries again.
func (c *Checkpoints) Save(ctx context.Context, seq uint64, data []byte) error {
	if _, err := c.obs.PutBytes(ctx, checkpointName(seq), data); err != nil {
		return fmt.Errorf("jetstream: save checkpoint %d: %w", seq, err)
	}
	seqs, err := c.List(ctx)
	if err != nil {
		return nil
	}
	// In a cluster the listing may be read where the checkpoint just
	// saved is not applied yet: count it all the same, so that the
	// kept newest include it and the oldest beyond them go now, not at
	// the next Save.
	if !slices.Contains(seqs, seq) {
		seqs = append(seqs, seq)
		slices.Sort(seqs)
		slices.Reverse(seqs)
	}
	for _, old := range seqs[min(c.kept, len(seqs)):] {
		if err := c.obs.Delete(ctx, checkpointName(old)); err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
			break
		}
	}
	return nil
}

// List returns the sequences of the stored checkpoints, newest first.
// Objects whose names are not sequences are left out.
func (c *Checkpoints) List(ctx context.Context) ([]uint64, error) {
	infos, err := c.obs.List(ctx)
	if errors.Is(err, jetstream.ErrNoObjectsFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("jetstream: list checkpoints: %w", err)
	}
	seqs := make([]uint64, 0, len(infos))
	for _, info := range infos {
		if info.Deleted || len(info.Name) != checkpointNameDigits {
			continue
		}
		seq, err := strconv.ParseUint(info.Name, 10, 64)
		if err != nil {
			continue
		}
		seqs = append(seqs, seq)
	}
	slices.Sort(seqs)
	slices.Reverse(seqs)
	return seqs, nil
}

// checkpointBytesMax bounds the size an object's info may claim before
// Load allocates it: far above a checkpoint at the ledger's largest limits
// (2,000,000 idempotency keys at about 80 bytes each), far below what a
// damaged info could make a start allocate.
const checkpointBytesMax = 4 << 30

// Load returns the checkpoint taken after the event at seq. The object
// store checks the content against the digest it stored with it, when the
// read reaches the end.
//
// It reads into one buffer of the object's size: GetBytes grows its
// buffer by doubling, about twice the checkpoint in memory that a start
// (a new process) must fault in, page by page (docs/BENCHMARKS.md,
// "Restarts as a new process starts").
func (c *Checkpoints) Load(ctx context.Context, seq uint64) ([]byte, error) {
	res, err := c.obs.Get(ctx, checkpointName(seq))
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return nil, fmt.Errorf("%w: checkpoint %d", ErrNotFound, seq)
	}
	if err != nil {
		return nil, fmt.Errorf("jetstream: load checkpoint %d: %w", seq, err)
	}
	defer res.Close()
	info, err := res.Info()
	if err != nil {
		return nil, fmt.Errorf("jetstream: load checkpoint %d: %w", seq, err)
	}
	if info.Size > checkpointBytesMax {
		return nil, fmt.Errorf("jetstream: load checkpoint %d: its info gives %d bytes, over the bound of %d", seq, info.Size, uint64(checkpointBytesMax))
	}
	data := make([]byte, info.Size)
	if _, err := io.ReadFull(res, data); err != nil {
		return nil, fmt.Errorf("jetstream: load checkpoint %d (%d bytes): %w", seq, info.Size, err)
	}
	// Read on to the end, where the digest is checked; a byte more than
	// the info gave is damage too.
	rest, err := io.ReadAll(io.LimitReader(res, 1))
	if err != nil {
		return nil, fmt.Errorf("jetstream: load checkpoint %d: %w", seq, err)
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("jetstream: load checkpoint %d: longer than the %d bytes its info gives", seq, info.Size)
	}
	return data, nil
}

// Put stores data under the name of the checkpoint at seq as it is, without
// deleting anything: for tests and tools that plant a damaged checkpoint.
func (c *Checkpoints) Put(ctx context.Context, seq uint64, data []byte) error {
	if _, err := c.obs.PutBytes(ctx, checkpointName(seq), data); err != nil {
		return fmt.Errorf("jetstream: put checkpoint %d: %w", seq, err)
	}
	return nil
}
