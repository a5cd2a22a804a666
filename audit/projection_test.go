package audit_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
)

// project builds a projections file from every event of store.
func project(t testing.TB, store *jetstream.Store) *projections.Store {
	t.Helper()
	ps, err := projections.Open(filepath.Join(t.TempDir(), "projections.db"), projections.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ps.Close() })
	var batch []events.Raw
	if err := store.Read(context.Background(), 1, 0, func(r events.Raw) error { batch = append(batch, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := ps.Apply(batch); err != nil {
		t.Fatalf("project: %v", err)
	}
	return ps
}

func TestVerify_Projections(t *testing.T) {
	sc := newScenario(t)
	opts := options()
	opts.Projections = project(t, sc.store)
	rep := verify(t, sc.store, 0, 0, opts)
	if !rep.Clean || rep.Projections == nil || !rep.Projections.Compared || rep.Projections.Seq != sc.lastSeq() || rep.Projections.Balances == 0 {
		t.Fatalf("report %+v, projections %+v, violations %v", rep, rep.Projections, rep.Violations)
	}
}

// TestVerify_ProjectionMismatch compares projections built from one stream
// with another stream that differs at sequence 1.
func TestVerify_ProjectionMismatch(t *testing.T) {
	deposit := func(amount string) *jetstream.Store {
		store := openStore(t, t.TempDir())
		t.Cleanup(func() { store.Close() })
		b := newBuilder(t, store)
		b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p1", Amount: dec(amount), Currency: "EUR",
			BalanceBefore: decimal.Zero, BalanceAfter: dec(amount)}, post(posting.AccountCashier, posting.WalletAccount("p1"), amount, "EUR"))
		return store
	}
	a, b := deposit("100"), deposit("90")
	opts := options()
	opts.Projections = project(t, a)
	rep := verify(t, b, 0, 0, opts)
	n, chain := 0, 0
	for _, v := range rep.Violations {
		if v.Kind == audit.KindProjectionMismatch && v.Seq == 1 {
			n++
			if strings.Contains(v.Detail, "another chain") {
				chain++
			}
		}
	}
	// The chain hash the projections recorded, the wallet and the cashier.
	if n != 3 || chain != 1 || rep.Clean || rep.Verdict != audit.VerdictViolations {
		t.Fatalf("violations %v", rep.Violations)
	}
}

// TestVerify_ProjectionsAhead compares projections that applied more
// events than the stream holds (a store restored from an older copy
// beside newer projections): they cannot be compared, and the
// verification is not clean, with its own verdict saying why.
func TestVerify_ProjectionsAhead(t *testing.T) {
	depositTo := func(store *jetstream.Store, b *builder, player string) {
		b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: player, Amount: dec("10"), Currency: "EUR",
			BalanceBefore: decimal.Zero, BalanceAfter: dec("10")}, post(posting.AccountCashier, posting.WalletAccount(player), "10", "EUR"))
	}
	long := openStore(t, t.TempDir())
	t.Cleanup(func() { long.Close() })
	b := newBuilder(t, long)
	depositTo(long, b, "p1")
	depositTo(long, b, "p2")
	short := openStore(t, t.TempDir())
	t.Cleanup(func() { short.Close() })
	depositTo(short, newBuilder(t, short), "p1")

	opts := options()
	opts.Projections = project(t, long)
	rep := verify(t, short, 0, 0, opts)
	if rep.Clean || rep.Verdict != audit.VerdictNotCompared || rep.Projections.Compared || rep.Projections.Seq != 2 ||
		!strings.HasPrefix(rep.Summary, "NOT COMPARED") || !strings.Contains(rep.Summary, "ahead") {
		t.Fatalf("verdict %s: %s; projections %+v", rep.Verdict, rep.Summary, rep.Projections)
	}
}
