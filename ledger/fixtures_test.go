package ledger_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// More actors: a second dealer (of no table unless a test opens one for
// them), and a second cashier.
var (
	dealer2  = events.Actor{ID: "dealer-2", Role: ledger.RoleDealer}
	cashier2 = events.Actor{ID: "cash-2", Role: ledger.RoleCashier}
)

// advance moves the test clock forward by d.

// newFaultHarness is newHarness with the ledger writing through a faultLog
// around the real store, and at most batchMax events per atomic batch, so
// that a round of a few bets already settles in several batches.
func newFaultHarness(t testing.TB, batchMax int) (*harness, *faultLog) {
	t.Helper()
	h := newHarness(t)
	h.l.Close()
	h.opts.BatchMax = batchMax
	f := newFaultLog(h.store)
	h.openOn(f)
	return h, f
}

// openOn opens the harness's ledger over log (a wrapper of h.store).
func (h *harness) openOn(log ledger.Log) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	l, err := ledger.Open(ctx, log, h.opts)
	if err != nil {
		h.t.Fatalf("open ledger: %v", err)
	}
	h.l = l
}

// inspect runs fn on the ledger's state.
func (h *harness) inspect(fn func(s *ledger.State)) {
	h.t.Helper()
	if err := h.l.Inspect(context.Background(), fn); err != nil {
		h.t.Fatalf("inspect: %v", err)
	}
}

// round returns a copy of a round kept in memory with its bets (read back
// from the stream for a finished round), failing the test when the ledger
// does not hold it.
func (h *harness) round(id string) ledger.Round {
	h.t.Helper()
	r, ok, err := h.l.Round(context.Background(), id)
	if err != nil {
		h.t.Fatalf("round %s: %v", id, err)
	}
	if !ok {
		h.t.Fatalf("round %s is not in the ledger's state", id)
	}
	return r
}

// table returns a copy of a table's state.
func (h *harness) table(id string) ledger.Table {
	h.t.Helper()
	var t ledger.Table
	var ok bool
	h.inspect(func(s *ledger.State) { t, ok = s.Table(id) })
	if !ok {
		h.t.Fatalf("table %s is not in the ledger's state", id)
	}
	return t
}

// balanceIn is balance in another currency than EUR.
func (h *harness) balanceIn(account, currency string) decimal.Decimal {
	h.t.Helper()
	var out decimal.Decimal
	h.inspect(func(s *ledger.State) { out = s.Balance(account, currency) })
	return out
}

// wantBalances checks accounts' EUR balances.
func (h *harness) wantBalances(want map[string]string) {
	h.t.Helper()
	for acc, w := range want {
		if got := h.balance(acc); !got.Equal(dec(w)) {
			h.t.Errorf("%s = %s, want %s", acc, got, w)
		}
	}
}

// wantStatus checks a round's status.
func (h *harness) wantStatus(id string, status round.Status) ledger.Round {
	h.t.Helper()
	r := h.round(id)
	if r.Status != status {
		h.t.Fatalf("round %s is %s, want %s", id, r.Status, status)
	}
	return r
}

// eventsOf returns the stored events of one round, in order.
func (h *harness) eventsOf(round string) []events.Envelope {
	h.t.Helper()
	var out []events.Envelope
	for _, e := range h.readAll() {
		if e.Round == round {
			out = append(out, e)
		}
	}
	return out
}

// countTypes counts events by type.
func countTypes(evs []events.Envelope) map[events.Type]int {
	n := map[events.Type]int{}
	for _, e := range evs {
		n[e.Type]++
	}
	return n
}

// openTableBy opens a EUR table with the harness's limits and the given
// dealer.
func (h *harness) openTableBy(table, paytable, dealerID string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("500")}, "total": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("0.50"), Max: dec("1000")},
		Dealer: dealerID,
	})
}

// Commands on a round, with the actor the state machine expects.

func placeSlip(table, round, player string, bets ...ledger.BetRequest) *ledger.PlaceSlip {
	return &ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: player, Bets: bets}
}

func closeBetting(table, round string) *ledger.CloseBetting {
	return &ledger.CloseBetting{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round}
}

func reshake(table, round string) *ledger.Reshake {
	return &ledger.Reshake{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Reason: events.ReshakeOverlapping}
}

func recordResult(table, round string, d ...int) *ledger.RecordResult {
	return &ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Result: sicbo.ResultJSON(d...)}
}

func pause(table, round string) *ledger.Pause {
	return &ledger.Pause{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Reason: "shaker jammed"}
}

func resume(table, round string) *ledger.Resume {
	return &ledger.Resume{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round}
}

func cancelRound(table, round string) *ledger.Cancel {
	return &ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round, Reason: "fault not resolved"}
}

func correctResult(table, round string, d ...int) *ledger.CorrectResult {
	return &ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round, Result: sicbo.ResultJSON(d...), Reason: "dealer typed the wrong dice"}
}

// booksError returns why a set of balances breaks double entry (a currency
// whose balances do not add up to zero, or a negative wallet), or "".
func booksError(rows []ledger.BalanceRow) string {
	sums := map[string]decimal.Decimal{}
	for _, r := range rows {
		sums[r.Currency] = sums[r.Currency].Add(r.Balance)
		if _, ok := posting.IsWallet(r.Account); ok && r.Balance.IsNegative() {
			return fmt.Sprintf("wallet %s is %s %s, below zero", r.Account, r.Balance, r.Currency)
		}
	}
	for cur, sum := range sums {
		if !sum.IsZero() {
			return fmt.Sprintf("%s balances add up to %s, want 0", cur, sum)
		}
	}
	return ""
}

// refuseErr is refuse that also returns the error, for checks beyond the
// code.
func (h *harness) refuseErr(c ledger.Command, code string) error {
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
	return err
}
