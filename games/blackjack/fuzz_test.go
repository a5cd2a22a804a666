package blackjack

import (
	"bytes"
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// FuzzParseResult checks that any input is either refused with a
// *ResultError (code invalid_result) or parses into a result whose
// canonical JSON parses back to an equal result with the same JSON.
// Seed corpus: testdata/fuzz/FuzzParseResult.
func FuzzParseResult(f *testing.F) {
	for _, s := range []string{`{"card":"8S","to":"seat:1"}`, `{"card":"5D","to":"seat:1","hand":1}`, `{"card":"9H","to":"dealer"}`,
		`{"decision":"double","seat":1,"hand":0}`, `{"cut_card":true}`, `{"card":"10H","to":"seat:1"}`, `{"dice":[1,2,3]}`} {
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

// FuzzRound feeds a byte string as a round (each byte picks a result) and
// checks that every result is accepted or refused with a rule, that the
// accepted ones fold, and that every bet settles with money that adds up.
// Seed corpus: testdata/fuzz/FuzzRound.
func FuzzRound(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Add([]byte{0, 0, 0, 200, 201, 202, 203})
	p := Paytables()[0]
	all := make([]Result, 0, 256)
	for i := range 256 {
		switch c := cardAt(i); {
		case i < 104:
			all = append(all, CardTo(c, 1+i%2, 0))
		case i < 156:
			all = append(all, DealerCard(c))
		case i < 180:
			all = append(all, CardTo(c, 1+i%2, 1+i%3))
		case i < 250:
			all = append(all, Decide(allDecisions()[i%len(allDecisions())], 1+i%2, (i/5)%3))
		default:
			all = append(all, CutCardOut())
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 200 {
			in = in[:200]
		}
		var rs []games.Result
		for _, b := range in {
			r := all[b]
			if err := p.CheckResult(r, rs); err != nil {
				if BrokenRule(err) == "" {
					t.Fatalf("%s refused without a rule: %v", r, err)
				}
				continue
			}
			rs = append(rs, r)
		}
		stake := decimal.New(1001, -2)
		for _, code := range []string{"main:1", "main:2", "perfect_pairs:1"} {
			s, err := p.Settle(games.Bet{Code: code, Stake: stake}, 2, rs)
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome.Decided() {
				checkMoney(t, games.Bet{Code: code, Stake: stake}, s)
			}
		}
	})
}

// cardAt spreads the byte values over the deck.
func cardAt(i int) cards.Card { return cards.FromIndex(i % cards.DeckSize) }

// FuzzSettleLine checks that any line gets an answer: an error with a
// code, or a settlement of a known paytable. Seed corpus:
// testdata/fuzz/FuzzSettleLine.
func FuzzSettleLine(f *testing.F) {
	for _, s := range []string{
		`{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH"],"doubled":true}],"dealer":["9H","7C","2D"],"surrendered":false}`,
		`{"bet":"perfect_pairs","stake":"5","cards":["8S","8D"]}`,
		`{"bet":"insurance","stake":"5","dealer":["AS","KH"]}`,
		`{"bet":"main","stake":"10","hands":[{"cards":["8S","3D"]},{"cards":["8D","TC"]}],"dealer":["9H","7C","2D"]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r := SettleLine(line, IDChile2010, 2)
		if r.Outcome == "error" {
			if r.Code == "" || r.Message == "" {
				t.Fatalf("%q: error without code: %+v", line, r)
			}
			return
		}
		if r.PaytableHash == "" || r.Returned == "" || r.Win == "" {
			t.Fatalf("%q: %+v", line, r)
		}
	})
}
