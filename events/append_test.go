package events

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// oddStrings are strings encoding/json escapes, each in its own way.
var oddStrings = []string{
	"", "plain", `quote"d`, `back\slash`, "<b>&amp;</b>", "tab\there", "nl\n", "\x00\x1f\x7f",
	"é ü 日本", "\u2028\u2029", "bad\xffutf8", "\xe2\x80", strings.Repeat("x", 300),
}

func TestAppendString_SameAsEncodingJSON(t *testing.T) {
	for _, s := range oddStrings {
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("pre"), s); !bytes.Equal(got, append([]byte("pre"), want...)) {
			t.Errorf("AppendString(%q) = %s, want pre%s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range oddStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
	})
}

// someDecimals are amounts of every shape: integers, fractions with and
// without trailing zeros, positive exponents, negatives, zeros of every
// scale, and coefficients around the 18 digits AppendDecimal spells itself.
func someDecimals(tb testing.TB) []decimal.Decimal {
	tb.Helper()
	ds := []decimal.Decimal{
		decimal.Zero, decimal.New(0, -2), decimal.New(0, 3), decimal.New(1, 2), decimal.New(-7, 5),
		decimal.New(12, -5), decimal.New(-12, -5), decimal.New(1200, -2), decimal.New(1250, -2),
		decimal.New(999999999999999999, 0), decimal.New(999999999999999999, -18), decimal.New(99999999999999999, 1),
		decimal.New(999999999999999999, 1), decimal.New(-999999999999999999, -3), decimal.New(1, 17), decimal.New(1, 18),
		decimal.New(-9223372036854775808, 0), decimal.New(9223372036854775807, -4),
		decimal.RequireFromString("123456789012345678901234567890.000100"),
		decimal.RequireFromString("-0.000000000000000000000001"),
	}
	for _, s := range []string{"0", "0.00", "100.00", "1.5", "-5.00", "250.00", "0.10", "1000000000", "3.333333333333333333"} {
		ds = append(ds, decimal.RequireFromString(s))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		c := r.Int64N(1 << (r.IntN(62) + 1))
		if r.IntN(3) == 0 {
			c = -c
		}
		ds = append(ds, decimal.New(c, int32(r.IntN(30)-20)))
	}
	// Sums and products, as the ledger makes them.
	a, b := decimal.RequireFromString("10.50"), decimal.RequireFromString("2.000")
	ds = append(ds, a.Add(b), a.Mul(b), a.Sub(a), a.Div(b), b.Mul(decimal.New(1, 20)))
	return ds
}

func TestAppendDecimal_SameAsMarshalJSON(t *testing.T) {
	for _, d := range someDecimals(t) {
		want, err := d.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		got, ok := AppendDecimal(nil, d)
		if !ok || !bytes.Equal(got, want) {
			t.Errorf("AppendDecimal(%s e%d) = %s, %v; want %s", d.Coefficient(), d.Exponent(), got, ok, want)
		}
	}
}

// sameAsEncodingJSON checks that marshalPayload and appendEnvelope write
// p, and an envelope holding it, exactly as encoding/json does, and that
// EncodePayload gives Encode's bytes and hash.
func sameAsEncodingJSON(t *testing.T, e Envelope, p Payload) {
	t.Helper()
	want, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	got, err := marshalPayload(p)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("marshalPayload(%T) =\n%s, %v; encoding/json:\n%s", p, got, err, want)
	}
	e.Payload = got
	wantEnv, err := json.Marshal(&e)
	if err != nil {
		t.Fatal(err)
	}
	for _, trusted := range []bool{false, true} {
		gotEnv, ok := appendEnvelope(nil, &e, trusted)
		if !ok || !bytes.Equal(gotEnv, wantEnv) {
			t.Fatalf("appendEnvelope(%s, trusted %v) =\n%s, %v; encoding/json:\n%s", e.Type, trusted, gotEnv, ok, wantEnv)
		}
	}
	prev := Sum([]byte("prev"))
	e1, e2 := e, e
	d1, err1 := Encode(&e1, prev)
	d2, err2 := EncodePayload(&e2, p, prev)
	if err1 != nil || err2 != nil || !bytes.Equal(d1, d2) || e1.Hash != e2.Hash {
		t.Fatalf("EncodePayload differs from Encode: %v %v\n%s\n%s", err1, err2, d2, d1)
	}
}

func TestMarshalPayload_EveryTypeSameBytes(t *testing.T) {
	for i, typ := range Types() {
		e := sampleEnvelope(t, typ, fixedV7(uint64(i+1)))
		sameAsEncodingJSON(t, e, samplePayload(t, typ))
	}
}

