package roulette

import (
	"fmt"

	"github.com/go-json-experiment/json"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// ResultBytesMax bounds the JSON of a result given to ParseResult; a pocket
// takes about 15 bytes.
const ResultBytesMax = 256

// pocketJSON is the one shape of a roulette result: {"pocket":"17"}. The
// pocket is a string because "00" is not a number, and one spelling for
// every pocket keeps the events uniform.
type pocketJSON struct {
	Pocket *string `json:"pocket"`
}

// ParseResult decodes a result as the dealer entered it, {"pocket":"17"},
// strictly (see ParsePocketJSON), and checks that the pocket is on this
// paytable's wheel: "00" is refused on a single-zero wheel. Every error
// wraps ErrBadPocket.
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) {
	pocket, err := ParsePocketJSON(raw)
	if err != nil {
		return nil, err
	}
	if !p.wheel.has(pocket) {
		return nil, fmt.Errorf("%w: the %s wheel of %s has no pocket %s", ErrBadPocket, wheelName(p.wheel), p.data.ID, pocket)
	}
	return pocket, nil
}

// ParsePocketJSON is ParseResult without a paytable, so without the wheel
// check: it reads {"pocket":"N"} strictly. The member name is exact, and
// unknown or duplicate members, a member of another game ({"dice":...}), a
// pocket written as a JSON number (17, not "17"), null, or a string that
// ParsePocket refuses ("07", "37", " 1") are errors wrapping ErrBadPocket.
func ParsePocketJSON(raw []byte) (Pocket, error) {
	if len(raw) > ResultBytesMax {
		return 0, fmt.Errorf("%w: a result of %d bytes is over the %d-byte limit", ErrBadPocket, len(raw), ResultBytesMax)
	}
	var v pocketJSON
	if err := json.Unmarshal(raw, &v, json.RejectUnknownMembers(true), json.MatchCaseInsensitiveNames(false)); err != nil {
		return 0, fmt.Errorf("%w: a roulette result is {\"pocket\":\"N\"}: %v", ErrBadPocket, jsonerr.Stable(err))
	}
	if v.Pocket == nil {
		return 0, fmt.Errorf("%w: a roulette result is {\"pocket\":\"N\"}, with a pocket", ErrBadPocket)
	}
	return ParsePocket(*v.Pocket)
}

// JSON is the result as the events record it: {"pocket":"17"}.
func (p Pocket) JSON() []byte { return []byte(`{"pocket":"` + p.String() + `"}`) }

// Equal reports whether other is the same pocket. A pocket has one
// spelling, so equality as settled is equality of values.
func (p Pocket) Equal(other games.Result) bool {
	o, ok := other.(Pocket)
	return ok && o == p
}
