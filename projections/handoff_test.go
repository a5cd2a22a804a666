package projections

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestHandoff_LiveEqualsRebuild follows a ledger's stream with a projector
// that takes the ledger's stored events from a hand-off, and checks that
// it gives the answers of a store rebuilt from the stream's bytes. The
// projector reads from the stream whatever the hand-off cannot give as the
// next event, so each way is checked as well as the usual one (a ring of
// the default size): a ring of one event, overwritten within every batch
// of more than one, where the projector reads the rest from the stream;
// and a hand-off that the ledger does not fill (as if another process
// wrote the stream), where every event comes from the stream once the
// projector has waited handGrace for it.
func TestHandoff_LiveEqualsRebuild(t *testing.T) {
	for _, tc := range []struct {
		name     string
		size     int
		attached bool
	}{
		{"default ring", 0, true},
		{"ring of 1", 1, true},
		{"not filled by the ledger", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hand := NewHandoff(tc.size)
			filled := hand
			if !tc.attached {
				filled = NewHandoff(0)
			}
			h := ledgertest.NewObserved(t, ledger.Appends(filled))
			live := openProj(t, "", Options{})
			p := NewProjector(live, h.Stream, nil)
			p.Handoff = hand
			startProjector(t, p)
			sc := playScenario(h, 3, 40)
			last := h.LastSeq()
			waitFor(t, live, last)

			taken, missed := hand.Counts()
			t.Logf("%d events taken from the hand-off, %d read from the stream", taken, missed)
			if taken+missed != last {
				t.Errorf("%d taken and %d read, want %d events in all", taken, missed, last)
			}
			switch {
			case tc.attached && tc.size == 0 && taken != last:
				// Following live, the projector reads nothing back.
				t.Errorf("%d of %d events taken from the hand-off", taken, last)
			case tc.size == 1 && missed == 0:
				t.Errorf("a ring of one event gave all %d events", last)
			case !tc.attached && taken != 0:
				t.Errorf("%d events taken from a hand-off nothing filled", taken)
			}

			rebuilt := openProj(t, "", Options{})
			applyAll(t, rebuilt, readRaw(t, h.Stream), 37)
			sameAnswers(t, answers(t, live, sc), answers(t, rebuilt, sc))
		})
	}
}

// TestHandoff_TakeRun checks the run the projector takes: from the
// sequence asked, in order, up to the first event the ring lacks, each
// once; and that the ring says when it will never give a sequence.
func TestHandoff_TakeRun(t *testing.T) {
	h := NewHandoff(4)
	var batch []events.Appended
	for seq := uint64(1); seq <= 6; seq++ {
		env := &events.Envelope{ID: uuid.Must(uuid.NewV7()), Type: events.TypeWalletDeposited, Seq: seq, Hash: events.Hash{byte(seq)}}
		batch = append(batch, events.Appended{Env: env, Payload: &events.WalletDeposited{Player: "p"}})
	}
	h.Appended(batch, 0) // the ring holds 3..6
	select {
	case <-h.stored:
	default:
		t.Error("no notice of the batch handed over")
	}
	if ds, _, stored := h.takeRun(2, 10); len(ds) != 0 || stored != 6 {
		t.Errorf("sequence 2, overwritten: %d events, stored %d; want none, gone (stored up to 6)", len(ds), stored)
	}
	ds, last, stored := h.takeRun(3, 2)
	if len(ds) != 2 || ds[0].env.Seq != 3 || ds[1].env.Seq != 4 || last != (events.Hash{4}) || stored != 0 {
		t.Fatalf("from 3, at most 2: %d events, last hash %x, stored %d", len(ds), last[:1], stored)
	}
	if ds[0].env.Hash != (events.Hash{}) {
		t.Error("the envelope taken keeps its hash, which a projection does not decode")
	}
	if ds, _, _ := h.takeRun(5, 10); len(ds) != 2 || ds[1].env.Seq != 6 {
		t.Errorf("from 5: %d events, want 5 and 6", len(ds))
	}
	if ds, _, stored := h.takeRun(5, 10); len(ds) != 0 || stored != 6 {
		t.Errorf("from 5 again: %d events, stored %d; want none (taken once), gone (stored up to 6)", len(ds), stored)
	}
	if ds, _, stored := h.takeRun(7, 10); len(ds) != 0 || stored != 0 {
		t.Errorf("from 7, not stored yet: %d events, stored %d; want none, not gone (0)", len(ds), stored)
	}
	if taken, missed := h.Counts(); taken != 4 || missed != 0 {
		t.Errorf("counts %d taken, %d missed; want 4 and 0", taken, missed)
	}
}

