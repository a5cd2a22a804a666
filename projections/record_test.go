package projections

import (
	"reflect"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

func sampleBets() []betRecord {
	at := time.Date(2026, 11, 29, 23, 59, 59, 999_999_999, time.UTC)
	huge, _ := decimal.NewFromString("123456789012345678901234567890.123456789")
	return []betRecord{
		{}, // every field at its zero value
		{
			Bet: "b1", Slip: "s1", Player: "alice", Table: "t1", Round: "r1", RoundNumber: 42, Position: 3,
			Code: "triple:5", Stake: decimal.RequireFromString("2.50"), Currency: "EUR", PlacedAt: at, PlacedSeq: 7,
			Status: BetWon, Result: []byte(`{"dice":[5,5,5]}`), Working: true, Commission: decimal.RequireFromString("0.25"), Since: 2, Win: decimal.RequireFromString("450"), Returned: decimal.RequireFromString("452.50"),
			Residue: decimal.RequireFromString("0.001"), Kept: decimal.RequireFromString("0.02"), Rule: "triple", Correction: 2, SettledAt: at.Add(time.Second),
			SettledSeq: 1 << 40, Events: []uint64{7, 9, 1 << 40},
		},
		{
			Bet: "ñandú", Stake: huge, Win: huge.Neg(), Returned: decimal.New(-1, -30),
			PlacedAt: time.Date(1, 1, 1, 0, 0, 0, 1, time.UTC), SettledAt: time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC),
			RoundNumber: -1, Position: 65535, Correction: -3, Events: []uint64{},
		},
	}
}

// TestBetRecord_RoundTrip checks that every field comes back exactly:
// decimals with their exponent, times to the nanosecond over the years
// JSON times hold, nil dice and zero times as such.
func TestBetRecord_RoundTrip(t *testing.T) {
	for i, b := range sampleBets() {
		got, err := decodeBetRecord(b.encode())
		if err != nil {
			t.Fatalf("bet %d: %v", i, err)
		}
		if len(b.Events) == 0 {
			b.Events = []uint64{} // decoded lists are never nil
		}
		if !sameBet(got, b) {
			t.Errorf("bet %d:\n got %+v\nwant %+v", i, got, b)
		}
		evs, err := betRecordEvents(b.encode())
		if err != nil || !reflect.DeepEqual(evs, b.Events) {
			t.Errorf("bet %d skimmed: events %v, %v; want %v", i, evs, err, b.Events)
		}
	}
}

// sameBet compares decimals by value and exponent (a's exponent that of
// b's amount spelled shortest, as records keep them), the rest field by
// field.
func sameBet(a, b betRecord) bool {
	decs := func(r *betRecord) []*decimal.Decimal {
		return []*decimal.Decimal{&r.Stake, &r.Win, &r.Returned, &r.Residue, &r.Commission, &r.Kept}
	}
	for i, d := range decs(&a) {
		e := decs(&b)[i]
		if !d.Equal(*e) || d.Exponent() != shortest(*e).Exponent() {
			return false
		}
		*d, *e = decimal.Decimal{}, decimal.Decimal{}
	}
	if !a.PlacedAt.Equal(b.PlacedAt) || !a.SettledAt.Equal(b.SettledAt) || a.PlacedAt.IsZero() != b.PlacedAt.IsZero() {
		return false
	}
	a.PlacedAt, b.PlacedAt, a.SettledAt, b.SettledAt = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	return reflect.DeepEqual(a, b)
}

// TestShortest checks that an amount reads back from a record as it
// reads back from the stream (its shortest spelling parsed), whatever the
// exponent it was written with: the same record from a hand-off and
// from a decoded event.
func TestShortest(t *testing.T) {
	for _, d := range []decimal.Decimal{
		decimal.New(0, -2), decimal.New(0, 3), decimal.New(150, -2), decimal.New(-150, -2), decimal.New(15, -1),
		decimal.New(2, 1), decimal.New(20, 0), decimal.New(1000, -3), decimal.New(123, -2), decimal.New(7, 20),
		decimal.RequireFromString("123456789012345678901234567890.1234567890"),
	} {
		want := decimal.RequireFromString(d.String())
		var e enc
		e.dec(d)
		r := rd{b: e.b}
		got := r.dec()
		if err := r.done("amount"); err != nil {
			t.Fatalf("%s (exponent %d): %v", d, d.Exponent(), err)
		}
		if !got.Equal(want) || got.Exponent() != want.Exponent() || got.String() != want.String() {
			t.Errorf("%s (exponent %d) read back as %s (exponent %d), want exponent %d", d, d.Exponent(), got, got.Exponent(), want.Exponent())
		}
		var w enc
		w.dec(want)
		if string(e.b) != string(w.b) {
			t.Errorf("%s (exponent %d): record %x, the stream's spelling's %x", d, d.Exponent(), e.b, w.b)
		}
	}
}

