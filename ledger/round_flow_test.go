package ledger_test

import (
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_FullRound plays one Sic Bo round from deposit to payout and
// checks every balance against the paytable by hand.
func TestLedger_FullRound(t *testing.T) {
	h := newHarness(t)
	h.deposit("alice", "100")
	h.deposit("bob", "50")
	h.openTable("t1", sicbo.IDLive)
	round := h.openRound("t1")

	// alice: small 10 (1:1), double:2 5 (10:1), total:9 2 (7:1)
	ra := h.bet("t1", round, "alice", b("small", "10"), b("double:2", "5"), b("total:9", "2"))
	if len(ra.Bets) != 3 || ra.Balance == nil || !ra.Balance.Equal(dec("83")) {
		t.Fatalf("alice slip result %+v", ra)
	}
	// bob: big 20 (loses on 2-2-5), two_odd_one_even 3 (3:2 → 4.5)
	h.bet("t1", round, "bob", b("big", "20"), b("two_odd_one_even", "3"))
	h.closeBetting("t1", round)
	res := h.result("t1", round, 2, 2, 5)
	// round.result + 5 bet.settled + round.settled
	if res.Events != 7 {
		t.Fatalf("result wrote %d events, want 7", res.Events)
	}

	// Dice 2-2-5, total 9: small wins 10, double:2 wins 50, total:9 wins 14;
	// big loses; two_odd_one_even: 2,2 even, 5 odd → two even one odd →
	// loses.
	checks := map[string]string{
		// alice: 83 + (10+10) + (5+50) + (2+14)
		posting.WalletAccount("alice"): "174",
		// bob: 50 − 20 − 3
		posting.WalletAccount("bob"):  "27",
		posting.InPlayAccount("t1"):   "0",
		posting.RoundingAccount("t1"): "0",
		posting.AccountCashier:        "-150",
		// house: +20 +3 (bob's losses) −10 −50 −14 (alice's wins)
		posting.HouseAccount("t1"): "-51",
	}
	for acc, want := range checks {
		if got := h.balance(acc); !got.Equal(dec(want)) {
			t.Errorf("%s = %s, want %s", acc, got, want)
		}
	}

	// Every event is chained and every settled bet says why.
	evs := h.readAll()
	chain := events.NewChain(events.Hash{}, 0)
	settled := 0
	for _, e := range evs {
		raw, _ := events.Encode(&e, e.PrevHash)
		if err := chain.Next(e.Seq, e.PrevHash, raw); err != nil {
			t.Fatalf("chain: %v", err)
		}
		if e.Type == events.TypeBetSettled {
			settled++
			p, err := events.Into[events.BetSettled](&e)
			if err != nil || p.Rule == "" || p.PaytableHash == "" {
				t.Fatalf("bet.settled %+v err %v", p, err)
			}
		}
	}
	if settled != 5 {
		t.Fatalf("%d bets settled, want 5", settled)
	}
}

// TestLedger_RoundingResidue pays a 3:2 bet on a stake whose win is a
// fraction of a cent: the wallet gets the win rounded down, the house pays
// only that (only whole cents are posted: rounding.go), and the bet's
// event records the half cent not paid exactly, posting none of it.
func TestLedger_RoundingResidue(t *testing.T) {
	h := newHarness(t)
	h.deposit("carol", "10")
	h.openTable("t1", sicbo.IDLive)
	round := h.openRound("t1")
	h.bet("t1", round, "carol", b("two_odd_one_even", "1.01")) // 3:2 → 1.515
	h.closeBetting("t1", round)
	h.result("t1", round, 1, 3, 4) // two odd, one even: wins
	for acc, want := range map[string]string{
		posting.WalletAccount("carol"): "11.51", // 10 − 1.01 + 1.01 + 1.51
		posting.RoundingAccount("t1"):  "0",
		posting.HouseAccount("t1"):     "-1.51",
		posting.InPlayAccount("t1"):    "0",
	} {
		if got := h.balance(acc); !got.Equal(dec(want)) {
			t.Errorf("%s = %s, want %s", acc, got, want)
		}
	}
	for _, e := range h.eventsOf(round) {
		if e.Type != events.TypeBetSettled {
			continue
		}
		p, err := events.Into[events.BetSettled](&e)
		if err != nil {
			t.Fatal(err)
		}
		if !p.Residue.IsZero() || p.ResidueExact != "1/200" || len(e.Postings) != 2 {
			t.Errorf("bet.settled: residue %s, exactly %q, %d postings; want 0, 1/200 (half a cent) and no posting of it", p.Residue, p.ResidueExact, len(e.Postings))
		}
	}
}
