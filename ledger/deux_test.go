package ledger_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// openDeuxTable opens a deux tableaux table with the registry's paytable.
func openDeuxTable(h *harness, table string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: baccarat.IDDeuxTableaux1979, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("0.10"), Max: dec("500")}},
		Band:   ledger.Limit{Min: dec("0.10"), Max: dec("1000")}, Dealer: dealer.ID,
	})
}

// TestLedger_DeuxTableaux plays baccarat à deux tableaux through the real
// ledger with the registry's paytable: no round without a shoe (the cut
// card leaves exactly 10 cards, seed 002), no bet without a bank, the
// banker's own bets and stakes above the bank refused, a coup the banker
// wins on both tableaux with its 5% cagnotte posted bank → commission,
// a caballo split with the odd unit on tableau 1, a line bet playing half,
// a coup the punters win on both (no cagnotte), a one-tableau void
// recorded only by a supervisor (its stakes returned, the other tableau
// settled), the cut card ending the shoe, a whole-coup void as a cancel,
// the bank given back, a restart and a clean verify. Every amount is
// worked out by hand.
func TestLedger_DeuxTableaux(t *testing.T) {
	h := newHarness(t)
	h.deposit("ann", "500")
	h.deposit("bob", "100")
	h.deposit("cid", "100")
	openDeuxTable(h, "d2")
	coup := func(actor events.Actor, round, result string) {
		t.Helper()
		h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: actor}, Table: "d2", Round: round, Result: []byte(result)})
	}
	shoe := func(cut int) *ledger.StartShoe {
		return &ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: "d2", CutCards: cut}
	}

	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "d2"}, "shoe_required")
	h.refuse(shoe(9), "invalid_request")
	h.refuse(shoe(11), "invalid_request")
	h.must(shoe(10))
	round := h.openRound("d2")
	h.refuse(placeSlip("d2", round, "bob", b("tableau:1", "10")), "bet_refused") // no bank
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "d2", Round: round, Reason: "no bank yet"})
	h.refuse(&ledger.TakeBank{Meta: ledger.Meta{Actor: dealer}, Table: "d2", Player: "ann", Amount: dec("0.001")}, "invalid_amount")
	h.must(&ledger.TakeBank{Meta: ledger.Meta{Actor: dealer}, Table: "d2", Player: "ann", Amount: dec("100")})

	// Coup 1: the banker's natural 9 beats tableau 1's 7 and tableau 2's
	// 6 (nobody draws against it). bob 10 on tableau 1 and 10 on the line
	// of tableau 2 (5 plays, 5 does not); cid 11 a caballo (6 on tableau
	// 1, 5 on tableau 2). The bank takes 10 + 5 + 11 = 26 and pays 5%:
	// 1.30 to the cagnotte.
	round = h.openRound("d2")
	h.refuse(placeSlip("d2", round, "ann", b("tableau:1", "10")), "bet_refused") // the banker
	h.refuse(placeSlip("d2", round, "bob", b("player", "10")), "bet_not_offered")
	h.bet("d2", round, "bob", b("tableau:1", "10"), b("line:2", "10"))
	h.bet("d2", round, "cid", b("a_caballo", "11"))
	h.refuse(placeSlip("d2", round, "cid", b("tableau:2", "69.01")), "bet_refused") // 31 + 69.01 > 100
	h.closeBetting("d2", round)
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "d2", Round: round,
		Result: []byte(`{"tableaux":[["4S","3H","2C"],["6C","KD"]],"banker":["9H","KC"]}`)}, "invalid_result") // a draw against a natural
	coup(dealer, round, `{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["9H","KC"]}`)
	h.wantStatus(round, ledger.RoundSettled)
	h.wantBalances(map[string]string{
		posting.BankAccount("d2"):       "124.70", // 100 + 26 − 1.30
		posting.CommissionAccount("d2"): "1.30",
		posting.WalletAccount("bob"):    "85",
		posting.WalletAccount("cid"):    "89",
		posting.HouseAccount("d2"):      "0",
		posting.InPlayAccount("d2"):     "0",
	})

	// Coup 2: both tableaux abate (9 and 8) against the banker's 7, who
	// stands. bob 20 on tableau 2 wins 20; cid 11 a caballo wins 6 + 5.
	// The bank pays 31; no cagnotte on a loss.
	round = h.openRound("d2")
	h.bet("d2", round, "bob", b("tableau:2", "20"))
	h.bet("d2", round, "cid", b("a_caballo", "11"))
	h.closeBetting("d2", round)
	coup(dealer, round, `{"tableaux":[["9S","KH"],["8C","QD"]],"banker":["7H","JC"]}`)
	h.wantBalances(map[string]string{
		posting.BankAccount("d2"):       "93.70",
		posting.CommissionAccount("d2"): "1.30",
		posting.WalletAccount("bob"):    "105",
		posting.WalletAccount("cid"):    "100",
	})

	// Coup 3: tableau 1's cards fell unseen: void for tableau 1 only, a
	// supervisor's call. Tableau 2's 6 loses to the banker's 7 and the cut
	// card came out. bob's 10 on tableau 1 is returned; cid's 10.05 on
	// tableau 2 goes to the bank, which pays 5% of 10.05 = 0.5025, rounded
	// up to 0.51.
	round = h.openRound("d2")
	h.bet("d2", round, "bob", b("tableau:1", "10"))
	h.bet("d2", round, "cid", b("tableau:2", "10.05"))
	h.closeBetting("d2", round)
	void := `{"tableaux":[[],["6C","KD"]],"banker":["7H","JC"],"void":{"tableaux":[1],"reason":"cards_lost_unseen"},"cut_card":true}`
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "d2", Round: round, Result: []byte(void)}, "forbidden")
	coup(supervisor, round, void)
	h.wantBalances(map[string]string{
		posting.BankAccount("d2"):       "103.24", // 93.70 + 10.05 − 0.51
		posting.CommissionAccount("d2"): "1.81",
		posting.WalletAccount("bob"):    "105",
		posting.WalletAccount("cid"):    "89.95",
	})
	if tb := h.table("d2"); !tb.ShoeOver {
		t.Error("the cut card did not end the shoe")
	}
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "d2"}, "shoe_required")

	// A new shoe; coup 4 is void for both tableaux (stuck cards): the
	// supervisor cancels it and every stake comes back.
	h.must(shoe(10))
	round = h.openRound("d2")
	h.bet("d2", round, "bob", b("a_caballo", "5"))
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "d2", Round: round, Reason: "cards_stuck: two cards stuck together"})
	h.wantStatus(round, ledger.RoundCancelled)

	// Ann gives the bank up: its balance goes back to her wallet. Money
	// is conserved: 700 = ann + bob + cid + the cagnotte.
	h.must(&ledger.ReleaseBank{Meta: ledger.Meta{Actor: dealer}, Table: "d2"})
	want := map[string]string{
		posting.WalletAccount("ann"):    "503.24",
		posting.WalletAccount("bob"):    "105",
		posting.WalletAccount("cid"):    "89.95",
		posting.CommissionAccount("d2"): "1.81",
		posting.BankAccount("d2"):       "0",
		posting.InPlayAccount("d2"):     "0",
		posting.HouseAccount("d2"):      "0",
	}
	h.wantBalances(want)
	h.restart()
	h.wantBalances(want)

	rep, err := audit.Verify(context.Background(), h.store, 0, 0, audit.Options{Games: h.opts.Games, SubjectPrefix: jetstream.DefaultSubjectPrefix})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Clean {
		t.Fatalf("verify: %+v", rep.Violations)
	}
}
