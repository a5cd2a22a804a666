package audit_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestRegulator_ResidueExact settles 61 place-6 bets (7:6) of
// stakes 1.01 to 1.61 through the real ledger: the regulator report's
// craps row gives the residue not paid exactly, equal to the sum worked
// out here bet by bet with fractions; nothing was posted to the rounding
// account; the dispute report's totals say the same of the round, and the
// stream verifies clean.
func TestRegulator_ResidueExact(t *testing.T) {
	h := ledgertest.New(t)
	h.Deposit("ann", "1000")
	h.OpenGameTable("c1", craps.IDPeru1999)
	round := h.Must(&ledger.OpenRound{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "c1"}).Round
	roll := func(a, b int) {
		t.Helper()
		h.Must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "c1", Round: round})
		h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "c1", Round: round, Result: sicbo.ResultJSON(a, b)}) // a craps roll is two dice
	}
	roll(2, 2) // the point is 4
	want := new(big.Rat)
	var bets []ledger.BetRequest
	for c := int64(101); c <= 161; c++ {
		bets = append(bets, ledger.BetRequest{Code: "place:6", Stake: decimal.New(c, -2)})
		// 7c/6 cents exactly, less its floor, in EUR.
		want.Add(want, big.NewRat(7*c%6, 600))
	}
	h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "c1", Round: round, Player: "ann", Bets: bets})
	roll(3, 3) // every place 6 wins 7:6
	roll(4, 3) // seven-out
	opts := audit.Options{Games: registry.New(), SubjectPrefix: jetstream.DefaultSubjectPrefix}
	mustClean(t, h.Stream, opts)
	p, err := audit.NewPeriod("2026-11-01", "2026-11-01", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := audit.Regulator(context.Background(), h.Stream, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	exact := want.RatString()
	if _, finite := want.FloatPrec(); finite {
		t.Fatalf("the case's residues (%s) have a finite decimal form", exact)
	}
	if len(reg.Games) != 1 || reg.Games[0].ResidueExact != exact || !reg.Games[0].Residue.IsZero() {
		t.Fatalf("regulator games %+v: want residue 0 posted and %s exactly", reg.Games, exact)
	}
	dis, err := audit.Dispute(context.Background(), h.Stream, round, opts)
	if err != nil {
		t.Fatal(err)
	}
	if dis.Totals.ResidueExact != exact || dis.Totals.Mismatches != 0 {
		t.Errorf("dispute totals %+v: want %s exactly and no mismatch", dis.Totals, exact)
	}
	var bal decimal.Decimal
	if err := h.Ledger.Inspect(context.Background(), func(s *ledger.State) { bal = s.Balance(posting.RoundingAccount("c1"), "EUR") }); err != nil || !bal.IsZero() {
		t.Errorf("rounding account %s (%v), want 0", bal, err)
	}
}
