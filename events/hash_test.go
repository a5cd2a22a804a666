package events

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// hashMemberPrefix starts the trailing hash member of every stored event.
const hashMemberPrefix = `,"hash":"`

// splitHashMember splits data at the last hash member, independently of
// Canonical: the bytes the hash covers and the stated hex digits.
func splitHashMember(tb testing.TB, data []byte) (covered []byte, hexDigits string) {
	tb.Helper()
	i := bytes.LastIndex(data, []byte(hashMemberPrefix))
	if i < 0 || !bytes.HasSuffix(data, []byte(`"}`)) {
		tb.Fatalf("no trailing hash member in %s", data)
	}
	covered = append(bytes.Clone(data[:i]), '}')
	return covered, string(data[i+len(hashMemberPrefix) : len(data)-2])
}

func TestEncode_HashCoversEverythingButItself(t *testing.T) {
	for _, typ := range Types() {
		e := sampleEnvelope(t, typ, newV7(t))
		data, err := Encode(&e, Sum([]byte("prev")))
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		covered, digits := splitHashMember(t, data)
		want := sha256.Sum256(covered)
		if digits != strings.ToLower(digits) || digits != e.Hash.String() || Hash(want) != e.Hash {
			t.Errorf("%s: stated %s, e.Hash %s, SHA-256 of the rest %x", typ, digits, e.Hash, want)
		}
		stated, err := CheckHash(data)
		if err != nil || stated != e.Hash {
			t.Errorf("%s: CheckHash = %s, %v; want %s, nil", typ, stated, err, e.Hash)
		}
	}
}

func TestCanonical_OK(t *testing.T) {
	// A payload whose text contains the hash member's spelling: JSON escapes
	// its quotes, so it cannot be taken for the real member.
	fake := `x","hash":"` + strings.Repeat("a", 64) + `"}`
	e, err := New(TypeTableClosed, testAt, TableClosed{Table: testTable, Reason: fake})
	if err != nil {
		t.Fatal(err)
	}
	e.ID = newV7(t)
	data, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	canonical, stated, err := Canonical(data)
	if err != nil {
		t.Fatal(err)
	}
	covered, _ := splitHashMember(t, data)
	if !bytes.Equal(canonical, covered) {
		t.Errorf("Canonical =\n%s\nwant\n%s", canonical, covered)
	}
	if len(data)-len(canonical) != len(`,"hash":""`)+64 {
		t.Errorf("Canonical removed %d bytes, want exactly the %d of the hash member", len(data)-len(canonical), len(`,"hash":""`)+64)
	}
	if stated != e.Hash {
		t.Errorf("stated = %s, want %s", stated, e.Hash)
	}
	// The canonical bytes are the event without its hash, still JSON.
	var m map[string]json.RawMessage
	if err := json.Unmarshal(canonical, &m); err != nil {
		t.Fatalf("canonical bytes are not JSON: %v", err)
	}
	if _, ok := m["hash"]; ok {
		t.Error("canonical bytes still hold the hash member")
	}
	for _, k := range []string{"id", "type", "v", "at", "payload", "prev"} {
		if _, ok := m[k]; !ok {
			t.Errorf("canonical bytes lack %q", k)
		}
	}
	got, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Into[TableClosed](&got)
	if err != nil || p.Reason != fake {
		t.Errorf("reason came back as %q, %v", p.Reason, err)
	}
}

