package audit_test

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/posting"
)

// TestVerify_BingoClaims writes a bingo game by hand with calls the
// ledger would never record: a verdict the game does not give
// (payout_mismatch), a call stating results the round does not have and
// a call on a bet that is not in play (event_invalid). A right record of
// a wrong call passes.
func TestVerify_BingoClaims(t *testing.T) {
	store := openStore(t, t.TempDir())
	t.Cleanup(func() { store.Close() })
	b := newBuilder(t, store)
	pt, err := bingo.Lookup(bingo.IDEs1979)
	if err != nil {
		t.Fatal(err)
	}
	w := posting.WalletAccount
	x := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	cid, _ := bingo.ParseCardID("A-1")
	card, err := bingo.NewCard(cid, x)
	if err != nil {
		t.Fatal(err)
	}
	code := card.BetCode()
	b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p1", Amount: dec("10"), Currency: "EUR", BalanceBefore: decimal.Zero, BalanceAfter: dec("10")},
		post(posting.AccountCashier, w("p1"), "10", "EUR"))
	limits := map[string]events.Limit{"card": {Min: dec("1"), Max: dec("10")}}
	b.add(events.TypeTableOpened, supervisor, "g1", "", &events.TableOpened{Table: "g1", Game: bingo.GameName, Paytable: pt.ID(), PaytableHash: pt.Hash(),
		Currency: "EUR", Scale: 2, Limits: limits, Band: events.Limit{Min: dec("1"), Max: dec("10")}, Dealer: "d1"})
	b.add(events.TypeRoundOpened, dealer, "g1", "r1", &events.RoundOpened{Table: "g1", Round: "r1", Number: 1, Paytable: pt.ID(), PaytableHash: pt.Hash()})
	b.add(events.TypeBetPlaced, frontend, "g1", "r1", &events.BetPlaced{Slip: "s1", Player: "p1", Table: "g1", Round: "r1", Currency: "EUR",
		Bets: []events.PlacedBet{{Bet: "b1", Code: code, Stake: dec("2")}}, Total: dec("2"), BalanceBefore: dec("10"), BalanceAfter: dec("8")},
		post(w("p1"), posting.InPlayAccount("g1"), "2", "EUR"))
	b.add(events.TypeRoundBettingClosed, dealer, "g1", "r1", &events.RoundBettingClosed{Table: "g1", Round: "r1", Bets: 1, Staked: dec("2")})
	b.add(events.TypeRoundResult, dealer, "g1", "r1", &events.RoundResult{Table: "g1", Round: "r1", Result: bingo.Ball(1).JSON()})
	b.add(events.TypeRoundStepSettled, dealer, "g1", "r1", &events.RoundStepSettled{Table: "g1", Round: "r1", Results: 1, Decided: 0, Open: 1})
	claim := func(bet string, balls int, correct bool) uint64 {
		return b.add(events.TypeBingoClaimed, dealer, "g1", "r1", &events.BingoClaimed{Table: "g1", Round: "r1", Bet: bet, Player: "p1", Code: code,
			Prize: "line", Balls: balls, Correct: correct, Reason: "as recorded"})
	}
	honest := claim("b1", 1, false)
	lie := claim("b1", 1, true)
	late := claim("b1", 5, false)
	stranger := claim("b9", 1, false)

	rep := verify(t, store, 0, 0, options())
	if got := kindsAt(rep, honest); len(got) != 0 {
		t.Errorf("the honest record of a wrong call: %v", got)
	}
	if got := kindsAt(rep, lie); !got[audit.KindPayoutMismatch] {
		t.Errorf("a wrong call recorded right: %v", got)
	}
	if got := kindsAt(rep, late); !got[audit.KindEventInvalid] {
		t.Errorf("a call after results the round does not have: %v", got)
	}
	if got := kindsAt(rep, stranger); !got[audit.KindEventInvalid] {
		t.Errorf("a call on a bet not in play: %v", got)
	}
	if t.Failed() {
		for _, v := range rep.Violations {
			t.Log(v)
		}
	}
}
