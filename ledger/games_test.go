package ledger_test

// The test games (internal/testgames) stand in for the games of the later
// issues, to show that the seam carries what Sic Bo does not and that their
// postings balance.

import (
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// withTestGames reopens the harness's ledger with the test games beside Sic
// Bo.
func withTestGames(h *harness) {
	h.l.Close()
	h.opts.Games = games.NewCatalog(sicbo.Game{}, testgames.Game{PT: testgames.Coin{}}, testgames.Game{PT: testgames.Race{}},
		testgames.Game{PT: testgames.Pot{}}, testgames.Game{PT: testgames.Duel{}}, testgames.Game{PT: testgames.Shoe{}})
	h.open()
}

func (h *harness) openTestTable(table, paytable string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: dealer.ID,
	})
}

// TestLedger_CommissionAndJackpot settles a commission bet and a jackpot
// side bet, then corrects the result, and checks every account.
func TestLedger_CommissionAndJackpot(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	h.deposit("ann", "100")
	h.openTestTable("c1", "coin/test")
	round := h.openRound("c1")
	h.bet("c1", round, "ann", b("heads", "20"), b("side", "10"))
	h.closeBetting("c1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: testgames.FaceJSON(1)})

	h.wantBalances(map[string]string{
		// 100 − 30 + (20 + 20) − 1 (commission) + 30 (side 2:1 returns 3×10)
		posting.WalletAccount("ann"):    "139",
		posting.CommissionAccount("c1"): "1",
		posting.JackpotAccount("p1"):    "1",
		posting.InPlayAccount("c1"):     "0",
		// house pays heads' win 20 and the side's return above the 9 left
		// after the contribution: 30 − 9 = 21
		posting.HouseAccount("c1"): "-41",
	})

	// The dealer entered the wrong face: tails. Both bets lose; the pool
	// keeps its contribution, the commission is given back with the win.
	h.refuse(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "c1", Round: round, Result: testgames.FaceJSON(1), Reason: "same face"}, "invalid_request")
	h.must(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "c1", Round: round, Result: testgames.FaceJSON(2), Reason: "wrong face entered"})
	h.wantBalances(map[string]string{
		posting.WalletAccount("ann"):    "70",
		posting.CommissionAccount("c1"): "0",
		posting.JackpotAccount("p1"):    "1",
		posting.InPlayAccount("c1"):     "0",
		posting.HouseAccount("c1"):      "29",
	})
}

// TestLedger_RoundOfSeveralResults drives a race round over three throws:
// bets placed between throws, a bet that stays open over a throw, one the
// game refuses before the first throw, a commission at placement, a take
// down, then the round's end; the balances after every step, the events,
// and the same state after a restart (rebuilt from the events alone).
func TestLedger_RoundOfSeveralResults(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	h.deposit("ann", "100")
	h.deposit("bob", "100")
	h.openTestTable("r1", "race/test")
	round := h.openRound("r1")

	// Before the first throw: hold is refused by the game, next:3 taken;
	// a working flag is refused by the game for next bets.
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "ann", Bets: []ledger.BetRequest{b("hold", "10")}}, "bet_refused")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "ann", Bets: []ledger.BetRequest{{Code: "next:3", Stake: dec("10"), Working: true}}}, "bet_refused")
	h.bet("r1", round, "ann", b("next:3", "10"))
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: testgames.FaceJSON(3)})
	h.wantStatus(round, ledger.RoundBetting)
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "150", posting.InPlayAccount("r1"): "0"})

	// Between throws: two holds (10% commission each, rounded up), one
	// of them working; bob takes his down; a next bet cannot be taken down.
	h.bet("r1", round, "ann", ledger.BetRequest{Code: "hold", Stake: dec("10"), Working: true})
	slip := h.bet("r1", round, "bob", b("hold", "15"), b("next:4", "5"))
	h.wantBalances(map[string]string{
		posting.WalletAccount("ann"):    "139",  // 150 − 10 − 1
		posting.WalletAccount("bob"):    "78.5", // 100 − 15 − 5 − 1.50
		posting.CommissionAccount("r1"): "2.5",
		posting.InPlayAccount("r1"):     "30",
	})
	h.refuse(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "bob", Bet: slip.Bets[1].Bet}, "bet_refused")
	h.refuse(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "ann", Bet: slip.Bets[0].Bet}, "bet_not_found")
	h.must(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "bob", Bet: slip.Bets[0].Bet})
	h.wantBalances(map[string]string{posting.WalletAccount("bob"): "93.5", posting.CommissionAccount("r1"): "2.5", posting.InPlayAccount("r1"): "15"})

	// Throw 5: next:4 loses, ann's hold stays open (its stake in play).
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: testgames.FaceJSON(5)})
	rd := h.wantStatus(round, ledger.RoundBetting)
	if rd.Open != 1 {
		t.Fatalf("%d bets open after the second throw, want ann's hold", rd.Open)
	}
	h.wantBalances(map[string]string{posting.InPlayAccount("r1"): "10", posting.HouseAccount("r1"): "-45"})

	// Throw 6 ends the round: the hold loses.
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: testgames.FaceJSON(6)})
	h.wantStatus(round, ledger.RoundSettled)
	want := map[string]string{
		posting.WalletAccount("ann"):    "139",
		posting.WalletAccount("bob"):    "93.5",
		posting.CommissionAccount("r1"): "2.5",
		posting.InPlayAccount("r1"):     "0",
		posting.HouseAccount("r1"):      "-35", // −50 (next:3) +5 (next:4) +10 (hold)
	}
	h.wantBalances(want)
	n := countTypes(h.eventsOf(round))
	if n[events.TypeRoundResult] != 3 || n[events.TypeRoundStepSettled] != 2 || n[events.TypeRoundSettled] != 1 ||
		n[events.TypeBetSettled] != 3 || n[events.TypeBetTakenDown] != 1 {
		t.Fatalf("events %v", n)
	}

	// The state is rebuilt from the events alone.
	h.restart()
	h.wantBalances(want)
	rd = h.wantStatus(round, ledger.RoundSettled)
	if len(rd.Results) != 3 || rd.Open != 0 {
		t.Fatalf("after a restart: %d results, %d open", len(rd.Results), rd.Open)
	}
}

