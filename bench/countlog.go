package bench

import (
	"context"
	"sync/atomic"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// countingLog sits between the ledger and the store and counts what the
// ledger's group commits append: batches, events and bytes. From these the
// raw phase takes its batch size and event size, so that the ceiling it
// measures is the one the ledger could reach.
type countingLog struct {
	ledger.Log
	appends, events, bytes atomic.Int64
}

// Append implements ledger.Log, counting the batches that were stored.
func (c *countingLog) Append(ctx context.Context, expectLastSeq uint64, msgs []events.Raw) (uint64, error) {
	first, err := c.Log.Append(ctx, expectLastSeq, msgs)
	if err != nil {
		return first, err
	}
	n := 0
	for i := range msgs {
		n += len(msgs[i].Data)
	}
	c.appends.Add(1)
	c.events.Add(int64(len(msgs)))
	c.bytes.Add(int64(n))
	return first, nil
}

// appendCount is a snapshot of a countingLog's counters.
type appendCount struct{ appends, events, bytes int64 }

func (c *countingLog) snapshot() appendCount {
	return appendCount{c.appends.Load(), c.events.Load(), c.bytes.Load()}
}

// since returns what was appended between o and a.
func (a appendCount) since(o appendCount) appendCount {
	return appendCount{a.appends - o.appends, a.events - o.events, a.bytes - o.bytes}
}

// batchMean is the mean events per append; eventMean the mean bytes per
// event (the event's data, without the headers JetStream adds).
func (a appendCount) batchMean() float64 {
	if a.appends == 0 {
		return 0
	}
	return float64(a.events) / float64(a.appends)
}

func (a appendCount) eventMean() float64 {
	if a.events == 0 {
		return 0
	}
	return float64(a.bytes) / float64(a.events)
}
