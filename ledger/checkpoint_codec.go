package ledger

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// The checkpoint's content is a plain binary encoding of State, written and
// read field by field: several times faster than encoding/gob on the
// hundreds of thousands of bets and keys a state holds (the encoding runs
// in the background, the decoding is on the start's critical path). Strings
// that repeat (players, bet codes, rules, currencies, statuses) are written
// once and then referred to by number, which also makes the loaded state
// share them. A field added to Table, Round, Bet or games.Settlement must
// be added here and checkpointVersion raised; TestCheckpoint_CodecFields
// fails until it is.

// ckWriter appends the encoding of a state.
type ckWriter struct {
	b    []byte
	syms map[string]uint64
}

func (w *ckWriter) uvarint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }
func (w *ckWriter) varint(v int64)   { w.b = binary.AppendVarint(w.b, v) }
func (w *ckWriter) int(v int)        { w.varint(int64(v)) }

func (w *ckWriter) bool(v bool) {
	if v {
		w.b = append(w.b, 1)
	} else {
		w.b = append(w.b, 0)
	}
}

func (w *ckWriter) bytes(p []byte) {
	w.uvarint(uint64(len(p)))
	w.b = append(w.b, p...)
}

func (w *ckWriter) str(s string) {
	w.uvarint(uint64(len(s)))
	w.b = append(w.b, s...)
}

// sym writes a string that repeats: its number when written before, else
// 0 and the string.
func (w *ckWriter) sym(s string) {
	if i, ok := w.syms[s]; ok {
		w.uvarint(i + 1)
		return
	}
	w.uvarint(0)
	w.str(s)
	w.syms[s] = uint64(len(w.syms))
}

// count writes the length of a slice or map that may be nil: 0 for nil,
// else length + 1, so that nil and empty read back as they were.
func (w *ckWriter) count(n int, isNil bool) {
	if isNil {
		w.uvarint(0)
		return
	}
	w.uvarint(uint64(n) + 1)
}

// dec writes a decimal as its exponent and coefficient, so that it reads
// back with the same exponent (an amount of 100.00 stays 100.00).
func (w *ckWriter) dec(d decimal.Decimal) {
	w.varint(int64(d.Exponent()))
	c := d.Coefficient()
	if c.IsInt64() {
		w.b = append(w.b, 0)
		w.varint(c.Int64())
		return
	}
	// Kind 1 a big positive coefficient, 2 a big negative one; Bytes is
	// the absolute value.
	if c.Sign() < 0 {
		w.b = append(w.b, 2)
	} else {
		w.b = append(w.b, 1)
	}
	w.bytes(c.Bytes())
}

func (w *ckWriter) time(t time.Time) {
	if t.IsZero() {
		w.b = append(w.b, 0)
		return
	}
	w.b = append(w.b, 1)
	w.varint(t.Unix())
	w.varint(int64(t.Nanosecond()))
}

func (w *ckWriter) limit(l Limit) {
	w.dec(l.Min)
	w.dec(l.Max)
}

// ckReader reads what ckWriter wrote. The first error sticks: every read
// after it returns a zero value, and the caller checks err once.
type ckReader struct {
	b    []byte
	err  error
	syms []string
	// decs shares the decimals that repeat (stakes, zero, common wins):
	// a decimal is immutable, so one value can stand for all, which saves
	// an allocation each on the start's critical path and memory after.
	decs map[decKey]decimal.Decimal
}

type decKey struct {
	exp  int32
	coef int64
}

// decsMax bounds the shared decimals of one decoding.
const decsMax = 1 << 14

var errCheckpointShort = errors.New("content ends early")

