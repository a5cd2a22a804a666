package projections

import (
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"
)

// TestSum_EqualsDecimalArithmetic adds and takes away random amounts
// through sums and through decimal.Decimal's Add and Sub, and checks that
// the two give the same value and the same spelling after every step read
// back: amounts of money at every exponent a paytable uses, zeros of
// several exponents, and amounts of up to 30 digits, which go over an
// int64 and take the decimal's path in the middle of a sum.
func TestSum_EqualsDecimalArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	amount := func() decimal.Decimal {
		switch rng.IntN(10) {
		case 0:
			return decimal.New(0, -rng.Int32N(4))
		case 1:
			// 19 to 30 digits: over an int64's coefficient.
			s := "9"
			for range 18 + rng.IntN(12) {
				s += string(rune('0' + rng.IntN(10)))
			}
			d := decimal.RequireFromString(s)
			return d.Shift(-rng.Int32N(6))
		case 2:
			// 18 digits, the most the sum takes: ten of them overflow
			// an int64.
			return decimal.New(rng.Int64N(9e17)+1e17, -rng.Int32N(3))
		default:
			return decimal.New(rng.Int64N(2_000_000)-1_000_000, -rng.Int32N(5))
		}
	}
	for run := range 2000 {
		start := amount()
		if run%3 == 0 {
			start = decimal.Decimal{} // a record's zero value
		}
		want, got := start, start
		var s sum
		for step := range 1 + rng.IntN(40) {
			d := amount()
			if rng.IntN(3) == 0 {
				want = want.Sub(d)
				subFrom(&got, &s, d)
			} else {
				want = want.Add(d)
				addTo(&got, &s, d)
			}
			if rng.IntN(4) == 0 || step == 0 {
				settle(&got, &s)
				if !got.Equal(want) || got.String() != want.String() {
					t.Fatalf("run %d step %d: sum %s, decimal %s", run, step, got, want)
				}
			}
		}
		settle(&got, &s)
		if !got.Equal(want) || got.String() != want.String() || shortest(got).String() != shortest(want).String() {
			t.Fatalf("run %d: sum %s, decimal %s", run, got, want)
		}
		if s.set {
			t.Fatalf("run %d: settle left %+v in the sum", run, s)
		}
	}
}

// TestSum_Fits checks the int64 path's edges: what fits is kept on the
// sum, what overflows is refused and leaves the sum as it was.
func TestSum_Fits(t *testing.T) {
	const big = 999_999_999_999_999_999 // 18 digits, the most the sum takes
	var s sum
	if s.add(decimal.New(big*9, 0), false) {
		t.Error("took an amount of 19 digits")
	}
	for i := range 9 {
		if !s.add(decimal.New(big, 0), false) {
			t.Fatalf("refused addition %d, which fits in an int64", i+1)
		}
	}
	before := s
	if s.add(decimal.New(big, 0), false) {
		t.Error("took an addition past the int64 bound")
	}
	if s != before {
		t.Errorf("a refused addition changed the sum: %+v, was %+v", s, before)
	}
	// Rescaling to a smaller exponent that overflows is refused too.
	if s.add(decimal.New(1, -1), false) {
		t.Error("took an addition whose rescaling overflows")
	}
	var n sum
	if !n.add(decimal.New(5, 0), true) || !n.add(decimal.New(25, -1), false) || n.c != -25 || n.exp != -1 {
		t.Errorf("-5 + 2.5 held as %+v, want -25 at exponent -1", n)
	}
}
