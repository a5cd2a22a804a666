// Package amountjson writes the amounts of an encoded JSON document with
// their currency's decimals ("3731" in EUR is "3731.00", in CLP "3731")
// and its percentages with a fixed number of decimals.
//
// The ledger and the reports keep decimal.Decimal values, which encode
// with as few decimals as the value needs; finance reads the columns, and
// "3731" next to "31.55" is a defect in a spreadsheet. A value is only
// ever padded, never rounded: an amount finer than its currency keeps its
// decimals.
//
// Which members are amounts is not guessed from their text (a player id
// may be "123"): it is every member that the Go types of the document
// declare as a decimal.Decimal, found by reflection once. The currency of
// an amount is the nearest "currency" member around it: in its own object
// or in an enclosing one. An object listed as keyed by currency (a large-win
// threshold per currency) takes each member's name as its currency.
package amountjson

import (
	"bytes"
	"reflect"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"
)

// Renderer rewrites the amounts of encoded documents of given Go types.
// Its zero value rewrites nothing; New builds one.
type Renderer struct {
	scales   map[string]int32
	amounts  map[string]bool
	lists    map[string]bool
	percents map[string]int32
	padPct   bool
	keyed    map[string]bool
}

// Options are what a Renderer needs beyond the document's types.
type Options struct {
	// Scales maps a currency to its decimals.
	Scales map[string]int32
	// Percents maps the members that hold a percentage to their decimals;
	// they are rounded half away from zero to them, not padded, unless
	// PadPercents is set.
	Percents map[string]int32
	// PadPercents pads percentages to their decimals like amounts (a
	// finer value keeps its decimals) instead of rounding them: the API
	// answers what the projections hold, never less.
	PadPercents bool
	// KeyedByCurrency names the members whose value is an object keyed by
	// currency, each member an amount of that currency.
	KeyedByCurrency []string
}

var (
	typeDecimal    = reflect.TypeOf(decimal.Decimal{})
	typeDecimalPtr = reflect.TypeOf(&decimal.Decimal{})
)

// New returns a renderer for documents of the given types.
func New(opts Options, types ...reflect.Type) *Renderer {
	r := &Renderer{scales: opts.Scales, amounts: map[string]bool{}, lists: map[string]bool{}, percents: opts.Percents, padPct: opts.PadPercents, keyed: map[string]bool{}}
	seen := map[reflect.Type]bool{}
	for _, t := range types {
		r.collect(t, seen)
	}
	for name := range opts.Percents {
		delete(r.amounts, name)
	}
	for _, k := range opts.KeyedByCurrency {
		r.keyed[k] = true
		delete(r.amounts, k)
	}
	return r
}

// collect adds the decimal members of t and of the types it holds.
func (r *Renderer) collect(t reflect.Type, seen map[reflect.Type]bool) {
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
		if name == "-" || !f.IsExported() {
			continue
		}
		if f.Anonymous && name == "" {
			r.collect(f.Type, seen)
			continue
		}
		if name == "" {
			name = f.Name
		}
		if f.Type == typeDecimal || f.Type == typeDecimalPtr {
			r.amounts[name] = true
			continue
		}
		if f.Type.Kind() == reflect.Slice && f.Type.Elem() == typeDecimal {
			// A list of amounts of one currency (a pool's balances).
			r.lists[name] = true
			continue
		}
		r.collect(f.Type, seen)
	}
}

// Amount reports whether name is an amount member of the document's
// types (a caller that encodes some answers itself checks it agrees).
func (r *Renderer) Amount(name string) bool { return r.amounts[name] }

// Render returns body with its amounts written with their currency's
// decimals and its percentages with theirs. Unscoped lists the amount
// members that had no currency in scope and were left as they were
// (by name, once each; a zero with no currency is not one), so that a
// caller can require none.
func (r *Renderer) Render(body []byte) (out []byte, unscoped []string, err error) {
	w := walk{Renderer: r, seen: map[string]bool{}}
	out, err = w.value(jsontext.Value(body), -1)
	return out, w.unscoped, err
}

