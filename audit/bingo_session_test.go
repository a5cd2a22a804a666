package audit_test

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/posting"
)

// TestVerify_BingoSalesCloseAndSession writes by hand a bingo session
// with what the ledger would never write, and checks each lie is
// reported at its event: a sale outside the session's series
// (event_invalid), prizes posted at the sales close that are not the
// game's (payout_mismatch), a cancel that keeps them in the pool
// (payout_mismatch), a card number sold again in the session's next game
// (event_invalid). The honest events around them pass.
func TestVerify_BingoSalesCloseAndSession(t *testing.T) {
	store := openStore(t, t.TempDir())
	t.Cleanup(func() { store.Close() })
	b := newBuilder(t, store)
	pt, err := bingo.Lookup(bingo.IDEs1979)
	if err != nil {
		t.Fatal(err)
	}
	w, inPlay := posting.WalletAccount, posting.InPlayAccount("g1")
	card := func(id string) string {
		cid, _ := bingo.ParseCardID(id)
		c, err := bingo.NewCard(cid, [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}})
		if err != nil {
			t.Fatal(err)
		}
		return c.BetCode()
	}
	b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p1", Amount: dec("10"), Currency: "EUR", BalanceBefore: decimal.Zero, BalanceAfter: dec("10")},
		post(posting.AccountCashier, w("p1"), "10", "EUR"))
	limits := map[string]events.Limit{"card": {Min: dec("1"), Max: dec("10")}}
	b.add(events.TypeTableOpened, supervisor, "g1", "", &events.TableOpened{Table: "g1", Game: bingo.GameName, Paytable: pt.ID(), PaytableHash: pt.Hash(),
		Currency: "EUR", Scale: 2, Limits: limits, Band: events.Limit{Min: dec("1"), Max: dec("10")}, Dealer: "d1"})
	terms, err := pt.ParseSession([]byte(`{"series":[{"id":"A","face":"2","from":1,"to":10}]}`), 2)
	if err != nil {
		t.Fatal(err)
	}
	opened := b.add(events.TypeSessionOpened, supervisor, "g1", "", &events.SessionOpened{Table: "g1", Session: "s1", Number: 1, Paytable: pt.ID(), PaytableHash: pt.Hash(),
		Terms: terms.JSON(), SalesMax: terms.SalesMax()})
	b.add(events.TypeRoundOpened, dealer, "g1", "r1", &events.RoundOpened{Table: "g1", Round: "r1", Number: 1, Paytable: pt.ID(), PaytableHash: pt.Hash(), Session: "s1"})
	sell := func(round, slip, bet, code string, before string) uint64 {
		return b.add(events.TypeBetPlaced, frontend, "g1", round, &events.BetPlaced{Slip: slip, Player: "p1", Table: "g1", Round: round, Currency: "EUR",
			Bets: []events.PlacedBet{{Bet: bet, Code: code, Stake: dec("2")}}, Total: dec("2"), BalanceBefore: dec(before), BalanceAfter: dec(before).Sub(dec("2"))},
			post(w("p1"), inPlay, "2", "EUR"))
	}
	honestSale := sell("r1", "s1", "b1", card("A-1"), "10")
	outside := sell("r1", "s2", "b2", card("B-1"), "8")
	// Sales 4.00: the game's prizes are 0.60 and 2.40; the close posts
	// 0.61 for the line (its postings say the same, so only the amount
	// lies).
	sc, err := pt.SalesClose([]games.Bet{{Code: card("A-1"), Stake: dec("2")}, {Code: card("B-1"), Stake: dec("2")}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	prizes := posting.PrizesAccount("g1")
	closed := b.add(events.TypeRoundBettingClosed, dealer, "g1", "r1", &events.RoundBettingClosed{Table: "g1", Round: "r1", Bets: 2, Staked: dec("4"),
		Transfers: []events.Transfer{{From: "", To: "prizes", Amount: dec("0.61"), Rule: "line"}, {From: "", To: "prizes", Amount: dec("2.40"), Rule: "bingo"}},
		Currency:  "EUR", Announcement: sc.Announcement},
		post(posting.HouseAccount("g1"), prizes, "0.61", "EUR"), post(posting.HouseAccount("g1"), prizes, "2.40", "EUR"))
	// The cancel gives nothing back: the pool keeps 3.01.
	cancelled := b.add(events.TypeRoundCancelled, supervisor, "g1", "r1", &events.RoundCancelled{Table: "g1", Round: "r1", Reason: "void", Bets: 2, Refunded: dec("4")})
	for i, bet := range []string{"b1", "b2"} {
		slip := []string{"s1", "s2"}[i]
		code := []string{card("A-1"), card("B-1")}[i]
		b.add(events.TypeBetRefunded, supervisor, "g1", "r1", &events.BetRefunded{Table: "g1", Round: "r1", Slip: slip, Bet: bet, Player: "p1", Code: code, Stake: dec("2"), Currency: "EUR"},
			post(inPlay, w("p1"), "2", "EUR"))
	}
	b.add(events.TypeRoundOpened, dealer, "g1", "r2", &events.RoundOpened{Table: "g1", Round: "r2", Number: 2, Paytable: pt.ID(), PaytableHash: pt.Hash(), Session: "s1"})
	again := sell("r2", "s3", "b3", card("A-1"), "10")

	rep := verify(t, store, 0, 0, options())
	for _, seq := range []uint64{opened, honestSale} {
		if got := kindsAt(rep, seq); len(got) != 0 {
			t.Errorf("honest event %d: %v", seq, got)
		}
	}
	if got := kindsAt(rep, outside); !got[audit.KindEventInvalid] {
		t.Errorf("a card outside the session's series: %v", got)
	}
	if got := kindsAt(rep, closed); !got[audit.KindPayoutMismatch] {
		t.Errorf("a line prize of 0.61 posted at the sales close: %v", got)
	}
	if got := kindsAt(rep, cancelled); !got[audit.KindPayoutMismatch] {
		t.Errorf("a cancel keeping the prizes in the pool: %v", got)
	}
	if got := kindsAt(rep, again); !got[audit.KindEventInvalid] {
		t.Errorf("A-1 sold twice in the session: %v", got)
	}
	if t.Failed() {
		for _, v := range rep.Violations {
			t.Log(v)
		}
	}
}
