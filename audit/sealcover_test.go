package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
)

// archiveLines is an archive taken apart, to be doctored and put together
// again as a forger would: every hash recomputed.
type archiveLines struct {
	header audit.ArchiveHeader
	events []events.Raw
}

func parseArchive(t *testing.T, a []byte) *archiveLines {
	t.Helper()
	lines := bytes.Split(bytes.TrimRight(a, "\n"), []byte("\n"))
	var out archiveLines
	if err := json.Unmarshal(lines[0], &out.header); err != nil {
		t.Fatal(err)
	}
	for _, l := range lines[1 : len(lines)-1] {
		var e struct {
			Seq     uint64          `json:"seq"`
			Subject string          `json:"subject"`
			MsgID   string          `json:"msg_id"`
			Data    json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(l, &e); err != nil {
			t.Fatal(err)
		}
		out.events = append(out.events, events.Raw{Seq: e.Seq, Subject: e.Subject, MsgID: e.MsgID, Data: bytes.Clone(e.Data)})
	}
	return &out
}

// seq returns the index of the event at seq.
func (a *archiveLines) at(seq uint64) int { return int(seq - a.header.From) }

// drop removes the event at seq and numbers the events after it again.
func (a *archiveLines) drop(seq uint64) {
	i := a.at(seq)
	a.events = append(a.events[:i], a.events[i+1:]...)
	for j := i; j < len(a.events); j++ {
		a.events[j].Seq--
	}
}

// bytes renumbers nothing but recomputes every event's prev and hash from
// the header's first_prev_hash, and writes the header (To) and trailer
// (count, last sequence, head) to match: the forger's finishing touch.
func (a *archiveLines) bytes(t *testing.T) []byte {
	t.Helper()
	head := a.header.FirstPrevHash
	var buf bytes.Buffer
	a.header.To = a.events[len(a.events)-1].Seq
	h, _ := json.Marshal(a.header)
	buf.Write(append(h, '\n'))
	for i := range a.events {
		e := &a.events[i]
		var env struct {
			Prev events.Hash `json:"prev"`
		}
		if err := json.Unmarshal(e.Data, &env); err != nil {
			t.Fatal(err)
		}
		data := bytes.Replace(e.Data, []byte(`"prev":"`+env.Prev.String()+`"`), []byte(`"prev":"`+head.String()+`"`), 1)
		canonical, _, err := events.Canonical(data)
		if err != nil {
			t.Fatal(err)
		}
		head = events.Sum(canonical)
		e.Data = append(canonical[:len(canonical)-1:len(canonical)-1], []byte(`,"hash":"`+head.String()+`"}`)...)
		fmt.Fprintf(&buf, `{"seq":%d,"subject":%q,"msg_id":%q,"data":%s}`+"\n", e.Seq, e.Subject, e.MsgID, e.Data)
	}
	tr, _ := json.Marshal(audit.ArchiveTrailer{End: true, Count: uint64(len(a.events)), LastSeq: a.header.To, LastHash: head})
	buf.Write(append(tr, '\n'))
	return buf.Bytes()
}

// seals returns the sequences of the seal events.
func (a *archiveLines) seals() []uint64 {
	var out []uint64
	for _, e := range a.events {
		if e.Subject == events.SealSubject(jetstream.DefaultSubjectPrefix) {
			out = append(out, e.Seq)
		}
	}
	return out
}

// TestVerifyArchive_NotFullySealed is a forged archive: an event inside a
// sealed range is edited, the later seals dropped, the events renumbered
// and the chain, header and trailer recomputed. Every link holds and the
// first seal still verifies, but most of the archive is covered by no
// verified signed seal: the verdict says so, with the range, and the
// archive is not clean. An edit in the unsealed tail is caught the same
// way.
func TestVerifyArchive_NotFullySealed(t *testing.T) {
	sc := newScenario(t)
	honest := parseArchive(t, export(t, sc, 0, 0, false))
	seals := honest.seals()
	if len(seals) < 2 || seals[len(seals)-1] == honest.header.To {
		t.Fatalf("the scenario's seals %v of 1..%d: want two, and events after the last", seals, honest.header.To)
	}
	first, second := seals[0], seals[1]

	t.Run("edit in a sealed range, later seals dropped", func(t *testing.T) {
		a := parseArchive(t, export(t, sc, 0, 0, false))
		edit := a.at(second - 3)
		a.events[edit].Data = editTime(t, a.events[edit].Data)
		for i := len(seals) - 1; i >= 1; i-- {
			a.drop(seals[i])
		}
		rep := verifyArchive(t, a.bytes(t))
		want := audit.SeqRange{From: first + 1, To: a.header.To}
		if rep.Verdict != audit.VerdictNotFullySealed || rep.Clean || rep.Uncovered == nil || *rep.Uncovered != want || len(rep.Violations) != 0 {
			t.Fatalf("verdict %s (%s), uncovered %v, want %v; violations %v", rep.Verdict, rep.Summary, rep.Uncovered, want, rep.Violations)
		}
		if wantLine := fmt.Sprintf("NOT FULLY SEALED: events %d..%d of 1..%d", first+1, a.header.To, a.header.To); !bytes.HasPrefix([]byte(rep.Summary), []byte(wantLine)) {
			t.Fatalf("summary %q, want it to start with %q", rep.Summary, wantLine)
		}
	})

	t.Run("edit in the unsealed tail", func(t *testing.T) {
		a := parseArchive(t, export(t, sc, 0, 0, false))
		last := seals[len(seals)-1]
		a.events[a.at(last+1)].Data = editTime(t, a.events[a.at(last+1)].Data)
		rep := verifyArchive(t, a.bytes(t))
		if rep.Verdict != audit.VerdictNotFullySealed || rep.Uncovered == nil || rep.Uncovered.From != last+1 {
			t.Fatalf("verdict %s (%s), uncovered %v", rep.Verdict, rep.Summary, rep.Uncovered)
		}
	})

	t.Run("without a key", func(t *testing.T) {
		rep, err := audit.VerifyArchive(context.Background(), bytes.NewReader(export(t, sc, 0, 0, false)), options())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Verdict != audit.VerdictNotAuthenticated || rep.Clean || !bytes.HasPrefix([]byte(rep.Summary), []byte("CONSISTENT, NOT AUTHENTICATED")) {
			t.Fatalf("verdict %s: %s", rep.Verdict, rep.Summary)
		}
	})

	t.Run("up to the last seal", func(t *testing.T) {
		rep := verifyArchive(t, export(t, sc, 0, seals[len(seals)-1], false))
		if rep.Verdict != audit.VerdictClean || !rep.Clean {
			t.Fatalf("an archive up to its last seal: %s", rep.Summary)
		}
	})
}

// editTime moves an event's time by a millisecond: a change no invariant
// catches, only the seals.
func editTime(t *testing.T, data []byte) []byte {
	t.Helper()
	i := bytes.Index(data, []byte(`"at":"`))
	if i < 0 {
		t.Fatal("no time in the event")
	}
	j := i + len(`"at":"2026-11-01T00:00:00.00`)
	out := bytes.Clone(data)
	if out[j] == '9' {
		out[j] = '8'
	} else {
		out[j]++
	}
	return out
}

// TestExport_SealKey signs an archive whose range ends past the stream's
// last seal: the export says where the stream's seals end, the trailer's
// seal covers every event, and the archive verifies clean; the same
// archive with one byte of its seal changed, or checked with another key,
// does not.
func TestExport_SealKey(t *testing.T) {
	sc := newScenario(t)
	var buf bytes.Buffer
	res, err := audit.Export(context.Background(), sc.store, &buf, 0, 0, audit.ExportOptions{
		Stream: jetstream.DefaultStream, SubjectPrefix: jetstream.DefaultSubjectPrefix, SealKey: sealKey(),
	})
	if err != nil {
		t.Fatal(err)
	}
	u, unsealed := res.Unsealed()
	if !unsealed || u.To != sc.lastSeq() || res.SealedThrough == 0 || u.From != res.SealedThrough+1 || res.Seal == nil {
		t.Fatalf("export result %+v, unsealed %v %v", res, u, unsealed)
	}
	rep := verifyArchive(t, buf.Bytes())
	if rep.Verdict != audit.VerdictClean || rep.Seals.Archive != audit.ArchiveSealVerified {
		t.Fatalf("a signed archive: %s %+v %v", rep.Summary, rep.Seals, rep.Violations)
	}
	opts := options()
	opts.PublicKey = otherKey()
	if rep, err := audit.VerifyArchive(context.Background(), bytes.NewReader(buf.Bytes()), opts); err != nil || rep.Clean || !hasKind(rep, audit.KindSealSignature) {
		t.Fatalf("another key: %v %s", err, rep.Summary)
	}
	forged := bytes.Replace(buf.Bytes(), []byte(`"signature":"`+res.Seal.Signature[:4]), []byte(`"signature":"AAAA`), 1)
	if rep := verifyArchive(t, forged); rep.Clean || !hasKind(rep, audit.KindSealSignature) {
		t.Fatalf("a forged archive seal: %s", rep.Summary)
	}
	// A forger who edits the tail and signs nothing is not fully sealed;
	// one who keeps the old trailer seal breaks it.
	a := parseArchive(t, buf.Bytes())
	a.events[len(a.events)-1].Data = editTime(t, a.events[len(a.events)-1].Data)
	if rep := verifyArchive(t, a.bytes(t)); rep.Verdict != audit.VerdictNotFullySealed {
		t.Fatalf("an edited, unsigned tail: %s", rep.Summary)
	}
}
