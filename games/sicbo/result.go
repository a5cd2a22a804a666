package sicbo

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"strconv"

	"github.com/go-json-experiment/json"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// ResultBytesMax bounds the JSON of a result given to ParseResult; three
// dice take about 20 bytes.
const ResultBytesMax = 256

// diceJSON is the one shape of a Sic Bo result: {"dice":[2,2,5]}.
type diceJSON struct {
	Dice []int `json:"dice"`
}

// ParseResult decodes a result as the dealer entered it, {"dice":[2,2,5]},
// strictly: member names are exact, unknown or duplicate members and a
// member of another game are refused, and each die must be 1..6. Every
// error wraps ErrBadDice.
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) {
	return ParseDice(raw)
}

// ParseDice is ParseResult without a paytable: the dice are the same for
// every Sic Bo paytable.
func ParseDice(raw []byte) (Dice, error) {
	if len(raw) > ResultBytesMax {
		return Dice{}, fmt.Errorf("%w: a result of %d bytes is over the %d-byte limit", ErrBadDice, len(raw), ResultBytesMax)
	}
	var v diceJSON
	if err := json.Unmarshal(raw, &v, json.RejectUnknownMembers(true), json.MatchCaseInsensitiveNames(false)); err != nil {
		return Dice{}, fmt.Errorf("%w: a Sic Bo result is {\"dice\":[a,b,c]}: %v", ErrBadDice, jsonerr.Stable(err))
	}
	if len(v.Dice) != 3 {
		return Dice{}, fmt.Errorf("%w: a Sic Bo result is three dice, got %d", ErrBadDice, len(v.Dice))
	}
	d := Dice{v.Dice[0], v.Dice[1], v.Dice[2]}
	return d, d.Validate()
}

// JSON is the result as the events record it: {"dice":[2,2,5]}, in the
// order entered.
func (d Dice) JSON() []byte {
	var b bytes.Buffer
	b.WriteString(`{"dice":[`)
	for i, v := range d {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// Equal reports whether other shows the same faces, in any order: the
// order of the dice never matters for settlement, so [4,2,5] corrected to
// [5,2,4] is no correction.
func (d Dice) Equal(other games.Result) bool {
	o, ok := other.(Dice)
	if !ok {
		return false
	}
	return newRoll(d).count == newRoll(o).count
}

// ResultJSON writes faces as the body of a Sic Bo result,
// {"dice":[2,2,5]}, whatever their count and values: a dealer's wrong
// entry included, for ParseDice to refuse.
func ResultJSON(faces ...int) stdjson.RawMessage {
	b := []byte(`{"dice":[`)
	for i, v := range faces {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return append(b, ']', '}')
}
