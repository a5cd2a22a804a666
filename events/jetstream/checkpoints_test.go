package jetstream

import (
	"bytes"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// TestCheckpoints_SaveListLoad checks the checkpoint store: Save keeps the
// newest kept, List gives them newest first, Load returns the bytes saved
// (several chunks' worth), a read-only Store finds them, and a missing one
// is ErrNotFound.
func TestCheckpoints_SaveListLoad(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	// The second Store below connects as the admin: the listening
	// embedded server admits no anonymous client.
	adminSeed, adminKey, err := NewUserNKey()
	if err != nil {
		t.Fatal(err)
	}
	s := openTest(t, dir, func(o *Options) { o.ListenAddr, o.AdminNKey = "127.0.0.1:0", adminKey })
	c, err := s.Checkpoints(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if seqs, err := c.List(ctx); err != nil || len(seqs) != 0 {
		t.Fatalf("List of an empty store = %v, %v", seqs, err)
	}
	big := bytes.Repeat([]byte("checkpoint"), 100_000) // 1 MB: several chunks
	for _, seq := range []uint64{10, 30, 20} {
		if err := c.Save(ctx, seq, append([]byte{byte(seq)}, big...)); err != nil {
			t.Fatalf("Save %d: %v", seq, err)
		}
	}
	seqs, err := c.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// 20 was saved last, but the two newest by sequence are kept: Save
	// deletes by sequence, not by age.
	if !slices.Equal(seqs, []uint64{30, 20}) {
		t.Fatalf("List = %v, want [30 20]", seqs)
	}
	data, err := c.Load(ctx, 30)
	if err != nil || data[0] != 30 || !bytes.Equal(data[1:], big) {
		t.Fatalf("Load 30: %d bytes, %v", len(data), err)
	}
	if _, err := c.Load(ctx, 10); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Load of a deleted checkpoint: %v, want ErrNotFound", err)
	}
	if _, err := s.Checkpoints(ctx, CheckpointsKeptMax+1); !errors.Is(err, ErrInvalidOptions) {
		t.Fatalf("kept beyond the maximum: %v", err)
	}

	// A reader on another connection finds them (a standby does the same
	// against a cluster).
	r := openTest(t, "", func(o *Options) { o.URL, o.DataDir, o.ReadOnly, o.NKeySeed = s.ClientURL(), "", true, adminSeed })
	rc, err := r.Checkpoints(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if seqs, err := rc.List(ctx); err != nil || !slices.Equal(seqs, []uint64{30, 20}) {
		t.Fatalf("the reader lists %v, %v", seqs, err)
	}
}

// TestDefaultDuplicates_RetryHorizon holds the duplicate window to Append's
// retry horizon: a resent batch must still be recognised by its message ids.
func TestDefaultDuplicates_RetryHorizon(t *testing.T) {
	if DefaultDuplicates < AppendRetryHorizon {
		t.Fatalf("DefaultDuplicates %v is shorter than Append's retry horizon %v", DefaultDuplicates, AppendRetryHorizon)
	}
	if AppendRetryHorizon != 28750*time.Millisecond {
		t.Fatalf("AppendRetryHorizon = %v: update DefaultDuplicates' comment", AppendRetryHorizon)
	}
}

// TestCheckpoints_LoadSizes loads checkpoints of sizes around the object
// store's chunk (128 KiB) into the buffer of the size their info gives:
// each comes back byte for byte.
func TestCheckpoints_LoadSizes(t *testing.T) {
	ctx := testCtx(t)
	c, err := openTest(t, "", nil).Checkpoints(ctx, CheckpointsKeptMax)
	if err != nil {
		t.Fatal(err)
	}
	const chunk = 128 * 1024
	for i, size := range []int{0, 1, chunk - 1, chunk, chunk + 1, 3*chunk + 17, 3 << 20} {
		want := make([]byte, size)
		for j := range want {
			want[j] = byte(j*7 + i)
		}
		seq := uint64(i + 1)
		if err := c.Save(ctx, seq, want); err != nil {
			t.Fatalf("Save of %d bytes: %v", size, err)
		}
		got, err := c.Load(ctx, seq)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Load of %d bytes: %d bytes back, equal %v, %v", size, len(got), bytes.Equal(got, want), err)
		}
	}
}

// TestCheckpoints_LoadDamagedChunk replaces a checkpoint's only chunk with
// bytes of the same length: Load reads to the end, where the object store
// checks the digest, and refuses it.
func TestCheckpoints_LoadDamagedChunk(t *testing.T) {
	ctx := testCtx(t)
	s := openTest(t, "", nil)
	c, err := s.Checkpoints(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	data := bytes.Repeat([]byte("state"), 100)
	if err := c.Save(ctx, 7, data); err != nil {
		t.Fatal(err)
	}
	info, err := c.obs.GetInfo(ctx, checkpointName(7))
	if err != nil {
		t.Fatal(err)
	}
	bucket := s.opts.Stream + CheckpointBucketSuffix
	subject := "$O." + bucket + ".C." + info.NUID
	stream, err := s.js.Stream(ctx, "OBJ_"+bucket)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := stream.GetLastMsgForSubject(ctx, subject)
	if err != nil {
		t.Fatal(err)
	}
	if err := stream.DeleteMsg(ctx, msg.Sequence); err != nil {
		t.Fatal(err)
	}
	damaged := bytes.Clone(data)
	damaged[100] ^= 1
	if _, err := s.js.Publish(ctx, subject, damaged); err != nil {
		t.Fatal(err)
	}
	got, err := c.Load(ctx, 7)
	if !errors.Is(err, jetstream.ErrDigestMismatch) {
		t.Fatalf("Load of a damaged chunk: %d bytes, %v; want the digest refused", len(got), err)
	}
}