func (r *ckReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

func (r *ckReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errCheckpointShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *ckReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail(errCheckpointShort)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *ckReader) int() int {
	v := r.varint()
	if v < math.MinInt32 || v > math.MaxInt32 {
		r.fail(fmt.Errorf("number %d out of range", v))
		return 0
	}
	return int(v)
}

func (r *ckReader) byte() byte {
	if len(r.b) == 0 {
		r.fail(errCheckpointShort)
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *ckReader) bool() bool { return r.byte() == 1 }

func (r *ckReader) raw(n uint64) []byte {
	if n > uint64(len(r.b)) {
		r.fail(errCheckpointShort)
		return nil
	}
	p := r.b[:n:n]
	r.b = r.b[n:]
	return p
}

func (r *ckReader) bytes() []byte { return slices.Clone(r.raw(r.uvarint())) }
func (r *ckReader) str() string   { return string(r.raw(r.uvarint())) }

func (r *ckReader) sym() string {
	i := r.uvarint()
	if i == 0 {
		s := r.str()
		if r.err == nil {
			r.syms = append(r.syms, s)
		}
		return s
	}
	if i > uint64(len(r.syms)) {
		r.fail(fmt.Errorf("string %d of %d", i, len(r.syms)))
		return ""
	}
	return r.syms[i-1]
}

// count reads a count written by ckWriter.count. Every element takes at
// least a byte, so a count above the bytes left is damage, refused before
// anything is allocated for it.
func (r *ckReader) count() (n int, isNil bool) {
	v := r.uvarint()
	if v == 0 {
		return 0, true
	}
	if v-1 > uint64(len(r.b)) {
		r.fail(fmt.Errorf("count %d beyond the %d bytes left", v-1, len(r.b)))
		return 0, true
	}
	return int(v - 1), false
}

func (r *ckReader) dec() decimal.Decimal {
	exp := r.varint()
	if !events.AmountExponentOK(exp) {
		r.fail(fmt.Errorf("exponent %d out of range", exp))
		return decimal.Decimal{}
	}
	switch kind := r.byte(); kind {
	case 0:
		k := decKey{int32(exp), r.varint()}
		if d, ok := r.decs[k]; ok {
			return d
		}
		d := decimal.New(k.coef, k.exp)
		if len(r.decs) < decsMax {
			r.decs[k] = d
		}
		return d
	case 1, 2:
		c := new(big.Int).SetBytes(r.raw(r.uvarint()))
		if kind == 2 {
			c.Neg(c)
		}
		return decimal.NewFromBigInt(c, int32(exp))
	default:
		r.fail(fmt.Errorf("decimal kind %d", kind))
		return decimal.Decimal{}
	}
}

func (r *ckReader) time() time.Time {
	if r.byte() == 0 {
		return time.Time{}
	}
	sec := r.varint()
	nsec := r.varint()
	return time.Unix(sec, nsec).UTC()
}

func (r *ckReader) limit() Limit { return Limit{Min: r.dec(), Max: r.dec()} }

// encodeState appends the encoding of s to b.
func encodeState(b []byte, s *State) []byte {
	w := &ckWriter{b: b, syms: make(map[string]uint64)}
	w.varint(int64(s.lim.IdemWindow))
	w.int(s.lim.IdemMax)
	w.int(s.lim.RoundsKept)
	w.int(s.lim.FinishedIDsMax)
	w.uvarint(s.lastSeq)
	w.b = append(w.b, s.head[:]...)
	w.uvarint(s.sealSeq)
	w.uvarint(s.sealTo)
	w.time(s.sealAt)

	keys := make([]balanceKey, 0, s.balances.len())
	s.balances.each(func(k balanceKey, _ decimal.Decimal) { keys = append(keys, k) })
	slices.SortFunc(keys, func(a, b balanceKey) int {
		if a.currency != b.currency {
			return cmpStr(a.currency, b.currency)
		}
		return cmpStr(a.account, b.account)
	})
	w.uvarint(uint64(len(keys)))
	for _, k := range keys {
		w.str(k.account)
		w.sym(k.currency)
		w.dec(s.balances.get(k))
	}

	ids := sortedKeys(s.tables)
	w.uvarint(uint64(len(ids)))
	for _, id := range ids {
		encodeTable(w, s.tables[id])
	}
	ids = sortedKeys(s.rounds)
	w.uvarint(uint64(len(ids)))
	for _, id := range ids {
		encodeRound(w, s.rounds[id])
	}

	w.uvarint(uint64(len(s.finishedOrder)))
	for _, id := range s.finishedOrder {
		w.str(id)
		w.sym(s.finished[id])
	}
	ids = sortedKeys(s.finishedQ)
	w.uvarint(uint64(len(ids)))
	for _, t := range ids {
		w.sym(t)
		q := s.finishedQ[t]
		w.uvarint(uint64(len(q)))
		for _, id := range q {
			w.str(id)
		}
	}

	w.uvarint(uint64(s.idem.len()))
	s.idem.each(func(it idemItem) {
		k, e := it.key, it.ent
		w.b = append(w.b, k[:]...)
		w.b = append(w.b, e.req[:]...)
		w.varint(e.at)
		w.uvarint(e.first)
		w.uvarint(uint64(e.span))
		w.uvarint(uint64(e.events))
	})

	ids = sortedKeys(s.pools)
	w.uvarint(uint64(len(ids)))
	for _, id := range ids {
		p := s.pools[id]
		w.str(p.ID)
		w.sym(p.Currency)
		w.int(p.Version)
		w.str(p.Hash)
		w.bytes(p.Params)
		w.uvarint(uint64(len(p.Accounts)))
		for _, a := range p.Accounts {
			w.str(a)
		}
		w.uvarint(uint64(len(p.Tables)))
		for _, t := range p.Tables {
			w.sym(t)
		}
		w.bool(p.Decommissioned)
		w.str(p.Commitment)
	}

	ids = sortedKeys(s.sessions)
	w.uvarint(uint64(len(ids)))
	for _, id := range ids {
		encodeSession(w, s.sessions[id])
	}
	ids = sortedKeys(s.credits)
	w.uvarint(uint64(len(ids)))
	for _, id := range ids {
		w.str(id)
		w.time(s.credits[id].Expires)
		w.str(s.credits[id].To)
	}
	return w.b
}

func encodeSession(w *ckWriter, se *Session) {
	w.str(se.ID)
	w.sym(se.Table)
	w.varint(se.Number)
	w.sym(se.Paytable)
	w.sym(se.PaytableHash)
	w.bytes(se.Terms)
	w.int(se.SalesMax)
	w.bool(se.Closed)
	w.int(se.Rounds)
	w.uvarint(uint64(len(se.Codes)))
	for _, c := range se.Codes {
		w.sym(c)
	}
	w.dec(se.Sales)
	w.uvarint(uint64(len(se.Held)))
	for _, h := range se.Held {
		w.sym(h.Player)
		w.sym(h.Code)
		w.dec(h.Amount)
	}
}

func decodeSession(r *ckReader) *Session {
	se := &Session{ID: r.str(), Table: r.sym(), Number: r.varint(), Paytable: r.sym(), PaytableHash: r.sym(), Terms: r.bytes(),
		SalesMax: r.int(), Closed: r.bool(), Rounds: r.int()}
	n, _ := r.count1()
	se.Codes = make([]string, 0, n)
	for range n {
		se.Codes = append(se.Codes, r.sym())
	}
	se.Sales = r.dec()
	n, _ = r.count1()
	for range n {
		se.Held = append(se.Held, events.HeldHalf{Player: r.sym(), Code: r.sym(), Amount: r.dec()})
	}
	return se
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func encodeTable(w *ckWriter, t *Table) {
	w.str(t.ID)
	w.sym(t.Game)
	w.sym(t.Paytable)
	w.sym(t.PaytableHash)
	w.sym(t.Currency)
	w.varint(int64(t.Scale))
	w.count(len(t.Limits), t.Limits == nil)
	for _, k := range sortedKeys(t.Limits) {
		w.sym(k)
		w.limit(t.Limits[k])
	}
	w.limit(t.Band)
	w.sym(t.Dealer)
	w.bool(t.Closed)
	w.varint(t.Rounds)
	w.str(t.Active)
	w.str(t.Banker)
	w.varint(t.Shoe)
	w.varint(t.ShoeRound)
	w.bool(t.ShoeOver)
	w.count(len(t.ClosedSeats), t.ClosedSeats == nil)
	for _, seat := range t.ClosedSeats {
		w.int(seat)
	}
	w.count(len(t.ShoeResults), t.ShoeResults == nil)
	for _, id := range sortedKeys(t.ShoeResults) {
		w.str(id)
		rs := t.ShoeResults[id]
		w.count(len(rs), rs == nil)
		for _, raw := range rs {
			w.bytes(raw)
		}
	}
}

func decodeTable(r *ckReader) *Table {
	t := &Table{ID: r.str(), Game: r.sym(), Paytable: r.sym(), PaytableHash: r.sym(), Currency: r.sym(), Scale: int32(r.int())}
	if n, isNil := r.count(); !isNil {
		t.Limits = make(map[string]Limit, n)
		for range n {
			k := r.sym()
			t.Limits[k] = r.limit()
		}
	}
	t.Band = r.limit()
	t.Dealer = r.sym()
	t.Closed = r.bool()
	t.Rounds = r.varint()
	t.Active = r.str()
	t.Banker = r.str()
	t.Shoe = r.varint()
	t.ShoeRound = r.varint()
	t.ShoeOver = r.bool()
	if n, isNil := r.count(); !isNil {
		t.ClosedSeats = make([]int, n)
		for i := range t.ClosedSeats {
			t.ClosedSeats[i] = r.int()
		}
	}
	if n, isNil := r.count(); !isNil {
		t.ShoeResults = make(map[string][][]byte, n)
		for range n {
			id := r.str()
			var rs [][]byte
			if m, isNil := r.count(); !isNil {
				rs = make([][]byte, m)
				for i := range m {
					rs[i] = r.bytes()
				}
			}
			t.ShoeResults[id] = rs
		}
	}
	return t
}

func encodeRound(w *ckWriter, rd *Round) {
	w.str(rd.ID)
	w.sym(rd.Table)
	w.varint(rd.Number)
	w.sym(rd.Paytable)
	w.sym(rd.PaytableHash)
	w.sym(rd.Currency)
	w.varint(int64(rd.Scale))
	w.sym(string(rd.Status))
	w.sym(string(rd.Prior))
	w.time(rd.OpenedAt)
	w.varint(int64(rd.Window))
	w.count(len(rd.Results), rd.Results == nil)
	for _, res := range rd.Results {
		w.bytes(res)
	}
	w.int(rd.Correction)
	w.int(rd.Reshakes)
	w.dec(rd.Staked)
	w.dec(rd.AtResult.Bank)
	w.count(len(rd.AtResult.Pool), rd.AtResult.Pool == nil)
	for _, b := range rd.AtResult.Pool {
		w.dec(b)
	}
	w.bool(rd.poolFunded)
	w.bool(rd.drawn)
	w.count(len(rd.SalesClose), rd.SalesClose == nil)
	for _, t := range rd.SalesClose {
		w.sym(t.From)
		w.sym(t.To)
		w.dec(t.Amount)
		w.sym(t.Rule)
	}
	w.int(rd.Open)
	w.sym(rd.work.actor.ID)
	w.sym(rd.work.actor.Role)
	w.str(rd.work.key)
	w.str(rd.work.reqHash)
	w.str(rd.work.corr)
	w.bool(rd.done)
	w.uvarint(rd.openSeq)
	w.uvarint(rd.lastSeq)
	w.bool(rd.unloaded)
	w.count(len(rd.Bets), rd.Bets == nil)
	for _, b := range rd.Bets {
		encodeBet(w, b)
	}
}

func decodeRound(r *ckReader) *Round {
	rd := &Round{Round: round.Round{
		ID: r.str(), Table: r.sym(), Number: r.varint(), Paytable: r.sym(), PaytableHash: r.sym(),
		Currency: r.sym(), Scale: int32(r.int()), Status: round.Status(r.sym()), Prior: round.Status(r.sym()), OpenedAt: r.time(),
		Window: time.Duration(r.varint()),
	}}
	if n, isNil := r.count(); !isNil {
		rd.Results = make([][]byte, n)
		for i := range rd.Results {
			rd.Results[i] = r.bytes()
		}
	}
	rd.Correction = r.int()
	rd.Reshakes = r.int()
	rd.Staked = r.dec()
	rd.AtResult.Bank = r.dec()
	if n, isNil := r.count(); !isNil {
		rd.AtResult.Pool = make([]decimal.Decimal, n)
		for i := range rd.AtResult.Pool {
			rd.AtResult.Pool[i] = r.dec()
		}
	}
	rd.poolFunded = r.bool()
	rd.drawn = r.bool()
	if n, isNil := r.count(); !isNil {
		rd.SalesClose = make([]games.Transfer, n)
		for i := range rd.SalesClose {
			rd.SalesClose[i] = games.Transfer{From: r.sym(), To: r.sym(), Amount: r.dec(), Rule: r.sym()}
		}
	}
	rd.Open = r.int()
	rd.work = workMeta{actor: events.Actor{ID: r.sym(), Role: r.sym()}, key: r.str(), reqHash: r.str(), corr: r.str()}
	rd.done = r.bool()
	rd.openSeq = r.uvarint()
	rd.lastSeq = r.uvarint()
	rd.unloaded = r.bool()
	if n, isNil := r.count(); !isNil {
		// One allocation for the round's bets; the round indexes them
		// when first asked.
		bets := make([]Bet, n)
		ptrs := make([]*Bet, n)
		for i := range bets {
			decodeBet(r, &bets[i])
			ptrs[i] = &bets[i]
		}
		rd.SetBets(ptrs)
	}
	return rd
}

func encodeBet(w *ckWriter, b *Bet) {
	w.str(b.ID)
	w.str(b.Slip)
	w.sym(b.Player)
	w.sym(b.Code)
	w.dec(b.Stake)
	w.int(b.Since)
	w.bool(b.Working)
	w.dec(b.Commission)
	w.sym(string(b.Status))
	st := &b.Settlement
	w.sym(string(st.Outcome))
	w.dec(st.Win)
	w.dec(st.Returned)
	w.dec(st.Residue)
	w.sym(st.Rule)
	w.dec(st.Commission)
	w.sym(st.Counterparty)
	w.count(len(st.Contributions), st.Contributions == nil)
	for _, c := range st.Contributions {
		w.sym(c.Pool)
		w.dec(c.Amount)
	}
	w.int(b.Correction)
	w.int(b.Step)
	w.int(b.Reversed)
	w.sym(b.Funding)
}

func decodeBet(r *ckReader, b *Bet) {
	b.ID, b.Slip, b.Player, b.Code = r.str(), r.str(), r.sym(), r.sym()
	b.Stake = r.dec()
	b.Since = r.int()
	b.Working = r.bool()
	b.Commission = r.dec()
	b.Status = round.BetStatus(r.sym())
	b.Settlement = games.Settlement{Outcome: games.Outcome(r.sym()), Win: r.dec(), Returned: r.dec(), Residue: r.dec(), Rule: r.sym(), Commission: r.dec(), Counterparty: r.sym()}
	if n, isNil := r.count(); !isNil {
		b.Settlement.Contributions = make([]games.Contribution, n)
		for i := range b.Settlement.Contributions {
			b.Settlement.Contributions[i] = games.Contribution{Pool: r.sym(), Amount: r.dec()}
		}
	}
	b.Correction = r.int()
	b.Step = r.int()
	b.Reversed = r.int()
	b.Funding = r.sym()
}

// decodeState reads a state written by encodeState.
func decodeState(body []byte) (*State, error) {
	r := &ckReader{b: body, decs: make(map[decKey]decimal.Decimal)}
	lim := stateLimits{IdemWindow: time.Duration(r.varint()), IdemMax: r.int(), RoundsKept: r.int(), FinishedIDsMax: r.int()}
	s := newState(lim)
	s.lastSeq = r.uvarint()
	copy(s.head[:], r.raw(events.HashSize))
	s.sealSeq = r.uvarint()
	s.sealTo = r.uvarint()
	s.sealAt = r.time()

	n, _ := r.count1()
	s.balances = newBalanceMap(int(n))
	for range n {
		k := balanceKey{account: r.str(), currency: r.sym()}
		s.balances.set(k, r.dec())
	}
	n, _ = r.count1()
	for range n {
		t := decodeTable(r)
		if r.err == nil && s.tables[t.ID] != nil {
			r.fail(fmt.Errorf("table %s listed twice", t.ID))
		}
		s.tables[t.ID] = t
	}
	n, _ = r.count1()
	for range n {
		rd := decodeRound(r)
		if r.err == nil && s.rounds[rd.ID] != nil {
			r.fail(fmt.Errorf("round %s listed twice", rd.ID))
		}
		s.rounds[rd.ID] = rd
	}
	n, _ = r.count1()
	s.finishedOrder = make([]string, 0, n)
	for range n {
		id := r.str()
		s.finishedOrder = append(s.finishedOrder, id)
		s.finished[id] = r.sym()
	}
	n, _ = r.count1()
	for range n {
		t := r.sym()
		m, _ := r.count1()
		q := make([]string, m)
		for i := range q {
			q[i] = r.str()
		}
		s.finishedQ[t] = q
	}
	n, _ = r.count1()
	s.idem = newIdemIndex(int(n))
	for range n {
		var k idemKey
		var e idemEntry
		copy(k[:], r.raw(uint64(len(k))))
		copy(e.req[:], r.raw(uint64(len(e.req))))
		e.at = r.varint()
		e.first = r.uvarint()
		span, events := r.uvarint(), r.uvarint()
		if span > math.MaxUint32 || events > math.MaxUint32 {
			r.fail(fmt.Errorf("idempotency entry out of range"))
		}
		e.span, e.events = uint32(span), uint32(events)
		if !s.idem.set(k, e) {
			r.fail(errors.New("an idempotency key listed twice"))
		}
	}
	n, _ = r.count1()
	for range n {
		p := &Pool{ID: r.str(), Currency: r.sym(), Version: r.int(), Hash: r.str(), Params: r.bytes()}
		m, _ := r.count1()
		for range m {
			p.Accounts = append(p.Accounts, r.str())
		}
		m, _ = r.count1()
		for range m {
			p.Tables = append(p.Tables, r.sym())
		}
		p.Decommissioned = r.bool()
		p.Commitment = r.str()
		if r.err == nil && s.pools[p.ID] != nil {
			r.fail(fmt.Errorf("pool %s listed twice", p.ID))
		}
		s.pools[p.ID] = p
	}
	n, _ = r.count1()
	for range n {
		se := decodeSession(r)
		if r.err == nil && s.sessions[se.Table] != nil {
			r.fail(fmt.Errorf("session of table %s listed twice", se.Table))
		}
		s.sessions[se.Table] = se
	}
	n, _ = r.count1()
	for range n {
		k := r.str()
		if _, dup := s.credits[k]; dup && r.err == nil {
			r.fail(fmt.Errorf("credits %q listed twice", k))
		}
		s.credits[k] = CreditsTerm{Expires: r.time(), To: r.str()}
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("%d bytes after the content", len(r.b))
	}
	if len(s.finished) != len(s.finishedOrder) {
		return nil, errors.New("a round listed twice")
	}
	return s, nil
}

// count1 reads a plain length (never nil), bounded like count.
func (r *ckReader) count1() (int, bool) {
	v := r.uvarint()
	if v > uint64(len(r.b)) {
		r.fail(fmt.Errorf("count %d beyond the %d bytes left", v, len(r.b)))
		return 0, false
	}
	return int(v), true
}
