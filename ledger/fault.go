package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// DefaultCheckInterval is how often the sequencer checks the stream when
// nothing asks it to: the store's own check (the stream exists, its
// settings are unchanged, it holds every message it counts) and every
// message appended since the ledger's last, decoded and chained.
const DefaultCheckInterval = 5 * time.Second

// A stream fault is something in the stream that the ledger did not put
// there, or something missing from it: a foreign message (events.
// FaultForeignMessage), a damaged tail, the stream deleted or its settings
// changed (events.StreamFault lists the kinds). The ledger records the first
// one it finds, logs it once, and from then on refuses every command with
// it, without reloading or retrying: appending after a message it did not
// write would chain the ledger's events to a forgery, and appending to a
// damaged stream would fail (or worse, fill the hole) on every attempt.
// Only a restart on a repaired stream clears it (docs/OPERATIONS.md).
//
// The fault is found when the ledger reads the stream (at Open, after a
// failed append, in Check and every CheckInterval), never left for a
// client's write to stumble on.

// Fault returns the stream fault that stopped the ledger's writes, or nil.
func (l *Ledger) Fault() *events.StreamFault { return l.fault.Load() }

// setFault records f unless a fault is recorded already, and logs it.
func (l *Ledger) setFault(f *events.StreamFault) {
	if l.fault.CompareAndSwap(nil, f) {
		l.opts.Logger.Error("stream fault: every write is refused until the stream is repaired and the server restarted (docs/OPERATIONS.md)",
			"kind", f.Kind, "seq", f.Seq, "detail", f.Detail)
	}
}

// noteFault records err when it is a stream fault, and reports whether it
// was one.
func (l *Ledger) noteFault(err error) bool {
	var f *events.StreamFault
	if errors.As(err, &f) {
		l.setFault(f)
		return true
	}
	return false
}

// faultErr is the answer to a command while a fault is recorded.
func faultErr(f *events.StreamFault) error {
	return fmt.Errorf("ledger: writes refused until the stream is repaired: %w", f)
}

// Check reports whether the stream is still the ledger's: the fault
// recorded, else what the store's check finds, else what the messages
// appended since the ledger's last hold (read, decoded and chained on the
// sequencer, as the ledger reads the stream after another writer's
// append). It returns nil when sound, a *events.StreamFault (also recorded)
// when not, another error when it could not tell. A ledger too busy to
// take the check counts as sound: it is writing.
func (l *Ledger) Check(ctx context.Context) error {
	if f := l.fault.Load(); f != nil {
		return f
	}
	var err error
	ierr := l.onSequencer(ctx, &request{run: func() { err = l.checkStream(ctx) }, reply: make(chan reply, 1)})
	if errors.Is(ierr, ErrOverloaded) {
		return nil
	}
	if ierr != nil {
		return ierr
	}
	if f := l.fault.Load(); f != nil {
		return f
	}
	return err
}

// checkStream runs on the sequencer: the store's check, then the messages
// after the state's last, applied to it.
func (l *Ledger) checkStream(ctx context.Context) error {
	if l.fault.Load() != nil {
		return nil
	}
	if err := l.log.Check(ctx); err != nil {
		l.noteFault(err)
		return err
	}
	if l.state == nil {
		return nil // an earlier reload failed; the next command retries it
	}
	last, err := l.log.LastSeq(ctx)
	if err != nil || last <= l.state.lastSeq {
		return err
	}
	chain := events.NewChain(l.state.head, l.state.lastSeq)
	err = l.log.Read(ctx, l.state.lastSeq+1, last, func(raw events.Raw) error {
		_, err := l.applyRaw(ctx, l.state, chain, raw)
		return err
	})
	l.lastSeq.Store(l.state.lastSeq)
	l.workPending = true
	if err != nil {
		l.noteFault(err)
		if l.fault.Load() == nil {
			// The state may hold part of what was read: read it again.
			l.state = nil
		}
	}
	return err
}
