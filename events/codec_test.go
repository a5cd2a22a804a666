package events

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// newCodecWithVersions returns a Codec that upcasts to the given current
// versions instead of the catalog's. Every type is at version 1 today, so this
// is the only way to run the upcast path before a second version exists.
func newCodecWithVersions(versions map[Type]int, upcasters ...Upcaster) *Codec {
	c := NewCodec(upcasters...)
	c.versions = versions
	return c
}

// replaceOnce replaces old with new in data and fails unless old occurs
// exactly once, so that a test's edit lands where it means to.
func replaceOnce(tb testing.TB, data []byte, old, new string) []byte {
	tb.Helper()
	if n := bytes.Count(data, []byte(old)); n != 1 {
		tb.Fatalf("%q occurs %d times in %s", old, n, data)
	}
	return bytes.Replace(data, []byte(old), []byte(new), 1)
}

func TestEncodeDecode_RoundTripEveryType(t *testing.T) {
	for _, typ := range Types() {
		t.Run(string(typ), func(t *testing.T) {
			payload := samplePayload(t, typ)
			requireNoZeroFields(t, payload)
			e := sampleEnvelope(t, typ, newV7(t))
			want := e
			prev := Sum([]byte("the event before"))

			data, err := Encode(&e, prev)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if e.PrevHash != prev {
				t.Errorf("Encode set PrevHash %s, want %s", e.PrevHash, prev)
			}
			if e.Hash.IsZero() {
				t.Error("Encode left Hash zero")
			}
			if !json.Valid(data) {
				t.Fatalf("Encode produced invalid JSON: %s", data)
			}

			got, err := Decode(data)
			if err != nil {
				t.Fatalf("Decode: %v\n%s", err, data)
			}
			want.PrevHash, want.Hash = prev, e.Hash
			if d := diff(want, got); d != "" {
				t.Errorf("decoded envelope differs from the encoded one at %s", d)
			}
			if got.Version != 1 || got.Version != typ.CurrentVersion() {
				t.Errorf("Version = %d, want the current version 1", got.Version)
			}
			if got.ID.Version() != 7 {
				t.Errorf("id %s is not v7", got.ID)
			}

			p, err := DecodePayload(&got)
			if err != nil {
				t.Fatalf("DecodePayload: %v", err)
			}
			if d := diff(payload, p); d != "" {
				t.Errorf("decoded payload differs from the sample at %s", d)
			}

			// Re-encoding a decoded event gives the stored bytes back: a
			// verifier or a migration can rebuild them exactly.
			again, err := Encode(&got, got.PrevHash)
			if err != nil {
				t.Fatalf("re-Encode: %v", err)
			}
			if !bytes.Equal(again, data) {
				t.Errorf("re-encoding changed the bytes:\n got %s\nwant %s", again, data)
			}
		})
	}
}

func TestEncode_AmountsAreDecimalStrings(t *testing.T) {
	e := sampleEnvelope(t, TypeBetPlaced, newV7(t))
	data, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	// Amounts travel as JSON strings, never as JSON numbers (which many
	// readers parse as floats). The decimal package writes the shortest
	// spelling of the value, so 10.50 is stored as "10.5".
	for _, want := range []string{`"stake":"10.5"`, `"stake":"2"`, `"total":"12.5"`, `"balance_after":"182.75"`, `"amount":"10.5"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("encoding lacks %s:\n%s", want, data)
		}
	}
}

func TestEncode_UTCAndPrev(t *testing.T) {
	e := sampleEnvelope(t, TypeRoundResult, newV7(t))
	e.OccurredAt = testAt.In(time.FixedZone("CET", 3600))
	data, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"at":"2026-03-14T15:09:26.535897Z"`)) {
		t.Errorf("time is not written in UTC:\n%s", data)
	}
	if !bytes.Contains(data, []byte(`"prev":"`+strings.Repeat("0", 64)+`"`)) {
		t.Errorf("the first event's prev is not the zero hash:\n%s", data)
	}
	if e.OccurredAt.Location() != time.UTC {
		t.Errorf("Encode left OccurredAt in %s", e.OccurredAt.Location())
	}
}

