package jetstream

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// Read calls fn for every event with a sequence in from..to (inclusive), in
// order. to == 0 means up to the last sequence at the time of the call; a
// to beyond the stream's end ends the read at the end it reaches; from 0
// means 1. The Raw values (their
// Data included) are the caller's to keep. Read stops at fn's first error
// and returns it.
//
// Read delivers every message the stream holds in the range, or returns an
// error: a consumer that reports nothing pending before the end of the
// range is followed by another from the next sequence (see readRange), and
// a read that still cannot get a message the stream holds returns
// ErrShortRead. Sequences the stream no longer holds (a damaged tail) are
// skipped, with a warning in the log, as the consumer skips them.
//
// A read that runs while an atomic batch is being committed can end inside
// it: the stream's info and consumer delivery may show a prefix of a batch
// being applied (nats-server v2.15, stream.go, the comment on isolateMu;
// only direct gets are isolated from commits). The rest follows on the
// next read. A writer that rebuilds from such a read still cannot append on
// it: its next batch expects the last sequence it read, which the commit
// has moved on.
func (s *Store) Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error {
	if from == 0 {
		from = 1
	}
	// A bounded read does not ask the stream's info first: the request
	// costs a round trip of 0.2-7 ms on a loaded server, as much as a
	// round replay's whole read of its events. Its consumer ends at the
	// stream's end by itself (nothing pending), and readRange tells that
	// end from a loss.
	if to == 0 {
		last, err := s.LastSeq(ctx)
		if err != nil {
			return err
		}
		to = last
	}
	if from > to {
		return nil
	}
	return s.readRange(ctx, useRead, "", from, to, fn)
}

// ReadTable calls fn for every event of one table (subject
// events.TableSubject(prefix, table)) from sequence from up to the stream's
// last sequence at the time of the call, in order. It stops at fn's first
// error and returns it. Like Read, it delivers every message of the table
// the stream holds in that range or returns ErrShortRead.
func (s *Store) ReadTable(ctx context.Context, table string, from uint64, fn func(events.Raw) error) error {
	if !events.ValidID(table) {
		return fmt.Errorf("%w: table id %q", ErrInvalidOptions, table)
	}
	last, err := s.LastSeq(ctx)
	if err != nil {
		return err
	}
	if from == 0 {
		from = 1
	}
	if from > last {
		return nil
	}
	return s.readRange(ctx, useReadTable, events.TableSubject(s.opts.SubjectPrefix, table), from, last, fn)
}

// readRange reads from..to (restricted to filter when it is not empty) for
// Read and ReadTable, one ordered consumer per pass, until every message
// the stream holds in the range is delivered.
func (s *Store) readRange(ctx context.Context, use consumerUse, filter string, from, to uint64, fn func(events.Raw) error) error {
	pass := func(next uint64) (uint64, error) { return s.readPass(ctx, use, filter, next, to, fn) }
	held := func(next uint64) (uint64, bool, error) { return s.nextHeld(ctx, next, filter) }
	return readResuming(ctx, from, to, pass, held, func(next uint64) {
		if filter != "" {
			return
		}
		// A range that reaches past the stream's end ends there: only a
		// sequence at or below the last one is missing.
		last, err := s.LastSeq(ctx)
		if err == nil && next > last {
			return
		}
		if err == nil {
			to = min(to, last)
		}
		s.opts.Logger.Warn("read ended early: the stream reports messages it no longer holds", "stream", s.opts.Stream, "missing", rangeText(next, to))
	})
}

// Read's resumption limits.
const (
	// readStallsMax is how many passes in a row may deliver nothing while
	// the stream holds a message they should have delivered, before the
	// read gives up with ErrShortRead. A commit in progress hides its
	// batch from consumers for a moment (see Read); a consumer that
	// misses a held message three times over is not waiting for one.
	readStallsMax = 3
	// readStallWait is the pause before a pass that follows one that
	// delivered nothing.
	readStallWait = 100 * time.Millisecond
)

