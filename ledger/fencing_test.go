package ledger_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_Fencing runs two ledgers on one stream. The one whose state is
// stale has its append refused by the expected-sequence check, catches up
// from the stream, decides again and commits after the other's events; the
// chain stays intact and no money is created or lost.
func TestLedger_Fencing(t *testing.T) {
	h := newHarness(t)
	h.deposit("alice", "100")

	other, err := ledger.Open(context.Background(), h.store, h.opts)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	// h.l writes; other's state is now one event behind.
	h.deposit("alice", "5")
	res, err := other.Execute(context.Background(), &ledger.Withdraw{
		Meta: ledger.Meta{Actor: cashier, IdempotencyKey: "w1"}, Player: "alice", Amount: dec("105"), Currency: "EUR",
	})
	if err != nil {
		t.Fatalf("stale writer after catching up: %v", err)
	}
	// The withdrawal of 105 is only possible once the deposit of 5, which
	// the stale writer had not seen, is counted.
	if res.Balance == nil || !res.Balance.IsZero() || res.FirstSeq != 3 {
		t.Fatalf("result %+v, want balance 0 at seq 3", res)
	}

	// The first ledger is now the stale one: its next command is fenced,
	// reloads and commits after the withdrawal.
	h.deposit("bob", "1")
	evs := h.readAll()
	if len(evs) != 4 {
		t.Fatalf("%d events, want 4", len(evs))
	}
	chain := events.NewChain(events.Hash{}, 0)
	for _, e := range evs {
		data, _ := events.Encode(&e, e.PrevHash)
		if err := chain.Next(e.Seq, e.PrevHash, data); err != nil {
			t.Fatal(err)
		}
	}
	if got := h.balance(posting.WalletAccount("alice")); !got.IsZero() {
		t.Fatalf("alice %s, want 0", got)
	}
	if got := h.balance(posting.AccountCashier); !got.Equal(dec("-1")) {
		t.Fatalf("cashier %s, want -1", got)
	}
}
