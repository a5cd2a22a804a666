package ledger_test

import (
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// recordingObserver records what a ledger tells its Observer.
type recordingObserver struct {
	mu       sync.Mutex
	types    []events.Type
	seqs     []uint64
	batches  int
	refusals []string
}

func (o *recordingObserver) Appended(batch []events.Appended, took time.Duration) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.batches++
	for _, a := range batch {
		o.types = append(o.types, a.Env.Type)
		o.seqs = append(o.seqs, a.Env.Seq)
	}
}

func (o *recordingObserver) Refused(_ ledger.Command, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.refusals = append(o.refusals, ledger.CodeOf(err))
}

// TestObserver_SeesEveryEventAndRefusal: the observer sees every stored
// event once, in stream order, and every refusal with its code.
func TestObserver_SeesEveryEventAndRefusal(t *testing.T) {
	h := newHarness(t)
	obs := &recordingObserver{}
	h.l.Close()
	h.opts.Observer = obs
	h.open()
	h.deposit("alice", "100")
	h.openTable("t1", sicbo.IDLive)
	r := h.openRound("t1")
	h.bet("t1", r, "alice", b("small", "10"))
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: events.Actor{ID: "fe", Role: ledger.RoleFrontend}},
		Table: "t1", Round: r, Player: "alice", Bets: []ledger.BetRequest{b("small", "500"), b("big", "500")}}, "insufficient_funds")
	h.closeBetting("t1", r)
	h.result("t1", r, 1, 2, 3)

	stored := h.readAll()
	obs.mu.Lock()
	defer obs.mu.Unlock()
	if len(obs.types) != len(stored) {
		t.Fatalf("observer saw %d events, the stream holds %d", len(obs.types), len(stored))
	}
	for i, e := range stored {
		if obs.types[i] != e.Type || obs.seqs[i] != uint64(i+1) {
			t.Fatalf("event %d: observer saw %s at %d, stream has %s at %d", i, obs.types[i], obs.seqs[i], e.Type, i+1)
		}
	}
	if len(obs.refusals) != 1 || obs.refusals[0] != "insufficient_funds" {
		t.Errorf("refusals %v, want [insufficient_funds]", obs.refusals)
	}
	if ld := h.l.Load(); ld.InFlight != 0 || ld.Queued != 0 {
		t.Errorf("idle ledger's load %+v, want zero", ld)
	}
}

// appendsRecorder implements only the Appended half of an Observer, as a
// reader of the stream does (projections.Handoff).
type appendsRecorder struct {
	mu   sync.Mutex
	seqs []uint64
}

func (a *appendsRecorder) Appended(batch []events.Appended, _ time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, e := range batch {
		a.seqs = append(a.seqs, e.Env.Seq)
	}
}

// TestAppends_TellsEveryBatchAndNoRefusal: an Appender wired with
// ledger.Appends beside a full Observer sees every stored event, in
// stream order, while a refusal (which stores nothing) reaches only the
// full Observer.
func TestAppends_TellsEveryBatchAndNoRefusal(t *testing.T) {
	h := newHarness(t)
	full, app := &recordingObserver{}, &appendsRecorder{}
	h.l.Close()
	h.opts.Observer = ledger.Observers(full, ledger.Appends(app))
	h.open()
	h.deposit("alice", "100")
	h.openTable("t1", sicbo.IDLive)
	r := h.openRound("t1")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: events.Actor{ID: "fe", Role: ledger.RoleFrontend}},
		Table: "t1", Round: r, Player: "alice", Bets: []ledger.BetRequest{b("small", "500")}}, "insufficient_funds")
	h.bet("t1", r, "alice", b("small", "10"))

	stored := h.readAll()
	app.mu.Lock()
	defer app.mu.Unlock()
	if len(app.seqs) != len(stored) || len(stored) == 0 {
		t.Fatalf("the appender saw %d events, the stream holds %d", len(app.seqs), len(stored))
	}
	for i, e := range stored {
		if app.seqs[i] != e.Seq {
			t.Errorf("event %d: the appender saw seq %d, the stream has %d", i, app.seqs[i], e.Seq)
		}
	}
	full.mu.Lock()
	defer full.mu.Unlock()
	if len(full.refusals) != 1 || full.refusals[0] != "insufficient_funds" {
		t.Errorf("the full observer saw refusals %v, want [insufficient_funds]", full.refusals)
	}
}
