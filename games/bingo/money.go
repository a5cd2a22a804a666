package bingo

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// Limits of amounts.
const (
	// ScaleMax is the most decimals a currency may have.
	ScaleMax = 8
	// AmountDigitsMax bounds a price or a prize: below 10^15 units of the
	// currency, as every game's stakes, so that no input makes the
	// decimal arithmetic of a settlement slow.
	AmountDigitsMax = 15
)

// checkScale returns ErrBadScale unless scale is 0..ScaleMax.
func checkScale(scale int32) error {
	if scale < 0 || scale > ScaleMax {
		return fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	return nil
}

// checkAmount returns ErrBadAmount unless a is positive (or zero when
// zeroOK), has at most scale decimals and is below 10^AmountDigitsMax.
func checkAmount(what string, a decimal.Decimal, scale int32, zeroOK bool) error {
	switch {
	case a.Exponent() > AmountDigitsMax || a.Exponent() < -2*ScaleMax:
		// Checked first: comparing a decimal of a huge exponent rescales it
		// to a number of that many digits.
		return fmt.Errorf("%w: %s has an exponent of %d", ErrBadAmount, what, a.Exponent())
	case a.Sign() < 0 || (a.Sign() == 0 && !zeroOK):
		return fmt.Errorf("%w: %s %s is not positive", ErrBadAmount, what, a)
	case !a.Equal(a.Truncate(scale)):
		return fmt.Errorf("%w: %s %s has more than %d decimals", ErrBadAmount, what, a, scale)
	case a.Cmp(decimal.New(1, AmountDigitsMax)) >= 0:
		return fmt.Errorf("%w: %s %s is not below 10^%d", ErrBadAmount, what, a, AmountDigitsMax)
	}
	return nil
}

// Prizes are the money of a game's two prizes, fixed when sales close and
// announced before the first ball ("el importe de los premios de línea y
// bingo", seed 002 bingo IV). Paytable.Prizes computes them from the
// game's sales.
type Prizes struct {
	Line  decimal.Decimal `json:"line"`
	Bingo decimal.Decimal `json:"bingo"`
}

// Total is Line + Bingo, what goes to the prize pool when sales close.
func (p Prizes) Total() decimal.Decimal { return p.Line.Add(p.Bingo) }
