package audit_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
)

// verify runs Verify and fails the test on a read error.
func verify(t testing.TB, src audit.Source, from, to uint64, opts audit.Options) *audit.VerifyReport {
	t.Helper()
	rep, err := audit.Verify(context.Background(), src, from, to, opts)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	return rep
}

// hasViolation reports whether rep lists a violation of kind at seq.
func hasViolation(rep *audit.VerifyReport, seq uint64, kind audit.Kind) bool {
	for _, v := range rep.Violations {
		if v.Seq == seq && v.Kind == kind {
			return true
		}
	}
	return false
}

func TestVerify_CleanStream(t *testing.T) {
	sc := newScenario(t)
	opts := options()
	opts.PublicKey = sealPub()
	var calls int
	var lastProgress audit.Progress
	opts.Progress = func(p audit.Progress) { calls++; lastProgress = p }
	rep := verify(t, sc.store, 0, 0, opts)
	if !rep.Clean {
		t.Fatalf("the scenario's stream is not clean: %+v", rep.Violations)
	}
	last := sc.lastSeq()
	if rep.From != 1 || rep.To != last || rep.Events != last || rep.LastSeq != last || !rep.Complete {
		t.Fatalf("range: %+v, want 1..%d with %d events", rep, last, last)
	}
	if rep.Seals.Seals < 2 || rep.Seals.Verified != rep.Seals.Seals || rep.Seals.Signed != rep.Seals.Seals {
		t.Fatalf("seals: %+v", rep.Seals)
	}
	if len(rep.Seals.KeyIDs) != 1 || rep.Seals.KeyIDs[0] != events.KeyID(sealPub()) {
		t.Fatalf("key ids %v", rep.Seals.KeyIDs)
	}
	if len(rep.OpenRounds) != 1 || rep.OpenRounds[0].Round != sc.rounds["r4"] || !rep.OpenRounds[0].InPlay.Equal(dec("7")) {
		t.Fatalf("open rounds %+v, want r4 with 7 in play", rep.OpenRounds)
	}
	if calls == 0 || lastProgress.Seq != last || lastProgress.Events != last {
		t.Fatalf("progress: %d calls, last %+v", calls, lastProgress)
	}
}

func TestVerify_Range(t *testing.T) {
	sc := newScenario(t)
	last := sc.lastSeq()
	rep := verify(t, sc.store, 10, 30, options())
	if !rep.Clean || rep.FirstSeq != 10 || rep.LastSeq != 30 || rep.Events != 21 || !rep.Complete {
		t.Fatalf("report %+v", rep)
	}
	rep = verify(t, sc.store, last-3, last+100, options())
	if !rep.Clean || rep.To != last || rep.Events != 4 {
		t.Fatalf("report %+v", rep)
	}
}

// TestVerify_WrongKey verifies the signed seals with another key: every
// seal is reported, and nothing is proven authentic.
func TestVerify_WrongKey(t *testing.T) {
	sc := newScenario(t)
	opts := options()
	opts.PublicKey = otherKey()
	rep := verify(t, sc.store, 0, 0, opts)
	if rep.Clean || rep.Seals.Verified != 0 {
		t.Fatalf("report %+v", rep)
	}
	n := 0
	for _, v := range rep.Violations {
		switch v.Kind {
		case audit.KindSealSignature:
			n++
		case audit.KindSealMissing:
		default:
			t.Fatalf("unexpected violation %v", v)
		}
	}
	if n != rep.Seals.Seals {
		t.Fatalf("%d seal_signature violations for %d seals", n, rep.Seals.Seals)
	}
}
