package ledger_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_PuntoBanco plays punto banco coups through the real ledger
// with the registry's paytable: limits on the bet kinds, the banker's 5%
// commission rounded up and posted wallet → commission:<table> (never to
// the house), player and banker pushed on a tie, a deal that breaks the
// drawing rules refused, a correction that reverses and settles again,
// and a clean verify of the whole stream. Every amount is worked out by
// hand.
func TestLedger_PuntoBanco(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"ann", "bob", "cat"} {
		h.deposit(p, "100")
	}
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: "b1", Paytable: baccarat.IDPuntoBanco, Currency: "EUR",
		Limits: map[string]ledger.Limit{
			"*":   {Min: dec("0.10"), Max: dec("100")},
			"tie": {Min: dec("1"), Max: dec("20")},
		},
		Band: ledger.Limit{Min: dec("0.10"), Max: dec("1000")}, Dealer: dealer.ID,
	})
	coup := func(round, result string) {
		t.Helper()
		h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "b1", Round: round, Result: []byte(result)})
	}

	round := h.openRound("b1")
	h.refuse(placeSlip("b1", round, "cat", b("tie", "25")), "stake_above_limit")
	h.refuse(placeSlip("b1", round, "cat", b("tableau:1", "5")), "bet_not_offered")
	h.bet("b1", round, "ann", b("banker", "10"), b("banker", "0.30"))
	h.bet("b1", round, "bob", b("player", "10"))
	h.bet("b1", round, "cat", b("tie", "5"))
	h.closeBetting("b1", round)
	// Player 4S 9H is 3 and draws a 7: 0. Banker KC 5H is 5 and draws
	// against a 7: 3S makes 8. The player stood on nothing, so a banker who
	// stood on 5 is refused.
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "b1", Round: round,
		Result: []byte(`{"player":["4S","9H","7D"],"banker":["KC","5H"]}`)}, "invalid_result")
	coup(round, `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`)
	h.wantStatus(round, ledger.RoundSettled)
	h.wantBalances(map[string]string{
		// 100 − 10.30 + (10 + 10 − 0.50) + (0.30 + 0.30 − 0.02): 5% of
		// 0.30 is 0.015, rounded up to 0.02.
		posting.WalletAccount("ann"):    "109.78",
		posting.WalletAccount("bob"):    "90",
		posting.WalletAccount("cat"):    "95",
		posting.CommissionAccount("b1"): "0.52",
		// +10 (player) +5 (tie) −10 −0.30 (banker wins, before commission)
		posting.HouseAccount("b1"):    "4.70",
		posting.InPlayAccount("b1"):   "0",
		posting.RoundingAccount("b1"): "0",
	})

	// The coup was a tie, 7 against 7, both standing: the banker and
	// player bets push, the tie pays 8:1, the commission goes back.
	h.must(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "b1", Round: round,
		Result: []byte(`{"player":["4S","3H"],"banker":["KC","7H"]}`), Reason: "cards entered from the wrong coup"})
	h.wantBalances(map[string]string{
		posting.WalletAccount("ann"):    "100",
		posting.WalletAccount("bob"):    "100",
		posting.WalletAccount("cat"):    "140",
		posting.CommissionAccount("b1"): "0",
		posting.HouseAccount("b1"):      "-40",
		posting.InPlayAccount("b1"):     "0",
	})

	// A natural: the player's 9 against 6. Nobody draws after a natural.
	round = h.openRound("b1")
	h.bet("b1", round, "ann", b("player", "20"))
	h.bet("b1", round, "bob", b("banker", "20"))
	h.closeBetting("b1", round)
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "b1", Round: round,
		Result: []byte(`{"player":["4S","5H","2C"],"banker":["KC","6H"]}`)}, "invalid_result")
	coup(round, `{"player":["4S","5H"],"banker":["KC","6H"]}`)
	want := map[string]string{
		posting.WalletAccount("ann"):    "120",
		posting.WalletAccount("bob"):    "80",
		posting.CommissionAccount("b1"): "0",
		posting.HouseAccount("b1"):      "-40",
		posting.InPlayAccount("b1"):     "0",
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
