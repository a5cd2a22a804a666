package roulette

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Limits on odds, so a typing mistake in paytable data fails validation
// instead of paying a fortune.
const (
	// OddsWinMax bounds X in X:Y.
	OddsWinMax = 10_000
	// OddsPerMax bounds Y in X:Y.
	OddsPerMax = 100
)

// Odds is a payout as a layout writes it, "X:Y": X won for every Y staked,
// with the stake returned on top. Every catalog payout is "X:1" ("35:1"
// pays 35 times the stake as win); Y is there so that a variant with a
// fractional payout is data, as in games/sicbo.
type Odds struct {
	// Win is X, what is won for every Per staked.
	Win int64
	// Per is Y.
	Per int64
}

// ParseOdds parses "X:Y" with positive integers.
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
	o := Odds{Win: w, Per: p}
	if err := o.validate(); err != nil {
		return Odds{}, err
	}
	return o, nil
}

// String writes the odds as "X:Y".
func (o Odds) String() string { return fmt.Sprintf("%d:%d", o.Win, o.Per) }

// MarshalText writes the odds as "X:Y", their form in paytable JSON.
func (o Odds) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads "X:Y".
func (o *Odds) UnmarshalText(b []byte) error {
	v, err := ParseOdds(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// Multiple returns X/Y, what one unit of stake wins. It is exact because
// validate admits only a Y whose prime factors are 2 and 5.
func (o Odds) Multiple() decimal.Decimal {
	// Y = 2^a·5^b divides 10^max(a,b), so X/Y = X·(10^k/Y)/10^k exactly.
	k, pow := int32(0), int64(1)
	for pow%o.Per != 0 {
		k++
		pow *= 10
	}
	return decimal.New(o.Win*(pow/o.Per), -k)
}

// validate checks the odds are positive, within the limits, and an exact
// decimal multiple: a Y with another prime factor (7:6) would pay a win
// that no decimal holds exactly, so its residue could not be posted.
func (o Odds) validate() error {
	if o.Win <= 0 || o.Per <= 0 || o.Win > OddsWinMax || o.Per > OddsPerMax {
		return fmt.Errorf("odds %s: want 1 <= X <= %d and 1 <= Y <= %d", o, OddsWinMax, OddsPerMax)
	}
	y := o.Per
	for y%2 == 0 {
		y /= 2
	}
	for y%5 == 0 {
		y /= 5
	}
	if y != 1 {
		return fmt.Errorf("odds %s: %d is not a product of 2s and 5s, so the win is no exact decimal", o, o.Per)
	}
	return nil
}
