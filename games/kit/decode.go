package kit

import (
	"bytes"
	"fmt"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/cards"
)

// Strict are the options of every game's strict decoder of results and
// settle lines: unknown members are refused and names match exactly (the
// package refuses duplicate members by default).
func Strict() json.Options {
	return json.JoinOptions(json.RejectUnknownMembers(true), json.MatchCaseInsensitiveNames(false))
}

// LineStake reads a settle line's stake, written as a JSON string or
// number, so that both "10.00" and 10.00 are the exact decimal written.
// Its errors wrap bad, the game's stake error.
func LineStake(v jsontext.Value, bad error) (decimal.Decimal, error) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || bytes.Equal(v, []byte("null")) {
		return decimal.Decimal{}, fmt.Errorf("%w: no stake", bad)
	}
	text := string(v)
	if v[0] == '"' {
		if err := json.Unmarshal(v, &text); err != nil {
			return decimal.Decimal{}, fmt.Errorf("%w: %v", bad, err)
		}
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("%w: %q is not a decimal number", bad, cards.Cut(text))
	}
	return d, nil
}
