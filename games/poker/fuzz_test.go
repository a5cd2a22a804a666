package poker

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
	for _, s := range []string{"AS", "TS", "10H", "9h", "", "AAA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			if BrokenRule(err) != RuleCardSpelling || !errors.Is(err, ErrBadResult) {
				t.Fatalf("ParseCard(%q) = %v", s, err)
			}
			return
		}
		if c.String() != s || CardAt(deckIndex(c)) != c {
			t.Fatalf("ParseCard(%q) = %s (index %d)", s, c, deckIndex(c))
		}
	})
}

// FuzzParseResult checks that any input is refused with a *ResultError
// (code invalid_result) or parses into a round whose canonical JSON parses
// back to an equal round with the same JSON, and whose ante and call
// settle with money that adds up and never above the paytable's top line.
// Seed corpus: testdata/fuzz/FuzzParseResult.
func FuzzParseResult(f *testing.F) {
	f.Add([]byte(`{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S","9H"]}`))
	f.Add([]byte(`{"player":["AS","KS","QS","JS","TS"],"dealer":["2H","3D","5C","7S","9H"],"fold":true}`))
	pt := mustNew(caribbean())
	f.Fuzz(func(t *testing.T, raw []byte) {
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
		max := stake.Mul(decimal.NewFromInt(101))
		for _, code := range []string{BetAnte, BetCall} {
			s, err := pt.Settle(games.Bet{Code: code, Stake: stake}, 2, []games.Result{r})
			if err != nil {
				if code == BetCall && r.(Round).Fold && BrokenRule(err) == RuleFoldedCall {
					continue
				}
				t.Fatalf("%s on %s: %v", code, r, err)
			}
			if s.Win.Sign() < 0 || s.Returned.Cmp(max) > 0 || s.Residue.Sign() < 0 {
				t.Fatalf("%s on %s: %+v", code, r, s)
			}
			want := decimal.Zero
			switch s.Outcome {
			case games.OutcomeWon:
				want = stake.Add(s.Win)
			case games.OutcomePush:
				want = stake
			}
			if !s.Returned.Equal(want) {
				t.Fatalf("%s on %s: returned %s, want %s", code, r, s.Returned, want)
			}
		}
	})
}
