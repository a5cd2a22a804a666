package jetstream

import (
	"bytes"
	"errors"
	"slices"
	"testing"
	"time"
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
