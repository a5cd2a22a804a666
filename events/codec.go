package events

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// EventBytesMax is the largest encoded event accepted by Decode. The ledger's
// own events are far smaller; the limit keeps a corrupt or hostile input from
// costing memory.
const EventBytesMax = 1 << 20

// Encode sets e.PrevHash to prev, encodes e canonically, computes its hash,
// stores the hash in e.Hash and returns the bytes to store. The payload must
// already be compact JSON (New and SetPayload make it so). An event that
// encodes to more than EventBytesMax bytes is refused with ErrMalformed,
// since Decode could not read it back.
func Encode(e *Envelope, prev Hash) ([]byte, error) {
	if !e.Type.Known() {
		return nil, fmt.Errorf("%w: %q", ErrUnknownType, e.Type)
	}
	return encode(e, prev, false)
}

// EncodePayload sets e's payload to payload, as SetPayload does, then
// encodes e as Encode does: the same bytes and hash, in one pass instead of
// two (Encode compacts the payload's JSON again, which this one knows to be
// compact already). The ledger seals every event it writes with it.
func EncodePayload(e *Envelope, payload Payload, prev Hash) ([]byte, error) {
	if !e.Type.Known() {
		return nil, fmt.Errorf("%w: %q", ErrUnknownType, e.Type)
	}
	e.PrevHash = prev
	e.Hash = Hash{}
	e.OccurredAt = e.OccurredAt.UTC()
	// The bet events' payloads are written straight into the event's
	// buffer, and e.Payload is that part of it: one buffer and no copy.
	data, ok := appendHead(make([]byte, 0, envelopeBytesHint), e)
	if ok {
		start := len(data)
		if data, ok = appendPayload(data, payload); ok {
			e.Payload = data[start:len(data):len(data)]
			data, ok = appendTail(data, e)
		}
	}
	if !ok {
		if err := e.SetPayload(payload); err != nil {
			return nil, err
		}
		return encode(e, prev, true)
	}
	return hashed(e, data)
}

// encode is Encode; trusted says e.Payload was written by SetPayload.
func encode(e *Envelope, prev Hash, trusted bool) ([]byte, error) {
	e.PrevHash = prev
	e.Hash = Hash{}
	e.OccurredAt = e.OccurredAt.UTC()
	data, ok := appendEnvelope(make([]byte, 0, envelopeBytesHint), e, trusted)
	if !ok {
		// What appendEnvelope does not write itself (see append.go):
		// encoding/json, which also gives its error.
		var err error
		if data, err = json.Marshal(e); err != nil {
			return nil, fmt.Errorf("events: encode %s: %w", e.Type, err)
		}
	}
	return hashed(e, data)
}

// hashed checks the size of data, the encoding of e with a zero hash,
// then sets e.Hash and writes it into data.
func hashed(e *Envelope, data []byte) ([]byte, error) {
	// data ends in `,"hash":"000…0"}`: hash everything before that member,
	// then write the hash over the zeros in place.
	n := len(data)
	if n > EventBytesMax {
		// Refuse what Decode refuses: an event stored over the limit could
		// never be read back.
		return nil, fmt.Errorf("%w: %s encodes to %d bytes, over the %d-byte limit", ErrMalformed, e.Type, n, EventBytesMax)
	}
	member := data[n-1-hashMemberLen : n-1]
	if !bytes.HasPrefix(member, []byte(`,"hash":"`)) {
		panic("events: hash is not the last member of the envelope encoding")
	}
	// The canonical bytes are data up to that member, closed by '}': write
	// the brace over the member's comma for the hash, then put it back,
	// rather than copying the event.
	data[n-1-hashMemberLen] = '}'
	e.Hash = Sum(data[:n-hashMemberLen])
	data[n-1-hashMemberLen] = ','
	hex.Encode(member[len(`,"hash":"`):len(member)-1], e.Hash[:])
	return data, nil
}

// New builds an envelope of type t at time at with payload marshalled to
// JSON. The caller fills in the remaining members.
func New(t Type, at time.Time, payload Payload) (Envelope, error) {
	e := Envelope{Type: t, Version: t.CurrentVersion(), OccurredAt: at.UTC()}
	if err := e.SetPayload(payload); err != nil {
		return Envelope{}, err
	}
	return e, nil
}

// SetPayload marshals payload into e.Payload.
func (e *Envelope) SetPayload(payload Payload) error {
	b, err := marshalPayload(payload)
	if err != nil {
		return fmt.Errorf("events: marshal %s payload: %w", e.Type, err)
	}
	e.Payload = b
	return nil
}

// Upcaster turns the payload of type Type at schema version From into the
// payload of version From+1.
type Upcaster struct {
	Type Type
	From int
	Up   func(payload json.RawMessage) (json.RawMessage, error)
}

// Codec decodes stored events and upcasts old schema versions to the current
// one. The zero Codec (and a nil *Codec) decodes current versions only.
type Codec struct {
	up map[Type]map[int]Upcaster
	// versions overrides the catalog's current versions when not nil. Only
	// the package's tests set it, to exercise upcasting before any type has
	// a second version.
	versions map[Type]int
}

