package events

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the seed corpus under testdata/fuzz")

// corpusEvents returns the real events of the seed corpus by file name: the
// first events of the fixture chain, one of each of the busiest types and
// the seal, all with deterministic ids so that -update is reproducible.
func corpusEvents(tb testing.TB) map[string][]byte {
	tb.Helper()
	envs, data := encodeChain(tb, len(Types()))
	out := map[string][]byte{}
	for i, e := range envs {
		switch e.Type {
		case TypeWalletDeposited, TypeTableOpened, TypeBetPlaced, TypeBetSettled, TypeRoundResultCorrected, TypeLedgerSealed:
			out["event-"+strings.ReplaceAll(string(e.Type), ".", "-")] = data[i]
		}
	}
	return out
}

// corpusExtras are hand-written seeds near the edges of what Decode accepts.
func corpusExtras(tb testing.TB, events map[string][]byte) map[string][]byte {
	tb.Helper()
	bet := events["event-bet-placed"]
	return map[string][]byte{
		// Indented payload and UTC spelled "+00:00": accepted by Decode,
		// written differently by Encode.
		"edge-noncanonical": replaceOnce(tb,
			replaceOnce(tb, bet, `"payload":{"slip":`, `"payload": { "slip" :`),
			`"at":"2026-03-14T15:09:26.535897Z"`, `"at":"2026-03-14T15:09:26.535897+00:00"`),
		// An offset that moves the instant before year 0: refused.
		"edge-year-zero": replaceOnce(tb, bet,
			`"at":"2026-03-14T15:09:26.535897Z"`, `"at":"0000-01-01T00:30:00+01:00"`),
		// Characters Encode escapes, an amount as a JSON number.
		"edge-escapes": replaceOnce(tb,
			replaceOnce(tb, bet, `"slip":"s-0001"`, `"slip":"<s&0001>`+"\u2028"+`"`),
			`"amount":"10.5"`, `"amount":1e3`),
		"edge-truncated": bet[:len(bet)/3],
		"edge-empty":     {},
	}
}

