package ledger_test

import (
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// creditsHarness is drawHarness with a complementary prize paid in
// credits on every bet (10.00, 1 in 1), and a Sic Bo table beside.
func creditsHarness(t *testing.T) *harness {
	h := newHarness(t)
	seeds := mustSeeds(t)
	h.opts.DrawSeeds = seeds
	withPools(h)
	h.openTestTable("t1", "prog/test")
	h.openTable("s1", "sicbo/live")
	p, err := jackpot.New(jackpot.Params{
		Pool: "jp-c", Version: 1, Source: "ledger tests: credits", Scale: 2,
		CommissionPercent: dec("0"), Base: dec("0"), Ceiling: dec("0"), Reset: jackpot.ResetFromCasino, Prizes: jackpot.SeedPrizes(),
		Complementary: []jackpot.Complementary{{Name: "credits", Per: jackpot.PerBet, Wins: 1, Of: 1, Amount: dec("10.00"), Pay: jackpot.PayCredits}},
		Promotion:     "SCJ authorisation 2026-117",
	})
	if err != nil {
		t.Fatal(err)
	}
	h.must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Currency: "EUR", Params: p.CanonicalJSON()})
	h.must(link("jp-c", "t1"))
	h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Account: "jackpot:jp-c:main", Amount: dec("100"), Reason: "test funding"})
	return h
}

// TestLedger_Credits: a complementary prize paid in credits goes to the
// player's credits account, apart from the wallet (seed
// 004_11b2de8449360267.txt, 6.5.1: "créditos promocionales para ser
// jugados en la variante de progresivo"). The credits pay a progressive
// bet and nothing else, are never withdrawn, and a cancelled round gives
// them back as credits.
func TestLedger_Credits(t *testing.T) {
	h := creditsHarness(t)
	// s1's exchanged seat wins 10.00 of credits.
	drawPass(h, testgames.PassSeat{Seat: 1, Cards: royalS, Exchange: true})
	h.wantBalances(map[string]string{posting.WalletAccount("s1"): "99", posting.CreditsAccount("s1"): "10"})

	t.Run("ErrNotWithdrawable", func(t *testing.T) {
		h.refuse(withdraw(cashier, "s1", "100", "EUR"), "insufficient_funds")
	})
	round := h.openRound("t1")
	t.Run("ErrNotProgressive", func(t *testing.T) {
		sr := h.openRound("s1")
		h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "s1", Round: sr, Player: "s1", Funding: posting.FundingCredits,
			Bets: []ledger.BetRequest{b("small", "5")}}, "credits_not_allowed")
		h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "t1", Round: round, Player: "s1", Funding: "bonus",
			Bets: []ledger.BetRequest{b("progressive:1", "1")}}, "credits_not_allowed")
	})
	t.Run("ErrInsufficientCredits", func(t *testing.T) {
		h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "t1", Round: round, Player: "s1", Funding: posting.FundingCredits,
			Bets: []ledger.BetRequest{b("progressive:1", "11")}}, "insufficient_funds")
	})
	// Spent on the progressive: the credits pay the stake, the wallet
	// does not move.
	h.must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "t1", Round: round, Player: "s1", Funding: posting.FundingCredits,
		Bets: []ledger.BetRequest{b("progressive:1", "4")}})
	h.wantBalances(map[string]string{posting.WalletAccount("s1"): "99", posting.CreditsAccount("s1"): "6", posting.InPlayAccount("t1"): "4"})
	// Cancelled: the stake goes back to the credits, not to the wallet.
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Round: round, Reason: "table fault"})
	h.wantBalances(map[string]string{posting.WalletAccount("s1"): "99", posting.CreditsAccount("s1"): "10", posting.InPlayAccount("t1"): "0"})
	var refunded *events.BetRefunded
	for _, e := range h.eventsOf(round) {
		if e.Type == events.TypeBetRefunded {
			refunded, _ = events.Into[events.BetRefunded](&e)
		}
	}
	if refunded == nil || refunded.Funding != posting.FundingCredits {
		t.Fatalf("refund %+v, want one to the credits", refunded)
	}
	// Spent and settled: the prize of the pass is paid in credits again,
	// the bet's stake went to the pool.
	r2 := h.openRound("t1")
	h.must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "t1", Round: r2, Player: "s1", Funding: posting.FundingCredits,
		Bets: []ledger.BetRequest{b("progressive:1", "2")}})
	h.closeBetting("t1", r2)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: r2, Result: testgames.PassJSON([]testgames.PassSeat{{Seat: 1, Cards: quad2}})})
	// Four of a kind: 500 × 2 = 1,000.00 cash from the pool (the casino
	// advances what it lacks); 10.00 more credits.
	h.wantBalances(map[string]string{posting.WalletAccount("s1"): "1099", posting.CreditsAccount("s1"): "18"})
}

