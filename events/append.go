package events

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// The ledger encodes every event it writes, and encoding/json's reflection
// (with a second pass over the payload to compact it again) was a quarter
// of its CPU per bet. The appenders below write the envelope, and the
// payloads written once per bet, directly into one buffer. They must give
// exactly the bytes encoding/json gives, since those bytes are hashed and
// stored: each one writes only what it knows it writes the same way and
// reports false otherwise (a time outside the years JSON can hold, a
// decimal package global set to another spelling, a raw member that would
// need compacting or escaping), and the caller then encodes the whole value
// with encoding/json. append_test.go holds them to encoding/json byte for
// byte, and fails when a payload struct gains a member they do not write.

// AppendString appends s as encoding/json writes a string: printable ASCII
// other than the characters it escapes is copied, anything else is left to
// encoding/json itself (control characters, HTML's <, > and &, invalid
// UTF-8, U+2028 and U+2029).
func AppendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if !plainByte[s[i]] {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// plainByte says which bytes AppendString copies as they are.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendUUID appends id as its JSON string, as uuid.UUID.MarshalText spells
// it (lower-case, with dashes).
func appendUUID(b []byte, id uuid.UUID) []byte {
	var buf [36]byte
	hex.Encode(buf[0:8], id[0:4])
	buf[8] = '-'
	hex.Encode(buf[9:13], id[4:6])
	buf[13] = '-'
	hex.Encode(buf[14:18], id[6:8])
	buf[18] = '-'
	hex.Encode(buf[19:23], id[8:10])
	buf[23] = '-'
	hex.Encode(buf[24:], id[10:])
	b = append(b, '"')
	b = append(b, buf[:]...)
	return append(b, '"')
}

// appendHash appends h as its JSON string (Hash.MarshalText).
func appendHash(b []byte, h Hash) []byte {
	var buf [2 * HashSize]byte
	hex.Encode(buf[:], h[:])
	b = append(b, '"')
	b = append(b, buf[:]...)
	return append(b, '"')
}

// decimalDigitsMax is the most digits a coefficient may have for
// AppendDecimal to spell it itself: any 18-digit number fits an int64.
const decimalDigitsMax = 18

// AmountExponentOK reports whether exp is an exponent an amount of the
// stream can have: the stream spells amounts as text, which
// decimal.NewFromString reads only up to decimal.MaxDecodeExponent either
// way. A stored amount (a projections record, a checkpoint) beyond it is
// damage, and taken as it is it would spell itself in millions of digits.
func AmountExponentOK(exp int64) bool {
	return -int64(decimal.MaxDecodeExponent) <= exp && exp <= int64(decimal.MaxDecodeExponent)
}

// AppendDecimal appends d as decimal.Decimal.MarshalJSON writes it (its
// String between quotes) without going through math/big's String, which
// allocates a few times per amount. It reports false when the decimal
// package's globals ask for another spelling; a coefficient of more than
// 18 digits is spelt by d.String itself.
func AppendDecimal(b []byte, d decimal.Decimal) ([]byte, bool) {
	if decimal.MarshalJSONWithoutQuotes || !decimal.TrimTrailingZeros || decimal.UseScientificNotation {
		return b, false
	}
	b = append(b, '"')
	digits, exp := d.NumDigits(), int(d.Exponent())
	switch {
	case digits > decimalDigitsMax || (exp > 0 && digits+exp > decimalDigitsMax):
		b = append(b, d.String()...)
	case exp >= 0:
		c := d.CoefficientInt64()
		for range exp {
			c *= 10
		}
		b = strconv.AppendInt(b, c, 10)
	default:
		// As decimal's string(trimTrailingZeros): the integer part, then
		// the fraction without its trailing zeros, if any is left.
		c := d.CoefficientInt64()
		if c < 0 {
			b = append(b, '-')
			c = -c
		}
		var buf [20]byte
		str := strconv.AppendInt(buf[:0], c, 10)
		n := -exp
		var intPart, frac []byte
		lead := 0
		if len(str) > n {
			intPart, frac = str[:len(str)-n], str[len(str)-n:]
		} else {
			intPart, frac, lead = []byte{'0'}, str, n-len(str)
		}
		for len(frac) > 0 && frac[len(frac)-1] == '0' {
			frac = frac[:len(frac)-1]
		}
		b = append(b, intPart...)
		if len(frac) > 0 {
			b = append(b, '.')
			for range lead {
				b = append(b, '0')
			}
			b = append(b, frac...)
		}
	}
	return append(b, '"'), true
}

// appendRawPlain appends raw, a member encoding/json would compact and
// HTML-escape, when both leave it as it is: valid JSON with no white space
// outside its strings and none of the characters escaped (<, >, & and
// U+2028, U+2029). It reports false otherwise.
func appendRawPlain(b []byte, raw []byte) ([]byte, bool) {
	inString, escaped := false, false
	for i, c := range raw {
		switch {
		case c == '<' || c == '>' || c == '&':
			return b, false
		case c == 0xE2 && i+2 < len(raw) && raw[i+1] == 0x80 && (raw[i+2] == 0xA8 || raw[i+2] == 0xA9):
			return b, false
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			return b, false
		}
	}
	if !json.Valid(raw) {
		return b, false
	}
	return append(b, raw...), true
}

// appendEnvelope appends e as encoding/json encodes it, the payload copied
// as it is when trusted (it was written by marshalPayload, compact and
// escaped) and otherwise only when appendRawPlain finds it unchanged by
// encoding/json's compaction. It reports false when it cannot write e
// byte for byte as encoding/json would.
func appendEnvelope(b []byte, e *Envelope, trusted bool) ([]byte, bool) {
	b, ok := appendHead(b, e)
	if !ok {
		return b, false
	}
	switch {
	case e.Payload == nil:
		// json.RawMessage(nil) marshals as null.
		b = append(b, "null"...)
	case trusted:
		b = append(b, e.Payload...)
	default:
		if b, ok = appendRawPlain(b, e.Payload); !ok {
			return b, false
		}
	}
	return appendTail(b, e)
}

// appendHead appends the members of e before its payload's value, up to
// `"payload":`.
func appendHead(b []byte, e *Envelope) ([]byte, bool) {
	ok := true
	b = append(b, `{"id":`...)
	b = appendUUID(b, e.ID)
	b = append(b, `,"type":`...)
	b = AppendString(b, string(e.Type))
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(e.Version), 10)
	b = append(b, `,"at":"`...)
	if b, ok = appendTime(b, e); !ok {
		return b, false
	}
	b = append(b, '"')
	if e.Table != "" {
		b = append(b, `,"table":`...)
		b = AppendString(b, e.Table)
	}
	if e.Round != "" {
		b = append(b, `,"round":`...)
		b = AppendString(b, e.Round)
	}
	b = append(b, `,"actor":{"id":`...)
	b = AppendString(b, e.Actor.ID)
	b = append(b, `,"role":`...)
	b = AppendString(b, e.Actor.Role)
	b = append(b, '}')
	if e.IdempotencyKey != "" {
		b = append(b, `,"idem":`...)
		b = AppendString(b, e.IdempotencyKey)
	}
	if e.RequestHash != "" {
		b = append(b, `,"req":`...)
		b = AppendString(b, e.RequestHash)
	}
	if e.CorrelationID != "" {
		b = append(b, `,"corr":`...)
		b = AppendString(b, e.CorrelationID)
	}
	b = append(b, `,"payload":`...)
	return b, true
}

