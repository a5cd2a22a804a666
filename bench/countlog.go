package bench

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"time"

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
	// sizes counts the batches by their number of events (the last
	// bucket: batchSizesMax and more), for the percentiles of the group
	// commit's batch.
	sizes [batchSizesMax + 1]atomic.Int64
	// busy is the time spent in Append, stored or not: the ledger has at
	// most one append in flight, so busy over a phase's wall time is the
	// share of it during which the stream had the ledger's work.
	busy atomic.Int64
}

// batchSizesMax is the largest batch size counted on its own.
const batchSizesMax = 4096

// Append implements ledger.Log, counting the batches that were stored.
func (c *countingLog) Append(ctx context.Context, expectLastSeq uint64, msgs []events.Raw) (uint64, error) {
	start := time.Now()
	first, err := c.Log.Append(ctx, expectLastSeq, msgs)
	c.busy.Add(int64(time.Since(start)))
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
	c.sizes[min(len(msgs), batchSizesMax)].Add(1)
	return first, nil
}

// appendCount is a snapshot of a countingLog's counters.
type appendCount struct {
	appends, events, bytes int64
	sizes                  []int64
	busy                   time.Duration
}

func (c *countingLog) snapshot() appendCount {
	a := appendCount{appends: c.appends.Load(), events: c.events.Load(), bytes: c.bytes.Load(), sizes: make([]int64, len(c.sizes)), busy: time.Duration(c.busy.Load())}
	for i := range c.sizes {
		a.sizes[i] = c.sizes[i].Load()
	}
	return a
}

// since returns what was appended between o and a.
func (a appendCount) since(o appendCount) appendCount {
	d := appendCount{appends: a.appends - o.appends, events: a.events - o.events, bytes: a.bytes - o.bytes, sizes: slices.Clone(a.sizes), busy: a.busy - o.busy}
	for i := range min(len(d.sizes), len(o.sizes)) {
		d.sizes[i] -= o.sizes[i]
	}
	return d
}

// batchQuantile is the q-quantile of the batch sizes (events per append);
// 0 when nothing was appended.
func (a appendCount) batchQuantile(q float64) int {
	var total int64
	for _, n := range a.sizes {
		total += n
	}
	if total == 0 {
		return 0
	}
	rank := int64(math.Ceil(q * float64(total)))
	var seen int64
	for size, n := range a.sizes {
		if seen += n; seen >= max(rank, 1) {
			return size
		}
	}
	return len(a.sizes) - 1
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

// batchSizes are the mean, median and 99th percentile of the events per
// append.
type batchSizes struct {
	mean     float64
	p50, p99 int
}

func (a appendCount) batchSizes() batchSizes {
	return batchSizes{a.batchMean(), a.batchQuantile(0.50), a.batchQuantile(0.99)}
}

// String writes them as the progress lines and the table do.
func (b batchSizes) String() string {
	return fmt.Sprintf("mean %s, p50 %d, p99 %d", number(b.mean), b.p50, b.p99)
}