// TestLedger_CreditsNeedPromotion: parameters whose prizes pay credits
// without the promotion's authorisation are refused, and nothing is
// written.
func TestLedger_CreditsNeedPromotion(t *testing.T) {
	h := newHarness(t)
	h.opts.DrawSeeds = mustSeeds(t)
	withPools(h)
	h.refuse(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Currency: "EUR",
		Params: []byte(`{"pool":"jp-c","version":1,"source":"x","scale":2,"commission_percent":"0","reserves":null,"base":"0","ceiling":"0","reset":"base_from_casino","prizes":[{"hand":"royal_flush","percent":"100","name":"Escalera Real"}],"complementary":[{"name":"c","per":"bet","wins":1,"of":2,"amount":"1","pay":"credits"}]}`)},
		"invalid_jackpot_params")
}

// expiringCreditsPool is a harness with pool jp-c linked to table t1: 100
// in its main account, and a complementary prize of 10.00 in credits on
// every progressive bet, credits that expire a day after and go back to
// the pool.
func expiringCreditsPool(t *testing.T) *harness {
	t.Helper()
	h := newHarness(t)
	h.opts.DrawSeeds = mustSeeds(t)
	withPools(h)
	h.openTestTable("t1", "prog/test")
	p, err := jackpot.New(jackpot.Params{
		Pool: "jp-c", Version: 1, Source: "ledger tests: credits that expire", Scale: 2,
		CommissionPercent: dec("0"), Base: dec("0"), Ceiling: dec("0"), Reset: jackpot.ResetFromCasino, Prizes: jackpot.SeedPrizes(),
		Complementary:     []jackpot.Complementary{{Name: "credits", Per: jackpot.PerBet, Wins: 1, Of: 1, Amount: dec("10.00"), Pay: jackpot.PayCredits}},
		Promotion:         "SCJ authorisation 2026-117",
		CreditsExpiryDays: 1, CreditsExpireTo: jackpot.ExpireToPool,
	})
	if err != nil {
		t.Fatal(err)
	}
	h.must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Currency: "EUR", Params: p.CanonicalJSON()})
	h.must(link("jp-c", "t1"))
	h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Account: "jackpot:jp-c:main", Amount: dec("100"), Reason: "test funding"})
	return h
}

// TestLedger_CreditsExpire: credits that expire (a day after the last
// prize that paid them) go back to the pool with a credits.expired
// movement, never before their term; the pool's parameters say where.
func TestLedger_CreditsExpire(t *testing.T) {
	h := expiringCreditsPool(t)
	drawPass(h, testgames.PassSeat{Seat: 1, Cards: quad2, Fold: true})
	// 100 + 1 − 10 of credits.
	h.wantBalances(map[string]string{posting.CreditsAccount("s1"): "10", "jackpot:jp-c:main": "91"})
	expire := &ledger.ExpireCredits{Meta: ledger.Meta{Actor: finance}, Player: "s1", Currency: "EUR"}
	h.refuse(expire, "credits_not_expired")
	h.refuse(&ledger.ExpireCredits{Meta: ledger.Meta{Actor: finance}, Player: "s2", Currency: "EUR"}, "credits_not_expired")
	h.refuse(&ledger.ExpireCredits{Meta: ledger.Meta{Actor: cashier}, Player: "s1", Currency: "EUR"}, "forbidden")
	h.clock.Advance(25 * time.Hour)
	h.must(expire)
	h.wantBalances(map[string]string{posting.CreditsAccount("s1"): "0", "jackpot:jp-c:main": "101"})
	var ex *events.CreditsExpired
	for _, e := range h.readAll() {
		if e.Type == events.TypeCreditsExpired {
			ex, _ = events.Into[events.CreditsExpired](&e)
		}
	}
	if ex == nil || !ex.Amount.Equal(dec("10")) || ex.To != "jackpot:jp-c:main" {
		t.Fatalf("expiry %+v, want 10.00 back to the main pool", ex)
	}
	// Nothing left to expire.
	h.refuse(expire, "credits_not_expired")
}

// TestLedger_CreditsExpireDecommissioned: credits due back to a pool
// decommissioned since go to the casino: nothing is left in a pool no
// command reaches.
func TestLedger_CreditsExpireDecommissioned(t *testing.T) {
	h := expiringCreditsPool(t)
	drawPass(h, testgames.PassSeat{Seat: 1, Cards: quad2})
	h.must(unlink("jp-c", "t1"))
	h.must(&ledger.DecommissionPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Reason: "promotion over"})
	h.clock.Advance(25 * time.Hour)
	h.must(&ledger.ExpireCredits{Meta: ledger.Meta{Actor: finance}, Player: "s1", Currency: "EUR"})
	h.wantBalances(map[string]string{posting.CreditsAccount("s1"): "0", "jackpot:jp-c:main": "0"})
	for _, e := range h.readAll() {
		if e.Type == events.TypeCreditsExpired {
			if ex, _ := events.Into[events.CreditsExpired](&e); ex == nil || ex.To != posting.AccountCasino || !ex.Amount.Equal(dec("10")) {
				t.Fatalf("expiry %+v, want 10.00 to the casino", ex)
			}
			return
		}
	}
	t.Fatal("no credits.expired")
}