// currentVersion returns the version c upcasts t to.
func (c *Codec) currentVersion(t Type) int {
	if c != nil && c.versions != nil {
		return c.versions[t]
	}
	return t.CurrentVersion()
}

// NewCodec returns a Codec with the given upcasters.
func NewCodec(upcasters ...Upcaster) *Codec {
	c := &Codec{up: make(map[Type]map[int]Upcaster)}
	for _, u := range upcasters {
		if c.up[u.Type] == nil {
			c.up[u.Type] = make(map[int]Upcaster)
		}
		c.up[u.Type][u.From] = u
	}
	return c
}

// Decode decodes the stored bytes of one event with no upcasters. It does not
// check the hash; see CheckHash and Chain.
func Decode(data []byte) (Envelope, error) { return (*Codec)(nil).Decode(data) }

// Decode decodes the stored bytes of one event and upcasts its payload to the
// current schema version of its type; after an upcast, Version is the current
// version. It does not check the hash.
func (c *Codec) Decode(data []byte) (Envelope, error) {
	var e Envelope
	return e, c.decode(data, &e, nil)
}

// DecodeWithPayload decodes the stored bytes of one event and its payload,
// as Decode then DecodePayload do, but reads the payload in the same pass
// over the bytes when it can: when the "type" and "v" members come before
// "payload" (as Encode writes them) and the version is current. The
// projections decode every event of the stream this way; parsing each
// payload once instead of twice is a fifth of their decoding. The
// returned envelope's Payload is nil when the payload was decoded in the
// pass; the result is otherwise the same as Decode's and DecodePayload's,
// checks included.
func (c *Codec) DecodeWithPayload(data []byte) (Envelope, Payload, error) {
	return c.decodeWithPayload(data, false)
}

// DecodeForProjection is DecodeWithPayload without what only the ledger
// and the audit read: PrevHash, Hash, IdempotencyKey, RequestHash and
// CorrelationID stay zero. Their members are still read as JSON, but not
// checked further: a malformed hash is verify's to find, not a
// projection's. On a rebuild it saves two hex decodings and three strings
// per event, 3% of the rebuild's time.
func (c *Codec) DecodeForProjection(data []byte) (Envelope, Payload, error) {
	return c.DecodeForProjectionWith(data, nil)
}

// DecodeForProjectionWith is DecodeForProjection with the strings of the
// ledger's bet events taken from in (see Interner); in may be nil.
func (c *Codec) DecodeForProjectionWith(data []byte, in *Interner) (Envelope, Payload, error) {
	if len(data) <= EventBytesMax {
		// The ledger's bet events in their canonical form, read without
		// the general decoder (scan.go), which gives the same values.
		if e, p, ok := scanEvent(data, c.currentVersion, in, true); ok {
			return e, p, nil
		}
	}
	return c.decodeGeneral(data, true)
}

func (c *Codec) decodeWithPayload(data []byte, light bool) (Envelope, Payload, error) {
	if light {
		return c.DecodeForProjection(data)
	}
	if len(data) <= EventBytesMax {
		if e, p, ok := scanEvent(data, c.currentVersion, nil, false); ok {
			return e, p, nil
		}
	}
	return c.decodeGeneral(data, light)
}

// decodeGeneral is decodeWithPayload through the general JSON decoder.
func (c *Codec) decodeGeneral(data []byte, light bool) (Envelope, Payload, error) {
	var e Envelope
	sink := payloadSink{e: &e, c: c, light: light}
	if err := c.decode(data, &e, &sink); err != nil {
		return e, nil, err
	}
	if sink.p != nil {
		return e, sink.p, nil
	}
	p, err := DecodePayload(&e)
	return e, p, err
}

// payloadSink reads the "payload" member of an event: straight into the
// payload struct of the event's type when "type" and "v" were read before
// it and name the current version, or else as raw bytes into e.Payload for
// the upcasters and DecodePayload.
type payloadSink struct {
	e *Envelope
	c *Codec
	p Payload
	// light leaves out the members DecodeForProjection does not read.
	light bool
}

func (s *payloadSink) UnmarshalJSONFrom(d *jsontext.Decoder) error {
	if d.PeekKind() == '{' && s.e.Type.Known() && s.e.Version == s.c.currentVersion(s.e.Type) {
		p := newPayload(s.e.Type)
		if err := jsonv2.UnmarshalDecode(d, p, jsonv1.FormatDurationAsNano(true)); err != nil {
			return fmt.Errorf("%s payload: %w", s.e.Type, err)
		}
		s.p = p
		return nil
	}
	v, err := d.ReadValue()
	if err != nil {
		return err
	}
	s.e.Payload = bytes.Clone(v)
	return nil
}

// envelopeIn is an Envelope whose payload member goes to a payloadSink.
type envelopeIn struct {
	*Envelope
	Payload *payloadSink `json:"payload"`
}

