package ledger_test

import (
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_PoolLinkedLimits links Caribbean tables to one pool: a table
// whose progressive minimum or maximum differs from the linked tables'
// is refused pool_limits_differ (seed 004, 6.5.1: the same minimum and
// maximum on every linked table), and so is a linked table's change of
// its progressive limits away from theirs; other limits may differ.
func TestLedger_PoolLinkedLimits(t *testing.T) {
	h := newHarness(t)
	h.openCaribbean("c1")
	h.openCaribbean("c2")
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: "c3", Paytable: "poker/caribbean", Currency: "EUR",
		Limits: map[string]ledger.Limit{"ante": {Min: dec("1"), Max: dec("100")}, "call": {Min: dec("2"), Max: dec("200")}, "progressive": {Min: dec("1"), Max: dec("5")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("200")}, Dealer: dealer.ID,
	})
	h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
	h.must(link("jp-1", "c1"))
	h.refuse(link("jp-1", "c3"), "pool_limits_differ")
	h.must(link("jp-1", "c2"))
	same := map[string]ledger.Limit{"ante": {Min: dec("5"), Max: dec("50")}, "call": {Min: dec("10"), Max: dec("100")}, "progressive": {Min: dec("1"), Max: dec("1")}}
	h.must(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "c2", Limits: same, Reason: "quiet hours"})
	other := map[string]ledger.Limit{"ante": {Min: dec("5"), Max: dec("50")}, "call": {Min: dec("10"), Max: dec("100")}, "progressive": {Min: dec("1"), Max: dec("2")}}
	h.refuse(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "c2", Limits: other, Reason: "raise"}, "pool_limits_differ")
	// Unlinked, c3 may take its own limits; as the only table of a pool
	// too.
	h.must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-2", Currency: "EUR", Params: poolParams(t, "jp-2", 1)})
	h.must(link("jp-2", "c3"))
	h.must(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "c3", Limits: other, Reason: "raise"})
}

// TestLedger_PoolVersionDropsReserve configures a version 2 of a pool
// without the reserve that holds money: the reserve's balance moves to
// the main pool in jackpot.configured (before the base is funded, so the
// casino funds only what is still missing), the pool's accounts keep
// every unit, and the decommission leaves nothing behind.
func TestLedger_PoolVersionDropsReserve(t *testing.T) {
	h := newHarness(t)
	withPools(h)
	h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
	main, r1 := "jackpot:jp-1:main", "jackpot:jp-1:reserve:r1"
	h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Account: r1, Amount: dec("250.50"), Reason: "reserve funded"})
	h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Account: main, Amount: dec("-400"), Reason: "seed money back"})
	h.wantBalances(map[string]string{main: "600", r1: "250.50", posting.AccountCasino: "-850.50"})

	p, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	ps := p.Params()
	ps.Version, ps.Reserves, ps.Reset = 2, nil, jackpot.ResetFromCasino
	v2, err := jackpot.New(ps)
	if err != nil {
		t.Fatal(err)
	}
	h.must(configure("jp-1", v2.CanonicalJSON()))
	// 600 + 250.50 = 850.50; the casino funds the 149.50 up to the base.
	h.wantBalances(map[string]string{main: "1000", r1: "0", posting.AccountCasino: "-1000"})
	var got *events.JackpotConfigured
	for _, e := range h.readAll() {
		if e.Type == events.TypeJackpotConfigured {
			got, err = events.Into[events.JackpotConfigured](&e)
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if got.Version != 2 || len(got.Transfers) != 1 || got.Transfers[0].From != r1 || got.Transfers[0].To != main ||
		!got.Transfers[0].Amount.Equal(dec("250.50")) || !got.Funded.Equal(dec("149.50")) {
		t.Fatalf("jackpot.configured v2 %+v", got)
	}
	h.must(&ledger.DecommissionPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Reason: "closing"})
	h.wantBalances(map[string]string{main: "0", r1: "0", posting.AccountCasino: "0"})
	h.restart()
	h.wantBalances(map[string]string{main: "0", r1: "0", posting.AccountCasino: "0"})
	h.verifyClean()
}
