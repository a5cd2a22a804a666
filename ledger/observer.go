package ledger

import (
	"context"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// Observer is told what the ledger does, for an operator's metrics: the
// events it stores and the commands it refuses. The ledger imports no
// metrics library; api.LedgerMetrics implements Observer with Prometheus.
// Every command reaches the ledger through Execute, so an Observer sees
// HTTP traffic and serve --demo's simulated table alike.
type Observer interface {
	// Appended is called once a batch is stored, with its events in order
	// and how long the append took: one batch at a time, in stream order,
	// on the goroutine that appended it (the sequencer's, or the one
	// appending a group while the sequencer decides the next).
	// It must be quick and must not call the ledger; the events are the
	// ledger's and must not be kept or changed.
	Appended(batch []events.Appended, took time.Duration)
	// Refused is called on the caller's goroutine when Execute returns an
	// error other than the caller's context ending: a refusal (nothing
	// written) or a failure. CodeOf(err) is its stable code
	// (insufficient_funds, round_not_open, overloaded, unavailable, …).
	Refused(c Command, err error)
}

// Observers returns an Observer that tells each of obs in turn, skipping
// nil ones: serve's metrics and the projector's hand-off both watch the
// one ledger.
func Observers(obs ...Observer) Observer {
	var m multiObserver
	for _, o := range obs {
		if o != nil {
			m = append(m, o)
		}
	}
	return m
}

type multiObserver []Observer

func (m multiObserver) Appended(batch []events.Appended, took time.Duration) {
	for _, o := range m {
		o.Appended(batch, took)
	}
}

func (m multiObserver) Refused(c Command, err error) {
	for _, o := range m {
		o.Refused(c, err)
	}
}

// Appender is what watches only the ledger's appends (the projector's
// hand-off, projections.Handoff): the Appended half of an Observer, which
// a reader of the stream can implement without importing the ledger.
type Appender interface {
	Appended(batch []events.Appended, took time.Duration)
}

// Appends returns an Observer that tells a of every batch stored and
// ignores refusals, which store nothing.
func Appends(a Appender) Observer { return appendsOnly{a} }

type appendsOnly struct{ Appender }

func (appendsOnly) Refused(Command, error) {}

// Load is the ledger's load at one moment.
type Load struct {
	// Queued counts the requests waiting in the queue (at most
	// Options.QueueMax; beyond it Execute answers overloaded).
	Queued int
	// InFlight counts the Execute calls not answered yet: queued, being
	// decided or being appended.
	InFlight int
	// Owed counts the settlements of large rounds being written in chunks
	// (owed.go), whose results are not answered yet.
	Owed int
}

// Load returns the ledger's load now.
func (l *Ledger) Load() Load {
	return Load{Queued: len(l.queue), InFlight: int(l.inflight.Load()), Owed: int(l.owedN.Load())}
}

// appendBatch appends out[lo:hi] as one atomic batch and tells the
// observer once it is stored. Every append of the ledger goes through it
// (commands, interrupted work finished, seals), so the observer counts
// every event the ledger writes.
func (l *Ledger) appendBatch(ctx context.Context, out []sealed, lo, hi int) (first uint64, err error) {
	raws := make([]events.Raw, hi-lo)
	for j := range raws {
		raws[j] = out[lo+j].raw
	}
	start := time.Now()
	first, err = l.log.Append(ctx, out[lo].env.Seq-1, raws)
	if err == nil && l.opts.Observer != nil {
		took := time.Since(start)
		batch := make([]events.Appended, hi-lo)
		for j := range batch {
			batch[j] = events.Appended{Env: &out[lo+j].env, Payload: out[lo+j].payload}
		}
		l.opts.Observer.Appended(batch, took)
	}
	return first, err
}
