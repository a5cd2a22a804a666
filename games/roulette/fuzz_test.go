package roulette

import (
	"bytes"
	"errors"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
)

// FuzzSettle checks the settlement invariants on any input: no panic; an
// invalid scale, code, stake or pocket is an error of the right kind with
// an API code; a settlement never moves a negative amount, returns at
// most stake·(1+MaxMultiple), wins exactly on the pockets the bet covers,
// pays at the currency's scale, and loses less than one smallest unit to
// rounding, which only la partage's half can do. Seed corpus:
// testdata/fuzz/FuzzSettle.
func FuzzSettle(f *testing.F) {
	pts := Paytables()
	f.Fuzz(func(t *testing.T, which uint8, code, stakeText string, scale int32, pocketNum uint8) {
		pt := pts[int(which)%len(pts)]
		stake, err := decimal.NewFromString(stakeText)
		if err != nil {
			t.Skip()
		}
		pocket := Pocket(pocketNum)
		got, err := Settle(pt, code, stake, scale, pocket)
		b, codeErr := ParseBet(code)
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
		case !pt.wheel.has(pocket):
			if !errors.Is(err, ErrBadPocket) {
				t.Fatalf("pocket %d on %s: err %v, want ErrBadPocket", pocketNum, pt.ID(), err)
			}
		case err != nil:
			t.Fatalf("unexpected error %v", err)
		}
		if err != nil {
			if ErrorCode(err) == "" {
				t.Fatalf("error without an API code: %v", err)
			}
			return
		}
		if !pt.wheel.has(pocket) || stake.Sign() <= 0 || !stake.RoundDown(scale).Equal(stake) {
			t.Fatalf("accepted pocket %d, stake %s at scale %d", pocketNum, stake, scale)
		}
		unit := decimal.New(1, -scale)
		maxBack := stake.Mul(decimal.NewFromInt(1).Add(decimal.NewFromBigRat(pt.MaxMultiple(), 8)))
		for name, v := range map[string]decimal.Decimal{"win": got.Win, "returned": got.Returned, "residue": got.Residue} {
			if v.Sign() < 0 {
				t.Fatalf("negative %s: %+v", name, got)
			}
		}
		if got.Returned.Cmp(maxBack) > 0 {
			t.Fatalf("returned %s above %s", got.Returned, maxBack)
		}
		if got.Residue.Cmp(unit) >= 0 {
			t.Fatalf("residue %s not below %s", got.Residue, unit)
		}
		if !got.Win.RoundDown(scale).Equal(got.Win) || !got.Returned.RoundDown(scale).Equal(got.Returned) {
			t.Fatalf("amounts %s, %s have more than %d decimals", got.Win, got.Returned, scale)
		}
		partage := pt.LaPartage() && pocket.Green() && b.Kind().EvenMoney()
		switch got.Outcome {
		case games.OutcomeWon:
			if !b.Covers(pocket) || !got.Returned.Equal(stake.Add(got.Win)) || got.Win.Cmp(stake) < 0 || !got.Residue.IsZero() {
				t.Fatalf("win of %s on %s: %+v", code, pocket, got)
			}
		case games.OutcomeLost:
			if b.Covers(pocket) || !got.Win.IsZero() {
				t.Fatalf("loss of %s on %s: %+v", code, pocket, got)
			}
			half := stake.Div(decimal.NewFromInt(2))
			switch {
			case partage && !got.Returned.Add(got.Residue).Equal(half):
				t.Fatalf("la partage of %s: returned %s + residue %s != %s", stake, got.Returned, got.Residue, half)
			case !partage && (!got.Returned.IsZero() || !got.Residue.IsZero()):
				t.Fatalf("plain loss with money: %+v", got)
			}
		default:
			t.Fatalf("outcome %q", got.Outcome)
		}
		if got.Rule == "" {
			t.Fatal("no rule")
		}
	})
}

// FuzzParseBet checks that a code that parses is canonical and a bet of
// some layout, and that every refusal is a *BetCodeError wrapping
// ErrBadBetCode. Seed corpus: testdata/fuzz/FuzzParseBet.
func FuzzParseBet(f *testing.F) {
	all := map[string]bool{}
	for _, b := range AllBets() {
		all[b.String()] = true
	}
	pts := Paytables()
	f.Fuzz(func(t *testing.T, code string) {
		b, err := ParseBet(code)
		if err != nil {
			var bce *BetCodeError
			if !errors.As(err, &bce) || !errors.Is(err, ErrBadBetCode) || all[code] {
				t.Fatalf("ParseBet(%q) = %v", code, err)
			}
			return
		}
		if b.String() != code || !all[code] {
			t.Fatalf("ParseBet(%q) accepted %q", code, b)
		}
		offered := 0
		for _, pt := range pts {
			if _, err := pt.BetKind(code); err == nil {
				offered++
			} else if !errors.Is(err, ErrBetNotOffered) {
				t.Fatalf("%s BetKind(%q) = %v", pt.ID(), code, err)
			}
		}
		if offered == 0 {
			t.Fatalf("%q parses but no paytable offers it", code)
		}
	})
}

// FuzzParsePocketJSON checks that an accepted result is recorded in its
// one canonical form, which parses back to the same pocket. Seed corpus:
// testdata/fuzz/FuzzParsePocketJSON.
func FuzzParsePocketJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := ParsePocketJSON(raw)
		if err != nil {
			if !errors.Is(err, ErrBadPocket) {
				t.Fatalf("ParsePocketJSON(%q) = %v", raw, err)
			}
			return
		}
		if !p.Valid() {
			t.Fatalf("ParsePocketJSON(%q) = invalid pocket %d", raw, p)
		}
		again, err := ParsePocketJSON(p.JSON())
		if err != nil || again != p || !bytes.Equal(again.JSON(), p.JSON()) {
			t.Fatalf("%s parses back to %v, %v", p.JSON(), again, err)
		}
	})
}
