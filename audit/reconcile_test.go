package audit_test

import (
	"context"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/posting"
)

// TestReconcile_Discrepancy appends to the scenario a deposit whose payload
// says 50 while its posting moves 60, and checks that the reconciliation
// lists it: on the day's wallets and cashier rows, on the player's account,
// and as the verifier's finding at its sequence.
func TestReconcile_Discrepancy(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	clean, err := audit.Reconcile(context.Background(), sc.store, mustPeriod(t, "2026-11-01", "2026-11-05", opts), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(clean.Discrepancies) != 0 {
		t.Fatalf("the scenario does not reconcile: %+v", clean.Discrepancies)
	}

	b := newBuilder(t, sc.store)
	bal := decimal.Zero
	seq := b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "erin", Amount: dec("50"), Currency: "EUR", BalanceBefore: bal, BalanceAfter: dec("50")},
		post(posting.AccountCashier, posting.WalletAccount("erin"), "60", "EUR"))
	day := b.at.In(opts.Location).Format("2006-01-02")

	rep, err := audit.Reconcile(context.Background(), sc.store, mustPeriod(t, "2026-11-01", "2026-11-05", opts), opts)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]decimal.Decimal{}
	sawSeq := false
	for _, d := range rep.Discrepancies {
		switch {
		case d.Seq == seq:
			sawSeq = true
		case d.Account != "":
			found["account "+d.Account] = d.Amount
		case d.Date == day:
			found[d.Scope] = d.Amount
		}
	}
	for what, want := range map[string]string{"wallets": "10", "cashier": "-10", "account wallet:erin": "10", "account cashier": "-10"} {
		if got, ok := found[what]; !ok || !got.Equal(dec(want)) {
			t.Errorf("%s: discrepancy %v (listed: %v), want %s", what, got, ok, want)
		}
	}
	if !sawSeq {
		t.Errorf("the verifier's finding at %d is not listed: %+v", seq, rep.Discrepancies)
	}
	if rep.Verification.Clean {
		t.Errorf("verification clean with a doctored event")
	}
	// The period's totals carry the difference too.
	for _, row := range rep.Totals {
		if row.Scope == audit.ScopeWallets && row.Currency == "EUR" && !row.Difference.Equal(dec("10")) {
			t.Errorf("EUR wallets total difference %s, want 10", row.Difference)
		}
	}
}

func mustPeriod(t testing.TB, from, to string, opts audit.Options) audit.Period {
	t.Helper()
	p, err := audit.NewPeriod(from, to, opts.Location)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReconcile_NoActivity: a period after the last event has only "no
// activity" days, and the identity still holds for every account with the
// balances carried over.
func TestReconcile_NoActivity(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	// Made after the period: a period in progress would list its days up
	// to today only.
	opts.Now = func() time.Time { return time.Date(2026, 12, 5, 9, 0, 0, 0, time.UTC) }
	rep, err := audit.Reconcile(context.Background(), sc.store, mustPeriod(t, "2026-12-01", "2026-12-03", opts), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Days) != 3 {
		t.Fatalf("%d days", len(rep.Days))
	}
	for _, d := range rep.Days {
		if !d.NoActivity || len(d.Rows) != 0 {
			t.Fatalf("day %+v, want no activity", d)
		}
	}
	if len(rep.Accounts) == 0 || len(rep.Discrepancies) != 0 {
		t.Fatalf("accounts %d, discrepancies %+v", len(rep.Accounts), rep.Discrepancies)
	}
	for _, a := range rep.Accounts {
		if !a.Opening.Equal(a.Closing) || !a.Inflows.IsZero() || !a.Outflows.IsZero() {
			t.Fatalf("account %+v moved in a period without events", a)
		}
	}
}
