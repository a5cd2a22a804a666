package ledger_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_CorrectResult corrects a settled round's result and checks
// every balance by hand, the compensating events in the log, and the
// refusals: a round not settled, the same result, a correction that would
// overdraw a wallet that already spent its winnings.
func TestLedger_CorrectResult(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"ana", "bob", "cid"} {
		h.deposit(p, "100")
	}
	h.openTable("t1", sicbo.IDLive)
	round := h.openRound("t1")
	h.bet("t1", round, "ana", b("small", "10"))
	h.bet("t1", round, "bob", b("big", "10"))
	h.bet("t1", round, "cid", b("total:15", "1")) // 18:1 under sicbo/live

	t.Run("ErrNotSettled", func(t *testing.T) {
		h.refuse(correctResult("t1", round, 4, 5, 6), "invalid_round_state")
		h.closeBetting("t1", round)
		h.refuse(correctResult("t1", round, 4, 5, 6), "invalid_round_state")
	})

	// The dealer enters 1-2-3 (total 6): small wins, big and total:15 lose.
	h.result("t1", round, 1, 2, 3)
	h.wantBalances(map[string]string{
		posting.WalletAccount("ana"): "110", // 100 − 10 + 20
		posting.WalletAccount("bob"): "90",
		posting.WalletAccount("cid"): "99",
		posting.HouseAccount("t1"):   "1", // +10 +1 −10
		posting.InPlayAccount("t1"):  "0",
		posting.AccountCashier:       "-300",
	})

	t.Run("Err", func(t *testing.T) {
		h.refuse(correctResult("t1", round, 1, 2, 3), "invalid_request") // the recorded result
		// The same dice in another order are the same Sic Bo result: no
		// correction (docs/ROUNDS.md).
		h.refuse(correctResult("t1", round, 3, 1, 2), "invalid_request")
		h.refuse(correctResult("t1", round, 2, 3, 1), "invalid_request")
		h.refuse(correctResult("t1", round, 4, 5, 7), "invalid_result")
		h.refuse(correctResult("t1", round, 4, 5), "invalid_result")
		noReason := correctResult("t1", round, 4, 5, 6)
		noReason.Reason = ""
		h.refuse(noReason, "invalid_request")
		byDealer := correctResult("t1", round, 4, 5, 6)
		byDealer.Actor = dealer
		h.refuse(byDealer, "forbidden")
		h.refuse(correctResult("t1", newUUID(), 4, 5, 6), "round_not_found")
	})

	t.Run("OK", func(t *testing.T) {
		before := h.lastSeq()
		r := h.must(correctResult("t1", round, 4, 5, 6))
		// round.result_corrected, then per bet bet.settlement_reversed
		// and bet.settled, then round.settled.
		if r.Events != 8 || r.FirstSeq != before+1 {
			t.Fatalf("correction result %+v", r)
		}
		// Total 15: small loses, big wins 10, total:15 wins 18.
		h.wantBalances(map[string]string{
			posting.WalletAccount("ana"): "90",
			posting.WalletAccount("bob"): "110",
			posting.WalletAccount("cid"): "118",
			posting.HouseAccount("t1"):   "-18", // +10 −10 −18
			posting.InPlayAccount("t1"):  "0",
			posting.AccountCashier:       "-300",
		})
		rd := h.wantStatus(round, ledger.RoundSettled)
		if rd.Correction != 1 || len(rd.Results) != 1 || string(rd.Results[0]) != `{"dice":[4,5,6]}` {
			t.Fatalf("round correction %d results %s", rd.Correction, rd.Results)
		}
		for _, bt := range rd.Bets {
			if bt.Status != ledger.BetSettled || bt.Correction != 1 || bt.Reversed != 1 {
				t.Fatalf("bet %+v", bt)
			}
		}
		checkCorrectionEvents(t, h, round, 1, 3)
		// Nothing was edited in place: the first settlement is still in
		// the log.
		first := 0
		for _, e := range h.eventsOf(round) {
			if e.Type == events.TypeBetSettled && e.Seq <= before {
				first++
			}
		}
		if first != 3 {
			t.Fatalf("%d original bet.settled left in the log, want 3", first)
		}
	})

	t.Run("OKTwice", func(t *testing.T) {
		// Correcting back to 1-2-3 restores the first settlement.
		h.must(correctResult("t1", round, 3, 2, 1))
		h.wantBalances(map[string]string{
			posting.WalletAccount("ana"): "110",
			posting.WalletAccount("bob"): "90",
			posting.WalletAccount("cid"): "99",
			posting.HouseAccount("t1"):   "1",
			posting.InPlayAccount("t1"):  "0",
		})
		checkCorrectionEvents(t, h, round, 2, 3)
		// The table was between rounds all along.
		h.openRound("t1")
	})

	t.Run("ErrCorrectionWouldOverdraw", func(t *testing.T) {
		h.deposit("dan", "50")
		h.openTable("t2", sicbo.IDLive)
		r2 := h.openRound("t2")
		h.bet("t2", r2, "dan", b("small", "50"))
		h.closeBetting("t2", r2)
		h.result("t2", r2, 1, 2, 3) // dan wins 50: wallet 100
		h.must(withdraw(cashier, "dan", "100", "EUR"))
		// Reversing dan's win would take 100 from an empty wallet.
		h.refuse(correctResult("t2", r2, 4, 5, 6), "correction_would_overdraw")
		if rd := h.wantStatus(r2, ledger.RoundSettled); rd.Correction != 0 {
			t.Fatalf("refused correction left correction %d", rd.Correction)
		}
		h.wantBalances(map[string]string{posting.WalletAccount("dan"): "0", posting.HouseAccount("t2"): "-50"})
		// The casino settles the debt by its own procedure first; then
		// the correction goes through.
		h.must(adjust(supervisor, "dan", "100", "recover winnings of a mis-entered result"))
		h.must(correctResult("t2", r2, 4, 5, 6))
		h.wantBalances(map[string]string{posting.WalletAccount("dan"): "0", posting.HouseAccount("t2"): "50", posting.InPlayAccount("t2"): "0"})
	})

	t.Run("ErrOverdrawAtAnyStep", func(t *testing.T) {
		// eve's bets swap: small wins under 1-2-3, big under 4-5-6, so
		// her balance would end where it is, but reversing small first
		// takes the wallet below zero on the way (docs/ROUNDS.md: "at
		// any step").
		h.deposit("eve", "20")
		h.openTable("t3", sicbo.IDLive)
		r3 := h.openRound("t3")
		h.bet("t3", r3, "eve", b("small", "10"), b("big", "10"))
		h.closeBetting("t3", r3)
		h.result("t3", r3, 1, 2, 3) // 20 back
		h.must(withdraw(cashier, "eve", "20", "EUR"))
		h.refuse(correctResult("t3", r3, 4, 5, 6), "correction_would_overdraw")
	})
	checkBooksBalance(t, h)
}

