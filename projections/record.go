package projections

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// The records written for every bet and every wallet movement — most of the
// file — are binary, not JSON: a rebuild writes millions of them, and
// encoding/json spent more time on them than bbolt did storing them, at
// three times the size. They are flat (strings, numbers, decimals, times),
// so an append-style encoding over encoding/binary is all they need: each
// value is a format byte followed by its fields in a fixed order. Records
// written once and read rarely (tables, round heads, daily totals) stay
// JSON.

// Format bytes of the binary records. A reader refuses any other: the
// schema version of the file (SchemaVersion) says which formats it holds.
const (
	formatBet    byte = 2
	formatWallet byte = 1
)

// enc appends fields to a record.
type enc struct{ b []byte }

func (e *enc) byte(v byte)   { e.b = append(e.b, v) }
func (e *enc) uint(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *enc) int(v int64)   { e.b = binary.AppendVarint(e.b, v) }
func (e *enc) str(s string)  { e.uint(uint64(len(s))); e.b = append(e.b, s...) }
func (e *enc) uints(v []uint64) {
	e.uint(uint64(len(v)))
	for _, x := range v {
		e.uint(x)
	}
}

// time writes seconds and nanoseconds, so that any instant a JSON time
// can hold fits (UnixNano would overflow outside 1678–2262). The zero time
// is written as its own flag: it means "not yet" in the records.
func (e *enc) time(t time.Time) {
	if t.IsZero() {
		e.byte(0)
		return
	}
	e.byte(1)
	e.int(t.Unix())
	e.uint(uint64(t.Nanosecond()))
}

// dec writes a decimal as its coefficient and exponent when the coefficient
// fits in 63 bits (any amount of money), as its text otherwise. Both keep
// the value exactly. The coefficient and exponent are those of the
// amount's shortest spelling (shortest), so that one amount is one record
// whether the fold decoded it from the stream or took it from the ledger
// (Handoff), where 0.00 and 0 are the same amount with other exponents.
func (e *enc) dec(d decimal.Decimal) {
	d = shortest(d)
	if d.NumDigits() <= 18 {
		e.byte(0)
		e.int(d.CoefficientInt64())
		e.int(int64(d.Exponent()))
		return
	}
	e.byte(1)
	e.str(d.String())
}

// shortest returns d as decoding its shortest spelling (d.String(), how
// the stream's events spell amounts) gives it: no trailing zero after the
// decimal point, no positive exponent, zero as 0. An amount already so,
// as every amount decoded from the stream is, is returned as it is.
func shortest(d decimal.Decimal) decimal.Decimal {
	x := d.Exponent()
	if x == 0 {
		return d
	}
	if x < 0 && d.NumDigits() <= 18 {
		if c := d.CoefficientInt64(); c%10 != 0 {
			return d
		}
	}
	return decimal.RequireFromString(d.String())
}

// bytes writes a byte string (a result's JSON) with its length; nil and
// empty read back as nil.
func (e *enc) bytes(v []byte) { e.uint(uint64(len(v))); e.b = append(e.b, v...) }

func (e *enc) bool(v bool) {
	if v {
		e.byte(1)
		return
	}
	e.byte(0)
}

// rd reads the fields of a record in the order they were written. A record
// that does not decode is this package's own writing gone wrong, a bug or a
// damaged file, so the first failure is kept and reported by done.
type rd struct {
	b   []byte
	err error
	// skim reads past strings, byte strings and decimals without making
	// them (they come back empty) and checks only their lengths: a reader
	// that wants a record's numbers alone (the round index, of every bet
	// of a round) walks the same field order without the allocations.
	skim bool
}

func (r *rd) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("truncated or malformed %s", what)
	}
	r.b = nil
}

func (r *rd) byte() byte {
	if len(r.b) == 0 {
		r.fail("byte")
		return 0
	}
	v := r.b[0]
	r.b = r.b[1:]
	return v
}

func (r *rd) uint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("unsigned number")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *rd) int() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail("number")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *rd) str() string {
	n := r.uint()
	if n > uint64(len(r.b)) {
		r.fail("string")
		return ""
	}
	var s string
	if !r.skim {
		s = string(r.b[:n])
	}
	r.b = r.b[n:]
	return s
}

func (r *rd) uints() []uint64 {
	n := r.uint()
	if n > uint64(len(r.b)) { // every number takes at least a byte
		r.fail("list")
		return nil
	}
	out := make([]uint64, n)
	for i := range out {
		out[i] = r.uint()
	}
	return out
}

func (r *rd) time() time.Time {
	switch r.byte() {
	case 0:
		return time.Time{}
	case 1:
		sec := r.int()
		ns := r.uint()
		if ns >= 1e9 {
			r.fail("time")
			return time.Time{}
		}
		return time.Unix(sec, int64(ns)).UTC()
	}
	r.fail("time flag")
	return time.Time{}
}

