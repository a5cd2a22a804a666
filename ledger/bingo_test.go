package ledger_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// Two hand-made cards with no number in common (seed 002 bingo I: three
// rows of five, every column used).
var (
	bingoX = [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	bingoZ = [][]int{{3, 13, 24, 35, 46}, {7, 57, 68, 79, 90}, {17, 28, 39, 49, 60}}
)

// cardCode is the bet code of card id with rows.
func cardCode(t *testing.T, id string, rows [][]int) string {
	t.Helper()
	cid, err := bingo.ParseCardID(id)
	if err != nil {
		t.Fatal(err)
	}
	c, err := bingo.NewCard(cid, rows)
	if err != nil {
		t.Fatal(err)
	}
	return c.BetCode()
}

func ball(n int) []byte { return fmt.Appendf(nil, `{"ball":%d}`, n) }

// drawBall closes the sales or the pause between two balls and draws one:
// a bingo game is one round and each ball one result, and betting opens
// again after every ball that does not end the game (round.step_settled),
// where the game refuses any card (bingo.Paytable.CheckPlacement).
func (h *harness) drawBall(table, round string, n int) {
	h.t.Helper()
	h.closeBetting(table, round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Result: ball(n)})
}

func (h *harness) openBingo(table string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: bingo.IDEs1979, Currency: "EUR",
		Limits: map[string]ledger.Limit{"card": {Min: dec("0.50"), Max: dec("10")}},
		Band:   ledger.Limit{Min: dec("0.50"), Max: dec("1000")}, Dealer: dealer.ID,
	})
}

func (h *harness) verifyClean() {
	h.t.Helper()
	rep, err := audit.Verify(context.Background(), h.store, 0, 0, audit.Options{Games: h.opts.Games, SubjectPrefix: jetstream.DefaultSubjectPrefix})
	if err != nil {
		h.t.Fatal(err)
	}
	if !rep.Clean {
		h.t.Fatalf("verify: %+v", rep.Violations)
	}
}

// TestLedger_Bingo plays a bingo game through the real ledger with the
// registry's paytable bingo/es-1979: cards sold as bets carrying their
// numbers, a card number sold once, no card after the first ball, each
// ball a result (a repeated ball or 91 refused), the line shared by two
// cards in proportion to their prices with the remainder to the first
// card in card-number order, the game over at the bingo (a later ball
// refused), the prize pool empty, the hall's share in the house, and a
// clean verify. Every amount is worked out by hand.
func TestLedger_Bingo(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"ann", "bob", "cid"} {
		h.deposit(p, "100")
	}
	h.openBingo("g1")
	round := h.openRound("g1")
	// hold the same numbers (two cards of the same strip are
	// never alike, but nothing forbids it and it makes a tie).
	a1, a2, z := cardCode(t, "A-1", bingoX), cardCode(t, "A-2", bingoX), cardCode(t, "B-1", bingoZ)
	annBet := h.bet("g1", round, "ann", b(a1, "3")).Bets[0].Bet
	h.bet("g1", round, "bob", b(a2, "1"))
	h.refuse(placeSlip("g1", round, "cid", b(cardCode(t, "A-1", bingoZ), "2")), "bet_refused") // A-1 is sold
	h.refuse(placeSlip("g1", round, "cid", b(z, "2"), b(z, "2")), "bet_refused")               // twice in a slip
	h.refuse(placeSlip("g1", round, "cid", b("card:B-1:1,2,3", "2")), "invalid_card")          // not a card
	h.refuse(placeSlip("g1", round, "cid", b(z, "11")), "stake_above_limit")
	cidBet := h.bet("g1", round, "cid", b(z, "2")).Bets[0].Bet
	// Sales 6.00: line 15% = 0.90, bingo 60% = 3.60, the hall 1.50.
	// The prizes reach the pool when sales close (the first close of
	// betting), before the first ball.
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "0", posting.HouseAccount("g1"): "0"})
	h.closeBetting("g1", round)
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "4.50", posting.HouseAccount("g1"): "-4.50"})
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Result: ball(1)})
	for i, n := range []int{12, 23, 34, 45} {
		h.drawBall("g1", round, n)
		if i == 0 {
			h.refuse(placeSlip("g1", round, "cid", b(cardCode(t, "C-1", bingoZ), "2")), "bet_refused") // after the first ball
		}
	}
	// Calls after the line: A-1's is right, B-1's line and A-1's bingo
	// are wrong; none changes anything (checked by the balances below).
	claim := func(bet, prize string) ledger.Result {
		return h.must(&ledger.Claim{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Bet: bet, Prize: prize})
	}
	claim(annBet, "line")
	claim(cidBet, "line")
	claim(annBet, "bingo")
	h.refuse(&ledger.Claim{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Bet: annBet, Prize: "house"}, "invalid_request")
	h.refuse(&ledger.Claim{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Bet: "no-such-bet", Prize: "line"}, "bet_not_found")
	h.refuse(&ledger.Claim{Meta: ledger.Meta{Actor: frontend}, Table: "g1", Round: round, Bet: annBet, Prize: "line"}, "forbidden")
	var verdicts []bool
	for _, e := range h.readAll() {
		if e.Type == events.TypeBingoClaimed {
			p, err := events.DecodePayload(&e)
			if err != nil {
				t.Fatal(err)
			}
			verdicts = append(verdicts, p.(*events.BingoClaimed).Correct)
		}
	}
	if fmt.Sprint(verdicts) != "[true false false]" {
		t.Fatalf("claims' verdicts %v, want A-1 line right, B-1 line and A-1 bingo wrong", verdicts)
	}
	h.closeBetting("g1", round)
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Result: ball(12)}, "invalid_result")
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Result: ball(91)}, "invalid_result")
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Result: ball(3)})
	for _, n := range []int{5, 56, 67, 78, 89, 15, 26, 37, 48} {
		h.drawBall("g1", round, n)
	}
	h.wantStatus(round, ledger.RoundBetting)
	// Later closes (between balls) post nothing: the pool still holds
	// exactly the prizes, the line not yet paid (every card is settled
	// at the bingo).
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "4.50", posting.InPlayAccount("g1"): "6"})
	h.drawBall("g1", round, 59) // complete their 15 numbers
	h.wantStatus(round, ledger.RoundSettled)
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Result: ball(90)}, "result_already_recorded")
	want := map[string]string{
		// Line 0.90 shared 3:1: 0.675 → 0.67 and 0.225 → 0.22, the
		// remainder 0.01 to A-1; bingo 3.60: 2.70 and 0.90.
		posting.WalletAccount("ann"):  "100.38", // 100 − 3 + 0.68 + 2.70
		posting.WalletAccount("bob"):  "100.12", // 100 − 1 + 0.22 + 0.90
		posting.WalletAccount("cid"):  "98",
		posting.PrizesAccount("g1"):   "0",
		posting.InPlayAccount("g1"):   "0",
		posting.HouseAccount("g1"):    "1.50",
		posting.RoundingAccount("g1"): "0",
	}
	h.wantBalances(want)
	h.restart()
	h.wantBalances(want)
	h.verifyClean()
}

