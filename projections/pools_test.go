package projections

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestPool_ViewHistoryAndWinners plays a Caribbean deal with a progressive
// four of a kind at a table linked to jp-1, adjusts the pool, and reads
// the pool: parameters, linked tables, balances, its last winners, every
// movement (which add up to each account's balance), and a subscriber
// told of the adjustment.
func TestPool_ViewHistoryAndWinners(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{})
	runProjector(t, s, h.Stream)
	fin := events.Actor{ID: "fin-1", Role: ledger.RoleFinance}
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	h.Deposit("ann", "1000")
	h.Must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "c1", Paytable: "poker/caribbean", Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: ledgertest.Dealer.ID,
	})
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Currency: "EUR", Params: pool.CanonicalJSON()})
	h.Must(&ledger.LinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-1", Table: "c1"})
	round := h.OpenRound("c1")
	h.Bet("c1", round, "ann", bet("ante:1", "10"), bet("call:1", "20"), bet("progressive:1", "1"))
	h.CloseBetting("c1", round)
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "c1", Round: round, Result: json.RawMessage(
		`{"dealer":["AH","KD","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","2D","2C","2S","9D"]}]}`)})
	waitFor(t, s, h.LastSeq())

	updates, unsubscribe := s.Subscribe(PoolSubject("jp-1"))
	defer unsubscribe()
	h.Must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Account: "jackpot:jp-1:reserve:r1", Amount: dec("25"), Reason: "reserve funded"})
	select {
	case <-updates:
	case <-time.After(10 * time.Second):
		t.Fatal("no notice of the pool's change")
	}
	waitFor(t, s, h.LastSeq())

	v, err := s.Pool("jp-1")
	if err != nil {
		t.Fatal(err)
	}
	// 1000 + 0.72 − 500 = 500.72, back to the base 1000 with r1's 0.18
	// and 499.10 from the house; then r1 gets 25.
	if v.Version != 1 || v.Hash != pool.Hash() || len(v.Tables) != 1 || v.Tables[0] != "c1" ||
		!v.Main.Equal(dec("1000")) || !v.Balances[1].Equal(dec("25")) || !v.Total.Equal(dec("1025")) {
		t.Fatalf("pool %+v", v)
	}
	if len(v.LastWinners) != 1 || v.LastWinners[0].Other != "wallet:ann" || !v.LastWinners[0].Amount.Equal(dec("-500")) || v.LastWinners[0].Table != "c1" {
		t.Fatalf("last winners %+v", v.LastWinners)
	}
	page, err := s.PoolHistory("jp-1", Page{Limit: 500})
	if err != nil {
		t.Fatal(err)
	}
	sums := map[string]decimal.Decimal{}
	kinds := map[string]int{}
	for _, e := range page.Entries {
		sums[e.Account] = sums[e.Account].Add(e.Amount)
		kinds[e.Kind]++
	}
	for i, a := range v.Accounts {
		if !sums[a].Equal(v.Balances[i]) {
			t.Errorf("%s: movements add up to %s, balance %s", a, sums[a], v.Balances[i])
		}
	}
	// One entry per pool account a posting moves: the reset from r1 is two
	// (out of r1, into main), the casino's part one.
	for k, n := range map[string]int{"funding": 1, "contribution": 2, "prize": 1, "reset": 3, "adjustment": 1} {
		if kinds[k] != n {
			t.Errorf("%d %s movements, want %d: %v", kinds[k], k, n, kinds)
		}
	}
	if _, err := s.Pool("jp-9"); err == nil {
		t.Error("an unknown pool answered")
	}
	prizes, err := s.PoolPrizes("jp-1", "c2")
	if err != nil || len(prizes) != 0 {
		t.Errorf("prizes of another table: %v, %v", prizes, err)
	}
}

// TestPool_ShortfallAndResetKinds pays a four of a kind on a progressive
// bet of 3 (1,500) from a main pool of about 1,000: the pass covers the
// shortfall (from r1, then the house) and then restarts the empty main
// pool at its base (from the house). Each movement of the round keeps its
// own kind and reason: the reset is never listed as a shortfall.
func TestPool_ShortfallAndResetKinds(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{})
	runProjector(t, s, h.Stream)
	fin := events.Actor{ID: "fin-1", Role: ledger.RoleFinance}
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	h.Deposit("ann", "1000")
	h.Must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "c1", Paytable: "poker/caribbean", Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: ledgertest.Dealer.ID,
	})
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Currency: "EUR", Params: pool.CanonicalJSON()})
	h.Must(&ledger.LinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-1", Table: "c1"})
	round := h.OpenRound("c1")
	h.Bet("c1", round, "ann", bet("ante:1", "10"), bet("call:1", "20"), bet("progressive:1", "3"))
	h.CloseBetting("c1", round)
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "c1", Round: round, Result: json.RawMessage(
		`{"dealer":["AH","KD","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","2D","2C","2S","9D"]}]}`)})
	waitFor(t, s, h.LastSeq())
	page, err := s.PoolHistory("jp-1", Page{Limit: 500})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, e := range page.Entries {
		if e.Round != round || (e.Kind != "shortfall" && e.Kind != "reset") {
			continue
		}
		kinds[e.Kind]++
		if !strings.HasPrefix(e.Reason, e.Kind+":") {
			t.Errorf("a %s movement of %s with the reason %q", e.Kind, e.Amount, e.Reason)
		}
		if e.Kind == "reset" && e.Account == "jackpot:jp-1:main" && !e.BalanceAfter.Equal(dec("1000")) {
			t.Errorf("the reset leaves main at %s, want its base 1000", e.BalanceAfter)
		}
	}
	// Shortfall: r1's share of the bet (out of r1, into main) and the
	// house's part (into main); reset: the house's part (into main).
	if kinds["shortfall"] != 3 || kinds["reset"] != 1 {
		t.Errorf("movements of the round by kind %v, want 3 shortfall and 1 reset", kinds)
	}
}
