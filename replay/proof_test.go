package replay_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// copyDir copies the regular files of the tree src to dst.
func copyDir(tb testing.TB, src, dst string) {
	tb.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o750)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o600)
	})
	if err != nil {
		tb.Fatalf("copy %s to %s: %v", src, dst, err)
	}
}

// restoredStore plays the scenario: a stream of `before` deposits
// is copied aside, `more` deposits follow and are projected into path,
// then the copy is put back beside those projections. It returns a ledger
// on the restored store, which has written nothing yet.
func restoredStore(t *testing.T, path string, before, more int) *harness {
	t.Helper()
	dir := t.TempDir()
	live, backup := filepath.Join(dir, "jetstream"), filepath.Join(dir, "backup")
	h := ledgertest.NewOn(t, ledgertest.OpenStream(t, live))
	for i := range before {
		h.Deposit("ana", "1"+string(rune('0'+i%10)))
	}
	_ = h.Ledger.Close()
	_ = h.Stream.Close()
	copyDir(t, live, backup)

	h = ledgertest.NewOn(t, ledgertest.OpenStream(t, live))
	for range more {
		h.Deposit("bea", "7")
	}
	if _, err := replay.Rebuild(testCtx(t), h.Stream, path, projections.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	st, err := replay.OpenOrRebuild(testCtx(t), h.Stream, path, projections.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.LastSeq() != uint64(before+more) {
		t.Fatalf("projections at %d, want %d", st.LastSeq(), before+more)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	_ = h.Ledger.Close()
	_ = h.Stream.Close()
	if err := os.RemoveAll(live); err != nil {
		t.Fatal(err)
	}
	copyDir(t, backup, live)
	return ledgertest.NewOn(t, ledgertest.OpenStream(t, live))
}

// openProven runs OpenOrRebuild and returns the store and the reasons
// its progress reported.
func openProven(t *testing.T, h *harness, path string) (*projections.Store, []error) {
	t.Helper()
	var reasons []error
	st, err := replay.OpenOrRebuild(testCtx(t), h.Stream, path, projections.Options{}, func(p replay.Progress) {
		reasons = append(reasons, p.Reason)
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st, reasons
}

// sameAsRebuild requires st to give the answers of a fresh rebuild.
func sameAsRebuild(t *testing.T, h *harness, st *projections.Store) {
	t.Helper()
	fresh := filepath.Join(t.TempDir(), "fresh.db")
	if _, err := replay.Rebuild(testCtx(t), h.Stream, fresh, projections.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	fs := openProj(t, fresh, projections.Options{})
	sc := scenario{Players: []string{"ana", "bea", "cy"}}
	sameAnswers(t, answers(t, fs, sc), answers(t, st, sc))
}

// TestOpenOrRebuild_Ahead: the store is restored from
// a copy taken 5 events earlier and the newer projections kept. Opened as
// serve opens them, the projections are found ahead of the stream and
// rebuilt before anything reads them, with the reason given; the next
// event the ledger writes is then projected like any other.
func TestOpenOrRebuild_Ahead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "projections.db")
	h := restoredStore(t, path, 3, 5)
	st, reasons := openProven(t, h, path)
	var pe *replay.ProofError
	if len(reasons) == 0 || !errors.As(reasons[0], &pe) || pe.File.Seq != 8 || pe.StreamLast != 3 {
		t.Fatalf("reasons %v, want a *ProofError for a file at 8 and a stream at 3", reasons)
	}
	if st.LastSeq() != 3 {
		t.Fatalf("the projections are at %d after the open, the stream at 3", st.LastSeq())
	}
	if b, err := st.Balance("wallet:bea", "EUR"); err != nil || !b.Balance.IsZero() {
		t.Fatalf("deposits the stream no longer holds are still projected: %+v %v", b, err)
	}
	h.Deposit("cy", "5")
	if err := st.Apply(readAll(t, h, 4)); err != nil {
		t.Fatal(err)
	}
	sameAsRebuild(t, h, st)
}

// TestOpenOrRebuild_OtherChain restores the store the same way, but the
// ledger writes past the projections' position before the server opens
// them (a torn tail rewritten, or a restart that finished interrupted
// work): the file's sequence exists in the stream with another hash. The
// file is rebuilt, not followed on from there.
func TestOpenOrRebuild_OtherChain(t *testing.T) {
	path := filepath.Join(t.TempDir(), "projections.db")
	h := restoredStore(t, path, 3, 5)
	for range 6 {
		h.Deposit("cy", "2")
	}
	st, reasons := openProven(t, h, path)
	var pe *replay.ProofError
	if len(reasons) == 0 || !errors.As(reasons[0], &pe) || pe.File.Seq != 8 || pe.StreamLast != 9 || pe.StreamHash == pe.File.Hash || pe.StreamHash.IsZero() {
		t.Fatalf("reasons %v, want a *ProofError for a file at 8 on another chain", reasons)
	}
	if st.LastSeq() != 9 {
		t.Fatalf("the projections are at %d, the stream at 9", st.LastSeq())
	}
	sameAsRebuild(t, h, st)
}

// TestOpenOrRebuild_Proven opens a file that is this stream's, behind it:
// it is proven, kept (not rebuilt) and records the chain hash of its last
// event.
func TestOpenOrRebuild_Proven(t *testing.T) {
	h := newHarness(t)
	h.Deposit("ana", "10")
	h.Deposit("ana", "20")
	path := filepath.Join(t.TempDir(), "projections.db")
	st, _ := openProven(t, h, path)
	if err := st.Apply(readAll(t, h, 1)); err != nil {
		t.Fatal(err)
	}
	pos, err := st.Position()
	if err != nil || pos.Seq != 2 {
		t.Fatalf("position %+v %v", pos, err)
	}
	raw, err := h.Stream.Get(testCtx(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	if want := raw.Data[len(raw.Data)-66 : len(raw.Data)-2]; pos.Hash.String() != string(want) {
		t.Fatalf("recorded hash %s, the event states %s", pos.Hash, want)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	h.Deposit("ana", "30")
	info, _ := os.Stat(path)
	st, reasons := openProven(t, h, path)
	if len(reasons) != 0 || st.LastSeq() != 2 {
		t.Fatalf("a proven file was rebuilt (%v) or moved (%d)", reasons, st.LastSeq())
	}
	if after, _ := os.Stat(path); !os.SameFile(info, after) {
		t.Fatal("a proven file was replaced")
	}
}

// readAll reads the stream from seq to its end.
func readAll(t *testing.T, h *harness, from uint64) []events.Raw {
	t.Helper()
	var out []events.Raw
	if err := h.Stream.Read(testCtx(t), from, 0, func(r events.Raw) error {
		out = append(out, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRebuild_LostTail rebuilds from a stream whose last event was lost on
// disk (its bytes changed: JetStream drops it on restart but still counts
// it in its last sequence). The rebuild cannot reach that event: it fails
// at once with ErrTargetUnreadable instead of waiting for it forever, and
// leaves the old file as it was.
func TestRebuild_LostTail(t *testing.T) {
	dir := t.TempDir()
	h := ledgertest.NewOn(t, ledgertest.OpenStream(t, dir))
	for _, amount := range []string{"11", "12", "13"} {
		h.Deposit("ana", amount)
	}
	path := filepath.Join(t.TempDir(), "projections.db")
	if _, err := replay.Rebuild(testCtx(t), h.Stream, path, projections.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	_ = h.Ledger.Close()
	_ = h.Stream.Close()
	blocks, _ := filepath.Glob(filepath.Join(dir, "jetstream", "*", "streams", "*", "msgs", "*.blk"))
	if len(blocks) != 1 {
		t.Fatalf("block files %v", blocks)
	}
	b, err := os.ReadFile(blocks[0])
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.LastIndex(b, []byte(`"amount":"13"`))
	if at < 0 {
		t.Fatal("the last deposit is not in the block")
	}
	b[at+len(`"amount":"1`)] = '9'
	if err := os.WriteFile(blocks[0], b, 0o600); err != nil {
		t.Fatal(err)
	}
	stream := ledgertest.OpenStream(t, dir)
	info, _ := os.Stat(path)
	if _, err := replay.Rebuild(testCtx(t), stream, path, projections.Options{}, nil); !errors.Is(err, replay.ErrTargetUnreadable) {
		t.Fatalf("rebuild of a stream that lost its last event: %v, want ErrTargetUnreadable", err)
	}
	if after, _ := os.Stat(path); !os.SameFile(info, after) {
		t.Fatal("a failed rebuild replaced the file")
	}
}

// TestOpenOrRebuild_NoHash opens a file that records no chain hash with
// its position (testdata/projections-schema3-nohash.db.gz: one deposit
// applied by a build of layout 3, its hash removed, as a release before the
// hash wrote it). Nothing proves which stream it follows, and its layout is
// an older one: it is rebuilt, with the reason, and then answers as a fresh
// build does.
func TestOpenOrRebuild_NoHash(t *testing.T) {
	h := newHarness(t)
	h.Deposit("ana", "10")
	h.Deposit("bea", "20")
	path := filepath.Join(t.TempDir(), "projections.db")
	gunzipFile(t, "testdata/projections-schema3-nohash.db.gz", path)
	st, reasons := openProven(t, h, path)
	var pe *replay.ProofError
	if len(reasons) == 0 || !(errors.As(reasons[0], &pe) || errors.Is(reasons[0], projections.ErrOtherSchema)) {
		t.Fatalf("reasons %v, want a *ProofError or another schema for a file without a hash", reasons)
	}
	if pos, _ := st.Position(); pos.Seq != 2 || pos.Hash.IsZero() {
		t.Fatalf("rebuilt to %+v", pos)
	}
	sameAsRebuild(t, h, st)
}
