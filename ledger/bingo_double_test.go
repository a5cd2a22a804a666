package ledger_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/replay"
)

// TestLedger_BingoDoubleCards: a double card (seed 002 bingo I, II: two
// halves with the same numbers, each a unit of play at the face value,
// valid for two consecutive games) is sold once for twice the face value;
// its first half plays in the game it is sold for, its second half is
// held (held:<table>) and placed by the ledger in the session's next
// game with that game's opening, across a restart from a checkpoint;
// a half held when the session closes is returned. Money is conserved,
// the pool empties, verify is clean and every game replays equal.
func TestLedger_BingoDoubleCards(t *testing.T) {
	h, _ := newCheckpointHarness(t)
	h.deposit("ann", "100")
	h.deposit("bob", "100")
	h.openBingo("g1")
	h.must(openSession("g1", "s1", `{"series":[{"id":"A","face":"1","from":1,"to":10},{"id":"D","face":"1","from":1,"to":10,"double":true}]}`))
	xBalls := []int{1, 12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59}
	play := func(round string) {
		t.Helper()
		for _, n := range xBalls {
			h.drawBall("g1", round, n)
		}
		h.wantStatus(round, ledger.RoundSettled)
	}

	// Game 1: ann's double card D-1 for 2.00, bob's single card A-1.
	g1 := h.openRound("g1")
	h.refuse(placeSlip("g1", g1, "ann", b(cardCode(t, "D-1", bingoX), "1")), "bet_refused") // a double card costs twice the face value
	d1 := h.bet("g1", g1, "ann", b(cardCode(t, "D-1", bingoX), "2"))
	h.bet("g1", g1, "bob", b(cardCode(t, "A-1", bingoZ), "1"))
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "98", posting.InPlayAccount("g1"): "2", posting.HeldAccount("g1"): "1"})
	// Sales 2.00 (the first half and A-1): line 0.30, bingo 1.20, both D-1's.
	play(g1)
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "99.50", posting.HeldAccount("g1"): "1", posting.PrizesAccount("g1"): "0", posting.HouseAccount("g1"): "0.50"})

	// A restart from a checkpoint between the two games keeps the half.
	if err := h.l.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.l.Close()
	h.store.Close()
	h.store = openStore(t, h.dir)
	h.opts.Checkpoints = checkpoints(t, h.store)
	h.open()
	if !h.l.LastCheckpoint().Loaded {
		t.Fatal("the restart did not start from the checkpoint")
	}

	// Game 2: its opening places D-1's second half for ann, from the held
	// account, in the same batch; D-1 is not sold again; ann buys D-2.
	g2 := h.openRound("g1")
	var carried []events.PlacedBet
	for _, e := range h.eventsOf(g2) {
		p, err := events.DecodePayload(&e)
		if err != nil {
			t.Fatal(err)
		}
		if bp, ok := p.(*events.BetPlaced); ok && bp.Carried {
			if bp.Player != "ann" || len(e.Postings) != 1 || e.Postings[0].From != posting.HeldAccount("g1") || !bp.BalanceAfter.Equal(bp.BalanceBefore) {
				t.Fatalf("carried slip %+v, postings %+v", bp, e.Postings)
			}
			carried = append(carried, bp.Bets...)
		}
	}
	if len(carried) != 1 || carried[0].Code != d1.Bets[0].Code || carried[0].Stake.String() != "1" {
		t.Fatalf("carried %+v, want D-1's second half at 1.00", carried)
	}
	h.wantBalances(map[string]string{posting.HeldAccount("g1"): "0", posting.InPlayAccount("g1"): "1", posting.WalletAccount("ann"): "99.50"})
	h.refuse(placeSlip("g1", g2, "bob", b(cardCode(t, "D-1", bingoZ), "2")), "bet_refused")
	h.bet("g1", g2, "bob", b(cardCode(t, "A-2", bingoZ), "1"))
	h.bet("g1", g2, "ann", b(cardCode(t, "D-2", bingoZ), "2"))
	// Sales 3.00 (D-1's half, A-2, D-2's first half): line 0.45, bingo
	// 1.80, both D-1's.
	play(g2)
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "99.75", posting.HeldAccount("g1"): "1", posting.HouseAccount("g1"): "1.25"})

	// The session closes before a next game: D-2's half comes back.
	h.must(closeSession("g1", "s1"))
	end := map[string]string{
		posting.WalletAccount("ann"): "100.75", posting.WalletAccount("bob"): "98", posting.HouseAccount("g1"): "1.25",
		posting.HeldAccount("g1"): "0", posting.InPlayAccount("g1"): "0", posting.PrizesAccount("g1"): "0",
	}
	h.wantBalances(end)

	// A double card whose first game is void: the half of that game is
	// refunded, the second half plays the next game (voided too here).
	h.must(openSession("g1", "s2", `{"series":[{"id":"D","face":"1","from":1,"to":10,"double":true}]}`))
	g3 := h.openRound("g1")
	h.bet("g1", g3, "bob", b(cardCode(t, "D-3", bingoX), "2"))
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: g3, Reason: "ball announced wrong"})
	h.wantBalances(map[string]string{posting.WalletAccount("bob"): "97", posting.HeldAccount("g1"): "1"})
	g4 := h.openRound("g1")
	h.wantBalances(map[string]string{posting.HeldAccount("g1"): "0", posting.InPlayAccount("g1"): "1"})
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: g4, Reason: "hall closed"})
	h.must(closeSession("g1", "s2"))
	h.wantBalances(end)

	h.verifyClean()
	for _, id := range []string{g1, g2, g3, g4} {
		rr := replay.Replay(replay.RoundMeta{Round: id, Table: "g1", Currency: "EUR", Scale: 2}, h.roundEvents(id), h.opts.Games)
		if !rr.Match || len(rr.Problems) > 0 {
			t.Fatalf("replay of %s: %v", id, rr.Problems)
		}
	}
	h.restart()
	h.wantBalances(end)
}
