package craps

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Limits on odds, so a typing mistake in paytable data fails validation
// instead of paying a fortune.
const (
	// OddsWinMax bounds X in X:Y.
	OddsWinMax = 1_000
	// OddsPerMax bounds Y in X:Y.
	OddsPerMax = 100
)

// Odds is a payout as the seed writes it, "X a Y": X won for every Y
// staked, with the stake returned on top. "7:6" pays 7/6 of the stake as
// win. Unlike Sic Bo's, craps odds have denominators such as 6 and 11 whose
// wins are no exact decimal (see RoundDown).
type Odds struct {
	Win int64
	Per int64
}

// ParseOdds parses "X:Y" with positive integers within the limits.
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
func (o Odds) String() string {
	return strconv.FormatInt(o.Win, 10) + ":" + strconv.FormatInt(o.Per, 10)
}

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

// Rat returns X/Y, what one unit of stake wins, exactly.
func (o Odds) Rat() *big.Rat { return big.NewRat(o.Win, o.Per) }

func (o Odds) validate() error {
	if o.Win <= 0 || o.Per <= 0 || o.Win > OddsWinMax || o.Per > OddsPerMax {
		return fmt.Errorf("odds %s: want 1 <= X <= %d and 1 <= Y <= %d", o, OddsWinMax, OddsPerMax)
	}
	return nil
}
