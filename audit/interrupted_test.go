package audit_test

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestVerify_CancellationInterrupted verifies the scenario's stream up to
// the middle of a cancellation, as a crash between two of its batches
// leaves it (the ledger finishes the refunds at its next start): the
// round is in progress with its open bets in play, not a violation.
func TestVerify_CancellationInterrupted(t *testing.T) {
	sc := newScenario(t)
	r2 := sc.rounds["r2"]
	cancelled := sc.find(events.TypeRoundCancelled, func(e *events.Envelope) bool { return e.Round == r2 })
	for _, c := range []struct {
		to     uint64
		bets   int
		inPlay string
	}{
		{cancelled, 2, "18"},    // round.cancelled written, no refund yet
		{cancelled + 1, 1, "3"}, // the first of its two refunds written
	} {
		rep := verify(t, sc.store, 0, c.to, options())
		if !rep.Clean {
			t.Fatalf("1..%d: %v", c.to, rep.Violations)
		}
		var found *audit.OpenRound
		for i := range rep.OpenRounds {
			if rep.OpenRounds[i].Round == r2 {
				found = &rep.OpenRounds[i]
			}
		}
		if found == nil || found.Status != string(ledger.RoundCancelled) || found.Bets != c.bets || !found.InPlay.Equal(dec(c.inPlay)) {
			t.Fatalf("1..%d: open rounds %+v, want r2 cancelled with %d bets, %s in play", c.to, rep.OpenRounds, c.bets, c.inPlay)
		}
	}
	// The whole stream: r2 refunded, no longer in progress.
	rep := verify(t, sc.store, 0, 0, options())
	for _, r := range rep.OpenRounds {
		if r.Round == r2 {
			t.Fatalf("r2 still in progress after its refunds: %+v", r)
		}
	}
}

// TestVerify_RefundNeverWritten writes a cancelled round that refunds one
// of its two bets, then moves on to another command: the other bet was
// never refunded, and that is reported.
func TestVerify_RefundNeverWritten(t *testing.T) {
	store := openStore(t, t.TempDir())
	t.Cleanup(func() { store.Close() })
	b := newBuilder(t, store)
	pt, err := sicbo.Lookup(sicbo.IDLive)
	if err != nil {
		t.Fatal(err)
	}
	w, inPlay := posting.WalletAccount, posting.InPlayAccount("t1")
	b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p1", Amount: dec("100"), Currency: "EUR", BalanceBefore: decimal.Zero, BalanceAfter: dec("100")},
		post(posting.AccountCashier, w("p1"), "100", "EUR"))
	b.add(events.TypeTableOpened, supervisor, "t1", "", &events.TableOpened{Table: "t1", Game: sicbo.GameName, Paytable: pt.ID(), PaytableHash: pt.Hash(),
		Currency: "EUR", Scale: 2, Limits: map[string]events.Limit{"*": {Min: dec("1"), Max: dec("100")}}, Band: events.Limit{Min: dec("1"), Max: dec("100")}, Dealer: "d1"})
	b.add(events.TypeRoundOpened, dealer, "t1", "r1", &events.RoundOpened{Table: "t1", Round: "r1", Number: 1, Paytable: pt.ID(), PaytableHash: pt.Hash()})
	placed := b.add(events.TypeBetPlaced, frontend, "t1", "r1", &events.BetPlaced{Slip: "s1", Player: "p1", Table: "t1", Round: "r1", Currency: "EUR",
		Bets:  []events.PlacedBet{{Bet: "b1", Code: "small", Stake: dec("10")}, {Bet: "b2", Code: "big", Stake: dec("20")}},
		Total: dec("30"), BalanceBefore: dec("100"), BalanceAfter: dec("70")},
		post(w("p1"), inPlay, "10", "EUR"), post(w("p1"), inPlay, "20", "EUR"))
	b.add(events.TypeRoundCancelled, supervisor, "t1", "r1", &events.RoundCancelled{Table: "t1", Round: "r1", Reason: "fault", Bets: 2, Refunded: dec("30")})
	refund := b.add(events.TypeBetRefunded, supervisor, "t1", "r1", &events.BetRefunded{Table: "t1", Round: "r1", Slip: "s1", Bet: "b1", Player: "p1",
		Code: "small", Stake: dec("10"), Currency: "EUR"}, post(inPlay, w("p1"), "10", "EUR"))

	// Up to the refund, the cancellation is still being written.
	if rep := verify(t, store, 0, refund, options()); !rep.Clean {
		t.Fatalf("1..%d: %v", refund, rep.Violations)
	}
	// Another command follows: b2 was never refunded.
	b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p2", Amount: dec("5"), Currency: "EUR", BalanceBefore: decimal.Zero, BalanceAfter: dec("5")},
		post(posting.AccountCashier, w("p2"), "5", "EUR"))
	rep := verify(t, store, 0, 0, options())
	if !kindsAt(rep, placed)[audit.KindBetUnresolved] || len(rep.Violations) != 1 {
		t.Fatalf("violations %v, want bet_unresolved for b2 at %d only", rep.Violations, placed)
	}
}
