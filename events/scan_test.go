package events

import (
	"reflect"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// canonicalSamples returns bet events as the ledger writes them, with and
// without each optional member, encoded.
func canonicalSamples(tb testing.TB) [][]byte {
	tb.Helper()
	settled := func(mod func(*BetSettled)) Payload {
		p := &BetSettled{
			Table: "sicbo-1", Round: "r-1", Slip: "s-1", Bet: "b-1", Player: "p-1", Code: "small",
			Stake: dec("10"), Currency: "EUR", Dice: [3]int{1, 2, 3}, Outcome: "won",
			Win: dec("10"), Returned: dec("20"), Residue: dec("0"), Rule: "small pays 1:1",
			Paytable: "sicbo/macau-2026", PaytableHash: strings.Repeat("ab", 32),
		}
		mod(p)
		return p
	}
	placed := func(mod func(*BetPlaced)) Payload {
		p := &BetPlaced{
			Slip: "s-1", Player: "p-1", Table: "sicbo-1", Round: "r-1", Currency: "EUR",
			Bets:  []PlacedBet{{Bet: "b-1", Code: "small", Stake: dec("10")}, {Bet: "b-2", Code: "total:10", Stake: dec("2.50")}},
			Total: dec("12.50"), BalanceBefore: dec("100"), BalanceAfter: dec("87.50"),
		}
		mod(p)
		return p
	}
	payloads := []Payload{
		settled(func(*BetSettled) {}),
		settled(func(p *BetSettled) { p.Dice = [3]int{} }),
		settled(func(p *BetSettled) { p.ResidueExact = "1/600"; p.Residue = dec("0.001") }),
		settled(func(p *BetSettled) { p.Correction = 2; p.Commission = dec("0.5") }),
		settled(func(p *BetSettled) {
			p.Contributions = []Contribution{{Pool: "jp-1", Amount: dec("0.10")}, {Pool: "jp-2", Amount: dec("0.05")}}
			p.Counterparty = "bank"
		}),
		settled(func(p *BetSettled) { p.Dice = [3]int{}; p.Result = []byte(`{"pocket":"00"}`) }), // read by the general decoder
		placed(func(*BetPlaced) {}),
		placed(func(p *BetPlaced) { p.Funding = "credits"; p.Carried = true }),
		placed(func(p *BetPlaced) {
			p.Bets[0].Working = true
			p.Bets[0].Commission = dec("0.25")
			p.Bets[1].Held = dec("2")
		}),
		placed(func(p *BetPlaced) { p.Bets = []PlacedBet{} }),
		placed(func(p *BetPlaced) { p.Bets = nil }), // "bets":null: the general decoder's
	}
	var out [][]byte
	for i, p := range payloads {
		for _, bare := range []bool{false, true} {
			e, err := New(TypeOf(p), testAt, p)
			if err != nil {
				tb.Fatal(err)
			}
			e.ID = fixedV7(uint64(i + 1))
			e.Actor = Actor{ID: "d-1", Role: "dealer"}
			if !bare {
				e.Table, e.Round = "sicbo-1", "r-1"
				e.IdempotencyKey, e.RequestHash, e.CorrelationID = "idem-1", Sum([]byte("r")).String(), "corr-1"
				e.Postings = []Posting{{From: "wallet:p-1", To: "inplay:sicbo-1", Amount: dec("10"), Currency: "EUR"}}
			}
			b, err := Encode(&e, Sum([]byte("prev")))
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, b)
		}
	}
	return out
}

// sameAsGeneral fails t when scanEvent accepts data and the general
// decoder refuses it or reads other values.
func sameAsGeneral(t *testing.T, data []byte) (accepted bool) {
	t.Helper()
	// The light read may accept what the whole one refuses: a hash it
	// does not parse.
	full := sameAsGeneralIn(t, data, false)
	return sameAsGeneralIn(t, data, true) || full
}

// sameAsGeneralIn is sameAsGeneral for DecodeForProjection (light) or
// DecodeWithPayload.
func sameAsGeneralIn(t *testing.T, data []byte, light bool) (accepted bool) {
	t.Helper()
	c := NewCodec()
	fe, fp, ok := scanEvent(data, c.currentVersion, &Interner{}, light)
	if !ok {
		return false
	}
	ge, gp, err := c.decodeGeneral(data, light)
	if err != nil {
		t.Fatalf("the scanner accepted what the general decoder refuses (%v):\n%s", err, data)
	}
	if !reflect.DeepEqual(fe, ge) {
		t.Fatalf("envelopes differ:\nscanner %#v\ngeneral %#v\n%s", fe, ge, data)
	}
	if !reflect.DeepEqual(fp, gp) {
		t.Fatalf("payloads differ:\nscanner %#v\ngeneral %#v\n%s", fp, gp, data)
	}
	return true
}

