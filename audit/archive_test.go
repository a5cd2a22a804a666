package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/internal/testsize"
)

var exportTime = time.Date(2026, 11, 5, 8, 0, 0, 0, time.UTC)

func export(t testing.TB, sc *scenario, from, to uint64, gzip bool) []byte {
	t.Helper()
	return exportWith(t, sc, from, to, audit.ExportOptions{Gzip: gzip})
}

// exportWith exports with opts, the stream's names and the export time
// filled in.
func exportWith(t testing.TB, sc *scenario, from, to uint64, opts audit.ExportOptions) []byte {
	t.Helper()
	var buf bytes.Buffer
	opts.Stream, opts.SubjectPrefix = jetstream.DefaultStream, jetstream.DefaultSubjectPrefix
	opts.Now = func() time.Time { return exportTime }
	_, err := audit.Export(context.Background(), sc.store, &buf, from, to, opts)
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	return buf.Bytes()
}

func verifyArchive(t testing.TB, archive []byte) *audit.VerifyReport {
	t.Helper()
	opts := options()
	opts.PublicKey = sealPub()
	rep, err := audit.VerifyArchive(context.Background(), bytes.NewReader(archive), opts)
	if err != nil {
		t.Fatalf("verify archive: %v", err)
	}
	return rep
}

func TestArchive_RoundTrip(t *testing.T) {
	sc := newScenario(t)
	last := sc.lastSeq()
	for _, tc := range []struct {
		name     string
		from, to uint64
		gzip     bool
		complete bool
	}{
		{"all", 0, 0, false, true},
		{"all gzip", 0, 0, true, true},
		{"later range", 25, last - 2, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Signed by the exporter: the ranges end past the stream's
			// last seal (unsigned, they are not fully sealed:
			// TestVerifyArchive_NotFullySealed).
			a := exportWith(t, sc, tc.from, tc.to, audit.ExportOptions{Gzip: tc.gzip, SealKey: sealKey()})
			rep := verifyArchive(t, a)
			if !rep.Clean || rep.Verdict != audit.VerdictClean {
				t.Fatalf("a fresh archive is not clean: %s %v", rep.Summary, rep.Violations)
			}
			if rep.Complete != tc.complete || rep.Archive == nil || rep.Archive.Stream != jetstream.DefaultStream {
				t.Fatalf("report %+v", rep)
			}
			if rep.Seals.Verified == 0 || rep.Seals.Verified != rep.Seals.Seals {
				t.Fatalf("seals %+v", rep.Seals)
			}
			if tc.from == 0 && rep.Events != last {
				t.Fatalf("%d events, want %d", rep.Events, last)
			}
		})
	}
}

// eventLine returns the start and end (exclusive, newline excluded) of the
// line holding seq in a plain archive.
func eventLine(t testing.TB, a []byte, seq uint64) (int, int) {
	t.Helper()
	prefix := []byte(`{"seq":` + itoa(seq) + `,`)
	start := bytes.Index(a, append([]byte("\n"), prefix...))
	if start < 0 {
		t.Fatalf("no line for seq %d", seq)
	}
	start++
	end := start + bytes.IndexByte(a[start:], '\n')
	return start, end
}

func itoa(n uint64) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// TestArchive_FlipByte changes one byte of one event line at a time, at
// every position of the line, and checks that each change is reported at
// that event's sequence (a changed seq may instead show as a gap or a
// repeat next to it), and that nothing before it is blamed.
func TestArchive_FlipByte(t *testing.T) {
	sc := newScenario(t)
	a := export(t, sc, 0, 0, false)
	seq := sc.find("bet.settled", nil)
	start, end := eventLine(t, a, seq)
	if !testsize.Full() {
		end = start + 120
	}
	for i := start; i <= end; i++ { // end is the newline
		b := bytes.Clone(a)
		b[i] ^= 0x01
		rep := verifyArchive(t, b)
		found := false
		for _, v := range rep.Violations {
			if v.Seq != 0 && v.Seq < seq-1 {
				t.Fatalf("byte %d: violation before seq %d: %v", i-start, seq, v)
			}
			if v.Seq == seq || (v.Seq == seq-1 || v.Seq == seq+1) && v.Kind == audit.KindSequenceGap {
				found = true
			}
		}
		if !found {
			t.Fatalf("byte %d of line %d (%q→%q) changed unnoticed: %v", i-start, seq, a[i], b[i], rep.Violations)
		}
	}
}

