package audit_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
)

// tamperStored stops the store, changes one byte inside the stored bytes of
// event seq in JetStream's message block files on disk, and starts the
// store again. JetStream keeps a checksum per message: on restart it may
// refuse the changed message (and drop it) or serve it changed; either way
// the verifier must point at seq.
func tamperStored(t *testing.T, sc *scenario, seq uint64, within []byte) {
	t.Helper()
	raw, err := sc.store.Get(context.Background(), seq)
	if err != nil {
		t.Fatalf("get %d: %v", seq, err)
	}
	if err := sc.store.Close(); err != nil {
		t.Fatalf("close: %v", err)
	}
	var changed int
	err = filepath.WalkDir(sc.dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".blk" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		at := bytes.Index(b, raw.Data)
		if at < 0 {
			return nil
		}
		off := bytes.Index(raw.Data, within)
		if off < 0 {
			t.Fatalf("event %d does not contain %q", seq, within)
		}
		b[at+off+len(within)-1] ^= 0x01 // "100" → "101"
		changed++
		return os.WriteFile(p, b, 0o600)
	})
	if err != nil || changed != 1 {
		t.Fatalf("tamper: %d block files changed, err %v", changed, err)
	}
	sc.store = openStore(t, sc.dir)
	t.Cleanup(func() { sc.store.Close() })
}

func TestVerify_TamperedStoredEvent(t *testing.T) {
	for _, tc := range []struct {
		name string
		// pick returns the sequence to tamper with and bytes inside it.
		pick func(sc *scenario) (uint64, []byte)
	}{
		{"middle", func(sc *scenario) (uint64, []byte) {
			return sc.find(events.TypeWalletWithdrawn, nil), []byte(`"amount":"100"`)
		}},
		{"last", func(sc *scenario) (uint64, []byte) {
			return sc.lastSeq(), []byte(`"stake":"7"`)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc := newScenario(t)
			last := sc.lastSeq()
			seq, within := tc.pick(sc)
			tamperStored(t, sc, seq, within)
			rep := verify(t, sc.store, 0, last, options())
			if rep.Clean {
				t.Fatalf("a changed event went unnoticed: %+v", rep)
			}
			if !hasViolation(rep, seq, audit.KindHashMismatch) && !hasViolation(rep, seq, audit.KindSequenceGap) {
				t.Fatalf("no hash_mismatch or sequence_gap at %d: %v", seq, rep.Violations)
			}
			// Nothing is reported before the changed event.
			for _, v := range rep.Violations {
				if v.Seq != 0 && v.Seq < seq {
					t.Fatalf("violation before the changed event %d: %v", seq, v)
				}
			}
			t.Logf("changed event %d: %v", seq, rep.Violations)
		})
	}
}
