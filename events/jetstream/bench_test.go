package jetstream

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/synadia-io/orbit.go/jetstreamext"

	"github.com/wagerlog/wagerlog/events"
)

// benchEventBytes is the payload size of benchmark events, about the size
// of a bet.placed envelope.
const benchEventBytes = 400

// benchBatchSizes are the batch sizes BenchmarkAppend measures.
var benchBatchSizes = []int{1, 100, 500, 1000}

// benchBatch returns n events whose ids are set by relabel.
func benchBatch(s *Store, n int) []events.Raw {
	return raws(s.Prefix(), "bench", "x", n, benchEventBytes)
}

// relabel gives batch i's events fresh message ids.
func relabel(batch []events.Raw, i int) {
	p := strconv.Itoa(i) + "-"
	for j := range batch {
		batch[j].MsgID = p + strconv.Itoa(j)
	}
}

// BenchmarkAppend measures Append with fsync on every write (the
// default), one batch per iteration.
func BenchmarkAppend(b *testing.B) {
	for _, n := range benchBatchSizes {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			s := openTest(b, "", nil)
			ctx := context.Background()
			batch := benchBatch(s, n)
			var last uint64
			b.SetBytes(int64(n * benchEventBytes))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				relabel(batch, i)
				first, err := s.Append(ctx, last, batch)
				if err != nil {
					b.Fatal(err)
				}
				last = first + uint64(n) - 1
			}
			b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// BenchmarkAppendPeriodicFsync is BenchmarkAppend with the explicit
// opt-out (fsync once a second), to show what fsync on every write costs.
func BenchmarkAppendPeriodicFsync(b *testing.B) {
	for _, n := range []int{1, 500} {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			s := openTest(b, "", func(o *Options) { o.FsyncInterval = time.Second })
			ctx := context.Background()
			batch := benchBatch(s, n)
			var last uint64
			b.SetBytes(int64(n * benchEventBytes))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				relabel(batch, i)
				first, err := s.Append(ctx, last, batch)
				if err != nil {
					b.Fatal(err)
				}
				last = first + uint64(n) - 1
			}
			b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// BenchmarkAppendOrbit does what BenchmarkAppend does with orbit.go's
// jetstreamext.PublishMsgBatch (default flow control: the first message is
// acknowledged before the rest is sent), to compare with Append's raw
// protocol.
func BenchmarkAppendOrbit(b *testing.B) {
	for _, n := range benchBatchSizes {
		b.Run(fmt.Sprintf("batch=%d", n), func(b *testing.B) {
			s := openTest(b, "", nil)
			ctx := context.Background()
			batch := benchBatch(s, n)
			var last uint64
			b.SetBytes(int64(n * benchEventBytes))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				relabel(batch, i)
				msgs := make([]*nats.Msg, n)
				for j, r := range batch {
					msgs[j] = &nats.Msg{Subject: r.Subject, Data: r.Data, Header: nats.Header{jetstream.MsgIDHeader: []string{r.MsgID}}}
				}
				msgs[0].Header.Set(jetstream.ExpectedLastSeqHeader, strconv.FormatUint(last, 10))
				ack, err := jetstreamext.PublishMsgBatch(ctx, s.js, msgs)
				if err != nil {
					b.Fatal(err)
				}
				last = ack.Sequence
			}
			b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

// BenchmarkPublishSingle measures one plain synchronous publish per event
// (message id and expected last sequence, no batch), the baseline that
// group commit improves on.
func BenchmarkPublishSingle(b *testing.B) {
	s := openTest(b, "", nil)
	ctx := context.Background()
	batch := benchBatch(s, 1)
	var last uint64
	b.SetBytes(benchEventBytes)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		relabel(batch, i)
		ack, err := s.js.Publish(ctx, batch[0].Subject, batch[0].Data,
			jetstream.WithMsgID(batch[0].MsgID), jetstream.WithExpectLastSequence(last))
		if err != nil {
			b.Fatal(err)
		}
		last = ack.Sequence
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// filledStream opens a store holding at least n events of benchEventBytes,
// appended in batches of BatchEventsMax, and returns its last sequence. It
// fsyncs periodically to fill faster: reads do not depend on it.
func filledStream(b *testing.B, n uint64) (*Store, uint64) {
	b.Helper()
	s := openTest(b, "", func(o *Options) { o.FsyncInterval = time.Minute })
	batch := benchBatch(s, BatchEventsMax)
	var last uint64
	for i := 0; last < n; i++ {
		relabel(batch, i)
		first, err := s.Append(context.Background(), last, batch)
		if err != nil {
			b.Fatal(err)
		}
		last = first + BatchEventsMax - 1
	}
	return s, last
}

// benchReadEvents is how many events BenchmarkRead replays per iteration.
const benchReadEvents = 250_000

// BenchmarkRead measures Read (one ordered consumer) over a stream of
// benchReadEvents events of benchEventBytes.
func BenchmarkRead(b *testing.B) {
	s, last := filledStream(b, benchReadEvents)
	ctx := context.Background()
	b.Run(fmt.Sprintf("events=%d", last), func(b *testing.B) {
		b.SetBytes(int64(last) * benchEventBytes)
		for i := 0; i < b.N; i++ {
			n := uint64(0)
			if err := s.Read(ctx, 1, 0, func(r events.Raw) error {
				n++
				return nil
			}); err != nil {
				b.Fatal(err)
			}
			if n != last {
				b.Fatalf("read %d events, want %d", n, last)
			}
		}
		b.ReportMetric(float64(b.N)*float64(last)/b.Elapsed().Seconds(), "events/s")
	})
	b.Run("get", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := s.Get(ctx, uint64(i)%last+1); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
	})
}

// benchFollowEvents is how many events BenchmarkReadFollow replays per
// iteration.
const benchFollowEvents = 100_000

// BenchmarkReadFollow measures Follow, the read path of a projection
// rebuild, over a stream of benchFollowEvents events of benchEventBytes,
// reported per event.
func BenchmarkReadFollow(b *testing.B) {
	s, last := filledStream(b, benchFollowEvents)
	ctx := context.Background()
	errDone := fmt.Errorf("done")
	b.SetBytes(int64(last) * benchEventBytes)
	b.ReportAllocs()
	n := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		err := s.Follow(ctx, 1, func(batch []events.Raw) error {
			n += len(batch)
			if batch[len(batch)-1].Seq >= last {
				return errDone
			}
			return nil
		})
		if err != errDone {
			b.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	// Per event, counting the embedded server's allocations too: they
	// run in this process.
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/event")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(n), "allocs/event")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(n), "B/event")
}