// writeCorpus writes seeds as files of Go's fuzz corpus format.
func writeCorpus(tb testing.TB, fuzzName string, seeds map[string][]byte) {
	tb.Helper()
	dir := filepath.Join("testdata", "fuzz", fuzzName)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for name, data := range seeds {
		body := "go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n"
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// readCorpusFile reads one []byte seed written by writeCorpus.
func readCorpusFile(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	body, ok := strings.CutPrefix(string(b), "go test fuzz v1\n[]byte(")
	body, ok2 := strings.CutSuffix(body, ")\n")
	if !ok || !ok2 {
		tb.Fatalf("%s is not a one-[]byte corpus file", path)
	}
	s, err := strconv.Unquote(body)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return []byte(s)
}

// TestFuzzCorpus keeps the seed corpus honest: its event files must still be
// valid events of this build. Run with -update to rewrite it.
func TestFuzzCorpus(t *testing.T) {
	events := corpusEvents(t)
	if *update {
		seeds := corpusExtras(t, events)
		for name, data := range events {
			seeds[name] = data
		}
		writeCorpus(t, "FuzzDecode", seeds)
		hashSeeds := map[string][]byte{"edge-empty": {}}
		for name, data := range events {
			hashSeeds[name] = data
		}
		digits := strings.Repeat("0", 2*HashSize)
		hashSeeds["edge-zero-hash"] = []byte(`{"hash":"` + digits + `"}`)
		writeCorpus(t, "FuzzCheckHash", hashSeeds)
	}
	for _, fuzzName := range []string{"FuzzDecode", "FuzzCheckHash"} {
		for name := range events {
			data := readCorpusFile(t, filepath.Join("testdata", "fuzz", fuzzName, name))
			if _, err := CheckHash(data); err != nil {
				t.Errorf("%s/%s: %v (run go test -run TestFuzzCorpus -update)", fuzzName, name, err)
			}
			if _, err := Decode(data); err != nil {
				t.Errorf("%s/%s: %v (run go test -run TestFuzzCorpus -update)", fuzzName, name, err)
			}
		}
	}
}

// normalJSON returns p as Encode writes a payload: compact, with '<', '>',
// '&', U+2028 and U+2029 escaped.
func normalJSON(tb testing.TB, p []byte) []byte {
	tb.Helper()
	var compact, escaped bytes.Buffer
	if err := json.Compact(&compact, p); err != nil {
		tb.Fatalf("payload accepted by Decode is not JSON: %v", err)
	}
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.Bytes()
}

// encodedLen returns the length of e's JSON, computed without Encode.
func encodedLen(tb testing.TB, e Envelope) int {
	tb.Helper()
	b, err := json.Marshal(&e)
	if err != nil {
		tb.Fatalf("json.Marshal: %v", err)
	}
	return len(b)
}

// FuzzDecode checks that Decode never panics, that each error it returns is
// one of its documented sentinels, and that whatever it accepts survives a
// round trip: encoding the decoded envelope and decoding that gives the same
// envelope (up to the spelling Encode normalises: compact payload, UTC time,
// shortest decimals), and encoding again gives the same bytes.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		e1, err := Decode(data)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrUnknownType) && !errors.Is(err, ErrUnknownVersion) {
				t.Fatalf("Decode error wraps no sentinel: %v", err)
			}
			return
		}
		e := e1
		e.Postings = append([]Posting(nil), e1.Postings...)
		enc1, err := Encode(&e, e1.PrevHash)
		if err != nil && errors.Is(err, ErrMalformed) && encodedLen(t, e) > EventBytesMax {
			// Encode's spelling can be longer than the input's ("<" becomes
			// "\u003c", "1e999" a thousand digits): an input near the limit
			// may not fit once normalised. Encode rightly refuses it.
			return
		}
		if err != nil {
			t.Fatalf("Decode accepted what Encode cannot write: %v\n%q", err, data)
		}
		e2, err := Decode(enc1)
		if err != nil {
			t.Fatalf("Decode refused Encode's output: %v\n%s", err, enc1)
		}
		if want := normalJSON(t, e1.Payload); !bytes.Equal(e2.Payload, want) {
			t.Fatalf("payload changed:\n got %s\nwant %s", e2.Payload, want)
		}
		c1, c2 := e1, e2
		c1.Payload, c2.Payload = nil, nil
		c1.Hash, c2.Hash = Hash{}, Hash{} // the input's stated hash need not be right
		if d := diff(c1, c2); d != "" {
			t.Fatalf("round trip changed the envelope at %s\ninput %q\nencoded %s", d, data, enc1)
		}
		if h, err := CheckHash(enc1); err != nil || h != e.Hash {
			t.Fatalf("CheckHash of Encode's output = %s, %v; want %s", h, err, e.Hash)
		}
		enc2, err := Encode(&e2, e2.PrevHash)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(enc1, enc2) {
			t.Fatalf("encoding is not stable:\n%s\n%s", enc1, enc2)
		}
	})
}

// FuzzCheckHash checks that CheckHash never panics, fails only with its
// sentinels, and passes only for bytes that end in the lower-case hex
// SHA-256 of everything before that member (computed here independently).
func FuzzCheckHash(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := CheckHash(data)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrHashMismatch) {
				t.Fatalf("CheckHash error wraps no sentinel: %v", err)
			}
			return
		}
		suffix := fmt.Sprintf(`,"hash":"%x"}`, h[:])
		if !bytes.HasSuffix(data, []byte(suffix)) {
			t.Fatalf("CheckHash passed %q, which does not end in %s", data, suffix)
		}
		covered := append(bytes.Clone(data[:len(data)-len(suffix)]), '}')
		if sha256.Sum256(covered) != h {
			t.Fatalf("CheckHash passed %q with a hash that is not the SHA-256 of the rest", data)
		}
	})
}