func TestCanonical_Err(t *testing.T) {
	e := sampleEnvelope(t, TypeRoundResult, newV7(t))
	good, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	digits := e.Hash.String()
	tests := []struct {
		name string
		data []byte
	}{
		{"Empty", nil},
		{"OnlyMember", []byte(`{"hash":"` + digits + `"}`)},
		{"NoClosingBrace", good[:len(good)-1]},
		{"TrailingNewline", append(bytes.Clone(good), '\n')},
		{"TrailingSpace", append(bytes.Clone(good), ' ')},
		{"OtherMemberName", replaceOnce(t, good, `"hash":`, `"hasH":`)},
		{"SpaceInMember", replaceOnce(t, good, `,"hash":"`, `, "hash":"`)},
		{"ShortHash", replaceOnce(t, good, `"hash":"`+digits, `"hash":"`+digits[1:])},
		{"UpperCaseHash", replaceOnce(t, good, digits, strings.ToUpper(digits))},
		{"NotHex", replaceOnce(t, good, `"hash":"`+digits[:2], `"hash":"zz`)},
		{"HashNotLast", replaceOnce(t, good, `,"hash":"`+digits+`"}`, `,"hash":"`+digits+`","x":1}`)},
	}
	if strings.ToUpper(digits) == digits {
		t.Fatalf("hash %s has no hex letter; pick another fixture", digits)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := Canonical(tt.data); !errors.Is(err, ErrMalformed) {
				t.Errorf("Canonical err = %v, want ErrMalformed", err)
			}
			if _, err := CheckHash(tt.data); !errors.Is(err, ErrMalformed) {
				t.Errorf("CheckHash err = %v, want ErrMalformed", err)
			}
		})
	}
}

func TestParseHash(t *testing.T) {
	h := Sum([]byte("x"))
	t.Run("OK", func(t *testing.T) {
		got, err := ParseHash(h.String())
		if err != nil || got != h {
			t.Errorf("ParseHash(%s) = %s, %v", h, got, err)
		}
		var u Hash
		if err := json.Unmarshal([]byte(`"`+h.String()+`"`), &u); err != nil || u != h {
			t.Errorf("UnmarshalJSON = %s, %v", u, err)
		}
	})
	for name, s := range map[string]string{
		"Empty":     "",
		"Short":     h.String()[:63],
		"Long":      h.String() + "0",
		"UpperCase": strings.ToUpper(h.String()),
		"OneUpper":  strings.Replace(h.String(), "a", "A", 1),
		"NotHex":    "g" + h.String()[1:],
		"Space":     " " + h.String()[1:],
	} {
		t.Run("ErrMalformed"+name, func(t *testing.T) {
			if s == h.String() {
				t.Fatalf("case %s did not change the hash", name)
			}
			if _, err := ParseHash(s); !errors.Is(err, ErrMalformed) {
				t.Errorf("ParseHash(%q) err = %v, want ErrMalformed", s, err)
			}
		})
	}
}

