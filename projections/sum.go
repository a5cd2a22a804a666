package projections

import (
	"math"

	"github.com/shopspring/decimal"
)

// sum is what one batch adds to an amount that many of its events move: a
// balance, a round's totals, a day's totals. decimal.Decimal.Add makes a
// new big.Int for every addition (two allocations, more when the
// exponents differ), and a rebuild made about thirty of them an event, the
// largest share of the fold's allocations. A sum keeps the additions as an
// int64 coefficient at one exponent while they fit, and the amount takes
// them in one decimal addition when it is read or written (into). An
// addition that does not fit (over 18 digits) is made on the decimal, after
// what the sum held: the value is the same exact decimal either way, and
// every record spells an amount by its value (decimal's String, or its
// shortest form in the binary records), not by the exponent it came to.
type sum struct {
	c   int64 // what was added, as a coefficient at exponent exp
	exp int32
	set bool // c and exp hold an addition
}

// pow10 are the powers of ten an int64 holds.
var pow10 = [...]int64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18}

// add adds d, or -d when neg, and reports whether it fit; when it did not,
// s is as it was.
func (s *sum) add(d decimal.Decimal, neg bool) bool {
	if d.NumDigits() > 18 {
		return false
	}
	c, e := d.CoefficientInt64(), d.Exponent()
	if neg {
		c = -c
	}
	if !s.set {
		s.c, s.exp, s.set = c, e, true
		return true
	}
	a, ae := s.c, s.exp
	var ok bool
	switch {
	case e < ae:
		if a, ok = scaleUp(a, ae-e); !ok {
			return false
		}
		ae = e
	case e > ae:
		if c, ok = scaleUp(c, e-ae); !ok {
			return false
		}
	}
	r := a + c
	if (a > 0 && c > 0 && r < 0) || (a < 0 && c < 0 && r >= 0) {
		return false
	}
	s.c, s.exp = r, ae
	return true
}

// scaleUp returns c×10^by, false when it does not fit in an int64.
func scaleUp(c int64, by int32) (int64, bool) {
	if c == 0 {
		return 0, true
	}
	if by < 0 || int(by) >= len(pow10) {
		return 0, false
	}
	m := pow10[by]
	if c > math.MaxInt64/m || c < math.MinInt64/m {
		return 0, false
	}
	return c * m, true
}

// into returns v with what s holds added, and empties s.
func (s *sum) into(v decimal.Decimal) decimal.Decimal {
	if !s.set {
		return v
	}
	v = v.Add(decimal.New(s.c, s.exp))
	*s = sum{}
	return v
}

// addTo adds d to the amount *v whose additions s holds.
func addTo(v *decimal.Decimal, s *sum, d decimal.Decimal) {
	if !s.add(d, false) {
		*v = s.into(*v).Add(d)
	}
}

// subFrom takes d from the amount *v whose additions s holds.
func subFrom(v *decimal.Decimal, s *sum, d decimal.Decimal) {
	if !s.add(d, true) {
		*v = s.into(*v).Sub(d)
	}
}

// settle gives *v what s holds.
func settle(v *decimal.Decimal, s *sum) { *v = s.into(*v) }
