package events

import (
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// The projections read every event of the stream on a rebuild, and most of
// them are bet.placed and bet.settled events in the form the ledger writes
// them (append.go): members in one order, strings without escapes. Reading
// those through the general JSON decoder cost about 6 µs an event, 40% of a
// rebuild's CPU (docs/BENCHMARKS.md, "The projector's CPU in a rebuild");
// most of it is finding members by name and reflection.
//
// scanEvent reads an event only in exactly that form: each member at
// its place, optional members where the encoder puts them, strings of
// printable ASCII without escapes, amounts as quoted decimals, integers as
// JSON writes them. Anything else (another member order, an unknown member,
// an escape, white space, an event of another type or version) makes it
// report false, and the caller decodes the event with the general decoder.
// So it never accepts what the general decoder refuses, and where it
// accepts, it gives the same values: TestDecodeCanonical_SameAsGeneral and
// FuzzDecodeCanonical compare the two.

// scanner reads a JSON text in the ledger's canonical form. Every method
// reports false on anything else and leaves the scanner unusable.
type scanner struct {
	b  []byte
	i  int
	in *Interner
}

// Interner hands out one string for equal bytes, so that the events of a
// batch share their tables', rounds', players', codes' and rules' strings
// instead of allocating each: a bet.settled event has about twenty. It
// shares equal amounts too, which takes a rebuild's decoding from about 15
// to about 6 allocations an event (docs/BENCHMARKS.md). It holds at most
// InternerSize strings and as many amounts; past that it allocates as if
// it were not there. One goroutine uses an Interner; the zero value is
// ready.
type Interner struct {
	m map[string]string
	// d shares amounts: a decimal.Decimal holds its coefficient in a
	// *big.Int of its own, and a batch's stakes, payouts and postings
	// repeat a few values. Decimals are immutable (every operation
	// returns a new one), so equal amounts may share one
	// (TestInterner_SharedAmounts).
	d map[string]decimal.Decimal
}

// InternerSize bounds the strings an Interner keeps: the distinct
// strings of a rebuild's batch of 1,000 events are a few hundred.
const InternerSize = 4096

// decimal returns the amount written b (v·10^exp), shared with the earlier
// amounts written the same.
func (in *Interner) decimal(b []byte, v int64, exp int32) decimal.Decimal {
	if d, ok := in.d[string(b)]; ok {
		return d
	}
	d := decimal.New(v, exp)
	if in.d == nil {
		in.d = make(map[string]decimal.Decimal)
	}
	if len(in.d) < InternerSize {
		in.d[string(b)] = d
	}
	return d
}

// intern returns b as a string, shared with the earlier equal ones.
func (in *Interner) intern(b []byte) string {
	if in == nil {
		return string(b)
	}
	if s, ok := in.m[string(b)]; ok { // no allocation: the compiler's map lookup
		return s
	}
	s := string(b)
	if in.m == nil {
		// No size hint: the projector of a running server prepares
		// batches of a few events, and a map sized for a rebuild's
		// batch of 1,000 was 335 MB of the 5.9 GB a run of wagerlog
		// bench --http-only allocated (docs/BENCHMARKS.md, "Clients
		// that read the table's sign").
		in.m = make(map[string]string)
	}
	if len(in.m) < InternerSize {
		in.m[s] = s
	}
	return s
}

// lit consumes s if the input continues with it.
func (s *scanner) lit(l string) bool {
	if len(s.b)-s.i < len(l) || string(s.b[s.i:s.i+len(l)]) != l {
		return false
	}
	s.i += len(l)
	return true
}

// peek reports whether the input continues with l, without consuming it.
func (s *scanner) peek(l string) bool {
	return len(s.b)-s.i >= len(l) && string(s.b[s.i:s.i+len(l)]) == l
}

// rawString consumes a JSON string of printable ASCII without escapes and
// returns its content. AppendString writes every string of the ledger's
// identifiers, codes and rules this way.
func (s *scanner) rawString() ([]byte, bool) {
	if s.i >= len(s.b) || s.b[s.i] != '"' {
		return nil, false
	}
	start := s.i + 1
	for j := start; j < len(s.b); j++ {
		c := s.b[j]
		if c == '"' {
			s.i = j + 1
			return s.b[start:j], true
		}
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return nil, false
		}
	}
	return nil, false
}

// str is rawString as a Go string.
func (s *scanner) str() (string, bool) {
	b, ok := s.rawString()
	if !ok {
		return "", false
	}
	return s.in.intern(b), true
}