// readResuming drives the passes of a read of from..to. pass(next) reads
// from next until its consumer says nothing is pending (or to is reached)
// and returns the last sequence it delivered (less than next when none);
// held(next) returns the first sequence at or after next that the stream
// holds (matching the read's filter), found false when there is none.
//
// A consumer's pending count is the server's estimate when the message
// was sent; under load it has been seen to reach 0 well before the end of
// the range (a report read 200 of 475 events and no error). So a pass
// that ends before to is followed by another from the first held message
// after it, as long as passes make progress. When the stream holds
// nothing more in the range the read is complete (onLost is told when
// that leaves sequences of the range undelivered); when passes stop
// making progress while it does, the read fails with ErrShortRead naming
// the undelivered range.
func readResuming(ctx context.Context, from, to uint64, pass func(next uint64) (uint64, error), held func(next uint64) (uint64, bool, error), onLost func(next uint64)) error {
	next, stalls := from, 0
	for {
		got, err := pass(next)
		if err != nil {
			return err
		}
		if got >= to {
			return nil
		}
		if got >= next {
			next, stalls = got+1, 0
		} else {
			stalls++
		}
		seq, found, err := held(next)
		if err != nil {
			return fmt.Errorf("jetstream: read %s: %w", rangeText(from, to), err)
		}
		if !found || seq > to {
			onLost(next)
			return nil
		}
		if stalls >= readStallsMax {
			return fmt.Errorf("%w: read %s delivered up to %d; the stream holds message %d and the read did not get %s",
				ErrShortRead, rangeText(from, to), next-1, seq, rangeText(seq, to))
		}
		if stalls > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(readStallWait):
			}
		}
		next = seq
	}
}

// rangeText writes a range of sequences as a person reads it.
func rangeText(from, to uint64) string {
	if from == to {
		return strconv.FormatUint(from, 10)
	}
	return strconv.FormatUint(from, 10) + ".." + strconv.FormatUint(to, 10)
}

// readPass reads from next up to to with one ordered consumer, until the
// consumer says nothing more is pending, and returns the last sequence it
// delivered to fn (next-1 when none).
func (s *Store) readPass(ctx context.Context, use consumerUse, filter string, next, to uint64, fn func(events.Raw) error) (uint64, error) {
	got := next - 1
	err := s.consume(ctx, use, filter, next, true, func(r events.Raw, pending uint64) (bool, error) {
		if r.Seq > to {
			return true, nil
		}
		if err := fn(r); err != nil {
			return true, err
		}
		got = r.Seq
		return r.Seq >= to || pending == 0, nil
	})
	return got, err
}

// nextHeld returns the sequence of the first message at or after seq that
// the stream holds, on subject filter (any subject when empty); found is
// false when there is none. A writer asks the stream leader; a reader
// (which may not, docs/cluster/accounts.conf) uses a direct get.
func (s *Store) nextHeld(ctx context.Context, seq uint64, filter string) (uint64, bool, error) {
	if filter == "" {
		filter = ">"
	}
	if !s.opts.ReadOnly {
		return s.leaderNext(ctx, seq, filter)
	}
	m, err := s.stream.GetMsg(ctx, seq, jetstream.WithGetMsgSubject(filter))
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("jetstream: next message from %d: %w", seq, err)
	}
	return m.Sequence, true, nil
}

// Get returns the event stored at seq, with a direct get (any replica
// with the message may answer). It returns ErrNotFound when there is none.
func (s *Store) Get(ctx context.Context, seq uint64) (events.Raw, error) {
	if s.isClosed.Load() {
		return events.Raw{}, ErrClosed
	}
	if seq == 0 {
		return events.Raw{}, fmt.Errorf("%w: sequence 0", ErrNotFound)
	}
	m, err := s.stream.GetMsg(ctx, seq)
	if errors.Is(err, jetstream.ErrMsgNotFound) {
		return events.Raw{}, fmt.Errorf("%w: sequence %d", ErrNotFound, seq)
	}
	if err != nil {
		return events.Raw{}, fmt.Errorf("jetstream: get %d: %w", seq, err)
	}
	return events.Raw{
		Seq:     m.Sequence,
		Subject: m.Subject,
		MsgID:   m.Header.Get(jetstream.MsgIDHeader),
		Data:    m.Data,
		Stored:  m.Time,
	}, nil
}