// appendTail appends the members of e after its payload, to the end.
func appendTail(b []byte, e *Envelope) ([]byte, bool) {
	ok := true
	if len(e.Postings) > 0 {
		b = append(b, `,"postings":[`...)
		for i := range e.Postings {
			p := &e.Postings[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"from":`...)
			b = AppendString(b, p.From)
			b = append(b, `,"to":`...)
			b = AppendString(b, p.To)
			b = append(b, `,"amount":`...)
			if b, ok = AppendDecimal(b, p.Amount); !ok {
				return b, false
			}
			b = append(b, `,"currency":`...)
			b = AppendString(b, p.Currency)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"prev":`...)
	b = appendHash(b, e.PrevHash)
	b = append(b, `,"hash":`...)
	b = appendHash(b, e.Hash)
	return append(b, '}'), true
}

// appendTime appends e.OccurredAt as time.Time.MarshalJSON writes it,
// without the quotes; it reports false for a time JSON cannot hold.
func appendTime(b []byte, e *Envelope) ([]byte, bool) {
	out, err := e.OccurredAt.AppendText(b)
	if err != nil {
		return b, false
	}
	return out, true
}

// envelopeBytesHint is the capacity the encoding of an event starts with:
// room for a typical bet's event without growing.
const envelopeBytesHint = 1536

// marshalPayload is json.Marshal(payload), written by the payload's own
// appender for the types the ledger writes once per bet.
func marshalPayload(payload Payload) ([]byte, error) {
	if b, ok := appendPayload(make([]byte, 0, payloadBytesHint), payload); ok {
		return b, nil
	}
	return json.Marshal(payload)
}

// appendPayload appends payload as encoding/json encodes it when it is of
// a type written by hand here, or reports false.
func appendPayload(b []byte, payload Payload) ([]byte, bool) {
	switch p := payload.(type) {
	case *BetPlaced:
		return p.appendJSON(b)
	case *BetSettled:
		return p.appendJSON(b)
	}
	return b, false
}

// payloadBytesHint is the capacity a payload's encoding starts with.
const payloadBytesHint = 768

// appendJSON appends p as encoding/json encodes it, or reports false.
func (p *BetPlaced) appendJSON(b []byte) ([]byte, bool) {
	ok := true
	b = append(b, `{"slip":`...)
	b = AppendString(b, p.Slip)
	b = append(b, `,"player":`...)
	b = AppendString(b, p.Player)
	b = append(b, `,"table":`...)
	b = AppendString(b, p.Table)
	b = append(b, `,"round":`...)
	b = AppendString(b, p.Round)
	b = append(b, `,"currency":`...)
	b = AppendString(b, p.Currency)
	b = append(b, `,"bets":`...)
	if p.Bets == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range p.Bets {
			if i > 0 {
				b = append(b, ',')
			}
			if b, ok = p.Bets[i].appendJSON(b); !ok {
				return b, false
			}
		}
		b = append(b, ']')
	}
	for _, m := range [...]struct {
		name string
		d    decimal.Decimal
	}{{`,"total":`, p.Total}, {`,"balance_before":`, p.BalanceBefore}, {`,"balance_after":`, p.BalanceAfter}} {
		b = append(b, m.name...)
		if b, ok = AppendDecimal(b, m.d); !ok {
			return b, false
		}
	}
	if p.Funding != "" {
		b = append(b, `,"funding":`...)
		b = AppendString(b, p.Funding)
	}
	if p.Carried {
		b = append(b, `,"carried":true`...)
	}
	return append(b, '}'), true
}

// appendJSON appends p as encoding/json encodes it, or reports false.
func (p *PlacedBet) appendJSON(b []byte) ([]byte, bool) {
	ok := true
	b = append(b, `{"bet":`...)
	b = AppendString(b, p.Bet)
	b = append(b, `,"code":`...)
	b = AppendString(b, p.Code)
	b = append(b, `,"stake":`...)
	if b, ok = AppendDecimal(b, p.Stake); !ok {
		return b, false
	}
	if p.Working {
		b = append(b, `,"working":true`...)
	}
	// omitzero: encoding/json asks decimal.Decimal's IsZero.
	if !p.Commission.IsZero() {
		b = append(b, `,"commission":`...)
		if b, ok = AppendDecimal(b, p.Commission); !ok {
			return b, false
		}
	}
	if !p.Held.IsZero() {
		b = append(b, `,"held":`...)
		if b, ok = AppendDecimal(b, p.Held); !ok {
			return b, false
		}
	}
	return append(b, '}'), true
}

// appendJSON appends p as encoding/json encodes it, or reports false.
func (p *BetSettled) appendJSON(b []byte) ([]byte, bool) {
	ok := true
	b = append(b, `{"table":`...)
	b = AppendString(b, p.Table)
	b = append(b, `,"round":`...)
	b = AppendString(b, p.Round)
	b = append(b, `,"slip":`...)
	b = AppendString(b, p.Slip)
	b = append(b, `,"bet":`...)
	b = AppendString(b, p.Bet)
	b = append(b, `,"player":`...)
	b = AppendString(b, p.Player)
	b = append(b, `,"code":`...)
	b = AppendString(b, p.Code)
	b = append(b, `,"stake":`...)
	if b, ok = AppendDecimal(b, p.Stake); !ok {
		return b, false
	}
	b = append(b, `,"currency":`...)
	b = AppendString(b, p.Currency)
	if p.Dice != [3]int{} {
		b = append(b, `,"dice":[`...)
		for i, d := range p.Dice {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(d), 10)
		}
		b = append(b, ']')
	}
	if len(p.Result) > 0 {
		b = append(b, `,"result":`...)
		if b, ok = appendRawPlain(b, p.Result); !ok {
			return b, false
		}
	}
	b = append(b, `,"outcome":`...)
	b = AppendString(b, p.Outcome)
	for _, m := range [...]struct {
		name string
		d    decimal.Decimal
	}{{`,"win":`, p.Win}, {`,"returned":`, p.Returned}, {`,"residue":`, p.Residue}} {
		b = append(b, m.name...)
		if b, ok = AppendDecimal(b, m.d); !ok {
			return b, false
		}
	}
	if p.ResidueExact != "" {
		b = append(b, `,"residue_exact":`...)
		b = AppendString(b, p.ResidueExact)
	}
	b = append(b, `,"rule":`...)
	b = AppendString(b, p.Rule)
	b = append(b, `,"paytable":`...)
	b = AppendString(b, p.Paytable)
	b = append(b, `,"paytable_hash":`...)
	b = AppendString(b, p.PaytableHash)
	b = append(b, `,"correction":`...)
	b = strconv.AppendInt(b, int64(p.Correction), 10)
	if !p.Commission.IsZero() {
		b = append(b, `,"commission":`...)
		if b, ok = AppendDecimal(b, p.Commission); !ok {
			return b, false
		}
	}
	if len(p.Contributions) > 0 {
		b = append(b, `,"contributions":[`...)
		for i, c := range p.Contributions {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"pool":`...)
			b = AppendString(b, c.Pool)
			b = append(b, `,"amount":`...)
			if b, ok = AppendDecimal(b, c.Amount); !ok {
				return b, false
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if p.Counterparty != "" {
		b = append(b, `,"counterparty":`...)
		b = AppendString(b, p.Counterparty)
	}
	return append(b, '}'), true
}