func (r *rd) dec() decimal.Decimal {
	switch r.byte() {
	case 0:
		c := r.int()
		x := r.int()
		if !events.AmountExponentOK(x) {
			r.fail("decimal exponent")
			return decimal.Decimal{}
		}
		if r.skim {
			return decimal.Decimal{}
		}
		return decimal.New(c, int32(x))
	case 1:
		if r.skim {
			r.str()
			return decimal.Decimal{}
		}
		d, err := decimal.NewFromString(r.str())
		if err != nil {
			r.fail("decimal")
		}
		return d
	}
	r.fail("decimal flag")
	return decimal.Decimal{}
}

func (r *rd) bytes() []byte {
	n := r.uint()
	if n > uint64(len(r.b)) {
		r.fail("byte string")
		return nil
	}
	if n == 0 || r.skim {
		r.b = r.b[n:]
		return nil
	}
	v := append([]byte(nil), r.b[:n]...)
	r.b = r.b[n:]
	return v
}

func (r *rd) bool() bool {
	switch r.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.fail("flag")
	return false
}

// done reports the first failure, or trailing bytes.
func (r *rd) done(what string) error {
	if r.err == nil && len(r.b) != 0 {
		r.err = fmt.Errorf("%d bytes after the last field", len(r.b))
	}
	if r.err != nil {
		return fmt.Errorf("projections: %s record: %w", what, r.err)
	}
	return nil
}

// betRecord is everything the projections keep about one bet, in one
// record keyed by its round and id: the round's view and the player's
// history (through an index) are both read from it.
type betRecord struct {
	Bet, Slip, Player, Table, Round string
	RoundNumber                     int64
	// Position is the bet's place in its slip; with PlacedSeq it orders a
	// round's bets as they were placed.
	Position int
	Code     string
	Stake    decimal.Decimal
	// Working is the craps player's flag; Commission what placing the bet
	// charged on top of the stake (never returned).
	Working    bool
	Commission decimal.Decimal
	// Kept is what the settlement in force kept of the win as commission
	// (games.Settlement.Commission).
	Kept decimal.Decimal
	// Since is how many of the round's results were recorded before the
	// bet was placed.
	Since     int
	Currency  string
	PlacedAt  time.Time
	PlacedSeq uint64
	Status    string
	// Result is the game's JSON of the result that decided the bet, nil
	// while it is open.
	Result   []byte
	Win      decimal.Decimal
	Returned decimal.Decimal
	Residue  decimal.Decimal
	Rule     string
	// Correction is the correction number of the settlement in force.
	Correction int
	SettledAt  time.Time
	SettledSeq uint64
	// Events are the sequences of every event about the bet: placed,
	// settled, reversed, settled again, refunded. With the round's own
	// events they make the round index.
	Events []uint64
}

func (b *betRecord) encode() []byte {
	// The strings and the result, 10 bytes for each event's sequence and
	// 128 for the numbers, times and flags: one allocation for a record
	// whose amounts fit in 18 digits.
	n := len(b.Bet) + len(b.Slip) + len(b.Player) + len(b.Table) + len(b.Round) + len(b.Code) + len(b.Currency) +
		len(b.Status) + len(b.Result) + len(b.Rule) + 10*len(b.Events) + 128
	e := enc{b: make([]byte, 0, n)}
	e.byte(formatBet)
	e.str(b.Bet)
	e.str(b.Slip)
	e.str(b.Player)
	e.str(b.Table)
	e.str(b.Round)
	e.int(b.RoundNumber)
	e.int(int64(b.Position))
	e.str(b.Code)
	e.dec(b.Stake)
	e.bool(b.Working)
	e.dec(b.Commission)
	e.int(int64(b.Since))
	e.str(b.Currency)
	e.time(b.PlacedAt)
	e.uint(b.PlacedSeq)
	e.str(b.Status)
	e.bytes(b.Result)
	e.dec(b.Win)
	e.dec(b.Returned)
	e.dec(b.Residue)
	e.dec(b.Kept)
	e.str(b.Rule)
	e.int(int64(b.Correction))
	e.time(b.SettledAt)
	e.uint(b.SettledSeq)
	e.uints(b.Events)
	return e.b
}

func decodeBetRecord(v []byte) (betRecord, error) {
	r := rd{b: v}
	var b betRecord
	err := readBetRecord(&r, &b)
	return b, err
}

// betRecordEvents returns the Events of an encoded bet record, checking
// the whole record's framing but making none of its strings or amounts.
func betRecordEvents(v []byte) ([]uint64, error) {
	r := rd{b: v, skim: true}
	var b betRecord
	err := readBetRecord(&r, &b)
	return b.Events, err
}

