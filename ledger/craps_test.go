package ledger_test

import (
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// rollJSON is a craps roll as the dealer enters it.
func rollJSON(a, b int) []byte { return sicbo.ResultJSON(a, b) }

// TestLedger_CrapsHand plays one shooter's hand through the real ledger:
// a pass line bet across a point made and a seven-out, a place bet placed
// between rolls, a buy bet with its commission charged at placement,
// odds behind the line bet, a one-roll bet, a take-down, and bets the
// game refuses in the table's state. The round is the hand: it stays open
// until the seven-out, and every bet is settled on the roll that decides
// it. Expected balances are worked out by hand from the seed's payouts
// (seeds/003_79f68ae152380a01.txt, arts. 6-12).
func TestLedger_CrapsHand(t *testing.T) {
	h := newHarness(t)
	h.deposit("ann", "1000")
	h.openTestTable("c1", craps.IDPeru1999)
	round := h.openRound("c1")
	slip := func(bets ...ledger.BetRequest) ledger.Result {
		t.Helper()
		return h.bet("c1", round, "ann", bets...)
	}
	roll := func(a, b int) {
		t.Helper()
		h.closeBetting("c1", round)
		h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: rollJSON(a, b)})
	}
	wallet := func(want string) {
		t.Helper()
		h.wantBalances(map[string]string{posting.WalletAccount("ann"): want})
	}

	// Come-out: come is refused (no point yet), pass and field taken.
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: "ann", Bets: []ledger.BetRequest{b("come", "10")}}, "bet_refused")
	line := slip(b("pass", "10"), b("field", "5"))
	wallet("985")

	// Roll 3+3: the point is 6. The field (6 is not a field number) loses;
	// pass stays open.
	roll(3, 3)
	h.wantStatus(round, ledger.RoundBetting)
	wallet("985")
	h.wantBalances(map[string]string{posting.InPlayAccount("c1"): "10"})

	// On the point: pass is refused now; odds behind pass (up to 3×10),
	// place 8 (7:6), buy 4 (2:1, 5% commission on 20 = 1.00) and a hard 8.
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: "ann", Bets: []ledger.BetRequest{b("pass", "10")}}, "bet_refused")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: "ann", Bets: []ledger.BetRequest{b("pass_odds", "31")}}, "bet_refused")
	placed := slip(b("pass_odds", "20"), b("place:8", "12"), b("buy:4", "20"), b("hard:8", "5"))
	wallet("927") // 985 − 20 − 12 − 20 − 1 (commission) − 5
	h.wantBalances(map[string]string{posting.CommissionAccount("c1"): "1"})

	// Roll 5+3 (an easy 8): place 8 wins 14 (12 × 7/6), hard 8 loses.
	roll(5, 3)
	wallet("953") // 927 + 12 + 14
	// The buy bet comes down between rolls: its stake back, not the
	// commission. Pass cannot come down once on its point.
	h.must(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: "ann", Bet: placed.Bets[2].Bet})
	wallet("973")
	h.refuse(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: "ann", Bet: line.Bets[0].Bet}, "bet_refused")

	// Roll 4+2: the point is made. Pass wins 10; its odds pay 6:5 on a
	// 6, 20 × 6/5 = 24.
	roll(4, 2)
	wallet("1037") // 973 + 20 (pass) + 44 (odds)
	h.wantStatus(round, ledger.RoundBetting)

	// A new come-out within the same hand: pass again; a 7 on the
	// come-out wins it and does not end the hand.
	slip(b("pass", "10"))
	roll(5, 2)
	wallet("1047")
	h.wantStatus(round, ledger.RoundBetting)

	// Come-out 2+2: the point is 4. Then the seven-out ends the hand and
	// the round: pass loses.
	slip(b("pass", "10"))
	roll(2, 2)
	roll(4, 3)
	h.wantStatus(round, ledger.RoundSettled)
	want := map[string]string{
		posting.WalletAccount("ann"):    "1037", // 1047 − 10
		posting.InPlayAccount("c1"):     "0",
		posting.CommissionAccount("c1"): "1",
		// The house: +5 field, +5 hard 8, −14 place, −10 −24 pass and
		// odds, −10 pass, +10 pass.
		posting.HouseAccount("c1"): "-38",
	}
	h.wantBalances(want)
	n := countTypes(h.eventsOf(round))
	if n[events.TypeRoundResult] != 6 || n[events.TypeRoundStepSettled] != 5 || n[events.TypeRoundSettled] != 1 || n[events.TypeBetTakenDown] != 1 {
		t.Fatalf("events %v", n)
	}
	// The hand, its point and every bet are rebuilt from the events alone.
	h.restart()
	h.wantBalances(want)
	if r := h.wantStatus(round, ledger.RoundSettled); len(r.Results) != 6 || r.Open != 0 {
		t.Fatalf("after a restart: %d rolls, %d open", len(r.Results), r.Open)
	}
}