// TestLedger_CancelRefundsOpenBetsOnly cancels a race round after one
// throw: the bet that throw decided stays settled, the open ones are
// refunded; the commission charged at placement is not.
func TestLedger_CancelRefundsOpenBetsOnly(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	h.deposit("ann", "100")
	h.openTestTable("r1", "race/test")
	round := h.openRound("r1")
	h.bet("r1", round, "ann", b("next:1", "10"))
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: testgames.FaceJSON(2)})
	h.bet("r1", round, "ann", b("hold", "20.05"))
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "r1", Round: round, Reason: "wheel fault"})
	h.wantStatus(round, ledger.RoundCancelled)
	h.wantBalances(map[string]string{
		posting.WalletAccount("ann"):    "87.99", // 100 − 10 (lost) − 2.01 (2.005 rounded up, kept)
		posting.CommissionAccount("r1"): "2.01",
		posting.InPlayAccount("r1"):     "0",
		posting.HouseAccount("r1"):      "10",
	})
}

// TestLedger_SharedPrizes plays a pot round: the stakes make a pot, a 10%
// rake goes to the commission account, the winners share the rest in
// proportion to their stakes (rounded down, the remainder to the first
// winner); the prize pool is empty at the end; the round cannot be
// corrected bet by bet; a restart rebuilds the same state.
func TestLedger_SharedPrizes(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	for _, p := range []string{"ann", "bob", "cid"} {
		h.deposit(p, "100")
	}
	h.openTestTable("p1", "pot/test")
	round := h.openRound("p1")
	h.bet("p1", round, "ann", b("pick:3", "10"))
	h.bet("p1", round, "bob", b("pick:3", "20"))
	h.bet("p1", round, "cid", b("pick:5", "3.33"))
	h.closeBetting("p1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "p1", Round: round, Result: testgames.FaceJSON(3)})
	// Pot 33.33; prize 33.33 − 3.333 = 29.997, rounded down 29.99; rake
	// 3.34. ann 29.99 × 10/30 = 9.996… → 9.99 (+ 0.01 remainder: she is
	// the first winner) = 10.00; bob 19.99.
	want := map[string]string{
		posting.WalletAccount("ann"):    "100", // 100 − 10 + 10.00
		posting.WalletAccount("bob"):    "99.99",
		posting.WalletAccount("cid"):    "96.67",
		posting.PrizesAccount("p1"):     "0",
		posting.CommissionAccount("p1"): "3.34",
		posting.InPlayAccount("p1"):     "0",
		posting.HouseAccount("p1"):      "0",
	}
	h.wantBalances(want)
	h.refuse(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "p1", Round: round, Result: testgames.FaceJSON(5), Reason: "wrong face"}, "invalid_round_state")
	h.restart()
	h.wantBalances(want)
	h.wantStatus(round, ledger.RoundSettled)
}

