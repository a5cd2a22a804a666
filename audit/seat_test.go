package audit_test

import (
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestVerify_ClosedSeat: a seat closed to progressive bets (seed 004,
// 6.6) and reopened through the ledger verifies clean; a progressive bet
// on the closed seat, which the ledger refuses with seat_closed, is
// reported where a forged stream holds it, and so is a seat closed twice.
func TestVerify_ClosedSeat(t *testing.T) {
	cat := registry.New()
	h := ledgertest.NewWith(t, cat)
	fin := events.Actor{ID: "fin-1", Role: ledger.RoleFinance}
	h.Deposit("ann", "100")
	h.OpenGameTable("c1", "poker/caribbean")
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Currency: "EUR", Params: poolJSON(t, "jp-1")})
	h.Must(&ledger.LinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-1", Table: "c1"})
	sup := ledger.Meta{Actor: ledgertest.Supervisor}
	h.Must(&ledger.CloseSeat{Meta: sup, Table: "c1", Seat: 2, Reason: "bet light faulty"})
	h.Must(&ledger.ReopenSeat{Meta: sup, Table: "c1", Seat: 2, Reason: "bet light repaired"})
	h.Must(&ledger.CloseSeat{Meta: sup, Table: "c1", Seat: 3, Reason: "bet light faulty"})
	round := h.OpenRound("c1")
	if _, err := h.Exec(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "c1", Round: round, Player: "ann",
		Bets: []ledger.BetRequest{ledgertest.BetOf("ante:3", "5"), ledgertest.BetOf("progressive:3", "1")}}); ledger.CodeOf(err) != "seat_closed" {
		t.Fatalf("a progressive bet on a closed seat: %v, want seat_closed", err)
	}
	opts := audit.Options{Games: cat, SubjectPrefix: jetstream.DefaultSubjectPrefix}
	mustClean(t, h.Stream, opts)

	// What the ledger refused, forged after its events: the bet on seat
	// 3, then seat 3 closed again.
	b := newBuilder(t, h.Stream)
	w := posting.WalletAccount("ann")
	bad := b.add(events.TypeBetPlaced, ledgertest.Frontend, "c1", round, &events.BetPlaced{Slip: "s-forged", Player: "ann", Table: "c1", Round: round, Currency: "EUR",
		Bets:  []events.PlacedBet{{Bet: "b-ante", Code: "ante:3", Stake: dec("5")}, {Bet: "b-prog", Code: "progressive:3", Stake: dec("1")}},
		Total: dec("6"), BalanceBefore: dec("100"), BalanceAfter: dec("94")},
		post(w, posting.InPlayAccount("c1"), "5", "EUR"), post(w, posting.InPlayAccount("c1"), "1", "EUR"))
	twice := b.add(events.TypeJackpotSeatClosed, ledgertest.Supervisor, "c1", "", &events.JackpotSeatClosed{Table: "c1", Seat: 3, Reason: "again"})
	rep := verify(t, h.Stream, 0, 0, opts)
	found := map[uint64]string{}
	for _, v := range rep.Violations {
		found[v.Seq] += v.Detail + "\n"
	}
	if !strings.Contains(found[bad], "progressive bet progressive:3 on seat 3 of table c1, which is closed") || strings.Contains(found[bad], "ante:3 on seat") {
		t.Errorf("the bet on the closed seat (seq %d): %q", bad, found[bad])
	}
	if !strings.Contains(found[twice], "seat 3 of table c1 closed while it was closed") {
		t.Errorf("the seat closed twice (seq %d): %q", twice, found[twice])
	}
	if len(found) != 2 {
		t.Errorf("violations at %d sequences, want 2: %v", len(found), found)
	}
}
