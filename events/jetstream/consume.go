package jetstream

import (
	"context"
	"errors"
	"fmt"
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
	// asks the consumer whether anything is still pending.
	readIdleCheck = 2 * time.Second
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
func (s *Store) consume(ctx context.Context, filter string, from uint64, untilCaughtUp bool, handle handler) error {
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
		md, err := msg.Metadata()
		if err != nil {
			finish(fmt.Errorf("jetstream: message metadata: %w", err))
			return
		}
		r := events.Raw{
			Seq:     md.Sequence.Stream,
			Subject: msg.Subject(),
			MsgID:   msg.Headers().Get(jetstream.MsgIDHeader),
			Data:    msg.Data(), // a copy owned by this message: safe to retain
			Stored:  md.Timestamp,
		}
		if stop, err := handle(r, md.NumPending); err != nil || stop {
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
		s.deleteConsumer(cons)
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
				s.opts.Logger.Warn("read ended early: the stream reports messages it no longer holds", "stream", s.opts.Stream, "delivered_to", info.Delivered.Stream)
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
