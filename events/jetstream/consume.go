package jetstream

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// Consumer settings.
const (
	// ReadPullMax is how many messages a reading consumer asks the server
	// for at a time. Large pulls keep the client's buffer full, so a replay
	// of a million events is not paced by round trips.
	ReadPullMax = 4096
	// consumerInactiveThreshold lets the server remove an ordered
	// consumer whose client vanished without deleting it.
	consumerInactiveThreshold = time.Minute
	// readIdleCheck is how long a read waits without a message before it
	// asks the consumer whether anything is still pending. Asking costs
	// one request, and a pass that ends too early costs nothing but
	// another pass (Read resumes after it), so it is short: a read of a
	// stream whose last messages were lost waits this long for them.
	readIdleCheck = 500 * time.Millisecond
	// consumerDeleteTimeout bounds the clean-up of a finished consumer.
	consumerDeleteTimeout = 5 * time.Second
)

// handler receives one message and the number of messages matching the
// consumer that were still pending on the server when it was sent. It
// returns stop to end the consumption.
type handler func(r events.Raw, pending uint64) (stop bool, err error)

// consume reads the stream from sequence from (restricted to filter when it
// is not empty) with one ordered consumer, handing each message to handle
// in stream order until handle stops or fails, or ctx ends. handle runs on
// one goroutine at a time and never after consume returns. With
// untilCaughtUp, consume returns at once when no message matched when the
// consumer was created.
func (s *Store) consume(ctx context.Context, use consumerUse, filter string, from uint64, untilCaughtUp bool, handle handler) error {
	if s.isClosed.Load() {
		return ErrClosed
	}
	if from == 0 {
		from = 1
	}
	cfg := jetstream.OrderedConsumerConfig{
		DeliverPolicy:     jetstream.DeliverByStartSequencePolicy,
		OptStartSeq:       from,
		InactiveThreshold: consumerInactiveThreshold,
		NamePrefix:        use.namePrefix(),
		Metadata:          use.metadata(),
	}
	if filter != "" {
		cfg.FilterSubjects = []string{filter}
	}
	cons, err := s.js.OrderedConsumer(ctx, s.opts.Stream, cfg)
	if err != nil {
		return fmt.Errorf("jetstream: ordered consumer: %w", err)
	}

	var (
		mu       sync.Mutex // held while handle runs; guards finished
		finished bool
		result   = make(chan error, 1)
		asyncErr error // the last error the consumer reported
		lastMsg  = time.Now()
	)
	finish := func(err error) { // mu held
		if !finished {
			finished = true
			result <- err
		}
	}
	onMsg := func(msg jetstream.Msg) {
		mu.Lock()
		defer mu.Unlock()
		if finished {
			return
		}
		lastMsg = time.Now()
		seq, stored, pending, ok := ackMetadata(msg.Reply())
		if !ok {
			md, err := msg.Metadata()
			if err != nil {
				finish(fmt.Errorf("jetstream: message metadata: %w", err))
				return
			}
			seq, stored, pending = md.Sequence.Stream, md.Timestamp, md.NumPending
		}
		r := events.Raw{
			Seq:     seq,
			Subject: msg.Subject(),
			MsgID:   msg.Headers().Get(jetstream.MsgIDHeader),
			Data:    msg.Data(), // a copy owned by this message: safe to retain
			Stored:  stored,
		}
		if stop, err := handle(r, pending); err != nil || stop {
			finish(err)
		}
	}
	onErr := func(_ jetstream.ConsumeContext, err error) {
		mu.Lock()
		asyncErr = err
		mu.Unlock()
		s.opts.Logger.Debug("ordered consumer", "err", err)
	}
	cc, err := cons.Consume(onMsg, jetstream.PullMaxMessages(ReadPullMax), jetstream.ConsumeErrHandler(onErr))
	if err != nil {
		return fmt.Errorf("jetstream: consume: %w", err)
	}
	defer func() {
		mu.Lock()
		finished = true
		mu.Unlock()
		cc.Stop()
		if use == useFollow {
			s.deleteConsumer(cons)
		} else {
			s.deleteLater(cons)
		}
	}()
	if untilCaughtUp {
		if info := cons.CachedInfo(); info != nil && info.NumPending == 0 {
			return nil
		}
	}
	// A read that waits for a message the server no longer has (a block
	// whose last messages failed their checksum at start-up: the stream
	// still reports them in its last sequence) would wait forever. When
	// nothing arrives for a while, ask the consumer whether anything is
	// still pending; if not, the read is done.
	var idle <-chan time.Time
	if untilCaughtUp {
		t := time.NewTicker(readIdleCheck)
		defer t.Stop()
		idle = t.C
	}
	for {
		select {
		case err := <-result:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-idle:
			mu.Lock()
			quiet := time.Since(lastMsg) >= readIdleCheck
			mu.Unlock()
			if !quiet {
				continue
			}
			info, err := cons.Info(ctx)
			if err == nil && info.NumPending == 0 && info.NumAckPending == 0 {
				// Read asks the stream what it still holds and warns
				// when messages are lost (readRange).
				s.opts.Logger.Debug("read pass ended: nothing pending", "stream", s.opts.Stream, "delivered_to", info.Delivered.Stream)
				return nil
			}
		case <-cc.Closed():
			mu.Lock()
			defer mu.Unlock()
			if s.isClosed.Load() || asyncErr == nil {
				return fmt.Errorf("jetstream: consumer stopped: %w", ErrClosed)
			}
			return fmt.Errorf("jetstream: consumer stopped: %w", asyncErr)
		}
	}
}

