package craps

import (
	"errors"
	"math/big"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// FuzzParseBet checks that a code that parses is canonical and that every
// refusal is a *BetCodeError wrapping ErrBadBetCode. Seed corpus:
// testdata/fuzz/FuzzParseBet.
func FuzzParseBet(f *testing.F) {
	f.Fuzz(func(t *testing.T, code string) {
		b, err := ParseBet(code)
		if err != nil {
			var bce *BetCodeError
			if !errors.As(err, &bce) || !errors.Is(err, ErrBadBetCode) {
				t.Fatalf("ParseBet(%q) = %v", code, err)
			}
			return
		}
		if b.String() != code {
			t.Fatalf("ParseBet(%q) accepted a non-canonical spelling of %q", code, b)
		}
	})
}

// FuzzParseRoll checks that a roll that parses has two faces and
// round-trips through its JSON, and that every refusal wraps ErrBadRoll.
// Seed corpus: testdata/fuzz/FuzzParseRoll.
func FuzzParseRoll(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := ParseRoll(raw)
		if err != nil {
			if !errors.Is(err, ErrBadRoll) {
				t.Fatalf("ParseRoll(%q) = %v", raw, err)
			}
			return
		}
		if r.Validate() != nil {
			t.Fatalf("ParseRoll(%q) accepted %v", raw, r)
		}
		again, err := ParseRoll(r.JSON())
		if err != nil || again != r {
			t.Fatalf("%v does not round-trip: %v %v", r, again, err)
		}
	})
}

// FuzzSettleSequence checks the settlement invariants on any settle line:
// no panic; every error has an API code; a win returns stake + win with a
// win of at most stake·MaxMultiple at the currency's scale and a residue
// below one smallest unit; a push returns the stake; a loss and an open
// bet return nothing; decided_at names a roll and is absent while open;
// the commission is never negative, zero on every bet but buy and lay.
// rolls holds the dice two bytes a roll, each byte's value mod 8 (so 0
// and 7 make invalid dice too). Seed corpus:
// testdata/fuzz/FuzzSettleSequence.
func FuzzSettleSequence(f *testing.F) {
	pt := mustNew(peru1999())
	maxMult := decimal.NewFromBigRat(pt.MaxMultiple(), 8)
	f.Fuzz(func(t *testing.T, code, stakeText string, scale int32, point int, working bool, rolls []byte) {
		stake, err := decimal.NewFromString(stakeText)
		if err != nil {
			t.Skip()
		}
		var pp *int
		if point != 0 {
			pp = &point
		}
		dice := make([][2]int, 0, len(rolls)/2)
		for i := 0; i+1 < len(rolls); i += 2 {
			dice = append(dice, [2]int{int(rolls[i] % 8), int(rolls[i+1] % 8)})
		}
		got, err := SettleSequence(pt, code, stake, scale, pp, working, dice)
		if err != nil {
			var coded games.CodedError
			if !errors.As(err, &coded) || coded.ErrorCode() == "" {
				t.Fatalf("error without an API code: %v", err)
			}
			return
		}
		if stake.Sign() <= 0 || !stake.RoundDown(scale).Equal(stake) {
			t.Fatalf("accepted stake %s at scale %d", stake, scale)
		}
		unit := decimal.New(1, -scale)
		if got.DecidedAt != nil && (*got.DecidedAt < 0 || *got.DecidedAt >= len(dice)) {
			t.Fatalf("decided_at %d of %d rolls", *got.DecidedAt, len(dice))
		}
		switch got.Outcome {
		case games.OutcomeWon:
			// A win below one smallest unit pays 0 (0.01 at 5:6): the
			// residue holds it.
			if !got.Returned.Equal(stake.Add(got.Win)) || got.Win.Sign() < 0 || got.Win.IsZero() && got.Residue.IsZero() {
				t.Fatalf("won: %+v of %s", got, stake)
			}
			if got.Win.GreaterThan(stake.Mul(maxMult)) || !got.Win.RoundDown(scale).Equal(got.Win) {
				t.Fatalf("win %s of %s", got.Win, stake)
			}
			if got.Residue.Sign() < 0 || got.Residue.Cmp(unit) >= 0 {
				t.Fatalf("residue %s", got.Residue)
			}
		case games.OutcomePush:
			if !got.Returned.Equal(stake) || !got.Win.IsZero() {
				t.Fatalf("push: %+v", got)
			}
		case games.OutcomeLost, games.OutcomeOpen:
			if !got.Returned.IsZero() || !got.Win.IsZero() || !got.Residue.IsZero() {
				t.Fatalf("%s with money: %+v", got.Outcome, got)
			}
			if (got.Outcome == games.OutcomeOpen) != (got.DecidedAt == nil) {
				t.Fatalf("%s decided at %v", got.Outcome, got.DecidedAt)
			}
		default:
			t.Fatalf("outcome %q", got.Outcome)
		}
		b, _ := ParseBet(code)
		if got.Commission.Sign() < 0 || (b.Kind() != KindBuy && b.Kind() != KindLay) && !got.Commission.IsZero() {
			t.Fatalf("commission %s on %s", got.Commission, code)
		}
		if b.Kind() == KindBuy || b.Kind() == KindLay {
			// At least the exact 5% of its base, less than one unit more.
			exact := new(big.Rat).Mul(stake.Rat(), pt.CommissionRate(code))
			c := got.Commission.Rat()
			if c.Cmp(exact) < 0 || new(big.Rat).Sub(c, exact).Cmp(unit.Rat()) >= 0 {
				t.Fatalf("commission %s for exact %s", got.Commission, exact.FloatString(10))
			}
		}
		if got.Rule == "" {
			t.Fatal("no rule")
		}
	})
}