// TestHandoff_TakesOnlyWhatTheStreamHolds checks that an event is taken
// only for the sequence and message id the stream gives, once, and that
// what is taken is the envelope a projection decodes: without the members
// it does not read.
func TestHandoff_TakesOnlyWhatTheStreamHolds(t *testing.T) {
	h := NewHandoff(4)
	id := uuid.Must(uuid.NewV7())
	env := &events.Envelope{
		ID: id, Type: events.TypeWalletDeposited, Seq: 6,
		IdempotencyKey: "k", RequestHash: "r", CorrelationID: "c", PrevHash: events.Hash{1}, Hash: events.Hash{2},
	}
	payload := &events.WalletDeposited{Player: "p"}
	h.Appended([]events.Appended{{Env: env, Payload: payload}}, 0)

	for _, raw := range []events.Raw{
		{Seq: 6, MsgID: uuid.Must(uuid.NewV7()).String()}, // another event at that sequence
		{Seq: 2, MsgID: id.String()},                      // the same slot, another sequence
		{Seq: 7, MsgID: id.String()},
	} {
		if _, ok := h.take(raw); ok {
			t.Errorf("took the event for %d %s", raw.Seq, raw.MsgID)
		}
	}
	d, ok := h.take(events.Raw{Seq: 6, MsgID: id.String()})
	if !ok {
		t.Fatal("the stored event was not taken")
	}
	if d.payload != payload || d.env.ID != id || d.env.Seq != 6 {
		t.Errorf("took %+v, want the event stored", d)
	}
	if d.env.IdempotencyKey != "" || d.env.RequestHash != "" || d.env.CorrelationID != "" || !d.env.PrevHash.IsZero() || !d.env.Hash.IsZero() {
		t.Errorf("took an envelope with members a projection does not decode: %+v", d.env)
	}
	if env.IdempotencyKey != "k" || env.Hash != (events.Hash{2}) {
		t.Errorf("the ledger's envelope changed: %+v", env)
	}
	if _, ok := h.take(events.Raw{Seq: 6, MsgID: id.String()}); ok {
		t.Error("the event was taken twice")
	}
	if taken, missed := h.Counts(); taken != 1 || missed != 4 {
		t.Errorf("counts %d taken, %d missed; want 1 and 4", taken, missed)
	}
	var nilHandoff *Handoff
	if _, ok := nilHandoff.take(events.Raw{Seq: 6, MsgID: id.String()}); ok {
		t.Error("a nil hand-off gave an event")
	}
}

// recorder keeps what a ledger stored, as an Observer sees it.
type recorder struct{ got []events.Appended }

func (r *recorder) Appended(batch []events.Appended, _ time.Duration) {
	for _, a := range batch {
		env := *a.Env
		r.got = append(r.got, events.Appended{Env: &env, Payload: a.Payload})
	}
}

func (r *recorder) Refused(ledger.Command, error) {}

// BenchmarkPrepare measures what the projector spends on an event before
// folding it: decoding it from the stream's bytes, or taking it from the
// ledger's hand-off (the ledger's Appended included).
func BenchmarkPrepare(b *testing.B) {
	rec := &recorder{}
	h := ledgertest.NewObserved(b, rec)
	playScenario(h, 5, 60)
	raws := readRaw(b, h.Stream)
	if len(raws) != len(rec.got) {
		b.Fatalf("%d events stored, %d observed", len(raws), len(rec.got))
	}
	s := openProj(b, "", Options{})
	const batch = 100
	for _, mode := range []string{"decode", "handoff"} {
		b.Run(mode, func(b *testing.B) {
			hand := NewHandoff(len(raws))
			for b.Loop() {
				for lo := 0; lo < len(raws); lo += batch {
					hi := min(lo+batch, len(raws))
					var from *Handoff
					if mode == "handoff" {
						hand.Appended(rec.got[lo:hi], 0)
						from = hand
					}
					if _, err := s.prepare(raws[lo:hi], from); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(raws)), "ns/event")
			if taken, _ := hand.Counts(); mode == "handoff" && taken != uint64(b.N*len(raws)) {
				b.Fatalf("%d events taken of %d", taken, b.N*len(raws))
			}
		})
	}
}

// TestHandoff_StopWhileHolding stops a projector that holds events it took
// from the hand-off and has not committed: those events have left the
// ring, and the projector that follows on reads them from the stream.
func TestHandoff_StopWhileHolding(t *testing.T) {
	hand := NewHandoff(0)
	h := ledgertest.NewObserved(t, ledger.Appends(hand))
	h.Deposit("p0", "10")
	first := h.LastSeq()
	s := openProj(t, "", Options{})
	p := NewProjector(s, h.Stream, nil)
	p.Handoff = hand
	p.CommitInterval = time.Hour
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()
	eventually(t, "the first batch to be committed", func() bool { return s.LastSeq() == first })
	taken0, _ := hand.Counts()
	h.Deposit("p1", "10")
	second := h.LastSeq()
	eventually(t, "the deposit taken from the hand-off", func() bool {
		taken, _ := hand.Counts()
		return taken >= taken0+second-first
	})
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("projector: %v", err)
	}
	if got := s.LastSeq(); got != first {
		t.Fatalf("a stopped projector committed up to %d; want %d (the held events dropped)", got, first)
	}
	_, missed0 := hand.Counts()

	p = NewProjector(s, h.Stream, nil)
	p.Handoff = hand
	startProjector(t, p)
	waitFor(t, s, second)
	if _, missed := hand.Counts(); missed-missed0 != second-first {
		t.Errorf("%d events read from the stream after the restart; want the %d dropped", missed-missed0, second-first)
	}
	rebuilt := openProj(t, "", Options{})
	applyAll(t, rebuilt, readRaw(t, h.Stream), 5)
	live, err := s.Balances("")
	if err != nil {
		t.Fatal(err)
	}
	want, err := rebuilt.Balances("")
	if err != nil {
		t.Fatal(err)
	}
	if len(live.Balances) == 0 || !reflect.DeepEqual(live, want) {
		t.Errorf("balances live %+v, rebuilt %+v", live, want)
	}
}
