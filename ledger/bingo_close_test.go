package ledger_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/replay"
)

// TestLedger_BingoPrizesAtClose: the line and bingo prizes reach the prize
// pool when a game's sales close (seed 002 bingo IV), with round.betting_closed;
// the pool holds exactly the prizes from then on, also across a restart
// from a checkpoint taken between the close and the end, and exactly zero
// at the end of a game and of a void game (its cancel posts the prizes
// back). Later closes, between balls, post nothing. The verifier and the
// round replay compute the close's transfers again and find them equal.
func TestLedger_BingoPrizesAtClose(t *testing.T) {
	h, _ := newCheckpointHarness(t)
	restartFromCheckpoint := func() {
		t.Helper()
		if err := h.l.Checkpoint(context.Background()); err != nil {
			t.Fatal(err)
		}
		at := h.lastSeq()
		// The ledger and the server both stop and start again.
		h.l.Close()
		h.store.Close()
		h.store = openStore(t, h.dir)
		h.opts.Checkpoints = checkpoints(t, h.store)
		h.open()
		if info := h.l.LastCheckpoint(); !info.Loaded || info.Seq < at {
			t.Fatalf("restart: %+v, want a start from the checkpoint at %d", info, at)
		}
	}
	for _, p := range []string{"ann", "bob", "cid"} {
		h.deposit(p, "100")
	}
	h.openBingo("g1")

	// Game 1, played to its bingo. Sales 6.00: line 0.90, bingo 3.60.
	g1 := h.openRound("g1")
	h.bet("g1", g1, "ann", b(cardCode(t, "A-1", bingoX), "3"))
	h.bet("g1", g1, "bob", b(cardCode(t, "A-2", bingoX), "1"))
	h.bet("g1", g1, "cid", b(cardCode(t, "B-1", bingoZ), "2"))
	h.closeBetting("g1", g1)
	closed := map[string]string{posting.PrizesAccount("g1"): "4.50", posting.HouseAccount("g1"): "-4.50", posting.InPlayAccount("g1"): "6"}
	h.wantBalances(closed)
	restartFromCheckpoint()
	h.wantBalances(closed)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: g1, Result: ball(1)})
	for _, n := range []int{12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48} {
		h.drawBall("g1", g1, n)
	}
	h.wantBalances(closed)
	h.drawBall("g1", g1, 59)
	h.wantStatus(g1, ledger.RoundSettled)
	end := map[string]string{
		posting.PrizesAccount("g1"): "0", posting.InPlayAccount("g1"): "0", posting.HouseAccount("g1"): "1.50",
		posting.WalletAccount("ann"): "100.38", posting.WalletAccount("bob"): "100.12", posting.WalletAccount("cid"): "98",
	}
	h.wantBalances(end)

	// The events: the first close posts the two prizes, no later close
	// posts anything, and round.settled carries the sales to the hall
	// with the close's transfers in its funds.
	var closes []string
	for _, e := range h.eventsOf(g1) {
		p, err := events.DecodePayload(&e)
		if err != nil {
			t.Fatal(err)
		}
		switch p := p.(type) {
		case *events.RoundBettingClosed:
			closes = append(closes, fmt.Sprintf("%d:%v", len(p.Transfers), postingsSum(e.Postings)))
		case *events.RoundSettled:
			if len(p.Transfers) != 1 || p.Transfers[0].From != "prizes" || p.Transfers[0].To != "" || p.Transfers[0].Amount.String() != "6" {
				t.Fatalf("round.settled transfers %+v, want the sales 6 from the pool to the hall", p.Transfers)
			}
			if p.Funds == nil || len(p.Funds.Closed) != 2 || p.Funds.Closed[0].Amount.String() != "0.9" || p.Funds.Closed[1].Amount.String() != "3.6" {
				t.Fatalf("round.settled funds %+v, want the close's line 0.90 and bingo 3.60", p.Funds)
			}
		}
	}
	if len(closes) != 15 || closes[0] != "2:4.5" || closes[1] != "0:0" || closes[14] != "0:0" {
		t.Fatalf("closes (transfers:posted) %v, want the first with both prizes and 14 with nothing", closes)
	}

	// Game 2, voided after three balls across a restart: the pool is
	// funded at close and emptied by the cancel.
	g2 := h.openRound("g1")
	h.bet("g1", g2, "ann", b(cardCode(t, "A-1", bingoX), "2.50"))
	h.bet("g1", g2, "bob", b(cardCode(t, "A-2", bingoZ), "2.50"))
	h.closeBetting("g1", g2)
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "3.75", posting.HouseAccount("g1"): "-2.25"})
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Round: g2, Result: ball(1)})
	h.drawBall("g1", g2, 12)
	restartFromCheckpoint()
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "3.75", posting.HouseAccount("g1"): "-2.25"})
	h.drawBall("g1", g2, 23)
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: g2, Reason: "ball 23 announced as 32"})
	h.wantBalances(map[string]string{
		posting.PrizesAccount("g1"): "0", posting.InPlayAccount("g1"): "0", posting.HouseAccount("g1"): "1.50",
		posting.WalletAccount("ann"): "100.38", posting.WalletAccount("bob"): "100.12",
	})

	// Game 3 cancelled before its sales close: nothing was posted, nothing
	// goes back.
	g3 := h.openRound("g1")
	h.bet("g1", g3, "cid", b(cardCode(t, "A-1", bingoZ), "1"))
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: g3, Reason: "hall closed"})
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "0", posting.HouseAccount("g1"): "1.50", posting.WalletAccount("cid"): "98"})

	h.verifyClean()
	for _, id := range []string{g1, g2, g3} {
		rr := replay.Replay(replay.RoundMeta{Round: id, Table: "g1", Currency: "EUR", Scale: 2}, h.roundEvents(id), h.opts.Games)
		if !rr.Match || len(rr.Problems) > 0 {
			t.Fatalf("replay of %s: %v", id, rr.Problems)
		}
		if id != g3 && (rr.SalesClosed == nil || !rr.SalesClosed.Match || len(rr.SalesClosed.Recomputed) != 2) {
			t.Fatalf("replay of %s: sales close %+v, want both prizes re-computed equal", id, rr.SalesClosed)
		}
	}
	restartFromCheckpoint()
	h.wantBalances(map[string]string{posting.PrizesAccount("g1"): "0", posting.HouseAccount("g1"): "1.50"})
}

// postingsSum adds up the amounts of an event's postings.
func postingsSum(ps []events.Posting) string {
	sum := dec("0")
	for _, p := range ps {
		sum = sum.Add(p.Amount)
	}
	return sum.String()
}
