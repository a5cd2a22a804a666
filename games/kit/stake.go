package kit

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// Limits on a stake of the dice and wheel games (craps, roulette, Sic
// Bo), whose settlements check it with CheckStake.
const (
	// StakeDigitsMax bounds a stake below 10^StakeDigitsMax, so no amount
	// of a settlement has more than StakeDigitsMax+4 integer digits.
	StakeDigitsMax = 15
	// StakeExpMin bounds how a stake is written (a million trailing zeros
	// would cost a million-digit rescale before the scale check refused it).
	StakeExpMin = -64
)

// CheckStake refuses, with an error wrapping ErrBadStake, a stake written
// with an exponent outside StakeExpMin..StakeDigitsMax, not positive, not
// below 10^StakeDigitsMax or with more than scale decimals, checked in
// that order.
func CheckStake(stake decimal.Decimal, scale int32) error {
	// Bound how the number is written first: every comparison below
	// rescales, and rescaling 1e-1000000000 would never finish.
	if e := stake.Exponent(); e < StakeExpMin || e > StakeDigitsMax {
		return fmt.Errorf("%w: written with exponent %d, outside %d..%d", ErrBadStake, e, StakeExpMin, StakeDigitsMax)
	}
	if stake.Sign() <= 0 {
		return fmt.Errorf("%w: %s is not positive", ErrBadStake, stake)
	}
	if stake.Cmp(decimal.New(1, StakeDigitsMax)) >= 0 {
		return fmt.Errorf("%w: %s is not below 10^%d", ErrBadStake, stake, StakeDigitsMax)
	}
	if !stake.RoundDown(scale).Equal(stake) {
		return fmt.Errorf("%w: %s has more than %d decimals", ErrBadStake, stake, scale)
	}
	return nil
}
