package ledger_test

import (
	"context"
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// forge appends a message the ledger did not write, as a client with
// publish rights on the stream would.
func forge(t *testing.T, h *harness) uint64 {
	t.Helper()
	last := h.lastSeq()
	raw := events.Raw{Subject: events.TableSubject(h.store.Prefix(), "demo-1"), MsgID: "forged-1", Data: []byte(`{"type":"forged"}`)}
	if _, err := h.store.Append(context.Background(), last, []events.Raw{raw}); err != nil {
		t.Fatal(err)
	}
	return last + 1
}

// requireFault requires a recorded fault of kind at seq.
func requireFault(t *testing.T, err error, kind events.FaultKind, seq uint64) {
	t.Helper()
	var f *events.StreamFault
	if !errors.As(err, &f) || f.Kind != kind || f.Seq != seq {
		t.Fatalf("got %v, want a %s fault at %d", err, kind, seq)
	}
}

// TestLedger_StreamFault: a message the ledger did not write is found by
// Check without any write (as /readyz asks), every command is then refused
// with stream_untrusted and nothing more is written, and a restart on the
// same stream finds the fault again instead of failing to start.
func TestLedger_StreamFault(t *testing.T) {
	t.Run("ForeignMessage", func(t *testing.T) {
		h := newHarness(t)
		h.deposit("alice", "100")
		if err := h.l.Check(context.Background()); err != nil {
			t.Fatalf("Check on a sound stream: %v", err)
		}
		seq := forge(t, h)
		requireFault(t, h.l.Check(context.Background()), events.FaultForeignMessage, seq)
		requireFault(t, h.l.Fault(), events.FaultForeignMessage, seq)
		h.refuse(deposit(cashier, "bob", "5", "EUR"), "stream_untrusted")
		h.refuse(deposit(cashier, "bob", "5", "EUR"), "stream_untrusted")

		h.restart()
		requireFault(t, h.l.Fault(), events.FaultForeignMessage, seq)
		h.refuse(deposit(cashier, "bob", "5", "EUR"), "stream_untrusted")
		// No state was built past the forgery: nothing to inspect.
		err := h.l.Inspect(context.Background(), func(*ledger.State) { t.Error("inspected a state built on a forgery") })
		if ledger.CodeOf(err) != "stream_untrusted" {
			t.Fatalf("Inspect after a restart on the forgery: %v", err)
		}
	})
	t.Run("ForeignMessageFoundByAWrite", func(t *testing.T) {
		h := newHarness(t)
		h.deposit("alice", "100")
		seq := forge(t, h)
		// The write is fenced by the forged message, reads it, and stops.
		_, err := h.exec(deposit(cashier, "bob", "5", "EUR"))
		if ledger.CodeOf(err) != "stream_untrusted" {
			t.Fatalf("write after the forgery: %s (%v), want stream_untrusted", ledger.CodeOf(err), err)
		}
		requireFault(t, h.l.Fault(), events.FaultForeignMessage, seq)
	})
}
