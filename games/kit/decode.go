package kit

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
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
			return decimal.Decimal{}, fmt.Errorf("%w: %v", bad, jsonerr.Stable(err))
		}
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("%w: %q is not a decimal number", bad, cards.Cut(text))
	}
	return d, nil
}

// DecodeLine reads a settle line into req, strictly: trimmed of white
// space, not empty, at most limit bytes (0: the caller's reader bounds
// it), one JSON object with no unknown member. Its errors have no code
// (invalid_request) and the wording every game's answers have.
func DecodeLine(line []byte, limit int, req any) error {
	line = bytes.TrimSpace(line)
	switch {
	case len(line) == 0:
		return errors.New("empty line")
	case limit > 0 && len(line) > limit:
		return fmt.Errorf("a settle line of %d bytes is over the %d-byte limit", len(line), limit)
	}
	if err := json.Unmarshal(line, req, Strict()); err != nil {
		return fmt.Errorf("a settle line: %v", jsonerr.Stable(err))
	}
	return nil
}

// LineDefaults completes a settle line's paytable and scale with the
// run's defaults (--paytable, --scale) and returns the scale; a line left
// with no paytable is an error (invalid_request).
func LineDefaults(paytable *string, scale *int32, defPaytable string, defScale int32) (int32, error) {
	if *paytable == "" {
		*paytable = defPaytable
	}
	s := defScale
	if scale != nil {
		s = *scale
	}
	if *paytable == "" {
		return s, errors.New(`no paytable (give "paytable")`)
	}
	return s, nil
}

// LineHead points at the members every card game's settle line has, in
// the request the line is decoded into.
type LineHead struct {
	// Paytable is the request's "paytable".
	Paytable *string
	// Scale is the request's "scale", nil when the line has none.
	Scale **int32
	// Stake is the request's raw "stake".
	Stake *jsontext.Value
}

// ReadLine does what a card game's settle line does before its own
// checks, in this order and with these errors: it decodes line into req
// (DecodeLine, at most limit bytes), completes the paytable and scale
// with the run's defaults (LineDefaults), looks the paytable up and reads
// the stake (LineStake, errors wrapping badStake). head points into req.
func ReadLine[P any](line []byte, limit int, req any, head LineHead, defPaytable string, defScale int32,
	lookup func(id string) (P, error), badStake error) (pt P, stake decimal.Decimal, scale int32, err error) {
	if err = DecodeLine(line, limit, req); err != nil {
		return pt, stake, scale, err
	}
	if scale, err = LineDefaults(head.Paytable, *head.Scale, defPaytable, defScale); err != nil {
		return pt, stake, scale, err
	}
	if pt, err = lookup(*head.Paytable); err != nil {
		return pt, stake, scale, err
	}
	stake, err = LineStake(*head.Stake, badStake)
	return pt, stake, scale, err
}

// LineFault is what a settle line's error answer says of err: its code
// (invalid_request for an error of no code), the rule it breaks
// (BrokenRule, "" for none) and its message.
func LineFault(err error) (code, rule, message string) {
	code = games.ErrorCode(err)
	if code == "" {
		code = CodeInvalidRequest
	}
	return code, BrokenRule(err), err.Error()
}

// DecodeResult decodes one result of a card game into v strictly: at
// most limit bytes, one JSON object with no unknown member. shape is the
// sentence a refused result's message starts with, what the game's
// results look like ("a War result is {…}"). Its errors are *ResultError
// of RuleResultShape.
func DecodeResult(raw []byte, limit int, v any, shape string) error {
	if len(raw) > limit {
		return ResultErrorf(RuleResultShape, "a result of %d bytes is over the %d-byte limit", len(raw), limit)
	}
	if err := json.Unmarshal(raw, v, Strict()); err != nil {
		return ResultErrorf(RuleResultShape, "%s: %v", shape, jsonerr.Stable(err))
	}
	return nil
}
