package ledger_test

import (
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// cardsDealer plays the results of a card game's round through the real
// ledger: betting closes before each result (if a refused one has not closed it
// already), as a dealer's terminal does.
type cardsDealer struct {
	h            *harness
	table, round string
}

func (c cardsDealer) record(result string) {
	c.h.t.Helper()
	if c.h.round(c.round).Status == ledger.RoundBetting {
		c.h.closeBetting(c.table, c.round)
	}
	c.h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: c.table, Round: c.round, Result: []byte(result)})
}

// refuse closes betting if it is open and checks that the result is
// refused as invalid_result for the game's rule, with nothing written
// (the round stays closed: only a result moves it on).
func (c cardsDealer) refuse(result, rule string) {
	c.h.t.Helper()
	if c.h.round(c.round).Status == ledger.RoundBetting {
		c.h.closeBetting(c.table, c.round)
	}
	err := c.h.refuseErr(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: c.table, Round: c.round, Result: []byte(result)}, "invalid_result")
	if !strings.Contains(err.Error(), ": "+rule+": ") {
		c.h.t.Fatalf("%s: %v, want the rule %s", result, err, rule)
	}
}

func (c cardsDealer) slip(player string, bets ...ledger.BetRequest) ledger.Result {
	c.h.t.Helper()
	return c.h.bet(c.table, c.round, player, bets...)
}

func (c cardsDealer) refuseSlip(player, code string, bets ...ledger.BetRequest) {
	c.h.t.Helper()
	c.h.refuse(placeSlip(c.table, c.round, player, bets...), code)
}

func (h *harness) startShoe(table string, cut int) {
	h.t.Helper()
	h.must(&ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: table, CutCards: cut})
}

// TestLedger_War plays War rounds through the real ledger (seed 004, War
// 4.4): a win and a tie with its tie bet; a "war" decision refused
// without its raise, and refused for a seat that did not tie; the raise
// refused for the wrong stake, the wrong seat or out of turn; a war won
// (the raise wins 1:1, the main bet pushes); a surrender returning half
// the stake rounded down; cards out of order refused; the cut card ending
// the shoe. Each refusal writes nothing.
func TestLedger_War(t *testing.T) {
	h := newHarness(t)
	h.deposit("ann", "100")
	h.deposit("bob", "100")
	h.openTestTable("w1", war.IDChile2010)
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "w1"}, "shoe_required")
	h.refuse(&ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: "w1", CutCards: 51}, "invalid_request")
	h.startShoe("w1", 60)
	wallets := func(ann, bob string) {
		t.Helper()
		h.wantBalances(map[string]string{posting.WalletAccount("ann"): ann, posting.WalletAccount("bob"): bob})
	}

	// Round 1: seat 1 ties the dealer's 9, seat 2 wins. Seat 1 surrenders
	// after a war without its raise is refused.
	d := cardsDealer{h, "w1", h.openRound("w1")}
	d.slip("ann", b("main:1", "5.01"), b("tie:1", "2"))
	d.slip("bob", b("main:2", "10"))
	d.refuseSlip("bob", "bet_refused", b("war:2", "10")) // no tie yet
	wallets("92.99", "90")
	d.record(`{"card":"9S","to":"seat:1"}`)
	d.refuseSlip("ann", "bet_refused", b("main:1", "5")) // after the first card
	d.refuse(`{"card":"9H","to":"seat:1"}`, "deal_order")
	d.refuse(`{"decision":"war","seat":1}`, "tie_decision") // before the dealer's card
	d.record(`{"card":"KD","to":"seat:2"}`)
	d.record(`{"card":"9H","to":"dealer"}`)
	// Bob's K beats the 9 (1:1); ann's tie bet pays 10:1.
	wallets("114.99", "110")
	d.refuse(`{"decision":"war","seat":2}`, "tie_decision")    // seat 2 did not tie
	d.refuse(`{"decision":"war","seat":1}`, "war_needs_raise") // no raise placed
	d.refuse(`{"card":"2C","to":"seat:1"}`, "tie_decision")    // the decision first
	d.record(`{"decision":"surrender","seat":1}`)
	// Half of 5.01 is 2.505: 2.50 back, the half cent to rounding.
	wallets("117.49", "110")
	r := h.wantStatus(d.round, ledger.RoundSettled)
	if r.Open != 0 {
		t.Fatalf("round 1: %d bets open", r.Open)
	}

	// Round 2: a tie, the raise refused with the wrong stake or seat,
	// placed, then the war: three burns, the seat's card, the dealer's.
	d = cardsDealer{h, "w1", h.openRound("w1")}
	d.slip("ann", b("main:1", "10"))
	d.slip("bob", b("main:3", "10"))
	d.record(`{"card":"QS","to":"seat:1"}`)
	d.record(`{"card":"2S","to":"seat:3"}`)
	d.record(`{"card":"QD","to":"dealer"}`)
	wallets("107.49", "100") // bob's 2 lost to the queen
	d.refuseSlip("ann", "bet_refused", b("war:1", "5"))
	d.refuseSlip("bob", "bet_refused", b("war:3", "10"))
	d.refuseSlip("bob", "bet_refused", b("war:1", "10")) // bob has no main bet on seat 1
	d.slip("ann", b("war:1", "10"))
	wallets("97.49", "100")
	d.record(`{"decision":"war","seat":1}`)
	d.refuse(`{"card":"AS","to":"seat:1"}`, "burn_before_war") // three burns first
	d.record(`{"burn":"5C"}`)
	d.record(`{"burn":"6C"}`)
	d.record(`{"burn":"7C"}`)
	d.refuse(`{"card":"AS","to":"dealer"}`, "war_order") // the seat's war card first
	d.record(`{"card":"4S","to":"seat:1"}`)
	d.record(`{"card":"4D","to":"dealer"}`)
	// An equal card: the raise wins 1:1 and the bet pushes.
	wallets("127.49", "100")
	h.wantStatus(d.round, ledger.RoundSettled)

	// Round 3: the cut card comes out; the round is settled, the shoe is
	// over, and the next round needs a new one.
	d = cardsDealer{h, "w1", h.openRound("w1")}
	d.slip("bob", b("main:2", "10"))
	d.record(`{"card":"3H","to":"seat:2"}`)
	d.record(`{"cut_card":true}`)
	d.refuse(`{"cut_card":true}`, "cut_card_once")
	d.record(`{"card":"8H","to":"dealer"}`)
	wallets("127.49", "90")
	evs := h.eventsOf(d.round)
	if last := evs[len(evs)-1]; last.Type != events.TypeRoundSettled {
		t.Fatalf("last event %s", last.Type)
	} else if !strings.Contains(string(last.Payload), `"shoe_over":true`) {
		t.Fatalf("round.settled %s, want shoe_over", last.Payload)
	}
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "w1"}, "shoe_required")

	want := map[string]string{
		posting.WalletAccount("ann"): "127.49", posting.WalletAccount("bob"): "90",
		posting.InPlayAccount("w1"): "0", posting.RoundingAccount("w1"): "0",
		// The house: −20 tie, −10 bob, +2.51 of the surrendered 5.01
		// (2.50 returned; the half cent not paid is not posted, only
		// whole cents are: rounding.go), −10 raise, +10 bob's 2, +10
		// bob's 3: total −17.49.
		posting.HouseAccount("w1"): "-17.49",
	}
	h.wantBalances(want)
	h.restart()
	h.wantBalances(want)
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "w1"}, "shoe_required")
}