func TestWalletEntry_RoundTrip(t *testing.T) {
	in := []WalletEntry{
		{},
		{
			Seq: 12, At: time.Date(2026, 11, 2, 0, 0, 0, 5, time.UTC), Type: events.TypeBetSettled, Currency: "EUR",
			Amount: decimal.RequireFromString("-10.10"), BalanceAfter: decimal.RequireFromString("89.90"),
			Table: "t1", Round: "r1", Slip: "s1", Bet: "b1", Reference: "desk 4", Reason: "goodwill",
			Actor: events.Actor{ID: "dealer-7", Role: "dealer"},
		},
	}
	for i, w := range in {
		got, err := decodeWalletEntry(encodeWalletEntry(&w))
		if err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
		if !got.Amount.Equal(w.Amount) || !got.BalanceAfter.Equal(w.BalanceAfter) || !got.At.Equal(w.At) {
			t.Fatalf("entry %d: got %+v, want %+v", i, got, w)
		}
		got.Amount, got.BalanceAfter, got.At = w.Amount, w.BalanceAfter, w.At
		if !reflect.DeepEqual(got, w) {
			t.Errorf("entry %d:\n got %+v\nwant %+v", i, got, w)
		}
	}
}

// TestRecords_DecimalExponent checks that a record's amount takes the
// exponents decimal.NewFromString takes, as the stream's amounts do, and
// that one beyond them is refused as damaged. Such an amount would spell
// itself in millions of digits, and its record would not encode again.
func TestRecords_DecimalExponent(t *testing.T) {
	edge := int32(decimal.MaxDecodeExponent)
	for _, tc := range []struct {
		amount decimal.Decimal
		ok     bool
	}{
		{decimal.New(-7, -edge), true},
		{decimal.New(7, -edge-1), false},
		{decimal.New(-7, -50_389_443), false},
	} {
		w := WalletEntry{Seq: 3, Type: events.TypeWalletDeposited, Amount: tc.amount}
		got, err := decodeWalletEntry(encodeWalletEntry(&w))
		switch {
		case tc.ok && (err != nil || !got.Amount.Equal(tc.amount)):
			t.Errorf("wallet entry of 7e%d: %v, %v; want it back", tc.amount.Exponent(), got.Amount.Exponent(), err)
		case !tc.ok && err == nil:
			t.Errorf("wallet entry of 7e%d decoded; want it refused", tc.amount.Exponent())
		}
		b := sampleBets()[1]
		b.Stake = tc.amount
		if _, err := decodeBetRecord(b.encode()); (err == nil) != tc.ok {
			t.Errorf("bet record staking 7e%d: %v; want it refused: %v", tc.amount.Exponent(), err, !tc.ok)
		}
	}
}

// TestRecords_Damaged checks that a record cut short anywhere, with a byte
// too many, or of another format is refused with an error, never read as
// something else.
func TestRecords_Damaged(t *testing.T) {
	full := sampleBets()[1]
	w := WalletEntry{Seq: 3, Type: events.TypeWalletDeposited, Amount: decimal.New(5, 0), Actor: events.Actor{ID: "c", Role: "cashier"}}
	for name, c := range map[string]struct {
		v      []byte
		decode func([]byte) error
	}{
		"bet":          {full.encode(), func(v []byte) error { _, err := decodeBetRecord(v); return err }},
		"bet, skimmed": {full.encode(), func(v []byte) error { _, err := betRecordEvents(v); return err }},
		"wallet":       {encodeWalletEntry(&w), func(v []byte) error { _, err := decodeWalletEntry(v); return err }},
	} {
		for n := range len(c.v) {
			if err := c.decode(c.v[:n]); err == nil {
				t.Errorf("%s cut to %d of %d bytes: no error", name, n, len(c.v))
			}
		}
		if err := c.decode(append(append([]byte(nil), c.v...), 0)); err == nil {
			t.Errorf("%s with a trailing byte: no error", name)
		}
		other := append([]byte{c.v[0] + 1}, c.v[1:]...)
		if err := c.decode(other); err == nil {
			t.Errorf("%s of format %d: no error", name, other[0])
		}
		if err := c.decode(c.v); err != nil {
			t.Errorf("%s intact: %v", name, err)
		}
	}
}

// FuzzBetRecord checks that no input makes the decoder panic, and that any
// record it accepts encodes back to a record that decodes the same.
func FuzzBetRecord(f *testing.F) {
	for _, b := range sampleBets() {
		f.Add(b.encode())
	}
	f.Fuzz(func(t *testing.T, v []byte) {
		b, err := decodeBetRecord(v)
		evs, skimErr := betRecordEvents(v)
		if err != nil {
			return
		}
		// Skimming checks the framing, not the amounts' spelling: what
		// decodes skims, with the same events.
		if skimErr != nil || !reflect.DeepEqual(evs, b.Events) {
			t.Fatalf("decoded with events %v, skimmed: %v, %v", b.Events, evs, skimErr)
		}
		again, err := decodeBetRecord(b.encode())
		if err != nil {
			t.Fatalf("re-encoded record does not decode: %v", err)
		}
		if !sameBet(again, b) {
			t.Fatalf("re-encoded record differs:\n got %+v\nwant %+v", again, b)
		}
	})
}

// FuzzWalletEntry checks that no input makes the wallet decoder panic.
func FuzzWalletEntry(f *testing.F) {
	f.Add(encodeWalletEntry(&WalletEntry{Seq: 1, Amount: decimal.New(-5, -2)}))
	f.Fuzz(func(t *testing.T, v []byte) {
		w, err := decodeWalletEntry(v)
		if err != nil {
			return
		}
		if _, err := decodeWalletEntry(encodeWalletEntry(&w)); err != nil {
			t.Fatalf("re-encoded entry does not decode: %v", err)
		}
	})
}
