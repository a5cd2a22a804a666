package kit

import (
	"math/big"

	"github.com/shopspring/decimal"
)

// RatPercent returns x·100 rounded half away from zero to places
// decimals, for display ("97.30"): an exact RTP or house edge as the
// reports and tests print it; the exact value is x itself.
func RatPercent(x *big.Rat, places int32) decimal.Decimal {
	return decimal.NewFromBigRat(new(big.Rat).Mul(x, big.NewRat(100, 1)), places)
}

// Percent100 is 100·n/of with two decimals, rounded half up (0 when of is
// 0), in integer arithmetic: a board read computes dozens of them (the
// shares of its statistics).
func Percent100(n, of int) decimal.Decimal {
	if of <= 0 || n < 0 {
		return decimal.New(0, -2)
	}
	return decimal.New((20000*int64(n)+int64(of))/(2*int64(of)), -2)
}