// TestCheckHash_EveryBitFlipDetected flips each bit of each byte of a stored
// event in turn. Every change must be caught by CheckHash; in particular
// flipping the case bit of a hex letter of the stated hash, which an
// accepting hex decoder would read as the same hash.
func TestCheckHash_EveryBitFlipDetected(t *testing.T) {
	e := sampleEnvelope(t, TypeBetPlaced, fixedV7(1))
	data, err := Encode(&e, Sum([]byte("prev")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckHash(data); err != nil {
		t.Fatalf("unchanged event: %v", err)
	}
	mutated := make([]byte, len(data))
	for i := range data {
		for bit := range 8 {
			copy(mutated, data)
			mutated[i] ^= 1 << bit
			_, hashErr := CheckHash(mutated)
			if hashErr == nil {
				_, decErr := Decode(mutated)
				t.Errorf("byte %d (%q) bit %d flipped to %q: CheckHash passes (Decode err: %v)", i, data[i], bit, mutated[i], decErr)
			}
		}
	}
}

// walk verifies stream, a list of (seq, data) pairs, with a new Chain from
// the start of a stream and returns the error reported at each seq.
func walk(tb testing.TB, stream []stored) map[uint64]error {
	tb.Helper()
	var c Chain
	return walkFrom(tb, &c, stream)
}

func walkFrom(tb testing.TB, c *Chain, stream []stored) map[uint64]error {
	tb.Helper()
	reported := map[uint64]error{}
	for _, s := range stream {
		var prev Hash
		if e, err := Decode(s.data); err == nil {
			prev = e.PrevHash
		}
		if err := c.Next(s.seq, prev, s.data); err != nil {
			reported[s.seq] = err
		}
	}
	return reported
}

// stored is one message of a stream: its sequence and its bytes.
type stored struct {
	seq  uint64
	data []byte
}

// asStream numbers data from sequence 1.
func asStream(data [][]byte) []stored {
	s := make([]stored, len(data))
	for i, d := range data {
		s[i] = stored{seq: uint64(i + 1), data: d}
	}
	return s
}

// wantReports fails unless reported holds exactly one error per seq of want,
// each wrapping every sentinel listed for it and no other of the chain's.
func wantReports(tb testing.TB, reported map[uint64]error, want map[uint64][]error) {
	tb.Helper()
	all := []error{ErrHashMismatch, ErrChainBroken, ErrSequenceGap, ErrMalformed}
	for seq, err := range reported {
		sentinels, ok := want[seq]
		if !ok {
			tb.Errorf("seq %d reported, want nothing: %v", seq, err)
			continue
		}
		for _, s := range all {
			wanted := false
			for _, w := range sentinels {
				wanted = wanted || w == s
			}
			if errors.Is(err, s) != wanted {
				tb.Errorf("seq %d: errors.Is(%v, %v) = %v, want %v", seq, err, s, !wanted, wanted)
			}
		}
	}
	for seq := range want {
		if reported[seq] == nil {
			tb.Errorf("seq %d not reported", seq)
		}
	}
}

func TestChain_TwentyEventsVerify(t *testing.T) {
	envs, data := encodeChain(t, 20)
	var c Chain
	if got := walkFrom(t, &c, asStream(data)); len(got) != 0 {
		t.Fatalf("an untouched chain reports %v", got)
	}
	if c.Seq() != 20 || c.Head() != envs[19].Hash {
		t.Errorf("after the walk: seq %d head %s, want 20 %s", c.Seq(), c.Head(), envs[19].Hash)
	}
	// Each event's prev is the hash of the one before, the first's is zero.
	if !envs[0].PrevHash.IsZero() {
		t.Errorf("first prev = %s", envs[0].PrevHash)
	}
	for i := 1; i < len(envs); i++ {
		if envs[i].PrevHash != envs[i-1].Hash {
			t.Errorf("event %d: prev %s, want %s", i+1, envs[i].PrevHash, envs[i-1].Hash)
		}
	}
	// A verifier resuming from a seal checks the rest from there.
	resume := NewChain(envs[9].Hash, 10)
	if got := walkFrom(t, resume, asStream(data)[10:]); len(got) != 0 {
		t.Errorf("resumed walk reports %v", got)
	}
	// Resuming from a wrong head is caught at the first event.
	wrong := NewChain(envs[8].Hash, 10)
	wantReports(t, walkFrom(t, wrong, asStream(data)[10:]), map[uint64][]error{11: {ErrChainBroken}})
}

func TestChain_ChangedPayloadReportedOnceAtItsSeq(t *testing.T) {
	_, data := encodeChain(t, 20)
	stream := asStream(data)
	// Event 8 is a bet.placed; its stake is edited in place.
	stream[7].data = replaceOnce(t, stream[7].data, `"stake":"10.5"`, `"stake":"99.5"`)
	if _, err := Decode(stream[7].data); err != nil {
		t.Fatalf("the edited event no longer decodes: %v", err)
	}
	// Its stated hash is unchanged, so the link to event 9 still holds: the
	// edit is reported once, and the walk goes on.
	wantReports(t, walk(t, stream), map[uint64][]error{8: {ErrHashMismatch}})
}

func TestChain_RehashedEditBreaksTheNextLink(t *testing.T) {
	envs, data := encodeChain(t, 20)
	stream := asStream(data)
	// A forger who edits event 8 and recomputes its hash makes event 8
	// consistent, but event 9 still names the old hash as its prev.
	e := envs[7]
	e.Payload = json.RawMessage(strings.Replace(string(e.Payload), `"stake":"10.5"`, `"stake":"99.5"`, 1))
	forged, err := Encode(&e, envs[6].Hash)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(forged, data[7]) {
		t.Fatal("the forgery changed nothing")
	}
	stream[7].data = forged
	wantReports(t, walk(t, stream), map[uint64][]error{9: {ErrChainBroken}})
}

func TestChain_MissingEventReportedAsGapAndBrokenLink(t *testing.T) {
	_, data := encodeChain(t, 20)
	stream := asStream(data)
	// Sequence 8 is gone: event 9 follows 7 and names 8's hash as prev.
	stream = append(stream[:7:7], stream[8:]...)
	wantReports(t, walk(t, stream), map[uint64][]error{9: {ErrSequenceGap, ErrChainBroken}})
}

func TestChain_MissingAndChangedReportedAsGapAndMismatch(t *testing.T) {
	_, data := encodeChain(t, 20)
	stream := asStream(data)
	// Sequence 8 is gone and event 9 was edited in place: both findings
	// are reported at 9. Its prev is not compared, since its content
	// cannot be trusted.
	stream[8].data = replaceOnce(t, stream[8].data, `"bets":31`, `"bets":30`)
	stream = append(stream[:7:7], stream[8:]...)
	wantReports(t, walk(t, stream), map[uint64][]error{9: {ErrSequenceGap, ErrHashMismatch}})
}

func TestChain_GapWithIntactLinksReportedAsGapOnly(t *testing.T) {
	_, data := encodeChain(t, 20)
	stream := asStream(data)
	// Events 9.. stored from sequence 10 on: no event is missing, but a
	// sequence is.
	for i := 8; i < len(stream); i++ {
		stream[i].seq++
	}
	wantReports(t, walk(t, stream), map[uint64][]error{10: {ErrSequenceGap}})
}

func TestChain_MissingEventRenumberedReportedAsBrokenLink(t *testing.T) {
	_, data := encodeChain(t, 20)
	// A rewritten stream without event 8, renumbered with no gap.
	data = append(data[:7:7], data[8:]...)
	wantReports(t, walk(t, asStream(data)), map[uint64][]error{8: {ErrChainBroken}})
}

func TestChain_SwappedPairReportsThreeBrokenLinks(t *testing.T) {
	_, data := encodeChain(t, 20)
	stream := asStream(data)
	stream[7].data, stream[8].data = stream[8].data, stream[7].data
	// Stored order 7, 9, 8, 10: the links 7→9, 9→8 and 8→10 are all wrong,
	// and each is reported at the event that holds it.
	wantReports(t, walk(t, stream), map[uint64][]error{
		8:  {ErrChainBroken},
		9:  {ErrChainBroken},
		10: {ErrChainBroken},
	})
}

func TestChain_GarbageEventAlsoBreaksTheNextLink(t *testing.T) {
	_, data := encodeChain(t, 20)
	stream := asStream(data)
	stream[7].data = []byte("not an event")
	// A garbage event has no stated hash to carry on from, so the chain
	// cannot vouch for the link to event 9 either; from 10 on all is well.
	wantReports(t, walk(t, stream), map[uint64][]error{
		8: {ErrMalformed},
		9: {ErrChainBroken},
	})
}

func TestChain_RepeatedSeqReportedAsGap(t *testing.T) {
	_, data := encodeChain(t, 20)
	stream := asStream(data)
	// Sequences must grow by one: a repeat (a reader bug or a replay of the
	// wrong range) is reported even though its bytes are fine.
	stream = append(stream[:8:8], append([]stored{stream[7]}, stream[8:]...)...)
	wantReports(t, walk(t, stream), map[uint64][]error{8: {ErrSequenceGap, ErrChainBroken}})
}

func BenchmarkCheckHash(b *testing.B) {
	e := benchEvent(b)
	data, err := Encode(&e, Hash{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := CheckHash(data); err != nil {
			b.Fatal(err)
		}
	}
	// Reported after the loop: the timer reset at its start clears metrics.
	b.ReportMetric(float64(len(data)), "bytes/event")
}
