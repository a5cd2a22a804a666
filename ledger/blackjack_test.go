package ledger_test

import (
	"strconv"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_BlackjackDecisions plays blackjack rounds through the real
// ledger and tries every decision on the cards that allow it and on cards
// that do not (seed 004, Black Jack 1.5; the standard rules where it is
// silent, docs/games/blackjack.md): a split of a pair, refused without its bet and
// for a non-pair; a double on two cards, refused on three cards and
// without its bet; a hit, refused on 21 and on a bust; surrender as the
// first decision, refused after a hit and after a split; split aces taking
// one card each and no more; insurance only when the dealer shows an ace,
// up to half the bet, before the first decision; Perfect Pairs within
// 10%..80% of the main bet; the dealer drawing below 17 (no seat card or
// decision while he must) and standing on soft 17; a correction of the
// dealer's last card; insurance paid 2:1 on the dealer's blackjack. Every
// refusal writes nothing. The money of a split
// or a double moves from the wallet when its bet is placed, just before
// the decision; a surrender returns half the stake.
func TestLedger_BlackjackDecisions(t *testing.T) {
	h := newHarness(t)
	h.deposit("ann", "200")
	h.deposit("bob", "100")
	h.deposit("cat", "100")
	h.openTestTable("b1", blackjack.IDChile2010)
	h.refuse(&ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: "b1", CutCards: 105}, "invalid_request")
	h.startShoe("b1", 80)
	wallets := func(ann, bob, cat string) {
		t.Helper()
		h.wantBalances(map[string]string{
			posting.WalletAccount("ann"): ann, posting.WalletAccount("bob"): bob, posting.WalletAccount("cat"): cat,
		})
	}
	decide := func(what string, seat, hand int) string {
		return `{"decision":"` + what + `","seat":` + itoa(seat) + `,"hand":` + itoa(hand) + `}`
	}

	d := cardsDealer{h, "b1", h.openRound("b1")}
	d.refuseSlip("ann", "bet_refused", b("main:1", "10"), b("perfect_pairs:1", "9")) // over 80% of the bet
	d.refuseSlip("ann", "bet_refused", b("perfect_pairs:1", "5"))                    // no main bet
	d.slip("ann", b("main:1", "10"), b("perfect_pairs:1", "5"))
	d.refuseSlip("ann", "bet_refused", b("insurance:1", "5")) // before the deal
	d.slip("bob", b("main:2", "10"))
	d.slip("cat", b("main:3", "10"))
	wallets("185", "90", "90")

	d.record(`{"card":"8S","to":"seat:1"}`)
	d.record(`{"card":"5H","to":"seat:2"}`)
	d.record(`{"card":"TC","to":"seat:3"}`)
	d.refuse(decide("hit", 1, 0), "deal_order") // the second cards first
	d.record(`{"card":"AS","to":"dealer"}`)
	d.record(`{"card":"8D","to":"seat:1"}`)
	// 8♠ 8♦: a mixed pair, 6:1 on the Perfect Pairs bet.
	wallets("220", "90", "90")
	d.record(`{"card":"6H","to":"seat:2"}`)
	d.record(`{"card":"6C","to":"seat:3"}`)

	// The dealer shows an ace: insurance up to half the bet.
	d.refuseSlip("ann", "bet_refused", b("insurance:1", "6"))
	d.slip("ann", b("insurance:1", "5"))

	// Seat 1 splits its eights, with a split bet of the bet's stake.
	d.refuseSlip("ann", "bet_refused", b("split:1:0", "5"))
	d.refuseSlip("bob", "bet_refused", b("double:2:0", "10")) // not seat 2's turn
	d.refuseSlip("bob", "bet_refused", b("main:2", "10"))     // after the first card
	d.slip("ann", b("split:1:0", "10"))
	wallets("205", "90", "90")
	d.refuse(decide("stand", 1, 1), "not_your_turn") // hand 1 does not exist yet
	d.record(decide("split", 1, 0))
	// Insurance is over once a seat decided.
	d.refuseSlip("bob", "bet_refused", b("insurance:2", "5"))
	d.refuse(`{"card":"9D","to":"seat:1","hand":1}`, "not_your_turn") // hand 0 first
	d.record(`{"card":"3C","to":"seat:1"}`)
	// 8 3 after the split: double (after a split: the table allows it).
	d.slip("ann", b("double:1:0", "10"))
	d.refuse(decide("surrender", 1, 0), "surrender_first_decision") // not after a split
	d.record(decide("double", 1, 0))
	d.refuse(decide("hit", 1, 0), "card_expected") // owed its one card
	d.record(`{"card":"KC","to":"seat:1"}`)
	d.refuse(decide("hit", 1, 0), "hand_is_21") // 21
	d.record(`{"card":"9D","to":"seat:1","hand":1}`)
	d.record(decide("stand", 1, 1))
	wallets("195", "90", "90")

	// Seat 2, 5 6: not a pair; a hit to three cards, which do not double.
	d.refuseSlip("bob", "bet_refused", b("split:2:0", "10"))
	d.refuse(decide("split", 2, 0), "split_a_pair")
	// 11 doubles, but not without its bet: bob did not pay, he hits.
	d.refuse(decide("double", 2, 0), "decision_needs_bet")
	d.refuse(`{"card":"2C","to":"seat:2"}`, "decision_expected") // a decision first
	d.record(decide("hit", 2, 0))
	d.record(`{"card":"2C","to":"seat:2"}`)
	d.refuseSlip("bob", "bet_refused", b("double:2:0", "10"))
	d.refuse(decide("double", 2, 0), "double_on_two_cards")
	d.refuse(decide("surrender", 2, 0), "surrender_first_decision") // not the first decision
	d.record(decide("hit", 2, 0))
	d.record(`{"card":"9D","to":"seat:2"}`)
	// 5 6 2 9 is 22: lost at once, and no more decisions.
	wallets("195", "90", "90")
	d.refuse(decide("hit", 2, 0), "hand_is_bust")
	d.refuse(decide("stand", 2, 0), "hand_is_bust")

	// Seat 3, T 6: surrenders, half the bet back.
	d.record(decide("surrender", 3, 0))
	wallets("195", "90", "95")

	// The dealer draws below 17: no seat's card or decision now.
	d.refuse(`{"card":"5D","to":"seat:3"}`, "not_your_turn")
	d.refuse(decide("stand", 3, 0), "not_your_turn")
	d.record(`{"card":"5D","to":"dealer"}`) // A 5: soft 16, draws
	h.wantStatus(d.round, ledger.RoundBetting)
	d.record(`{"card":"2C","to":"dealer"}`) // A 5 2: soft 18, stands
	h.wantStatus(d.round, ledger.RoundSettled)
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "b1", Round: d.round, Result: []byte(`{"card":"2D","to":"dealer"}`)}, "result_already_recorded")
	// Ann: insurance lost (no blackjack); hand 0, 8 3 K doubled, wins
	// 20 on 20; hand 1, 8 9, loses its split stake to 18.
	wallets("235", "90", "95")
	n := countTypes(h.eventsOf(d.round))
	if n[events.TypeBetSettled] != 7 || n[events.TypeRoundSettled] != 1 {
		t.Fatalf("events %v", n)
	}

	// A second round from the same shoe: a pair does not split without
	// its bet (ann did not pay: she stands); the dealer stands on soft 17
	// (the table's setting).
	d = cardsDealer{h, "b1", h.openRound("b1")}
	d.slip("ann", b("main:1", "10"))
	d.record(`{"card":"TS","to":"seat:1"}`)
	d.record(`{"card":"6H","to":"dealer"}`)
	d.refuseSlip("ann", "bet_refused", b("insurance:1", "5")) // no ace
	d.record(`{"card":"TD","to":"seat:1"}`)
	d.refuse(decide("split", 1, 0), "decision_needs_bet")
	d.record(decide("stand", 1, 0))
	d.record(`{"card":"AC","to":"dealer"}`)
	h.wantStatus(d.round, ledger.RoundSettled)

	// A third round: split aces get one card each and play no further.
	d = cardsDealer{h, "b1", h.openRound("b1")}
	d.slip("ann", b("main:1", "10"))
	d.record(`{"card":"AS","to":"seat:1"}`)
	d.record(`{"card":"5H","to":"dealer"}`)
	d.record(`{"card":"AD","to":"seat:1"}`)
	d.slip("ann", b("split:1:0", "10"))
	d.record(decide("split", 1, 0))
	d.record(`{"card":"KS","to":"seat:1"}`)          // A K: 21, not a blackjack after a split
	d.refuse(decide("hit", 1, 1), "card_expected")   // hand 1 is owed its one card
	d.record(`{"card":"4C","to":"seat:1","hand":1}`) // A 4: soft 15, and no more
	d.refuse(decide("hit", 1, 1), "not_your_turn")   // the dealer draws now
	d.record(`{"card":"TD","to":"dealer"}`)          // 15: draws
	d.record(`{"card":"4D","to":"dealer"}`)          // 19
	h.wantStatus(d.round, ledger.RoundSettled)
	// Hand 0's 21 wins 10 (not 3:2), hand 1's 15 loses its 10.
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "245"})

	// The dealer's last card was a 6, not a 4: corrected, the dealer has
	// 21 and hand 0 pushes. A correction to something that does not end
	// the round, or is no card the dealer may draw, is refused.
	correct := func(result string) *ledger.CorrectResult {
		return &ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "b1", Round: d.round, Result: []byte(result), Reason: "dealer typed the wrong card"}
	}
	h.refuse(correct(`{"card":"4D","to":"dealer"}`), "invalid_request")
	h.refuse(correct(decide("hit", 1, 1)), "invalid_result")
	h.refuse(correct(`{"card":"6D","to":"seat:1","hand":1}`), "invalid_result")
	h.must(correct(`{"card":"6D","to":"dealer"}`))
	h.wantStatus(d.round, ledger.RoundSettled)

	// A fourth round: insured against the dealer's ace, who makes a
	// blackjack: insurance pays 2:1 (15 back), the bet loses.
	d = cardsDealer{h, "b1", h.openRound("b1")}
	d.slip("ann", b("main:1", "10"))
	d.record(`{"card":"TS","to":"seat:1"}`)
	d.record(`{"card":"AH","to":"dealer"}`)
	d.record(`{"card":"9C","to":"seat:1"}`)
	d.slip("ann", b("insurance:1", "5"))
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "220"})
	d.record(decide("stand", 1, 0))
	d.record(`{"card":"KD","to":"dealer"}`)
	h.wantStatus(d.round, ledger.RoundSettled)
	want := map[string]string{
		posting.WalletAccount("ann"): "235", posting.WalletAccount("bob"): "90", posting.WalletAccount("cat"): "95",
		posting.InPlayAccount("b1"): "0",
		// Ann won 35, 10, 0 and 0 (insurance 10, the bet −10), bob lost
		// 10, cat 5.
		posting.HouseAccount("b1"): "-20",
	}
	h.wantBalances(want)
	h.restart()
	h.wantBalances(want)
}

func itoa(n int) string { return strconv.Itoa(n) }