func TestArchive_Damaged(t *testing.T) {
	sc := newScenario(t)
	a := export(t, sc, 0, 0, false)
	seq := sc.find("wallet.withdrawn", nil)
	start, end := eventLine(t, a, seq)

	t.Run("line removed", func(t *testing.T) {
		b := append(bytes.Clone(a[:start]), a[end+1:]...)
		rep := verifyArchive(t, b)
		if !hasViolation(rep, seq, audit.KindSequenceGap) || !hasViolation(rep, seq+1, audit.KindChainBroken) {
			t.Fatalf("violations %v", rep.Violations)
		}
	})
	t.Run("truncated", func(t *testing.T) {
		rep := verifyArchive(t, a[:end+1])
		if !hasViolation(rep, 0, audit.KindArchiveTruncated) || !hasViolation(rep, seq+1, audit.KindSequenceGap) {
			t.Fatalf("violations %v", rep.Violations)
		}
	})
	t.Run("gzip damaged", func(t *testing.T) {
		z := export(t, sc, 0, 0, true)
		z[len(z)/2] ^= 0xff
		rep := verifyArchive(t, z)
		if rep.Clean || !hasKind(rep, audit.KindArchiveTruncated) {
			t.Fatalf("violations %v", rep.Violations)
		}
	})
	t.Run("not an archive", func(t *testing.T) {
		_, err := audit.VerifyArchive(context.Background(), bytes.NewReader([]byte("hello\n")), options())
		if !errors.Is(err, audit.ErrBadArchive) {
			t.Fatalf("err %v, want ErrBadArchive", err)
		}
	})
}

func hasKind(rep *audit.VerifyReport, k audit.Kind) bool {
	for _, v := range rep.Violations {
		if v.Kind == k {
			return true
		}
	}
	return false
}

// FuzzVerifyArchive hands VerifyArchive whatever bytes the fuzzer makes
// of real archives (plain and gzip, signed, a later range). An archive
// comes from outside the ledger, so a file that is no archive must be
// refused with ErrBadArchive and any other damage reported as violations:
// never a panic, and a clean verdict only for a head the stream really
// had at the sequence reported.
//
// Run it with -fuzzminimizetime 0: an archive is tens of kilobytes, and
// the fuzzer would otherwise spend its minute minimizing each new
// interesting input, one byte at a time, before it mutates again.
func FuzzVerifyArchive(f *testing.F) {
	sc := newScenario(f)
	heads := map[uint64]string{}
	err := sc.store.Read(context.Background(), 1, 0, func(raw events.Raw) error {
		h, err := events.StatedHash(raw.Data)
		heads[raw.Seq] = h.String()
		return err
	})
	if err != nil {
		f.Fatal(err)
	}
	signed := audit.ExportOptions{SealKey: sealKey()}
	whole := exportWith(f, sc, 0, 0, signed)
	f.Add(whole)
	f.Add(exportWith(f, sc, 25, sc.lastSeq()-2, signed))
	f.Add(exportWith(f, sc, 0, 0, audit.ExportOptions{SealKey: sealKey(), Gzip: true}))
	f.Add(whole[:len(whole)/2])
	opts := options()
	opts.PublicKey = sealPub()
	f.Fuzz(func(t *testing.T, a []byte) {
		rep, err := audit.VerifyArchive(context.Background(), bytes.NewReader(a), opts)
		if err != nil {
			if !errors.Is(err, audit.ErrBadArchive) {
				t.Fatalf("not ErrBadArchive: %v", err)
			}
			return
		}
		if _, err := json.Marshal(rep); err != nil {
			t.Fatalf("the report does not encode: %v", err)
		}
		if rep.Clean && (rep.Events == 0 || heads[rep.LastSeq] != rep.Head) {
			t.Fatalf("clean, with %d events and head %s at %d, which the stream never had there:\n%q", rep.Events, rep.Head, rep.LastSeq, a)
		}
	})
}
