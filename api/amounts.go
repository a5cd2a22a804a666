package api

import (
	"bytes"
	"reflect"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"
)

// PercentDecimals is how many decimals a percentage is written with.
const PercentDecimals = 2

// Amounts in answers are written with their currency's decimals ("87.70",
// "0.00"), percentages with two ("33.30"): finance reads these columns, and
// "87.7" next to "12.35" is a defect in a spreadsheet. The ledger and the
// projections keep decimal.Decimal values, which encode with as few
// decimals as the value needs; the API renders them here, at its edge, in
// one place, for every JSON answer (reads, write answers, the live board).
//
// A value is only ever padded, never rounded: a residue (the fraction of
// the smallest unit the rounding policy did not pay) keeps its decimals.
//
// Which members are amounts is not guessed from their text (a player id may
// be "123"): it is every member that the Go types of the answers declare as
// a decimal.Decimal, found by reflection once. The currency of an amount is
// the nearest "currency" member around it: in its own object or in an
// enclosing one (a round's bets take the round's currency).

// amountRenderer rewrites the amounts of encoded answers.
type amountRenderer struct {
	// scales maps a currency to its decimals.
	scales map[string]int32
	// amounts are the member names that hold amounts; percents the ones
	// that hold percentages.
	amounts map[string]bool
	// lists are the member names that hold lists of amounts (a pool's
	// balances).
	lists map[string]bool
	// direct is true when a command's Result can be encoded directly,
	// its amounts written as it goes (resultanswer.go).
	direct bool
}

// percentMember is the name of the percentage members (projections.Count).
const percentMember = "percent"

var typeDecimalPtr = reflect.TypeOf(&decimal.Decimal{})

// newAmountRenderer returns a renderer for the answers of types.
func newAmountRenderer(scales map[string]int32, types ...reflect.Type) *amountRenderer {
	a := &amountRenderer{scales: scales, amounts: map[string]bool{}, lists: map[string]bool{}}
	seen := map[reflect.Type]bool{}
	for _, t := range types {
		a.collect(t, seen)
	}
	delete(a.amounts, percentMember)
	a.direct = a.directResult()
	return a
}

// collect adds the decimal members of t and the types it holds.
func (a *amountRenderer) collect(t reflect.Type, seen map[reflect.Type]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || seen[t] {
		return
	}
	seen[t] = true
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if f.Type == typeDecimal || f.Type == typeDecimalPtr {
			a.amounts[name] = true
			continue
		}
		if f.Type.Kind() == reflect.Slice && f.Type.Elem() == typeDecimal {
			a.lists[name] = true
			continue
		}
		a.collect(f.Type, seen)
	}
}

// render returns body with its amounts written with their currency's
// decimals; a body it cannot parse is returned as it is.
func (a *amountRenderer) render(body []byte) []byte {
	out, err := a.value(jsontext.Value(body), -1)
	if err != nil {
		return body
	}
	return out
}

// value renders one JSON value; scale is the decimals of the currency in
// scope, -1 when none is.
func (a *amountRenderer) value(v jsontext.Value, scale int32) ([]byte, error) {
	switch v.Kind() {
	case '{':
		return a.object(v, scale)
	case '[':
		var buf bytes.Buffer
		dec := jsontext.NewDecoder(bytes.NewReader(v))
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		buf.WriteByte('[')
		for i := 0; dec.PeekKind() != ']'; i++ {
			item, err := dec.ReadValue()
			if err != nil {
				return nil, err
			}
			r, err := a.value(item, scale)
			if err != nil {
				return nil, err
			}
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.Write(r)
		}
		buf.WriteByte(']')
		return buf.Bytes(), nil
	}
	return v, nil
}

// object renders an object: its own currency, if any, sets the scale of
// its amounts and of the values it holds.
func (a *amountRenderer) object(v jsontext.Value, scale int32) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(v))
	if _, err := dec.ReadToken(); err != nil {
		return nil, err
	}
	var names []string
	var vals []jsontext.Value
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		// The token is valid until the next call of the decoder.
		name := tok.String()
		val, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		names = append(names, name)
		vals = append(vals, val.Clone())
		if name == "currency" && val.Kind() == '"' {
			var cur string
			if jsonUnquote(val, &cur) {
				if s, ok := a.scales[cur]; ok {
					scale = s
				}
			}
		}
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, name := range names {
		if i > 0 {
			buf.WriteByte(',')
		}
		q, err := jsontext.AppendQuote(nil, name)
		if err != nil {
			return nil, err
		}
		buf.Write(q)
		buf.WriteByte(':')
		val := vals[i]
		switch {
		case val.Kind() == '"' && name == percentMember:
			buf.Write(padded(val, PercentDecimals))
		case val.Kind() == '"' && a.amounts[name] && scale >= 0:
			buf.Write(padded(val, scale))
		case val.Kind() == '[' && a.lists[name] && scale >= 0:
			r, err := paddedList(val, scale)
			if err != nil {
				return nil, err
			}
			buf.Write(r)
		default:
			r, err := a.value(val, scale)
			if err != nil {
				return nil, err
			}
			buf.Write(r)
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// paddedList returns the JSON array val with each string item padded
// as an amount; other items are kept as they are.
func paddedList(val jsontext.Value, decimals int32) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(val))
	if _, err := dec.ReadToken(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i := 0; dec.PeekKind() != ']'; i++ {
		item, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.Write(padded(item.Clone(), decimals))
	}
	buf.WriteByte(']')
	return buf.Bytes(), nil
}

// padded returns the JSON string val, a decimal, with at least decimals
// decimals; anything else is returned as it is.
func padded(val jsontext.Value, decimals int32) []byte {
	var s string
	if !jsonUnquote(val, &s) {
		return val
	}
	d, err := decimal.NewFromString(s)
	if err != nil || strings.ContainsAny(s, "eE") {
		return val
	}
	if own := -d.Exponent(); own > decimals {
		decimals = own
	}
	q, err := jsontext.AppendQuote(nil, d.StringFixed(decimals))
	if err != nil {
		return val
	}
	return q
}

// jsonUnquote reads a JSON string value.
func jsonUnquote(v jsontext.Value, s *string) bool {
	tok, err := jsontext.NewDecoder(bytes.NewReader(v)).ReadToken()
	if err != nil || tok.Kind() != '"' {
		return false
	}
	*s = tok.String()
	return true
}