// envelopeLight is an envelopeIn that skips the members
// DecodeForProjection leaves out.
type envelopeLight struct {
	*Envelope
	Payload  *payloadSink `json:"payload"`
	PrevHash skipped      `json:"prev"`
	Hash     skipped      `json:"hash"`
	Idem     skipped      `json:"idem"`
	Req      skipped      `json:"req"`
	Corr     skipped      `json:"corr"`
}

// skipped reads a JSON value and keeps nothing of it.
type skipped struct{}

func (skipped) UnmarshalJSONFrom(d *jsontext.Decoder) error { return d.SkipValue() }

// decode decodes data into e, upcasting its payload; with a sink, the
// payload may be decoded into sink.p instead (DecodeWithPayload).
func (c *Codec) decode(data []byte, e *Envelope, sink *payloadSink) error {
	if len(data) > EventBytesMax {
		return fmt.Errorf("%w: %d bytes is over the %d-byte limit", ErrMalformed, len(data), EventBytesMax)
	}
	// Decoding uses the encoding/json v2 implementation: about twice as
	// fast as v1 on an event (BenchmarkDecode), and stricter where a ledger
	// wants it (member names match exactly, a duplicate member is an error,
	// invalid UTF-8 is an error). Encoding gives encoding/json's bytes
	// (written by hand for the envelope and the bet events, append.go):
	// the canonical bytes are whatever was stored, so the decoder's choice
	// cannot change a hash.
	var err error
	switch {
	case sink == nil:
		err = jsonv2.Unmarshal(data, e)
	case sink.light:
		err = jsonv2.Unmarshal(data, &envelopeLight{Envelope: e, Payload: sink})
	default:
		err = jsonv2.Unmarshal(data, &envelopeIn{Envelope: e, Payload: sink})
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, jsonerr.Stable(err))
	}
	if !e.Type.Known() {
		return fmt.Errorf("%w: %q", ErrUnknownType, e.Type)
	}
	if sink != nil && sink.p != nil {
		// Decoded in the pass: an object of the current version.
	} else if len(e.Payload) == 0 || e.Payload[0] != '{' {
		return fmt.Errorf("%w: %s payload must be a JSON object", ErrMalformed, e.Type)
	}
	if e.ID.Version() != 7 || e.ID.Variant() != uuid.RFC4122 {
		return fmt.Errorf("%w: event id %s is not a UUIDv7", ErrMalformed, e.ID)
	}
	// Encode writes times in UTC only. Another offset could put the instant
	// outside the years JSON times can hold (0000-01-01T00:30:00+01:00),
	// and the event could not be encoded again.
	if _, offset := e.OccurredAt.Zone(); offset != 0 {
		return fmt.Errorf("%w: time %s is not in UTC", ErrMalformed, e.OccurredAt.Format(time.RFC3339Nano))
	}
	cur := c.currentVersion(e.Type)
	for e.Version < cur {
		var u Upcaster
		var ok bool
		if c != nil {
			u, ok = c.up[e.Type][e.Version]
		}
		if !ok || e.Version < 1 {
			return fmt.Errorf("%w: %s v%d has no upcaster to v%d", ErrUnknownVersion, e.Type, e.Version, cur)
		}
		p, err := u.Up(e.Payload)
		if err != nil {
			return fmt.Errorf("events: upcast %s v%d: %w", e.Type, e.Version, err)
		}
		if len(p) == 0 || p[0] != '{' {
			return fmt.Errorf("%w: upcast %s v%d: payload must be a JSON object", ErrMalformed, e.Type, e.Version)
		}
		e.Payload = p
		e.Version++
	}
	if e.Version != cur {
		return fmt.Errorf("%w: %s v%d is newer than this build (v%d)", ErrUnknownVersion, e.Type, e.Version, cur)
	}
	return nil
}

// DecodePayload decodes e's payload into a pointer to the payload struct of
// its type (for example *WalletDeposited). The envelope must hold the current
// schema version (Codec.Decode upcasts it).
func DecodePayload(e *Envelope) (Payload, error) {
	p := newPayload(e.Type)
	if p == nil {
		return nil, fmt.Errorf("%w: %q", ErrUnknownType, e.Type)
	}
	if err := jsonv2.Unmarshal(e.Payload, p, jsonv1.FormatDurationAsNano(true)); err != nil {
		return nil, fmt.Errorf("%w: %s payload: %v", ErrMalformed, e.Type, jsonerr.Stable(err))
	}
	return p, nil
}

// Into decodes e's payload into a value of type T, which must be the payload
// type of e.Type.
func Into[T any](e *Envelope) (*T, error) {
	p, err := DecodePayload(e)
	if err != nil {
		return nil, err
	}
	t, ok := any(p).(*T)
	if !ok {
		return nil, fmt.Errorf("%w: %s payload is %T, not %T", ErrMalformed, e.Type, p, t)
	}
	return t, nil
}
