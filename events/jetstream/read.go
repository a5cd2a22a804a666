package jetstream

import (
	"context"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// Read calls fn for every event with a sequence in from..to (inclusive), in
// order. to == 0, or a to beyond the stream's end, means up to the last
// sequence at the time of the call; from 0 means 1. The Raw values (their
// Data included) are the caller's to keep. Read stops at fn's first error
// and returns it.
//
// A read that runs while an atomic batch is being committed can end inside
// it: the stream's info and consumer delivery may show a prefix of a batch
// being applied (nats-server v2.15, stream.go, the comment on isolateMu;
// only direct gets are isolated from commits). The rest follows on the
// next read. A writer that rebuilds from such a read still cannot append on
// it: its next batch expects the last sequence it read, which the commit
// has moved on.
func (s *Store) Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error {
	last, err := s.LastSeq(ctx)
	if err != nil {
		return err
	}
	if to == 0 || to > last {
		to = last
	}
	if from == 0 {
		from = 1
	}
	if from > to {
		return nil
	}
	return s.consume(ctx, useRead, "", from, true, func(r events.Raw, pending uint64) (bool, error) {
		if r.Seq > to {
			return true, nil
		}
		if err := fn(r); err != nil {
			return true, err
		}
		return r.Seq >= to || pending == 0, nil
	})
}

// ReadTable calls fn for every event of one table (subject
// events.TableSubject(prefix, table)) from sequence from up to the stream's
// last sequence at the time of the call, in order. It stops at fn's first
// error and returns it.
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
	filter := events.TableSubject(s.opts.SubjectPrefix, table)
	return s.consume(ctx, useReadTable, filter, from, true, func(r events.Raw, pending uint64) (bool, error) {
		if r.Seq > last {
			return true, nil
		}
		if err := fn(r); err != nil {
			return true, err
		}
		return r.Seq >= last || pending == 0, nil
	})
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