// dec consumes an amount written as a quoted decimal, as AppendDecimal
// writes it, and parses it as decimal.Decimal.UnmarshalJSON does.
func (s *scanner) dec() (decimal.Decimal, bool) {
	b, ok := s.rawString()
	if !ok {
		return decimal.Decimal{}, false
	}
	// The ledger's amounts are short: sign, digits, a point. For up to 18
	// digits NewFromString computes decimal.New(digits, -decimals); so do
	// we, without copying the bytes to a string first.
	j, neg := 0, false
	if len(b) > 0 && b[0] == '-' {
		j, neg = 1, true
	}
	var v int64
	digits, point := 0, -1
	for ; j < len(b); j++ {
		switch c := b[j]; {
		case c >= '0' && c <= '9':
			v = v*10 + int64(c-'0')
			digits++
		case c == '.' && point < 0 && digits > 0:
			point = digits
		default:
			return decimal.Decimal{}, false
		}
	}
	if digits == 0 || digits > 18 || point == digits {
		return decimal.Decimal{}, false
	}
	exp := int32(0)
	if point >= 0 {
		exp = int32(point - digits)
	}
	if neg {
		v = -v
	}
	if s.in == nil {
		return decimal.New(v, exp), true
	}
	return s.in.decimal(b, v, exp), true
}

// integer consumes a JSON integer as strconv.AppendInt writes it: no
// leading zero, no fraction or exponent, within 18 digits.
func (s *scanner) integer() (int, bool) {
	start := s.i
	if s.i < len(s.b) && s.b[s.i] == '-' {
		s.i++
	}
	digits := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	n := s.i - digits
	if n == 0 || n > 18 || (n > 1 && s.b[digits] == '0') {
		return 0, false
	}
	if s.i < len(s.b) && (s.b[s.i] == '.' || s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		return 0, false
	}
	v, err := strconv.Atoi(string(s.b[start:s.i]))
	return v, err == nil
}