type walk struct {
	*Renderer
	seen     map[string]bool
	unscoped []string
}

// value renders one JSON value; scale is the decimals of the currency in
// scope, -1 when none is.
func (w *walk) value(v jsontext.Value, scale int32) ([]byte, error) {
	switch v.Kind() {
	case '{':
		return w.object(v, scale, false)
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
			out, err := w.value(item, scale)
			if err != nil {
				return nil, err
			}
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.Write(out)
		}
		buf.WriteByte(']')
		return buf.Bytes(), nil
	}
	return v, nil
}

// object renders an object: its own currency, if any, sets the scale of
// its amounts and of the values it holds. A keyed object's members are
// amounts of the currency they are named for.
func (w *walk) object(v jsontext.Value, scale int32, keyed bool) ([]byte, error) {
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
			if unquote(val, &cur) {
				if s, ok := w.scales[cur]; ok {
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
		pct, isPct := w.percents[name]
		switch {
		case keyed && val.Kind() == '"':
			s, ok := w.scales[name]
			if !ok {
				w.miss(name)
				buf.Write(val)
				continue
			}
			buf.Write(padded(val, s))
		case val.Kind() == '"' && isPct && w.padPct:
			buf.Write(padded(val, pct))
		case val.Kind() == '"' && isPct:
			buf.Write(rounded(val, pct))
		case val.Kind() == '"' && w.amounts[name]:
			if scale < 0 {
				// A zero with no currency (a day with no activity)
				// has no form to take; anything else is a miss.
				if d, ok := decimalOf(val); !ok || !d.IsZero() {
					w.miss(name)
				}
				buf.Write(val)
				continue
			}
			buf.Write(padded(val, scale))
		case val.Kind() == '[' && w.lists[name] && scale >= 0:
			out, err := paddedList(val, scale)
			if err != nil {
				return nil, err
			}
			buf.Write(out)
		case val.Kind() == '{' && w.keyed[name]:
			out, err := w.object(val, scale, true)
			if err != nil {
				return nil, err
			}
			buf.Write(out)
		default:
			out, err := w.value(val, scale)
			if err != nil {
				return nil, err
			}
			buf.Write(out)
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

func (w *walk) miss(name string) {
	if !w.seen[name] {
		w.seen[name] = true
		w.unscoped = append(w.unscoped, name)
	}
}

// padded returns the JSON string val, a decimal, with at least decimals
// decimals; anything else is returned as it is.
func padded(val jsontext.Value, decimals int32) []byte {
	d, ok := decimalOf(val)
	if !ok {
		return val
	}
	decimals = max(decimals, -d.Exponent())
	return quote(val, d.StringFixed(decimals))
}

// paddedList returns the JSON array val with each string item padded as
// an amount; other items are kept as they are.
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

// rounded returns the JSON string val, a decimal, rounded half away from
// zero to decimals.
func rounded(val jsontext.Value, decimals int32) []byte {
	d, ok := decimalOf(val)
	if !ok {
		return val
	}
	return quote(val, d.StringFixed(decimals))
}

func decimalOf(val jsontext.Value) (decimal.Decimal, bool) {
	var s string
	if !unquote(val, &s) || strings.ContainsAny(s, "eE") {
		return decimal.Decimal{}, false
	}
	d, err := decimal.NewFromString(s)
	return d, err == nil
}

func quote(val jsontext.Value, s string) []byte {
	q, err := jsontext.AppendQuote(nil, s)
	if err != nil {
		return val
	}
	return q
}

// unquote reads a JSON string value.
func unquote(v jsontext.Value, s *string) bool {
	tok, err := jsontext.NewDecoder(bytes.NewReader(v)).ReadToken()
	if err != nil || tok.Kind() != '"' {
		return false
	}
	*s = tok.String()
	return true
}