func TestEncode_Err(t *testing.T) {
	t.Run("ErrUnknownType", func(t *testing.T) {
		e := sampleEnvelope(t, TypeBetPlaced, newV7(t))
		e.Type = "bet.withdrawn"
		if _, err := Encode(&e, Hash{}); !errors.Is(err, ErrUnknownType) {
			t.Errorf("err = %v, want ErrUnknownType", err)
		}
	})
	t.Run("InvalidPayloadJSON", func(t *testing.T) {
		e := sampleEnvelope(t, TypeBetPlaced, newV7(t))
		e.Payload = json.RawMessage(`{"slip":`)
		if _, err := Encode(&e, Hash{}); err == nil {
			t.Error("Encode accepted a payload that is not JSON")
		}
	})
	t.Run("OverSize", func(t *testing.T) {
		// An event Decode would refuse must not be written in the first
		// place: it could never be read back.
		e, err := New(TypeTableClosed, testAt, TableClosed{Table: testTable, Reason: strings.Repeat("x", EventBytesMax)})
		if err != nil {
			t.Fatal(err)
		}
		e.ID = newV7(t)
		if _, err := Encode(&e, Hash{}); !errors.Is(err, ErrMalformed) {
			t.Errorf("err = %v, want ErrMalformed", err)
		}
	})
}

