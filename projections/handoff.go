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
// stored, already decoded, to the projector that follows the same stream.
// It is a ledger.Appender, which ledger.Appends makes an Observer.
//
// A projector with a hand-off (Projector.Handoff) applies the run of events
// that continues its position straight from it: it neither reads those
// events back from the stream nor decodes them. Reading them back cost the
// server a consumer's delivery and a copy of every message, and kept the
// stream's last blocks in memory: nats-server holds a block's cache for ten
// seconds after its last read, so a projector reading each event just
// after it was written kept the last ten seconds of writes in the heap (136
// MB at the 13,000 events a second of wagerlog bench's HTTP phase, against
// 16 MB with no reader; docs/BENCHMARKS.md).
//
// The events are those the stream holds: the ledger is the stream's one
// writer, hands a batch over only once the stream has acknowledged it, with
// the sequences the stream gave, in stream order, and every event of the
// stream is chained to the one before it by hash. Whatever the hand-off
// cannot give as the next event of the run, the projector reads from the
// stream: at start (the events stored before), after the ring was
// overwritten (a projector more than a ring behind), an event the ledger
// stored without handing it over (an acknowledgement lost and then found
// stored), or one another process wrote. A rebuild always reads the
// stream, and the projections it builds are the live ones byte for byte
// (cmd/wagerlog TestProjections_LiveEqualsRebuild_EveryGame).
//
// What the hand-off gives equals what decoding gives: the envelope without
// the members a projection does not read (Codec.DecodeForProjection) and
// the payload the ledger encoded. Neither side changes a payload once
// stored (events.Appended), so the two share it. The ledger's amounts may
// carry other exponents than the decoded ones (0.00 where the stream spells
// 0); the records write every amount in its shortest form (record.go), so
// both ways store the same bytes.
type Handoff struct {
	mu   sync.Mutex
	ring []handed
	// last is the highest sequence handed over (0 before the first);
	// guarded by mu.
	last uint64
	// stored has a notice once a batch was handed over.
	stored chan struct{}

	taken, missed atomic.Uint64
}

// handed is one stored event in the ring, at index seq mod its size, with
// the chain hash it states (the store records the last one applied).
type handed struct {
	seq     uint64
	env     events.Envelope
	payload any
	hash    events.Hash
}

// NewHandoff returns a hand-off that holds the last size events stored
// (HandoffEventsDefault when size ≤ 0).
func NewHandoff(size int) *Handoff {
	if size <= 0 {
		size = HandoffEventsDefault
	}
	return &Handoff{ring: make([]handed, size), stored: make(chan struct{}, 1)}
}

// Appended keeps the batch's events (ledger.Appender).
func (h *Handoff) Appended(batch []events.Appended, _ time.Duration) {
	h.mu.Lock()
	for _, a := range batch {
		e := *a.Env
		hash := e.Hash
		// What DecodeForProjection leaves out stays out, so the fold sees
		// the same envelope whichever way it came; Round(0) drops the
		// monotonic clock reading a decoded time has not.
		e.PrevHash, e.Hash = events.Hash{}, events.Hash{}
		e.IdempotencyKey, e.RequestHash, e.CorrelationID = "", "", ""
		e.Payload = nil
		e.OccurredAt = e.OccurredAt.Round(0)
		h.ring[e.Seq%uint64(len(h.ring))] = handed{seq: e.Seq, env: e, payload: a.Payload, hash: hash}
		h.last = max(h.last, e.Seq)
	}
	h.mu.Unlock()
	select {
	case h.stored <- struct{}{}:
	default:
	}
}

// Counts returns how many events the projector took from the hand-off and
// how many it looked for there and decoded instead.
func (h *Handoff) Counts() (taken, missed uint64) {
	return h.taken.Load(), h.missed.Load()
}

// takeRun takes from the ring the events from sequence from on, in order,
// up to max of them, stopping at the first it does not hold; last is the
// hash the last one states. When it holds none and never will (the ledger
// has stored from or a later event, and from's slot holds another:
// overwritten, or never handed over), stored is the highest sequence the
// ledger handed over, else 0.
func (h *Handoff) takeRun(from uint64, max int) (ds []decoded, last events.Hash, stored uint64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := uint64(len(h.ring))
	for seq := from; len(ds) < max; seq++ {
		slot := &h.ring[seq%n]
		if slot.seq != seq || slot.payload == nil {
			break
		}
		if ds == nil {
			ds = make([]decoded, 0, min(uint64(max), h.last-from+1))
		}
		ds = append(ds, decoded{env: slot.env, payload: slot.payload})
		last = slot.hash
		*slot = handed{}
	}
	if len(ds) == 0 {
		if h.last >= from {
			return nil, last, h.last
		}
		return nil, last, 0
	}
	h.taken.Add(uint64(len(ds)))
	return ds, last, 0
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
	return decoded{env: x.env, payload: x.payload}, true
}