// TestLedger_PlayerBank plays a duel: a player's bank in custody at the
// table, punters against it (never above it, never the banker), the
// bank's wins and losses, the cagnotte on its net win, and the bank given
// back between rounds. The bank is the banker's money throughout: the
// house only ever receives the cagnotte.
func TestLedger_PlayerBank(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	for _, p := range []string{"ann", "bob", "cid"} {
		h.deposit(p, "100")
	}
	h.openTestTable("d1", "duel/test")
	take := func(player, amount string) *ledger.TakeBank {
		return &ledger.TakeBank{Meta: ledger.Meta{Actor: dealer}, Table: "d1", Player: player, Amount: dec(amount)}
	}
	round := h.openRound("d1")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "d1", Round: round, Player: "bob", Bets: []ledger.BetRequest{b("high", "10")}}, "bet_refused") // no bank
	h.refuse(take("ann", "50"), "round_in_progress")
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "d1", Round: round, Reason: "no bank"})

	h.refuse(take("ann", "101"), "insufficient_funds")
	h.must(take("ann", "50"))
	h.refuse(take("bob", "20"), "bet_refused") // ann holds it
	h.refuse(&ledger.TakeBank{Meta: ledger.Meta{Actor: dealer}, Table: "t-none", Player: "bob", Amount: dec("1")}, "table_not_found")
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "50", posting.BankAccount("d1"): "50"})

	// Round 1: bob 10 and cid 30 against the bank; the banker cannot
	// bet; stakes above the bank are refused. A 2: both lose to the bank,
	// which wins 40 net and pays a 2.00 cagnotte.
	round = h.openRound("d1")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "d1", Round: round, Player: "ann", Bets: []ledger.BetRequest{b("high", "10")}}, "bet_refused")
	h.bet("d1", round, "bob", b("high", "10"))
	h.bet("d1", round, "cid", b("high", "30"))
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "d1", Round: round, Player: "bob", Bets: []ledger.BetRequest{b("high", "10.01")}}, "bet_refused")
	h.closeBetting("d1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "d1", Round: round, Result: testgames.FaceJSON(2)})
	h.wantBalances(map[string]string{
		posting.BankAccount("d1"):       "88", // 50 + 40 − 2
		posting.CommissionAccount("d1"): "2",
		posting.HouseAccount("d1"):      "0",
		posting.WalletAccount("bob"):    "90",
		posting.WalletAccount("cid"):    "70",
	})

	// Round 2: a 5: the bank pays both (no cagnotte on a loss).
	round = h.openRound("d1")
	h.bet("d1", round, "bob", b("high", "20"))
	h.bet("d1", round, "cid", b("high", "25"))
	h.closeBetting("d1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "d1", Round: round, Result: testgames.FaceJSON(5)})
	want := map[string]string{
		posting.BankAccount("d1"):       "43",
		posting.CommissionAccount("d1"): "2",
		posting.HouseAccount("d1"):      "0",
		posting.WalletAccount("bob"):    "110",
		posting.WalletAccount("cid"):    "95",
		posting.InPlayAccount("d1"):     "0",
	}
	h.wantBalances(want)
	h.restart()
	h.wantBalances(want)

	// Ann gives the bank up: its balance goes back to her wallet.
	h.refuse(&ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: "d1"}, "bet_refused")
	h.must(&ledger.ReleaseBank{Meta: ledger.Meta{Actor: dealer}, Table: "d1"})
	h.refuse(&ledger.ReleaseBank{Meta: ledger.Meta{Actor: dealer}, Table: "d1"}, "bet_refused")
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "93", posting.BankAccount("d1"): "0"})
}

// TestLedger_Shoe: a table dealt from a shoe opens no round before its
// first shoe nor after the round that brought the cut card out; a shoe
// starts only between rounds, with a cut card its game allows; the state
// survives a restart (checkpoint or replay).
func TestLedger_Shoe(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	h.deposit("ann", "100")
	h.openTestTable("s1", "shoe/test")
	shoe := func(cut int) *ledger.StartShoe {
		return &ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: "s1", CutCards: cut}
	}
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "s1"}, "shoe_required")
	h.refuse(shoe(9), "invalid_request")
	h.refuse(shoe(41), "invalid_request")
	h.refuse(&ledger.StartShoe{Meta: ledger.Meta{Actor: frontend}, Table: "s1", CutCards: 20}, "forbidden")
	h.refuse(&ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: "nope", CutCards: 20}, "table_not_found")
	h.must(shoe(20))

	// A round without the cut card: the next opens from the same shoe.
	round := h.openRound("s1")
	h.refuse(shoe(20), "round_in_progress")
	h.bet("s1", round, "ann", b("heads", "10"))
	h.closeBetting("s1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "s1", Round: round, Result: testgames.FaceJSON(1)})

	// The cut card comes out (a 6): the round is settled, the next
	// needs a new shoe, also after a restart.
	round = h.openRound("s1")
	h.bet("s1", round, "ann", b("heads", "10"))
	h.closeBetting("s1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "s1", Round: round, Result: testgames.FaceJSON(6)})
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "99.50"})
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "s1"}, "shoe_required")
	h.restart()
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "s1"}, "shoe_required")
	h.must(shoe(30))
	h.openRound("s1")

	// A game not dealt from a shoe takes none.
	h.openTestTable("c9", "coin/test")
	h.refuse(&ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: "c9", CutCards: 20}, "invalid_request")
}
