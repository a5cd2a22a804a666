package kit

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Odds is a payout as the seeds write it, "X:Y": X won for every Y staked,
// with the stake returned on top (seed 000: "el jugador que gana conserva
// su apuesta"). "8:1" pays 8 times the stake as win; "3:2" pays 1.5 times.
// Every game's paytable lines use it; each game checks its own bounds
// (Check) and, where a win must be an exact decimal, CheckExact.
type Odds struct {
	// Win is X, what is won for every Per staked.
	Win int64
	// Per is Y.
	Per int64
}

// ParseOdds reads "X:Y" with integers; it does not check bounds.
func ParseOdds(s string) (Odds, error) {
	x, y, ok := strings.Cut(s, ":")
	if !ok {
		return Odds{}, fmt.Errorf("odds %q: want X:Y", s)
	}
	w, err1 := strconv.ParseInt(x, 10, 64)
	p, err2 := strconv.ParseInt(y, 10, 64)
	if err1 != nil || err2 != nil {
		return Odds{}, fmt.Errorf("odds %q: want X:Y with integers", s)
	}
	return Odds{Win: w, Per: p}, nil
}

// String writes the odds as "X:Y".
func (o Odds) String() string {
	return strconv.FormatInt(o.Win, 10) + ":" + strconv.FormatInt(o.Per, 10)
}

// MarshalText writes the odds as "X:Y", their form in paytable JSON and
// so in every paytable's canonical bytes.
func (o Odds) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads "X:Y" (ParseOdds).
func (o *Odds) UnmarshalText(b []byte) error {
	v, err := ParseOdds(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// Rat returns X/Y, what one unit of stake wins, exactly.
func (o Odds) Rat() *big.Rat { return big.NewRat(o.Win, o.Per) }

// Multiple returns X/Y as a decimal: exact for odds that pass CheckExact
// (a Y whose prime factors are 2 and 5), else rounded to 16 decimals.
func (o Odds) Multiple() decimal.Decimal {
	if o.Per <= 0 || !decimalDivisor(o.Per) {
		return decimal.NewFromInt(o.Win).DivRound(decimal.NewFromInt(max(o.Per, 1)), 16)
	}
	// Y = 2^a·5^b divides 10^max(a,b), so X/Y = X·(10^k/Y)/10^k exactly.
	k, pow := int32(0), int64(1)
	for pow%o.Per != 0 {
		k++
		pow *= 10
	}
	return decimal.New(o.Win*(pow/o.Per), -k)
}

// Check checks that the odds are positive and within the game's bounds,
// 1 ≤ X ≤ winMax and 1 ≤ Y ≤ perMax: a typing mistake in paytable data
// fails validation instead of paying a fortune.
func (o Odds) Check(winMax, perMax int64) error {
	if o.Win <= 0 || o.Per <= 0 || o.Win > winMax || o.Per > perMax {
		return fmt.Errorf("odds %s: want 1 <= X <= %d and 1 <= Y <= %d", o, winMax, perMax)
	}
	return nil
}

// CheckExact checks that X/Y is an exact decimal: a Y with another prime
// factor than 2 and 5 (7:6) would pay a win that no decimal holds
// exactly, so its residue could not be posted.
func (o Odds) CheckExact() error {
	if !decimalDivisor(o.Per) {
		return fmt.Errorf("odds %s: %d is not a product of 2s and 5s, so the win is no exact decimal", o, o.Per)
	}
	return nil
}

// CheckDecimal is Check, then CheckExact: the odds of a game whose every
// win must be an exact decimal.
func (o Odds) CheckDecimal(winMax, perMax int64) error {
	if err := o.Check(winMax, perMax); err != nil {
		return err
	}
	return o.CheckExact()
}

// ParseOddsWithin parses "X:Y" (ParseOdds) and checks the odds as a
// game's paytable checks its lines: within winMax:perMax (Check) and, when
// exact is set, an exact decimal multiple (CheckDecimal). On a failed
// check it returns the parsed odds with the error.
func ParseOddsWithin(s string, winMax, perMax int64, exact bool) (Odds, error) {
	o, err := ParseOdds(s)
	if err != nil {
		return Odds{}, err
	}
	if exact {
		return o, o.CheckDecimal(winMax, perMax)
	}
	return o, o.Check(winMax, perMax)
}

// decimalDivisor reports whether y > 0 has no prime factor but 2 and 5.
func decimalDivisor(y int64) bool {
	if y <= 0 {
		return false
	}
	for y%2 == 0 {
		y /= 2
	}
	for y%5 == 0 {
		y /= 5
	}
	return y == 1
}

// MaxMultiple returns the largest X/Y of odds, exactly: a paytable's
// largest multiple (games.Publisher.MaxMultiple); zero for none.
func MaxMultiple(odds ...Odds) *big.Rat {
	most := new(big.Rat)
	for _, o := range odds {
		if o.Per > 0 {
			if m := o.Rat(); m.Cmp(most) > 0 {
				most = m
			}
		}
	}
	return most
}
