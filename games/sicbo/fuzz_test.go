package sicbo

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
)

// FuzzSettle checks the settlement invariants on any input: no panic; an
// invalid code, stake, scale or dice is an error of the right kind; a
// settlement returns zero or between the stake and stake·(1+MaxMultiple),
// pays at the currency's scale, and loses less than one smallest unit to
// rounding. Seed corpus: testdata/fuzz/FuzzSettle.
func FuzzSettle(f *testing.F) {
	pts := Paytables()
	f.Fuzz(func(t *testing.T, live bool, code, stakeText string, scale int32, d1, d2, d3 int) {
		pt := pts[0]
		if live {
			pt = pts[1]
		}
		stake, err := decimal.NewFromString(stakeText)
		if err != nil {
			t.Skip()
		}
		dice := Dice{d1, d2, d3}
		got, err := Settle(pt, code, stake, scale, dice)
		_, codeErr := ParseBet(code)
		_, kindErr := pt.BetKind(code)
		switch {
		case scale < 0 || scale > ScaleMax:
			if !errors.Is(err, ErrBadScale) {
				t.Fatalf("scale %d: err %v", scale, err)
			}
		case codeErr != nil:
			if !errors.Is(err, ErrBadBetCode) {
				t.Fatalf("code %q: err %v, want ErrBadBetCode", code, err)
			}
		case kindErr != nil:
			if !errors.Is(err, ErrBetNotOffered) {
				t.Fatalf("code %q: err %v, want ErrBetNotOffered", code, err)
			}
		case err != nil && errors.Is(err, ErrBadStake):
			if stake.Sign() > 0 && stake.Exponent() >= -scale && stake.Exponent() <= 0 && stake.Cmp(decimal.New(1, StakeDigitsMax)) < 0 {
				t.Fatalf("stake %s at scale %d refused: %v", stake, scale, err)
			}
		case dice.Validate() != nil:
			if !errors.Is(err, ErrBadDice) {
				t.Fatalf("dice %v: err %v, want ErrBadDice", dice, err)
			}
		}
		if err != nil {
			if ErrorCode(err) == "" {
				t.Fatalf("error without an API code: %v", err)
			}
			return
		}
		if dice.Validate() != nil || stake.Sign() <= 0 {
			t.Fatalf("accepted dice %v, stake %s", dice, stake)
		}
		if !stake.RoundDown(scale).Equal(stake) {
			t.Fatalf("accepted stake %s at scale %d", stake, scale)
		}
		unit := decimal.New(1, -scale)
		maxBack := stake.Mul(decimal.NewFromInt(1).Add(decimal.NewFromBigRat(pt.MaxMultiple(), 8)))
		switch got.Outcome {
		case games.OutcomeLost:
			if !got.Returned.IsZero() || !got.Win.IsZero() || !got.Residue.IsZero() {
				t.Fatalf("loss with money: %+v", got)
			}
		case games.OutcomeWon:
			if got.Returned.Cmp(stake) < 0 || got.Returned.Cmp(maxBack) > 0 {
				t.Fatalf("returned %s outside [%s, %s]", got.Returned, stake, maxBack)
			}
			if !got.Returned.Equal(stake.Add(got.Win)) || got.Win.Sign() < 0 {
				t.Fatalf("returned %s != stake %s + win %s", got.Returned, stake, got.Win)
			}
			if got.Residue.Sign() < 0 || got.Residue.Cmp(unit) >= 0 {
				t.Fatalf("residue %s outside [0, %s)", got.Residue, unit)
			}
			if !got.Win.RoundDown(scale).Equal(got.Win) {
				t.Fatalf("win %s has more than %d decimals", got.Win, scale)
			}
		default:
			t.Fatalf("outcome %q", got.Outcome)
		}
		if got.Rule == "" {
			t.Fatal("no rule")
		}
	})
}

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