// ackMetadata reads the stream sequence, the stored time and the number of
// pending messages from the reply subject of a message delivered by a
// consumer, as msg.Metadata does but without allocating its result: a
// replay reads every event of the stream this way. The subject is
// $JS.ACK.<stream>.<consumer>.<delivered>.<sseq>.<cseq>.<time>.<pending>,
// with <domain>.<account hash> after $JS.ACK. and more tokens at the end
// from newer servers. ok is false for any other spelling (a number that is
// not plain digits included); the caller then asks msg.Metadata, which
// reports what is wrong.
func ackMetadata(reply string) (seq uint64, stored time.Time, pending uint64, ok bool) {
	rest, found := strings.CutPrefix(reply, "$JS.ACK.")
	if !found {
		return 0, time.Time{}, 0, false
	}
	var skip int // tokens before <stream>
	switch n := strings.Count(reply, ".") + 1; {
	case n == 9:
	case n >= 11:
		skip = 2
	default:
		return 0, time.Time{}, 0, false
	}
	for range skip {
		_, rest, _ = strings.Cut(rest, ".")
	}
	// stream, consumer, delivered, sseq, cseq, time, pending
	var tok [7]string
	for i := range tok {
		tok[i], rest, _ = strings.Cut(rest, ".")
	}
	seq, ok1 := ackNumber(tok[3])
	ns, ok2 := ackNumber(tok[5])
	pending, ok3 := ackNumber(tok[6])
	if !ok1 || !ok2 || !ok3 || ns > math.MaxInt64 {
		return 0, time.Time{}, 0, false
	}
	return seq, time.Unix(0, int64(ns)), pending, true
}

// ackNumber parses a number of an ack subject: 1 to 19 decimal digits (so
// that it cannot overflow).
func ackNumber(s string) (uint64, bool) {
	if len(s) == 0 || len(s) > 19 {
		return 0, false
	}
	var n uint64
	for i := range len(s) {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}

// deleteLater deletes a finished read's consumer on another goroutine: a
// read's caller waits for its answer (a round's replay, an audit's read),
// and the deletion is a round trip to the server that the answer does not
// need. Once Close has begun it deletes at once.
func (s *Store) deleteLater(cons jetstream.Consumer) {
	s.deletes.mu.Lock()
	defer s.deletes.mu.Unlock()
	if s.deletes.closing {
		s.deleteConsumer(cons)
		return
	}
	s.deletes.wg.Go(func() { s.deleteConsumer(cons) })
}

// deleteConsumer removes a finished ordered consumer from the server now
// rather than after its inactivity threshold. It is best effort.
func (s *Store) deleteConsumer(cons jetstream.Consumer) {
	info := cons.CachedInfo()
	if info == nil || s.nc.IsClosed() || s.nc.IsDraining() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), consumerDeleteTimeout)
	defer cancel()
	if err := s.js.DeleteConsumer(ctx, s.opts.Stream, info.Name); err != nil && !errors.Is(err, jetstream.ErrConsumerNotFound) {
		s.opts.Logger.Debug("delete ordered consumer", "consumer", info.Name, "err", err)
	}
}