// TestMarshalPayload_BetsOfEveryShape holds the bet events' own appenders
// to encoding/json over odd strings, amounts of every shape, the optional
// members set and not, and results that need compacting or escaping.
func TestMarshalPayload_BetsOfEveryShape(t *testing.T) {
	ds := someDecimals(t)
	r := rand.New(rand.NewPCG(3, 4))
	dec := func() decimal.Decimal { return ds[r.IntN(len(ds))] }
	str := func() string { return oddStrings[r.IntN(len(oddStrings))] }
	results := []json.RawMessage{nil, {}, json.RawMessage(`{"wheel":17}`), json.RawMessage(`{ "cards" : ["A<", "K"] }`),
		json.RawMessage(`{"x":"\u2028"}`), json.RawMessage("{\"x\":\"\u2028\"}"), json.RawMessage(`[1,2,3]`)}
	for i := range 400 {
		e := sampleEnvelope(t, TypeBetPlaced, fixedV7(uint64(i+1)))
		e.Table, e.Round, e.Actor.ID, e.IdempotencyKey, e.CorrelationID = str(), str(), str(), str(), str()
		if i%5 == 0 {
			e.Postings = nil
		} else {
			e.Postings = append(e.Postings, Posting{From: str(), To: str(), Amount: dec(), Currency: str()})
		}
		placed := &BetPlaced{Slip: str(), Player: str(), Table: str(), Round: str(), Currency: str(),
			Total: dec(), BalanceBefore: dec(), BalanceAfter: dec(), Carried: r.IntN(2) == 0}
		switch i % 4 {
		case 0:
			placed.Bets = nil
		case 1:
			placed.Bets = []PlacedBet{}
		default:
			for range 1 + r.IntN(4) {
				placed.Bets = append(placed.Bets, PlacedBet{Bet: str(), Code: str(), Stake: dec(), Working: r.IntN(2) == 0, Commission: dec(), Held: dec()})
			}
		}
		sameAsEncodingJSON(t, e, placed)

		e.Type = TypeBetSettled
		settled := &BetSettled{Table: str(), Round: str(), Slip: str(), Bet: str(), Player: str(), Code: str(),
			Stake: dec(), Currency: str(), Result: results[r.IntN(len(results))], Outcome: str(),
			Win: dec(), Returned: dec(), Residue: dec(), Rule: str(), Paytable: str(), PaytableHash: str(),
			Correction: r.IntN(3), Commission: dec(), Counterparty: str()}
		if i%3 == 0 {
			settled.Dice = [3]int{1 + r.IntN(6), 1 + r.IntN(6), 1 + r.IntN(6)}
		}
		if i%2 == 0 {
			settled.ResidueExact = str()
		}
		if i%7 == 0 {
			settled.Contributions = []Contribution{{Pool: str(), Amount: dec()}, {Pool: "jp", Amount: dec()}}
		}
		if len(settled.Result) > 0 && !json.Valid(settled.Result) {
			settled.Result = nil
		}
		sameAsEncodingJSON(t, e, settled)
	}
}

// TestAppendEnvelope_LeavesToEncodingJSON checks that what the appenders
// do not write themselves is refused, and Encode then gives encoding/json's
// bytes or error.
func TestAppendEnvelope_LeavesToEncodingJSON(t *testing.T) {
	base := sampleEnvelope(t, TypeBetPlaced, fixedV7(1))
	for name, change := range map[string]func(e *Envelope){
		"payload with white space": func(e *Envelope) { e.Payload = json.RawMessage(`{ "a": 1 }`) },
		"payload with <":           func(e *Envelope) { e.Payload = json.RawMessage(`{"a":"<"}`) },
		"payload not JSON":         func(e *Envelope) { e.Payload = json.RawMessage(`{"a":`) },
		"year 10000":               func(e *Envelope) { e.OccurredAt = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) },
	} {
		e := base
		change(&e)
		if _, ok := appendEnvelope(nil, &e, false); ok {
			t.Errorf("%s: appendEnvelope wrote it", name)
		}
		_, wantErr := json.Marshal(&e)
		e1 := e
		got, err := Encode(&e1, Hash{})
		if (err == nil) != (wantErr == nil) {
			t.Errorf("%s: Encode error %v, encoding/json's %v", name, err, wantErr)
		}
		if err == nil {
			e.PrevHash, e.Hash = Hash{}, e1.Hash
			want, _ := json.Marshal(&e)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: Encode =\n%s\nencoding/json:\n%s", name, got, want)
			}
		}
	}
	e := base
	e.Payload = nil
	got, ok := appendEnvelope(nil, &e, false)
	want, _ := json.Marshal(&e)
	if !ok || !bytes.Equal(got, want) {
		t.Errorf("nil payload: %s, want %s", got, want)
	}
}

// TestAppend_KnowsEveryMember fails when a struct the appenders write gains,
// loses or renames a member: append.go must then write it too.
func TestAppend_KnowsEveryMember(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[Envelope](), `id type v at table,omitempty round,omitempty actor idem,omitempty req,omitempty corr,omitempty payload postings,omitempty prev hash -`},
		{reflect.TypeFor[Actor](), `id role`},
		{reflect.TypeFor[Posting](), `from to amount currency`},
		{reflect.TypeFor[BetPlaced](), `slip player table round currency bets total balance_before balance_after funding,omitempty carried,omitempty`},
		{reflect.TypeFor[PlacedBet](), `bet code stake working,omitempty commission,omitzero held,omitzero`},
		{reflect.TypeFor[BetSettled](), `table round slip bet player code stake currency dice,omitzero result,omitempty outcome win returned residue residue_exact,omitempty rule paytable paytable_hash correction commission,omitzero contributions,omitempty counterparty,omitempty`},
		{reflect.TypeFor[Contribution](), `pool amount`},
	} {
		var tags []string
		for f := range c.typ.Fields() {
			tags = append(tags, f.Tag.Get("json"))
		}
		if got := strings.Join(tags, " "); got != c.want {
			t.Errorf("%s members are\n%s\nappend.go writes\n%s", c.typ, got, c.want)
		}
	}
}

func BenchmarkEncodePayload(b *testing.B) {
	for _, typ := range []Type{TypeBetPlaced, TypeBetSettled} {
		b.Run(string(typ), func(b *testing.B) {
			e := sampleEnvelope(b, typ, fixedV7(1))
			p := samplePayload(b, typ)
			prev := Sum([]byte("prev"))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := EncodePayload(&e, p, prev); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