// canonicalTime reports whether b is a time as the ledger writes it,
// time.Time.AppendText in UTC: "2006-01-02T15:04:05" with an optional
// fraction of 1 to 9 digits, then "Z".
func canonicalTime(b []byte) bool {
	const layout = "0000-00-00T00:00:00"
	if len(b) < len(layout)+1 || b[len(b)-1] != 'Z' {
		return false
	}
	for i := range len(layout) {
		if layout[i] == '0' {
			if b[i] < '0' || b[i] > '9' {
				return false
			}
		} else if b[i] != layout[i] {
			return false
		}
	}
	frac := b[len(layout) : len(b)-1]
	if len(frac) == 0 {
		return true
	}
	if frac[0] != '.' || len(frac) < 2 || len(frac) > 10 {
		return false
	}
	for _, c := range frac[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// parseCanonicalTime parses a time canonicalTime accepts, as time.Parse
// with time.RFC3339Nano does, and reports false for one it would refuse (a
// month, day, hour, minute or second out of range).
func parseCanonicalTime(b []byte) (time.Time, bool) {
	if !canonicalTime(b) {
		return time.Time{}, false
	}
	num := func(from, to int) int {
		n := 0
		for _, c := range b[from:to] {
			n = n*10 + int(c-'0')
		}
		return n
	}
	y, mo, d := num(0, 4), num(5, 7), num(8, 10)
	h, mi, sec := num(11, 13), num(14, 16), num(17, 19)
	ns := 0
	if frac := b[19 : len(b)-1]; len(frac) > 0 {
		ns = num(20, len(b)-1)
		for range 10 - len(frac) {
			ns *= 10
		}
	}
	if mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, ns, time.UTC)
	if t.Day() != d { // the 31st of a 30-day month, the 29th of February
		return time.Time{}, false
	}
	return t, true
}

// scanEvent decodes data when it is a bet.placed or bet.settled event of
// version version in the canonical form (see above), and reports false for
// anything else: light as DecodeForProjection does (PrevHash, Hash,
// IdempotencyKey, RequestHash and CorrelationID left out), or else as
// DecodeWithPayload does.
func scanEvent(data []byte, version func(Type) int, in *Interner, light bool) (Envelope, Payload, bool) {
	var e Envelope
	s := scanner{b: data, in: in}
	if !s.lit(`{"id":`) {
		return e, nil, false
	}
	id, ok := s.rawString()
	if !ok || len(id) != 36 {
		return e, nil, false
	}
	var err error
	if e.ID, err = uuid.ParseBytes(id); err != nil || e.ID.Version() != 7 || e.ID.Variant() != uuid.RFC4122 {
		return e, nil, false
	}
	switch {
	case s.lit(`,"type":"bet.settled","v":`):
		e.Type = TypeBetSettled
	case s.lit(`,"type":"bet.placed","v":`):
		e.Type = TypeBetPlaced
	default:
		return e, nil, false
	}
	if e.Version, ok = s.integer(); !ok || e.Version != version(e.Type) {
		return e, nil, false
	}
	if !s.lit(`,"at":`) {
		return e, nil, false
	}
	at, ok := s.rawString()
	if !ok {
		return e, nil, false
	}
	if e.OccurredAt, ok = parseCanonicalTime(at); !ok {
		return e, nil, false
	}
	if s.lit(`,"table":`) {
		if e.Table, ok = s.str(); !ok {
			return e, nil, false
		}
	}
	if s.lit(`,"round":`) {
		if e.Round, ok = s.str(); !ok {
			return e, nil, false
		}
	}
	if !s.lit(`,"actor":{"id":`) {
		return e, nil, false
	}
	if e.Actor.ID, ok = s.str(); !ok || !s.lit(`,"role":`) {
		return e, nil, false
	}
	if e.Actor.Role, ok = s.str(); !ok || !s.lit(`}`) {
		return e, nil, false
	}
	// What DecodeForProjection leaves out: read, kept only when not light.
	for _, m := range [...]struct {
		name string
		into *string
	}{{`,"idem":`, &e.IdempotencyKey}, {`,"req":`, &e.RequestHash}, {`,"corr":`, &e.CorrelationID}} {
		if s.lit(m.name) {
			v, ok := s.rawString()
			if !ok {
				return e, nil, false
			}
			if !light {
				*m.into = string(v)
			}
		}
	}
	if !s.lit(`,"payload":`) {
		return e, nil, false
	}
	var p Payload
	switch e.Type {
	case TypeBetSettled:
		p, ok = s.betSettled()
	case TypeBetPlaced:
		p, ok = s.betPlaced()
	}
	if !ok {
		return e, nil, false
	}
	if s.lit(`,"postings":[`) {
		if e.Postings, ok = s.postings(); !ok {
			return e, nil, false
		}
	}
	for _, m := range [...]struct {
		name string
		into *Hash
	}{{`,"prev":`, &e.PrevHash}, {`,"hash":`, &e.Hash}} {
		if !s.lit(m.name) {
			return e, nil, false
		}
		h, ok := s.rawString()
		if !ok || len(h) != 2*HashSize {
			return e, nil, false
		}
		if !light {
			if *m.into, err = parseHash(h); err != nil {
				return e, nil, false
			}
		}
	}
	if !s.lit(`}`) || s.i != len(s.b) {
		return e, nil, false
	}
	return e, p, true
}

// postings reads the members of a postings array after its '['.
func (s *scanner) postings() ([]Posting, bool) {
	var out []Posting
	for {
		var p Posting
		var ok bool
		if !s.lit(`{"from":`) {
			return nil, false
		}
		if p.From, ok = s.str(); !ok || !s.lit(`,"to":`) {
			return nil, false
		}
		if p.To, ok = s.str(); !ok || !s.lit(`,"amount":`) {
			return nil, false
		}
		if p.Amount, ok = s.dec(); !ok || !s.lit(`,"currency":`) {
			return nil, false
		}
		if p.Currency, ok = s.str(); !ok || !s.lit(`}`) {
			return nil, false
		}
		out = append(out, p)
		if s.lit(`]`) {
			return out, true
		}
		if !s.lit(`,`) {
			return nil, false
		}
	}
}

// strings reads string members in order: each name (`,"x":` or `{"x":`)
// then a string into its target.
func (s *scanner) strings(ms ...stringMember) bool {
	for _, m := range ms {
		if !s.lit(m.name) {
			return false
		}
		v, ok := s.str()
		if !ok {
			return false
		}
		*m.into = v
	}
	return true
}

// id reads one string member (name, then the string) that names something
// few events mention (a bet): not interned, since looking it up and adding
// it to the interner's table costs more than the copy it might save, and
// it would fill the table that the strings that recur (tables, rounds,
// players, codes) need.
func (s *scanner) id(name string, into *string) bool {
	if !s.lit(name) {
		return false
	}
	b, ok := s.rawString()
	if ok {
		*into = string(b)
	}
	return ok
}

// stringMember is a member read by scanner.strings.
type stringMember struct {
	name string
	into *string
}

// decimals reads decimal members in order.
func (s *scanner) decimals(ms ...decimalMember) bool {
	for _, m := range ms {
		if !s.lit(m.name) {
			return false
		}
		v, ok := s.dec()
		if !ok {
			return false
		}
		*m.into = v
	}
	return true
}

// decimalMember is a member read by scanner.decimals.
type decimalMember struct {
	name string
	into *decimal.Decimal
}

// betSettled reads a bet.settled payload in the order
// BetSettled.appendJSON writes it.
func (s *scanner) betSettled() (*BetSettled, bool) {
	p := new(BetSettled)
	if !s.strings(
		stringMember{`{"table":`, &p.Table}, stringMember{`,"round":`, &p.Round}, stringMember{`,"slip":`, &p.Slip},
	) || !s.id(`,"bet":`, &p.Bet) ||
		!s.strings(stringMember{`,"player":`, &p.Player}, stringMember{`,"code":`, &p.Code}) || !s.decimals(decimalMember{`,"stake":`, &p.Stake}) ||
		!s.strings(stringMember{`,"currency":`, &p.Currency}) {
		return nil, false
	}
	if s.lit(`,"dice":[`) {
		for i := range p.Dice {
			if i > 0 && !s.lit(`,`) {
				return nil, false
			}
			var ok bool
			if p.Dice[i], ok = s.integer(); !ok {
				return nil, false
			}
		}
		if !s.lit(`]`) {
			return nil, false
		}
	}
	if s.peek(`,"result":`) {
		// A game's result is any JSON object: not this scanner's to read.
		return nil, false
	}
	if !s.strings(stringMember{`,"outcome":`, &p.Outcome}) ||
		!s.decimals(decimalMember{`,"win":`, &p.Win}, decimalMember{`,"returned":`, &p.Returned}, decimalMember{`,"residue":`, &p.Residue}) {
		return nil, false
	}
	if s.peek(`,"residue_exact":`) && !s.strings(stringMember{`,"residue_exact":`, &p.ResidueExact}) {
		return nil, false
	}
	if !s.strings(stringMember{`,"rule":`, &p.Rule}, stringMember{`,"paytable":`, &p.Paytable}, stringMember{`,"paytable_hash":`, &p.PaytableHash}) ||
		!s.lit(`,"correction":`) {
		return nil, false
	}
	var ok bool
	if p.Correction, ok = s.integer(); !ok {
		return nil, false
	}
	if s.peek(`,"commission":`) && !s.decimals(decimalMember{`,"commission":`, &p.Commission}) {
		return nil, false
	}
	if s.lit(`,"contributions":[`) {
		for {
			var c Contribution
			if !s.strings(stringMember{`{"pool":`, &c.Pool}) || !s.decimals(decimalMember{`,"amount":`, &c.Amount}) || !s.lit(`}`) {
				return nil, false
			}
			p.Contributions = append(p.Contributions, c)
			if s.lit(`]`) {
				break
			}
			if !s.lit(`,`) {
				return nil, false
			}
		}
	}
	if s.peek(`,"counterparty":`) && !s.strings(stringMember{`,"counterparty":`, &p.Counterparty}) {
		return nil, false
	}
	return p, s.lit(`}`)
}

// betPlaced reads a bet.placed payload in the order BetPlaced.appendJSON
// writes it.
func (s *scanner) betPlaced() (*BetPlaced, bool) {
	p := new(BetPlaced)
	if !s.strings(
		stringMember{`{"slip":`, &p.Slip}, stringMember{`,"player":`, &p.Player},
		stringMember{`,"table":`, &p.Table}, stringMember{`,"round":`, &p.Round},
		stringMember{`,"currency":`, &p.Currency},
	) || !s.lit(`,"bets":[`) {
		return nil, false
	}
	if !s.lit(`]`) {
		for {
			var b PlacedBet
			if !s.id(`{"bet":`, &b.Bet) || !s.strings(stringMember{`,"code":`, &b.Code}) ||
				!s.decimals(decimalMember{`,"stake":`, &b.Stake}) {
				return nil, false
			}
			b.Working = s.lit(`,"working":true`)
			if s.peek(`,"commission":`) && !s.decimals(decimalMember{`,"commission":`, &b.Commission}) {
				return nil, false
			}
			if s.peek(`,"held":`) && !s.decimals(decimalMember{`,"held":`, &b.Held}) {
				return nil, false
			}
			if !s.lit(`}`) {
				return nil, false
			}
			p.Bets = append(p.Bets, b)
			if s.lit(`]`) {
				break
			}
			if !s.lit(`,`) {
				return nil, false
			}
		}
	} else {
		p.Bets = []PlacedBet{}
	}
	if !s.decimals(decimalMember{`,"total":`, &p.Total}, decimalMember{`,"balance_before":`, &p.BalanceBefore}, decimalMember{`,"balance_after":`, &p.BalanceAfter}) {
		return nil, false
	}
	if s.peek(`,"funding":`) && !s.strings(stringMember{`,"funding":`, &p.Funding}) {
		return nil, false
	}
	p.Carried = s.lit(`,"carried":true`)
	return p, s.lit(`}`)
}
