package craps

import (
	"fmt"
	"strconv"

	"github.com/go-json-experiment/json"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// ResultBytesMax bounds the JSON of a result given to ParseResult; two dice
// take about 15 bytes.
const ResultBytesMax = 256

// Roll is one roll of the two dice, in the order the dealer entered them:
// one result of a craps round. The order never matters for settlement. A
// die that leaves the table is a "no roll" and is recorded as no result at
// all, as a Sic Bo reshake is.
type Roll [2]int

// Validate returns an error wrapping ErrBadRoll unless both dice are 1..6.
func (r Roll) Validate() error {
	for i, v := range r {
		if v < 1 || v > 6 {
			return fmt.Errorf("%w: die %d is %d, not a face 1..6", ErrBadRoll, i+1, v)
		}
	}
	return nil
}

// Total is the sum of the two dice.
func (r Roll) Total() int { return r[0] + r[1] }

// Hard reports whether the dice are a pair: a 4, 6, 8 or 10 rolled this
// way is "the hard way" (art. 8).
func (r Roll) Hard() bool { return r[0] == r[1] }

// String writes the roll as "3-4", in the order entered.
func (r Roll) String() string { return strconv.Itoa(r[0]) + "-" + strconv.Itoa(r[1]) }

// JSON is the roll as the events record it: {"dice":[3,4]}, in the order
// entered.
func (r Roll) JSON() []byte {
	return []byte(`{"dice":[` + strconv.Itoa(r[0]) + `,` + strconv.Itoa(r[1]) + `]}`)
}

// Equal reports whether other shows the same two faces, in any order:
// [3,4] corrected to [4,3] is no correction.
func (r Roll) Equal(other games.Result) bool {
	o, ok := other.(Roll)
	if !ok {
		return false
	}
	return r == o || (r[0] == o[1] && r[1] == o[0])
}

// AllRolls returns the 36 ordered outcomes of two dice, the sample space of
// the exact RTP.
func AllRolls() []Roll {
	out := make([]Roll, 0, 36)
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			out = append(out, Roll{a, b})
		}
	}
	return out
}

// rollJSON is the one shape of a craps result: {"dice":[3,4]}.
type rollJSON struct {
	Dice []int `json:"dice"`
}

// ParseResult decodes a roll as the dealer entered it, {"dice":[3,4]},
// strictly: member names are exact, unknown or duplicate members are
// refused, and each die must be 1..6. Every error wraps ErrBadRoll.
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) {
	return ParseRoll(raw)
}

// ParseRoll is ParseResult without a paytable: a roll is the same under
// every craps paytable.
func ParseRoll(raw []byte) (Roll, error) {
	if len(raw) > ResultBytesMax {
		return Roll{}, fmt.Errorf("%w: a result of %d bytes is over the %d-byte limit", ErrBadRoll, len(raw), ResultBytesMax)
	}
	var v rollJSON
	if err := json.Unmarshal(raw, &v, json.RejectUnknownMembers(true), json.MatchCaseInsensitiveNames(false)); err != nil {
		return Roll{}, fmt.Errorf("%w: a craps result is {\"dice\":[a,b]}: %v", ErrBadRoll, jsonerr.Stable(err))
	}
	if len(v.Dice) != 2 {
		return Roll{}, fmt.Errorf("%w: a craps result is two dice, got %d", ErrBadRoll, len(v.Dice))
	}
	r := Roll{v.Dice[0], v.Dice[1]}
	return r, r.Validate()
}

// rolls converts a round's results to rolls, checking each.
func rolls(results []games.Result) ([]Roll, error) {
	if len(results) > HandRollsMax {
		return nil, fmt.Errorf("%w: %d rolls, at most %d", ErrHandTooLong, len(results), HandRollsMax)
	}
	out := make([]Roll, len(results))
	for i, res := range results {
		r, ok := res.(Roll)
		if !ok {
			return nil, fmt.Errorf("%w: result %d is a %T, not a craps roll", ErrBadRoll, i, res)
		}
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("result %d: %w", i, err)
		}
		out[i] = r
	}
	return out, nil
}
