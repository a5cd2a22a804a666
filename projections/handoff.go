package projections

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/events"
)

// HandoffEventsDefault is how many of its last stored events a Handoff
// holds when NewHandoff is given no size: a few of the ledger's largest
// batches, well beyond what a projector that keeps up is behind.
const HandoffEventsDefault = 4096

// Handoff passes the events that the ledger of this process has just
// stored, already decoded, to the projector that follows the same stream,
// so that the projector does not decode them a second time from the
// stream's bytes: in serve under the HTTP bench, that decoding was 7% of
// the process's CPU (docs/BENCHMARKS.md). It is a ledger.Appender, which
// ledger.Appends makes an Observer.
//
// The stream stays the source. The projector reads every event from the
// stream as before, and takes an event from the hand-off only when the
// sequence and the message id it read are those the ledger stored; any
// other event (one the ring no longer holds, one written by another
// process, every event of a rebuild) it decodes. What the hand-off gives
// equals what decoding gives: the envelope without the members a
// projection does not read (Codec.DecodeForProjection) and the payload
// the ledger encoded. Neither side changes a payload once stored
// (events.Appended), so the two share it. The ledger's amounts may carry
// other exponents than the decoded ones (0.00 where the stream spells
// 0); the records write every amount in its shortest form (record.go),
// so both ways store the same bytes.
type Handoff struct {
	mu   sync.Mutex
	ring []handed

	taken, missed atomic.Uint64
}

// handed is one stored event in the ring, at index seq mod its size.
type handed struct {
	seq     uint64
	env     events.Envelope
	payload any
}

// NewHandoff returns a hand-off that holds the last size events stored
// (HandoffEventsDefault when size ≤ 0).
func NewHandoff(size int) *Handoff {
	if size <= 0 {
		size = HandoffEventsDefault
	}
	return &Handoff{ring: make([]handed, size)}
}

// Appended keeps the batch's events (ledger.Appender).
func (h *Handoff) Appended(batch []events.Appended, _ time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, a := range batch {
		e := *a.Env
		// What DecodeForProjection leaves out stays out, so the fold sees
		// the same envelope whichever way it came; Round(0) drops the
		// monotonic clock reading a decoded time has not.
		e.PrevHash, e.Hash = events.Hash{}, events.Hash{}
		e.IdempotencyKey, e.RequestHash, e.CorrelationID = "", "", ""
		e.Payload = nil
		e.OccurredAt = e.OccurredAt.Round(0)
		h.ring[e.Seq%uint64(len(h.ring))] = handed{seq: e.Seq, env: e, payload: a.Payload}
	}
}

// Counts returns how many events the projector took from the hand-off and
// how many it looked for there and decoded instead.
func (h *Handoff) Counts() (taken, missed uint64) {
	return h.taken.Load(), h.missed.Load()
}

// take returns the event raw holds, decoded, when the ring has the one
// stored at raw's sequence under raw's message id. It frees the slot: an
// event is folded once, and the ring should not keep what is done with.
func (h *Handoff) take(raw events.Raw) (decoded, bool) {
	if h == nil {
		return decoded{}, false
	}
	id, err := uuid.Parse(raw.MsgID)
	h.mu.Lock()
	slot := &h.ring[raw.Seq%uint64(len(h.ring))]
	x := *slot
	ok := err == nil && x.seq == raw.Seq && x.payload != nil && id == x.env.ID
	if ok {
		*slot = handed{}
	}
	h.mu.Unlock()
	if !ok {
		h.missed.Add(1)
		return decoded{}, false
	}
	h.taken.Add(1)
	return decoded{env: x.env, payload: x.payload, stored: raw.Stored}, true
}