// readBetRecord is the one reader of a bet record's fields, in their
// order.
func readBetRecord(r *rd, b *betRecord) error {
	if f := r.byte(); f != formatBet && r.err == nil {
		return fmt.Errorf("projections: bet record: format %d, want %d", f, formatBet)
	}
	b.Bet = r.str()
	b.Slip = r.str()
	b.Player = r.str()
	b.Table = r.str()
	b.Round = r.str()
	b.RoundNumber = r.int()
	b.Position = int(r.int())
	b.Code = r.str()
	b.Stake = r.dec()
	b.Working = r.bool()
	b.Commission = r.dec()
	b.Since = int(r.int())
	b.Currency = r.str()
	b.PlacedAt = r.time()
	b.PlacedSeq = r.uint()
	b.Status = r.str()
	b.Result = r.bytes()
	b.Win = r.dec()
	b.Returned = r.dec()
	b.Residue = r.dec()
	b.Kept = r.dec()
	b.Rule = r.str()
	b.Correction = int(r.int())
	b.SettledAt = r.time()
	b.SettledSeq = r.uint()
	b.Events = r.uints()
	return r.done("bet")
}

// view is the bet as its player's history shows it.
func (b *betRecord) view() BetView {
	v := BetView{
		Bet: b.Bet, Slip: b.Slip, Player: b.Player, Table: b.Table, Round: b.Round,
		RoundNumber: b.RoundNumber, Code: b.Code, Stake: b.Stake, Working: b.Working,
		PlacementCommission: b.Commission, Currency: b.Currency,
		PlacedAt: b.PlacedAt, PlacedSeq: b.PlacedSeq, Status: b.Status,
		Win: b.Win, Returned: b.Returned, Residue: b.Residue, Commission: b.Kept, Rule: b.Rule, Correction: b.Correction,
		SettledAt: b.SettledAt, SettledSeq: b.SettledSeq,
	}
	v.Dice, v.Result = resultMembers(b.Result)
	return v
}

// roundBet is the bet as its round's view shows it.
func (b *betRecord) roundBet() RoundBet {
	return RoundBet{
		Bet: b.Bet, Slip: b.Slip, Player: b.Player, Code: b.Code, Stake: b.Stake,
		Working: b.Working, PlacementCommission: b.Commission, Since: b.Since, PlacedSeq: b.PlacedSeq, Status: b.Status, Win: b.Win, Returned: b.Returned,
		Residue: b.Residue, Commission: b.Kept, Rule: b.Rule, Correction: b.Correction, SettledSeq: b.SettledSeq,
	}
}

// resultMembers splits a result's JSON into the members the views show:
// three dice in dice, as every release has shown a Sic Bo result, any
// other game's result as its JSON in result (events.ResultMembers).
func resultMembers(raw []byte) (*[3]int, json.RawMessage) {
	if len(raw) == 0 {
		return nil, nil
	}
	dice, other := events.ResultMembers(raw)
	if other != nil {
		return nil, other
	}
	return &dice, nil
}

func encodeWalletEntry(w *WalletEntry) []byte { return appendWalletEntry(make([]byte, 0, 192), w) }

// appendWalletEntry appends w's binary record to b.
func appendWalletEntry(b []byte, w *WalletEntry) []byte {
	e := enc{b: b}
	e.byte(formatWallet)
	e.uint(w.Seq)
	e.time(w.At)
	e.str(string(w.Type))
	e.str(w.Currency)
	e.dec(w.Amount)
	e.dec(w.BalanceAfter)
	e.str(w.Table)
	e.str(w.Round)
	e.str(w.Slip)
	e.str(w.Bet)
	e.str(w.Reference)
	e.str(w.Reason)
	e.str(w.Actor.ID)
	e.str(w.Actor.Role)
	return e.b
}

func decodeWalletEntry(v []byte) (WalletEntry, error) {
	r := rd{b: v}
	var w WalletEntry
	if f := r.byte(); f != formatWallet && r.err == nil {
		return w, fmt.Errorf("projections: wallet record: format %d, want %d", f, formatWallet)
	}
	w.Seq = r.uint()
	w.At = r.time()
	w.Type = events.Type(r.str())
	w.Currency = r.str()
	w.Amount = r.dec()
	w.BalanceAfter = r.dec()
	w.Table = r.str()
	w.Round = r.str()
	w.Slip = r.str()
	w.Bet = r.str()
	w.Reference = r.str()
	w.Reason = r.str()
	w.Actor.ID = r.str()
	w.Actor.Role = r.str()
	return w, r.done("wallet")
}