func TestDecode_Err(t *testing.T) {
	e := sampleEnvelope(t, TypeBetPlaced, newV7(t))
	good, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	payload := string(e.Payload)
	id := e.ID.String()
	// The same id with the version nibble 4, and with the variant bits of
	// Microsoft's GUIDs (110x) instead of RFC 4122's (10xx).
	v4 := id[:14] + "4" + id[15:]
	msVariant := id[:19] + "c" + id[20:]

	// An event of exactly EventBytesMax bytes is accepted and one more byte
	// is not; Encode refuses to write the large one, so it is built by hand.
	atLimit := func(extra int) []byte {
		pad := EventBytesMax + extra - len(good) - len(`,"pad":""`)
		return replaceOnce(t, good, `"payload":{`, `"payload":{"pad":"`+strings.Repeat("x", pad)+`",`)
	}
	if n := len(atLimit(0)); n != EventBytesMax {
		t.Fatalf("atLimit(0) is %d bytes", n)
	}
	if _, err := Decode(atLimit(0)); err != nil {
		t.Errorf("an event of exactly EventBytesMax bytes: %v", err)
	}

	tests := []struct {
		name string
		data []byte
		want error
	}{
		{"UnknownType", replaceOnce(t, good, `"type":"bet.placed"`, `"type":"bet.withdrawn"`), ErrUnknownType},
		{"EmptyType", replaceOnce(t, good, `"type":"bet.placed"`, `"type":""`), ErrUnknownType},
		{"TypeOtherCase", replaceOnce(t, good, `"type":"bet.placed"`, `"type":"Bet.Placed"`), ErrUnknownType},
		{"NewerVersion", replaceOnce(t, good, `"v":1`, `"v":2`), ErrUnknownVersion},
		{"OlderVersionNoUpcaster", replaceOnce(t, good, `"v":1`, `"v":0`), ErrUnknownVersion},
		{"NegativeVersion", replaceOnce(t, good, `"v":1`, `"v":-1`), ErrUnknownVersion},
		{"VersionNotInteger", replaceOnce(t, good, `"v":1`, `"v":1.5`), ErrMalformed},
		{"VersionString", replaceOnce(t, good, `"v":1`, `"v":"1"`), ErrMalformed},
		{"PayloadArray", replaceOnce(t, good, payload, `[{"slip":"s-1"}]`), ErrMalformed},
		{"PayloadString", replaceOnce(t, good, payload, `"{}"`), ErrMalformed},
		{"PayloadNumber", replaceOnce(t, good, payload, `12.5`), ErrMalformed},
		{"PayloadNull", replaceOnce(t, good, payload, `null`), ErrMalformed},
		{"PayloadMissing", replaceOnce(t, good, `"payload":`+payload+`,`, ``), ErrMalformed},
		{"IDv4", replaceOnce(t, good, `"id":"`+id, `"id":"`+v4), ErrMalformed},
		{"IDv7WrongVariant", replaceOnce(t, good, `"id":"`+id, `"id":"`+msVariant), ErrMalformed},
		{"IDNil", replaceOnce(t, good, `"id":"`+id, `"id":"00000000-0000-0000-0000-000000000000`), ErrMalformed},
		{"IDMissing", replaceOnce(t, good, `"id":"`+id+`",`, ``), ErrMalformed},
		{"IDNotUUID", replaceOnce(t, good, `"id":"`+id, `"id":"not-a-uuid`), ErrMalformed},
		{"PrevNotHex", replaceOnce(t, good, `"prev":"0000`, `"prev":"zz00`), ErrMalformed},
		{"TimeNotUTC", replaceOnce(t, good, `"at":"2026-03-14T15:09:26.535897Z"`, `"at":"2026-03-14T16:09:26.535897+01:00"`), ErrMalformed},
		{"TimeNotUTCYearZero", replaceOnce(t, good, `"at":"2026-03-14T15:09:26.535897Z"`, `"at":"0000-01-01T00:30:00+01:00"`), ErrMalformed},
		{"TimeNotRFC3339", replaceOnce(t, good, `"at":"2026-03-14T15:09:26.535897Z"`, `"at":"14/03/2026"`), ErrMalformed},
		{"AmountNotDecimal", replaceOnce(t, good, `"amount":"10.5"`, `"amount":"ten"`), ErrMalformed},
		{"OverSize", atLimit(1), ErrMalformed},
		{"Empty", nil, ErrMalformed},
		{"NotJSON", []byte("bet placed: 10.50 on small"), ErrMalformed},
		{"Truncated", good[:len(good)/2], ErrMalformed},
		{"TrailingGarbage", append(bytes.Clone(good), "}"...), ErrMalformed},
		{"TwoEvents", append(bytes.Clone(good), good...), ErrMalformed},
		{"Array", []byte(`[` + string(good) + `]`), ErrMalformed},
		{"Binary", []byte{0x00, 0xff, 0x7b, 0x22, 0x00}, ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.data)
			if !errors.Is(err, tt.want) {
				t.Errorf("Decode err = %v, want %v", err, tt.want)
			}
			// The zero Codec behaves as Decode.
			var c Codec
			if _, err := c.Decode(tt.data); !errors.Is(err, tt.want) {
				t.Errorf("zero Codec err = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestDecode_TimeSpelledOtherwise(t *testing.T) {
	e := sampleEnvelope(t, TypeRoundResult, newV7(t))
	good, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []string{"2026-03-14T15:09:26.535897+00:00", "2026-03-14T15:09:26.535897000Z"} {
		got, err := Decode(replaceOnce(t, good, "2026-03-14T15:09:26.535897Z", at))
		if err != nil {
			t.Errorf("%s: %v", at, err)
			continue
		}
		if !got.OccurredAt.Equal(testAt) {
			t.Errorf("%s decoded as %s", at, got.OccurredAt)
		}
	}
}

func TestCodec_DecodeCurrentOK(t *testing.T) {
	e := sampleEnvelope(t, TypeWalletDeposited, newV7(t))
	data, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]*Codec{"nil": nil, "zero": {}, "NewCodec": NewCodec()} {
		got, err := c.Decode(data)
		if err != nil {
			t.Errorf("%s Codec: %v", name, err)
			continue
		}
		if d := diff(e, got); d != "" {
			t.Errorf("%s Codec: decoded envelope differs at %s", name, d)
		}
	}
}

func TestCodec_VersionZeroHasNoUpcaster(t *testing.T) {
	// Versions start at 1. Even a Codec given an upcaster "from 0" refuses a
	// stored version 0: no writer ever produced one, so it is corruption.
	e := sampleEnvelope(t, TypeBetPlaced, newV7(t))
	e.Version = 0
	data, err := Encode(&e, Hash{})
	if err != nil {
		t.Fatal(err)
	}
	called := false
	c := NewCodec(Upcaster{Type: TypeBetPlaced, From: 0, Up: func(p json.RawMessage) (json.RawMessage, error) {
		called = true
		return p, nil
	}})
	if _, err := c.Decode(data); !errors.Is(err, ErrUnknownVersion) {
		t.Errorf("err = %v, want ErrUnknownVersion", err)
	}
	if called {
		t.Error("the upcaster from version 0 was called")
	}
}

// The upcast tests pretend that bet.placed has reached version 3. Version 1
// named the slip total "stake_total"; version 2 renamed it "total"; version 3
// added the currency, which version 1 and 2 slips left implicit (EUR).

var errNoTotal = errors.New("test: payload has no total")

func upcastBetPlaced1to2(p json.RawMessage) (json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(p, &m); err != nil {
		return nil, err
	}
	m["total"] = m["stake_total"]
	delete(m, "stake_total")
	return json.Marshal(m)
}

func upcastBetPlaced2to3(p json.RawMessage) (json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(p, &m); err != nil {
		return nil, err
	}
	// Fails on a version 1 payload: proves the upcasters run in order.
	if _, ok := m["total"]; !ok {
		return nil, errNoTotal
	}
	m["currency"] = json.RawMessage(`"EUR"`)
	return json.Marshal(m)
}

// betPlacedAt returns the stored bytes of a bet.placed event at version v
// with the given payload.
func betPlacedAt(tb testing.TB, v int, payload string) []byte {
	tb.Helper()
	e := sampleEnvelope(tb, TypeBetPlaced, newV7(tb))
	e.Version = v
	e.Payload = json.RawMessage(payload)
	data, err := Encode(&e, Hash{})
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

const (
	betPlacedV1 = `{"slip":"s-0001","player":"p-0042","table":"sicbo-1","round":"r-000127","bets":[{"bet":"b-0001","code":"small","stake":"10.50"}],"stake_total":"10.50","balance_before":"20.00","balance_after":"9.50"}`
	betPlacedV2 = `{"slip":"s-0001","player":"p-0042","table":"sicbo-1","round":"r-000127","bets":[{"bet":"b-0001","code":"small","stake":"10.50"}],"total":"10.50","balance_before":"20.00","balance_after":"9.50"}`
)

var (
	up1to2 = Upcaster{Type: TypeBetPlaced, From: 1, Up: upcastBetPlaced1to2}
	up2to3 = Upcaster{Type: TypeBetPlaced, From: 2, Up: upcastBetPlaced2to3}
	// Registered for another type: must not be used for bet.placed.
	upOther = Upcaster{Type: TypeBetSettled, From: 1, Up: func(json.RawMessage) (json.RawMessage, error) {
		return json.RawMessage(`{"wrong":"type"}`), nil
	}}
)

func TestCodec_Upcast(t *testing.T) {
	v3 := map[Type]int{TypeBetPlaced: 3, TypeBetSettled: 3}
	want := &BetPlaced{Slip: testSlip, Player: testPlayer, Table: testTable, Round: testRound,
		Currency: "EUR", Bets: []PlacedBet{{Bet: "b-0001", Code: "small", Stake: dec("10.50")}},
		Total: dec("10.50"), BalanceBefore: dec("20.00"), BalanceAfter: dec("9.50")}

	tests := []struct {
		name    string
		stored  int
		payload string
	}{
		{"V1ThroughV2ToV3", 1, betPlacedV1},
		{"V2ToV3", 2, betPlacedV2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := betPlacedAt(t, tt.stored, tt.payload)
			// The order of the upcasters given does not matter.
			c := newCodecWithVersions(v3, upOther, up2to3, up1to2)
			e, err := c.Decode(data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if e.Version != 3 {
				t.Errorf("Version = %d after upcast, want 3", e.Version)
			}
			got, err := Into[BetPlaced](&e)
			if err != nil {
				t.Fatalf("Into: %v", err)
			}
			if d := diff(want, got); d != "" {
				t.Errorf("upcast payload differs at %s", d)
			}
			// The hash covers the stored bytes, not the upcast payload:
			// upcasting never breaks the chain.
			if _, err := CheckHash(data); err != nil {
				t.Errorf("CheckHash of the stored v%d event: %v", tt.stored, err)
			}
		})
	}

	t.Run("CurrentUntouched", func(t *testing.T) {
		v3payload := `{"slip":"s-0001","currency":"USD","total":"1"}`
		called := false
		spy := Upcaster{Type: TypeBetPlaced, From: 3, Up: func(p json.RawMessage) (json.RawMessage, error) {
			called = true
			return p, nil
		}}
		c := newCodecWithVersions(v3, up1to2, up2to3, spy)
		e, err := c.Decode(betPlacedAt(t, 3, v3payload))
		if err != nil {
			t.Fatal(err)
		}
		if string(e.Payload) != v3payload || e.Version != 3 || called {
			t.Errorf("a current event was changed: v%d %s (upcaster called: %v)", e.Version, e.Payload, called)
		}
	})
	t.Run("ErrUnknownVersionMissingStep", func(t *testing.T) {
		c := newCodecWithVersions(v3, up1to2) // no 2 → 3
		if _, err := c.Decode(betPlacedAt(t, 1, betPlacedV1)); !errors.Is(err, ErrUnknownVersion) {
			t.Errorf("err = %v, want ErrUnknownVersion", err)
		}
	})
	t.Run("ErrUnknownVersionMissingFirstStep", func(t *testing.T) {
		c := newCodecWithVersions(v3, up2to3, upOther) // no 1 → 2 for bet.placed
		if _, err := c.Decode(betPlacedAt(t, 1, betPlacedV1)); !errors.Is(err, ErrUnknownVersion) {
			t.Errorf("err = %v, want ErrUnknownVersion", err)
		}
	})
	t.Run("ErrUnknownVersionNewer", func(t *testing.T) {
		c := newCodecWithVersions(v3, up1to2, up2to3)
		if _, err := c.Decode(betPlacedAt(t, 4, betPlacedV2)); !errors.Is(err, ErrUnknownVersion) {
			t.Errorf("err = %v, want ErrUnknownVersion", err)
		}
	})
	t.Run("ErrUpcasterFails", func(t *testing.T) {
		// The 2 → 3 step registered as 1 → 2 meets a v1 payload and fails;
		// its error comes back wrapped.
		wrong := up2to3
		wrong.From = 1
		c := newCodecWithVersions(v3, wrong, up2to3)
		if _, err := c.Decode(betPlacedAt(t, 1, betPlacedV1)); !errors.Is(err, errNoTotal) {
			t.Errorf("err = %v, want the upcaster's error", err)
		}
	})
	t.Run("ErrUpcastToNonObject", func(t *testing.T) {
		bad := Upcaster{Type: TypeBetPlaced, From: 2, Up: func(json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(`[]`), nil
		}}
		c := newCodecWithVersions(v3, up1to2, bad)
		if _, err := c.Decode(betPlacedAt(t, 1, betPlacedV1)); !errors.Is(err, ErrMalformed) {
			t.Errorf("err = %v, want ErrMalformed", err)
		}
	})
}

func TestInto(t *testing.T) {
	e := sampleEnvelope(t, TypeBetPlaced, newV7(t))
	t.Run("OK", func(t *testing.T) {
		p, err := Into[BetPlaced](&e)
		if err != nil {
			t.Fatal(err)
		}
		if d := diff(samplePayload(t, TypeBetPlaced), p); d != "" {
			t.Errorf("payload differs at %s", d)
		}
	})
	t.Run("ErrMalformedWrongType", func(t *testing.T) {
		if _, err := Into[BetSettled](&e); !errors.Is(err, ErrMalformed) {
			t.Errorf("err = %v, want ErrMalformed", err)
		}
	})
	t.Run("ErrMalformedBadPayload", func(t *testing.T) {
		bad := e
		bad.Payload = json.RawMessage(`{"total":"lots"}`)
		if _, err := Into[BetPlaced](&bad); !errors.Is(err, ErrMalformed) {
			t.Errorf("err = %v, want ErrMalformed", err)
		}
	})
	t.Run("ErrUnknownType", func(t *testing.T) {
		bad := e
		bad.Type = "bet.withdrawn"
		if _, err := DecodePayload(&bad); !errors.Is(err, ErrUnknownType) {
			t.Errorf("err = %v, want ErrUnknownType", err)
		}
	})
}

func TestTypes_Catalog(t *testing.T) {
	seen := map[Type]bool{}
	for _, typ := range Types() {
		if seen[typ] {
			t.Errorf("%s listed twice", typ)
		}
		seen[typ] = true
		if !typ.Known() || typ.CurrentVersion() < 1 {
			t.Errorf("%s: Known %v, CurrentVersion %d", typ, typ.Known(), typ.CurrentVersion())
		}
		if newPayload(typ) == nil {
			t.Errorf("%s has no payload type", typ)
		}
	}
	if len(seen) != len(catalog) {
		t.Errorf("Types lists %d types, the catalog %d", len(seen), len(catalog))
	}
	if Type("bet.withdrawn").Known() || Type("").CurrentVersion() != 0 {
		t.Error("an unknown type is reported as known")
	}
}

// benchEvent returns a typical bet.placed event: one slip of two bets.
func benchEvent(b *testing.B) Envelope {
	b.Helper()
	return sampleEnvelope(b, TypeBetPlaced, fixedV7(1))
}

func BenchmarkEncode(b *testing.B) {
	e := benchEvent(b)
	prev := Sum([]byte("prev"))
	data, err := Encode(&e, prev)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(&e, prev); err != nil {
			b.Fatal(err)
		}
	}
	// Reported after the loop: the timer reset at its start clears metrics.
	b.ReportMetric(float64(len(data)), "bytes/event")
}

func BenchmarkDecode(b *testing.B) {
	e := benchEvent(b)
	data, err := Encode(&e, Hash{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
	// Reported after the loop: the timer reset at its start clears metrics.
	b.ReportMetric(float64(len(data)), "bytes/event")
}

// BenchmarkDecodeEvent measures what a projection rebuild does per event:
// Codec.Decode of the stored bytes, then DecodePayload.
func BenchmarkDecodeEvent(b *testing.B) {
	codec := NewCodec()
	for _, typ := range []Type{TypeBetPlaced, TypeBetSettled} {
		b.Run(string(typ), func(b *testing.B) {
			e := sampleEnvelope(b, typ, fixedV7(1))
			data, err := Encode(&e, Sum([]byte("prev")))
			if err != nil {
				b.Fatal(err)
			}
			b.Run("two-pass", func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					d, err := codec.Decode(data)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := DecodePayload(&d); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run("one-pass", func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if _, _, err := codec.DecodeWithPayload(data); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// decodeTwoPass is what DecodeWithPayload must equal: Decode, then
// DecodePayload.
func decodeTwoPass(c *Codec, data []byte) (Envelope, any, error) {
	e, err := c.Decode(data)
	if err != nil {
		return e, nil, err
	}
	p, err := DecodePayload(&e)
	return e, p, err
}

// sameDecoding checks that DecodeWithPayload agrees with Decode then
// DecodePayload on data: both refuse it with the same sentinel, or both
// give the same envelope (but for Payload, which the one-pass decoding may
// leave nil) and the same payload.
func sameDecoding(t *testing.T, c *Codec, data []byte) {
	t.Helper()
	e1, p1, err1 := decodeTwoPass(c, data)
	e2, p2, err2 := c.DecodeWithPayload(data)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("two passes: %v; one pass: %v\n%q", err1, err2, data)
	}
	if err1 != nil {
		for _, s := range []error{ErrMalformed, ErrUnknownType, ErrUnknownVersion} {
			if errors.Is(err1, s) != errors.Is(err2, s) {
				t.Fatalf("two passes: %v; one pass: %v\n%q", err1, err2, data)
			}
		}
		return
	}
	e1.Payload, e2.Payload = nil, nil
	if d := diff(e1, e2); d != "" {
		t.Fatalf("envelopes differ at %s\n%q", d, data)
	}
	if d := diff(p1, p2); d != "" {
		t.Fatalf("payloads differ at %s\n%q", d, data)
	}
}

// sameForProjection checks DecodeForProjection against Decode then
// DecodePayload: never stricter (what the two passes accept it accepts,
// and the same), and what it refuses they refuse too; it may accept what
// they refuse only for a member it skips.
func sameForProjection(t *testing.T, c *Codec, data []byte) {
	t.Helper()
	e1, p1, err1 := decodeTwoPass(c, data)
	e3, p3, err3 := c.DecodeForProjection(data)
	if err3 != nil {
		if err1 == nil {
			t.Fatalf("DecodeForProjection refused what the two passes accept: %v\n%q", err3, data)
		}
		return
	}
	if err1 != nil {
		return
	}
	e1.Payload, e3.Payload = nil, nil
	e1.PrevHash, e1.Hash, e1.IdempotencyKey, e1.RequestHash, e1.CorrelationID = Hash{}, Hash{}, "", "", ""
	if d := diff(e1, e3); d != "" {
		t.Fatalf("envelopes differ at %s\n%q", d, data)
	}
	if d := diff(p1, p3); d != "" {
		t.Fatalf("payloads differ at %s\n%q", d, data)
	}
}

// TestDecodeWithPayload checks the one-pass decoding against the two
// passes for every type, for members in another order, for payloads an
// upcaster must rewrite first, and for broken payloads.
func TestDecodeWithPayload(t *testing.T) {
	for _, typ := range Types() {
		e := sampleEnvelope(t, typ, newV7(t))
		data, err := Encode(&e, Sum([]byte("prev")))
		if err != nil {
			t.Fatal(err)
		}
		_, p, err := (*Codec)(nil).DecodeWithPayload(data)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if d := diff(p, samplePayload(t, typ)); d != "" {
			t.Errorf("%s: payload differs at %s", typ, d)
		}
		sameDecoding(t, nil, data)
		sameForProjection(t, nil, data)
		// The payload first: read raw, decoded after.
		i := bytes.Index(data, []byte(`,"payload":`))
		j := bytes.Index(data, []byte(`,"postings":`))
		if j < 0 {
			j = bytes.Index(data, []byte(`,"prev":`))
		}
		moved := append([]byte(`{"payload":`), data[i+len(`,"payload":`):j]...)
		moved = append(moved, ',')
		moved = append(moved, data[1:i]...)
		moved = append(moved, data[j:]...)
		sameDecoding(t, nil, moved)
		sameForProjection(t, nil, moved)
		if _, _, err := (*Codec)(nil).DecodeWithPayload(moved); err != nil {
			t.Errorf("%s with the payload first: %v", typ, err)
		}
	}
	c := newCodecWithVersions(map[Type]int{TypeBetPlaced: 3}, up1to2, up2to3)
	for v, payload := range map[int]string{1: betPlacedV1, 2: betPlacedV2} {
		data := betPlacedAt(t, v, payload)
		sameDecoding(t, c, data)
		sameForProjection(t, c, data)
		if _, p, err := c.DecodeWithPayload(data); err != nil || p.(*BetPlaced).Total.String() != "10.5" {
			t.Errorf("v%d upcast: %v %+v", v, err, p)
		}
	}
	for name, payload := range map[string]string{
		"array":        `[1]`,
		"null":         `null`,
		"bad stake":    `{"slip":"s","bets":[{"bet":"b","code":"small","stake":"ten"}]}`,
		"wrong member": `{"slip":7}`,
		"duplicate":    `{"slip":"a","slip":"b"}`,
	} {
		data := betPlacedAt(t, TypeBetPlaced.CurrentVersion(), payload)
		sameDecoding(t, nil, data)
		if _, _, err := (*Codec)(nil).DecodeWithPayload(data); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s payload: %v, want ErrMalformed", name, err)
		}
	}
}

// FuzzDecodeWithPayload checks the one-pass decoding against the two
// passes on any input (the corpus of FuzzDecode is a good start: copy it to
// testdata/fuzz/FuzzDecodeWithPayload).
func FuzzDecodeWithPayload(f *testing.F) {
	for _, typ := range []Type{TypeBetPlaced, TypeBetSettled, TypeRoundSettled, TypeWalletDeposited} {
		e := sampleEnvelope(f, typ, newV7(f))
		data, err := Encode(&e, Hash{})
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sameDecoding(t, nil, data)
		sameForProjection(t, nil, data)
	})
}

// TestDecodeForProjection_LeavesOut checks what DecodeForProjection leaves
// out, and that a malformed hash, which Decode refuses, does not stop it.
func TestDecodeForProjection_LeavesOut(t *testing.T) {
	e := sampleEnvelope(t, TypeBetSettled, newV7(t))
	data, err := Encode(&e, Sum([]byte("prev")))
	if err != nil {
		t.Fatal(err)
	}
	got, p, err := (*Codec)(nil).DecodeForProjection(data)
	if err != nil || p == nil {
		t.Fatal(err)
	}
	if !got.PrevHash.IsZero() || !got.Hash.IsZero() || got.IdempotencyKey != "" || got.RequestHash != "" || got.CorrelationID != "" {
		t.Fatalf("kept what it leaves out: %+v", got)
	}
	if e.IdempotencyKey == "" || e.RequestHash == "" || e.CorrelationID == "" {
		t.Fatal("the sample has no command identity to leave out")
	}
	bad := replaceOnce(t, data, `"prev":"`, `"prev":"XY`)
	if _, err := Decode(bad); !errors.Is(err, ErrMalformed) {
		t.Fatalf("Decode of a bad hash: %v", err)
	}
	if _, _, err := (*Codec)(nil).DecodeForProjection(bad); err != nil {
		t.Fatalf("DecodeForProjection of a bad hash: %v", err)
	}
	if _, _, err := (*Codec)(nil).DecodeForProjection(replaceOnce(t, data, `"prev":"`, `"prev":[`)); !errors.Is(err, ErrMalformed) {
		t.Fatalf("DecodeForProjection of broken JSON: %v", err)
	}
}