// checkCorrectionEvents checks the compensating events of correction k of
// a round of n bets: one round.result_corrected, n reversals and n
// settlements under k, and one round.settled under k.
func checkCorrectionEvents(t *testing.T, h *harness, round string, k, n int) {
	t.Helper()
	var corrected, reversed, settled, roundSettled int
	for _, e := range h.eventsOf(round) {
		switch e.Type {
		case events.TypeRoundResultCorrected:
			p, err := events.Into[events.RoundResultCorrected](&e)
			if err != nil {
				t.Fatal(err)
			}
			if p.Correction == k {
				corrected++
			}
		case events.TypeBetSettlementReversed:
			p, err := events.Into[events.BetSettlementReversed](&e)
			if err != nil {
				t.Fatal(err)
			}
			if p.Correction == k {
				reversed++
				if len(e.Postings) == 0 {
					t.Errorf("reversal of bet %s has no postings", p.Bet)
				}
			}
		case events.TypeBetSettled:
			p, err := events.Into[events.BetSettled](&e)
			if err != nil {
				t.Fatal(err)
			}
			if p.Correction == k {
				settled++
			}
		case events.TypeRoundSettled:
			p, err := events.Into[events.RoundSettled](&e)
			if err != nil {
				t.Fatal(err)
			}
			if p.Correction == k {
				roundSettled++
			}
		}
	}
	if corrected != 1 || reversed != n || settled != n || roundSettled != 1 {
		t.Fatalf("correction %d: %d round.result_corrected, %d bet.settlement_reversed, %d bet.settled, %d round.settled; want 1, %d, %d, 1",
			k, corrected, reversed, settled, roundSettled, n, n)
	}
}

// TestLedger_CorrectAfterReopen corrects a round of a table that was
// closed and opened again under another paytable and currency: the round
// is reversed and settled again under its own rules and in its own
// currency, and nothing moves in the new currency.
func TestLedger_CorrectAfterReopen(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "100")
	h.must(deposit(cashier, "ana", "5000", "CLP"))
	h.openTable("t1", sicbo.IDCLM2016)
	round := h.openRound("t1")
	// total:4 pays 50:1 under clm-2016 and 60:1 under live.
	h.bet("t1", round, "ana", b("total:4", "1"), b("small", "10"))
	h.closeBetting("t1", round)
	h.result("t1", round, 2, 3, 5)                                         // total 10: small wins, total:4 loses
	h.wantBalances(map[string]string{posting.WalletAccount("ana"): "109"}) // 100 − 11 + 20
	h.must(&ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Reason: "end of shift"})
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Paytable: sicbo.IDLive, Currency: "CLP",
		Limits: map[string]ledger.Limit{"*": {Min: dec("100"), Max: dec("5000")}},
		Band:   ledger.Limit{Min: dec("100"), Max: dec("5000")}, Dealer: dealer.ID,
	})
	later := h.openRound("t1")

	// The dealer had entered 2-3-5 for 1-1-2 (total 4): total:4 wins at
	// clm-2016's 50:1 (61 under live's would be wrong), small wins.
	h.must(correctResult("t1", round, 1, 1, 2))
	h.wantBalances(map[string]string{posting.WalletAccount("ana"): "160"}) // 100 − 11 + 51 + 20
	if got := h.balanceIn(posting.WalletAccount("ana"), "CLP"); !got.Equal(dec("5000")) {
		t.Fatalf("CLP wallet %s after correcting an EUR round, want 5000", got)
	}
	for _, e := range h.eventsOf(round) {
		for _, p := range e.Postings {
			if p.Currency != "EUR" {
				t.Fatalf("event %d (%s) posts %s in %s", e.Seq, e.Type, p.Amount, p.Currency)
			}
		}
		if e.Type == events.TypeBetSettled {
			p, err := events.Into[events.BetSettled](&e)
			if err != nil {
				t.Fatal(err)
			}
			if p.Paytable != sicbo.IDCLM2016 || p.Currency != "EUR" {
				t.Fatalf("bet %s settled under %s in %s", p.Bet, p.Paytable, p.Currency)
			}
		}
	}
	if r := h.round(later); r.Paytable != sicbo.IDLive || r.Currency != "CLP" {
		t.Fatalf("the new round is %s in %s", r.Paytable, r.Currency)
	}
	rep, err := audit.Verify(context.Background(), h.store, 0, 0, audit.Options{Games: h.opts.Games, SubjectPrefix: jetstream.DefaultSubjectPrefix})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Clean {
		t.Fatalf("verify after the correction: %+v", rep.Violations)
	}
}
