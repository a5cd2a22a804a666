package baccarat

import (
	"bytes"
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// FuzzParseCard checks that a card that parses is written back as given
// and that every refusal is a *ResultError for the card's spelling. Seed
// corpus: testdata/fuzz/FuzzParseCard.
func FuzzParseCard(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			if BrokenRule(err) != RuleCardSpelling || !errors.Is(err, ErrBadResult) {
				t.Fatalf("ParseCard(%q) = %v", s, err)
			}
			return
		}
		if c.String() != s || Value(c) < 0 || Value(c) > 9 {
			t.Fatalf("ParseCard(%q) = %s (value %d)", s, c, Value(c))
		}
	})
}

// FuzzParseResult checks, for both forms, that any input either is refused
// with a *ResultError (code invalid_result) or parses into a coup that
// passes its own check, writes canonical JSON that parses back to an equal
// coup with the same JSON, and settles every bet of the paytable with
// money that adds up. Seed corpus: testdata/fuzz/FuzzParseResult.
func FuzzParseResult(f *testing.F) {
	pts := Paytables()
	f.Fuzz(func(t *testing.T, deux bool, raw []byte) {
		pt := pts[1] // punto banco
		if deux {
			pt = pts[0]
		}
		r, err := pt.ParseResult(raw)
		if err != nil {
			var re *ResultError
			if !errors.As(err, &re) || ErrorCode(err) != CodeInvalidResult {
				t.Fatalf("ParseResult(%q) = %v", raw, err)
			}
			return
		}
		again, err := pt.ParseResult(r.JSON())
		if err != nil || !again.Equal(r) || !bytes.Equal(again.JSON(), r.JSON()) {
			t.Fatalf("%s: canonical JSON %s does not parse back: %v", raw, r.JSON(), err)
		}
		stake := decimal.New(1001, -2)
		for _, b := range pt.Bets() {
			s, err := pt.Settle(games.Bet{Code: b.String(), Stake: stake}, 2, []games.Result{r})
			if err != nil {
				t.Fatalf("%s on %s: %v", b, r, err)
			}
			back := s.Returned.Add(s.Commission)
			switch s.Outcome {
			case games.OutcomeWon:
				if !back.Equal(stake.Add(s.Win)) || s.Win.Sign() <= 0 {
					t.Fatalf("%s on %s: %+v", b, r, s)
				}
			case games.OutcomePush:
				if !s.Returned.Equal(stake) || s.Win.Sign() != 0 {
					t.Fatalf("%s on %s: %+v", b, r, s)
				}
			case games.OutcomeLost:
				if s.Returned.Cmp(stake) >= 0 || s.Win.Sign() != 0 {
					t.Fatalf("%s on %s: %+v", b, r, s)
				}
			default:
				t.Fatalf("%s on %s: outcome %q", b, r, s.Outcome)
			}
			if s.Returned.Cmp(stake.Mul(decimal.NewFromInt(9))) > 0 {
				t.Fatalf("%s on %s returns %s, above 9 times the stake", b, r, s.Returned)
			}
		}
	})
}

// FuzzSettleLine checks that any line gets an answer: an error with a
// code, or a settlement of a known paytable. Seed corpus:
// testdata/fuzz/FuzzSettleLine.
func FuzzSettleLine(f *testing.F) {
	f.Fuzz(func(t *testing.T, line []byte) {
		r := SettleLine(line, "", 2)
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