// One Interner over many events shares their equal amounts; each event still
// reads what the general decoder reads, and arithmetic on a shared amount
// leaves the others as they were (decimals are immutable).
func TestInterner_SharedAmounts(t *testing.T) {
	c := NewCodec()
	var in Interner
	var first, second decimal.Decimal
	for _, b := range canonicalSamples(t) {
		fe, fp, ok := scanEvent(b, c.currentVersion, &in, true)
		if !ok {
			continue
		}
		ge, gp, err := c.decodeGeneral(b, true)
		if err != nil || !reflect.DeepEqual(fe, ge) || !reflect.DeepEqual(fp, gp) {
			t.Fatalf("with a shared interner the scanner reads otherwise (%v):\n%s", err, b)
		}
		for _, p := range fe.Postings {
			if !p.Amount.Equal(dec("10")) {
				continue
			}
			if first.IsZero() {
				first = p.Amount
			} else {
				second = p.Amount
			}
		}
	}
	if first.IsZero() || second.IsZero() {
		t.Fatal("the samples hold no amount of 10 twice")
	}
	if sum := first.Add(dec("5")); !sum.Equal(dec("15")) || !second.Equal(dec("10")) || !first.Equal(dec("10")) {
		t.Fatalf("10 + 5 = %s left the shared amounts at %s and %s", sum, first, second)
	}
}

func TestDecodeCanonical_SameAsGeneral(t *testing.T) {
	samples := canonicalSamples(t)
	accepted := 0
	for _, b := range samples {
		if sameAsGeneral(t, b) {
			accepted++
		}
		// DecodeForProjection answers the same whichever path it took.
		c := NewCodec()
		e1, p1, err1 := c.DecodeForProjection(b)
		e2, p2, err2 := c.decodeGeneral(b, true)
		if (err1 == nil) != (err2 == nil) || !reflect.DeepEqual(e1, e2) || !reflect.DeepEqual(p1, p2) {
			t.Fatalf("DecodeForProjection differs from the general decoder:\n%s", b)
		}
	}
	// The ledger's own bet events take the fast path: all but the two
	// samples with a game's result object or null bets, each twice.
	if want := len(samples) - 4; accepted != want {
		t.Fatalf("the scanner read %d of %d samples, want %d", accepted, len(samples), want)
	}
	// Every other type of the catalog goes to the general decoder.
	for _, typ := range Types() {
		e := sampleEnvelope(t, typ, fixedV7(9))
		b, err := Encode(&e, Hash{})
		if err != nil {
			t.Fatal(err)
		}
		if ok := sameAsGeneral(t, b); ok && typ != TypeBetPlaced && typ != TypeBetSettled {
			t.Fatalf("the scanner read a %s event", typ)
		}
	}
}

func TestDecodeCanonical_RefusesOtherForms(t *testing.T) {
	base := canonicalSamples(t)[0]
	c := NewCodec()
	if _, _, ok := scanEvent(base, c.currentVersion, nil, true); !ok {
		t.Fatalf("the base sample is not canonical:\n%s", base)
	}
	for _, tc := range []struct{ name, old, new string }{
		{"space", `,"v":1`, `, "v":1`},
		{"escape", `"p-1"`, `"p\u002d1"`},
		{"unknown member", `"outcome":`, `"extra":1,"outcome":`},
		{"members swapped", `"slip":"s-1","bet":"b-1"`, `"bet":"b-1","slip":"s-1"`},
		{"duplicate member", `"outcome":"won"`, `"outcome":"won","outcome":"lost"`},
		{"number amount", `"stake":"10"`, `"stake":10`},
		{"leading zero", `"correction":0`, `"correction":00`},
		{"fraction", `"correction":0`, `"correction":0.0`},
		{"time offset", `Z"`, `+00:00"`},
		{"non-ASCII", `"p-1"`, `"p-é"`},
		{"old version", `"v":1`, `"v":0`},
		{"trailing bytes", `"}`, `"} `},
		{"short hash", `"hash":"`, `"hash":"a`},
	} {
		b := []byte(strings.Replace(string(base), tc.old, tc.new, 1))
		if string(b) == string(base) {
			t.Fatalf("%s: %q is not in the sample", tc.name, tc.old)
		}
		if _, _, ok := scanEvent(b, c.currentVersion, nil, true); ok {
			t.Errorf("%s: the scanner read %s", tc.name, b)
		}
		// Whatever the general decoder answers is DecodeForProjection's.
		e1, p1, err1 := c.DecodeForProjection(b)
		e2, p2, err2 := c.decodeGeneral(b, true)
		if (err1 == nil) != (err2 == nil) || !reflect.DeepEqual(e1, e2) || !reflect.DeepEqual(p1, p2) {
			t.Errorf("%s: DecodeForProjection differs from the general decoder", tc.name)
		}
	}
}

func TestDecodeCanonical_AmountsKeepTheirExponent(t *testing.T) {
	for _, s := range canonicalSamples(t)[:2] {
		_, p, ok := scanEvent(s, NewCodec().currentVersion, nil, true)
		if !ok {
			t.Fatal("not read")
		}
		if got := p.(*BetSettled).Residue; !got.Equal(decimal.Zero) || got.Exponent() != 0 {
			t.Fatalf("residue %v exponent %d, want 0 and 0", got, got.Exponent())
		}
	}
}

// FuzzDecodeCanonical: whatever the scanner accepts, the general decoder
// accepts and reads the same.
func FuzzDecodeCanonical(f *testing.F) {
	for _, b := range canonicalSamples(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameAsGeneral(t, data)
	})
}

func BenchmarkDecodeForProjection(b *testing.B) {
	for _, s := range canonicalSamples(b)[:1] {
		c := NewCodec()
		b.Run("scanner", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := c.DecodeForProjection(s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("scanner-interned", func(b *testing.B) {
			b.ReportAllocs()
			var in Interner
			for b.Loop() {
				if _, _, err := c.DecodeForProjectionWith(s, &in); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("general", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := c.decodeGeneral(s, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
