package ledger_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// Actors used across the tests.
// The actors, the clock and the catalog are internal/ledgertest's.
var (
	cashier    = ledgertest.Cashier
	supervisor = ledgertest.Supervisor
	dealer     = ledgertest.Dealer
	frontend   = ledgertest.Frontend
	dec        = ledgertest.Dec
)

type testClock = ledgertest.Clock

func newTestClock() *testClock { return ledgertest.NewClock() }

// openStore starts a real embedded JetStream server with its store in dir.
func openStore(t testing.TB, dir string) *jetstream.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	return s
}

type harness struct {
	t     testing.TB
	dir   string
	store *jetstream.Store
	l     *ledger.Ledger
	clock *testClock
	opts  ledger.Options
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	h := &harness{t: t, dir: t.TempDir(), clock: newTestClock()}
	h.opts = ledger.Options{Games: registry.New(), Clock: h.clock.Now}
	h.store = openStore(t, h.dir)
	h.open()
	t.Cleanup(func() {
		if h.l != nil {
			h.l.Close()
		}
		h.store.Close()
	})
	return h
}

func (h *harness) open() {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	l, err := ledger.Open(ctx, h.store, h.opts)
	if err != nil {
		h.t.Fatalf("open ledger: %v", err)
	}
	h.l = l
}

// restart closes the ledger and the server and opens both again on the same
// data directory.
func (h *harness) restart() {
	h.t.Helper()
	h.l.Close()
	h.store.Close()
	h.store = openStore(h.t, h.dir)
	h.open()
}

func (h *harness) exec(c ledger.Command) (ledger.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return h.l.Execute(ctx, c)
}

func (h *harness) must(c ledger.Command) ledger.Result {
	h.t.Helper()
	r, err := h.exec(c)
	if err != nil {
		h.t.Fatalf("%T: %v", c, err)
	}
	return r
}

// refuse checks that c is refused with code and that nothing was written.
func (h *harness) refuse(c ledger.Command, code string) {
	h.t.Helper()
	before := h.lastSeq()
	_, err := h.exec(c)
	if err == nil {
		h.t.Fatalf("%T %+v: accepted, want %s", c, c, code)
	}
	if got := ledger.CodeOf(err); got != code {
		h.t.Fatalf("%T: code %s (%v), want %s", c, got, err, code)
	}
	if after := h.lastSeq(); after != before {
		h.t.Fatalf("%T refused with %s but the stream moved from %d to %d", c, code, before, after)
	}
}

func (h *harness) lastSeq() uint64 {
	h.t.Helper()
	seq, err := h.store.LastSeq(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	return seq
}

// readAll returns every stored event, decoded, in order.
func (h *harness) readAll() []events.Envelope {
	h.t.Helper()
	var out []events.Envelope
	err := h.store.Read(context.Background(), 1, 0, func(raw events.Raw) error {
		e, err := events.Decode(raw.Data)
		if err != nil {
			return err
		}
		e.Seq = raw.Seq
		out = append(out, e)
		return nil
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return out
}

func (h *harness) deposit(player, amount string) {
	h.t.Helper()
	h.must(&ledger.Deposit{Meta: ledger.Meta{Actor: cashier}, Player: player, Amount: dec(amount), Currency: "EUR"})
}

func (h *harness) openTable(table, paytable string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("500")}, "total": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("0.50"), Max: dec("1000")},
		Dealer: dealer.ID,
	})
}

func (h *harness) openRound(table string) string {
	h.t.Helper()
	return h.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: table}).Round
}

func (h *harness) bet(table, round, player string, bets ...ledger.BetRequest) ledger.Result {
	h.t.Helper()
	return h.must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: player, Bets: bets})
}

func (h *harness) closeBetting(table, round string) {
	h.t.Helper()
	h.must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round})
}

func (h *harness) result(table, round string, d ...int) ledger.Result {
	h.t.Helper()
	return h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Result: sicbo.ResultJSON(d...)})
}

func b(code, stake string) ledger.BetRequest { return ledger.BetRequest{Code: code, Stake: dec(stake)} }

// balance reads an account's balance from the ledger's state.
func (h *harness) balance(account string) decimal.Decimal {
	h.t.Helper()
	var out decimal.Decimal
	if err := h.l.Inspect(context.Background(), func(s *ledger.State) { out = s.Balance(account, "EUR") }); err != nil {
		h.t.Fatal(err)
	}
	return out
}

func newUUID() string { return uuid.Must(uuid.NewV7()).String() }
