package ledger

import (
	"encoding/json"

	"github.com/wagerlog/wagerlog/events"
)

// commandJSON is json.Marshal(c), the body requestHash hashes. A slip, the
// command sent once per bet, is written by hand: encoding/json's reflection
// was about a twentieth of a slip's CPU. The bytes must stay the same, since
// the hash is stored with every event and compared with a retry's, across
// releases: TestCommandJSON_SameAsEncodingJSON holds the two together and
// fails when PlaceSlip or BetRequest gains a member.
func commandJSON(c Command) ([]byte, error) {
	if s, ok := c.(*PlaceSlip); ok {
		if b, ok := s.appendJSON(make([]byte, 0, 256)); ok {
			return b, nil
		}
	}
	return json.Marshal(c)
}

// appendJSON appends s as encoding/json encodes it, or reports false for
// what it leaves to encoding/json (a printed slip, a decimal package
// global changed).
func (s *PlaceSlip) appendJSON(b []byte) ([]byte, bool) {
	if s.Print != nil {
		return b, false
	}
	ok := true
	b = append(b, `{"table":`...)
	b = events.AppendString(b, s.Table)
	if s.Round != "" {
		b = append(b, `,"round":`...)
		b = events.AppendString(b, s.Round)
	}
	b = append(b, `,"player":`...)
	b = events.AppendString(b, s.Player)
	b = append(b, `,"bets":`...)
	if s.Bets == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, r := range s.Bets {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"code":`...)
			b = events.AppendString(b, r.Code)
			b = append(b, `,"stake":`...)
			if b, ok = events.AppendDecimal(b, r.Stake); !ok {
				return b, false
			}
			if r.Working {
				b = append(b, `,"working":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if s.Funding != "" {
		b = append(b, `,"funding":`...)
		b = events.AppendString(b, s.Funding)
	}
	return append(b, '}'), true
}