// TestLedger_BingoVoid voids a game between two balls with the round's
// cancel (seed 002 bingo V: a supervisor, with the reason): every card's
// price comes back in full, the prizes posted to the pool when sales
// closed go back to the hall with round.cancelled (the pool ends empty),
// and the stream verifies clean.
func TestLedger_BingoVoid(t *testing.T) {
	h := newHarness(t)
	h.deposit("ann", "50")
	h.deposit("bob", "50")
	h.openBingo("g1")
	round := h.openRound("g1")
	h.bet("g1", round, "ann", b(cardCode(t, "A-1", bingoX), "2.50"))
	h.bet("g1", round, "bob", b(cardCode(t, "A-2", bingoZ), "2.50"))
	h.closeBetting("g1", round)
	// Sales 5.00: line 0.75 and bingo 3.00 posted to the pool at close.
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "3.75", posting.HouseAccount("g1"): "-3.75"})
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Result: ball(1)})
	for _, n := range []int{12, 23} {
		h.drawBall("g1", round, n)
	}
	h.refuse(&ledger.Cancel{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Reason: "ball 23 announced as 32"}, "forbidden")
	// Nor does the dealer void it with a result.
	h.closeBetting("g1", round)
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: round, Result: []byte(`{"void":"ball_announced_wrong"}`)}, "invalid_result")
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: round, Reason: "ball 23 announced as 32"})
	h.wantStatus(round, ledger.RoundCancelled)
	h.wantBalances(map[string]string{
		posting.WalletAccount("ann"): "50", posting.WalletAccount("bob"): "50",
		posting.PrizesAccount("g1"): "0", posting.InPlayAccount("g1"): "0", posting.HouseAccount("g1"): "0",
	})
	h.verifyClean()
}

// newSmallBingoHarness opens a harness whose only game is a bingo of at
// most two cards (bingo/small), with a room s1 and a player ann holding 50.
func newSmallBingoHarness(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	small, err := bingo.New(bingo.Data{ID: "bingo/small", Version: 1, Game: bingo.GameName, Source: "ledger tests",
		LinePercent: "15", BingoPercent: "60", CardsMax: 2})
	if err != nil {
		t.Fatal(err)
	}
	h.l.Close()
	h.opts.Games = games.NewCatalog(testgames.Game{PT: small})
	h.open()
	h.deposit("ann", "50")
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: "s1", Paytable: "bingo/small", Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("10")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: dealer.ID,
	})
	return h
}

// TestLedger_BingoCardsMax: a game holds at most the paytable's cards_max
// cards (games.Seller), refused at the sale, never at the settlement.
func TestLedger_BingoCardsMax(t *testing.T) {
	h := newSmallBingoHarness(t)
	round := h.openRound("s1")
	h.refuse(placeSlip("s1", round, "ann", b(cardCode(t, "A-1", bingoX), "1"), b(cardCode(t, "A-2", bingoX), "1"), b(cardCode(t, "A-3", bingoZ), "1")), "bet_refused")
	h.bet("s1", round, "ann", b(cardCode(t, "A-1", bingoX), "1"), b(cardCode(t, "A-2", bingoZ), "1"))
	h.refuse(placeSlip("s1", round, "ann", b(cardCode(t, "A-3", bingoZ), "1")), "bet_refused")
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "48"})
}
