package war

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzParseResult checks that any input is refused with a *ResultError
// or parses into a result whose canonical JSON parses back equal. Seed
// corpus: testdata/fuzz/FuzzParseResult.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{`{"card":"9S","to":"seat:1"}`, `{"card":"9H","to":"dealer"}`, `{"decision":"war","seat":1}`, `{"burn":"5C"}`, `{"cut_card":true}`} {
		f.Add([]byte(s))
	}
	p := Paytables()[0]
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := p.ParseResult(raw)
		if err != nil {
			var re *ResultError
			if !errors.As(err, &re) || ErrorCode(err) != CodeInvalidResult {
				t.Fatalf("ParseResult(%q) = %v", raw, err)
			}
			return
		}
		again, err := p.ParseResult(r.JSON())
		if err != nil || !again.Equal(r) || !bytes.Equal(again.JSON(), r.JSON()) {
			t.Fatalf("%s: canonical JSON %s does not parse back: %v", raw, r.JSON(), err)
		}
	})
}

// FuzzSettleLine checks that any line gets an answer: an error with a
// code, or a settlement. Seed corpus: testdata/fuzz/FuzzSettleLine.
func FuzzSettleLine(f *testing.F) {
	for _, s := range []string{
		`{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"war":{"player":"KD","dealer":"4C"}}`,
		`{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"surrendered":true}`,
		`{"paytable":"war/chile-2010","bet":"tie","stake":"5","player":["9S"],"dealer":["9H"]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r := SettleLine(line, IDChile2010, 2)
		if r.Outcome == "error" {
			if r.Code == "" || r.Message == "" {
				t.Fatalf("%q: %+v", line, r)
			}
			return
		}
		if r.PaytableHash == "" || r.Returned == "" || r.Win == "" || len(r.Bets) == 0 {
			t.Fatalf("%q: %+v", line, r)
		}
	})
}
