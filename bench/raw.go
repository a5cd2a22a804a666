package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
)

// rawReferenceBatch is the batch size of the reference figure printed
// beside the raw ceiling: the largest atomic batch JetStream takes.
const rawReferenceBatch = jetstream.BatchEventsMax

// rawTable names the table subject the raw phase appends on.
const rawTable = "bench-raw"

// rawResult is what the raw append phase measured.
type rawResult struct {
	// batch and eventBytes are the batch and event sizes used: the
	// ledger's means during the ingest phase.
	batch, eventBytes int
	// rate is events/s at batch; rateRef at rawReferenceBatch.
	rate, rateRef float64
	events        int64
}

// rawSizes turns the ledger's mean batch and event sizes into the raw
// phase's: rounded, at least one event of at least one byte.
func rawSizes(a appendCount) (batch, eventBytes int) {
	batch = max(1, min(int(math.Round(a.batchMean())), jetstream.BatchEventsMax))
	eventBytes = max(1, int(math.Round(a.eventMean())))
	return batch, eventBytes
}

// rawAppend appends batches of batch events of eventBytes each, one after
// the other (as the ledger's single sequencer does), for d, and returns
// the events per second. Every batch carries the expected last sequence
// and a message id per event, like the ledger's.
func rawAppend(ctx context.Context, st *jetstream.Store, batch, eventBytes int, d time.Duration) (rate float64, n int64, err error) {
	last, err := st.LastSeq(ctx)
	if err != nil {
		return 0, 0, err
	}
	subject := events.TableSubject(st.Prefix(), rawTable)
	data := filler(eventBytes)
	msgs := make([]events.Raw, batch)
	start := time.Now()
	deadline := start.Add(d)
	for time.Now().Before(deadline) {
		if err := ctx.Err(); err != nil {
			return 0, n, err
		}
		for i := range msgs {
			msgs[i] = events.Raw{Subject: subject, MsgID: uuid.Must(uuid.NewV7()).String(), Data: data}
		}
		first, err := st.Append(ctx, last, msgs)
		if err != nil {
			return 0, n, fmt.Errorf("bench: raw append: %w", err)
		}
		last = first + uint64(batch) - 1
		n += int64(batch)
	}
	if n == 0 {
		return 0, 0, errors.New("bench: raw append: no batch in the time given")
	}
	return float64(n) / time.Since(start).Seconds(), n, nil
}

// filler returns n bytes of JSON-looking data. JetStream stores the stream
// uncompressed, so the content does not change the cost; the size does.
func filler(n int) []byte {
	const head, tail = `{"pad":"`, `"}`
	if n < len(head)+len(tail) {
		return bytes.Repeat([]byte("x"), n)
	}
	b := make([]byte, 0, n)
	b = append(b, head...)
	b = append(b, bytes.Repeat([]byte("x"), n-len(head)-len(tail))...)
	return append(b, tail...)
}
