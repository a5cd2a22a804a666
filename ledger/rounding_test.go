package ledger_test

import (
	"math/big"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_PlaceSixResiduesExact settles 10,000 place-6 bets (7:6) of
// stakes from 1.00 to 20.96 through the real ledger. A 7:6 win leaves a
// sixth of a cent, or two, ... or five: no decimal holds it. Only whole
// cents are posted, so the rounding account stays at exactly 0, the house
// pays exactly the wins rounded down, and the exact residues the events
// record add up to exactly the sum worked out here, bet by bet, with
// fractions (stake × 7/6 less the win rounded down to the cent).
func TestLedger_PlaceSixResiduesExact(t *testing.T) {
	t.Parallel()
	const bets, perSlip, perRoll = 10_000, ledger.BetsPerSlipMax, 1_000
	h := newHarness(t)
	h.must(&ledger.Deposit{Meta: ledger.Meta{Actor: cashier}, Player: "ann", Amount: dec("250000"), Currency: "EUR"})
	h.openTestTable("c1", craps.IDPeru1999)
	round := h.openRound("c1")
	roll := func(a, b int) {
		t.Helper()
		h.closeBetting("c1", round)
		h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: rollJSON(a, b)})
	}
	roll(2, 2) // the point is 4: place bets work, and a 6 does not end the hand
	want, wins := new(big.Rat), decimal.Zero
	cents := func(i int) int64 { return 100 + int64(i*7919%1997) } // 1.00 .. 20.96
	for i := 0; i < bets; {
		for range perRoll / perSlip {
			slip := make([]ledger.BetRequest, perSlip)
			for j := range slip {
				c := cents(i)
				slip[j] = ledger.BetRequest{Code: "place:6", Stake: decimal.New(c, -2)}
				// The win exactly, in cents: 7c/6; paid: its floor.
				exact := big.NewRat(7*c, 6)
				paid := new(big.Int).Quo(big.NewInt(7*c), big.NewInt(6))
				want.Add(want, new(big.Rat).Quo(new(big.Rat).Sub(exact, new(big.Rat).SetInt(paid)), big.NewRat(100, 1)))
				wins = wins.Add(decimal.NewFromBigInt(paid, -2))
				i++
			}
			h.bet("c1", round, "ann", slip...)
		}
		roll(3, 3) // every place 6 wins
	}
	roll(4, 3) // seven-out: the hand and the round end
	h.wantStatus(round, ledger.RoundSettled)

	got, settled := new(big.Rat), 0
	for _, e := range h.eventsOf(round) {
		if e.Type != events.TypeBetSettled {
			continue
		}
		p, err := events.Into[events.BetSettled](&e)
		if err != nil {
			t.Fatal(err)
		}
		settled++
		if !p.Residue.IsZero() {
			t.Fatalf("bet %s posted a residue of %s", p.Bet, p.Residue)
		}
		if p.ResidueExact != "" {
			r, ok := new(big.Rat).SetString(p.ResidueExact)
			if !ok {
				t.Fatalf("bet %s: residue %q", p.Bet, p.ResidueExact)
			}
			got.Add(got, r)
		}
	}
	if settled != bets {
		t.Fatalf("%d bets settled, want %d", settled, bets)
	}
	if got.Cmp(want) != 0 || want.Sign() == 0 {
		t.Errorf("the events' exact residues add up to %s, want %s", got.RatString(), want.RatString())
	}
	// The stakes are chosen so that the total itself has no finite
	// decimal form (a sixth of a cent is left over): cut to 16 decimals,
	// as residues once were, it would not be exact.
	if d := new(big.Rat).Mul(want, big.NewRat(600, 1)); !d.IsInt() || new(big.Rat).Mul(want, big.NewRat(100, 1)).IsInt() {
		t.Errorf("the residues (%s) are not whole sixths of a cent, or are whole cents", want.RatString())
	}
	if _, exact := want.FloatPrec(); exact {
		t.Errorf("the residues (%s) have a finite decimal form: the case does not test exactness", want.RatString())
	}
	h.wantBalances(map[string]string{
		posting.RoundingAccount("c1"): "0",
		posting.HouseAccount("c1"):    wins.Neg().String(),
		posting.InPlayAccount("c1"):   "0",
	})
	t.Logf("%d place-6 bets: wins paid %s EUR, residues not paid exactly %s EUR (about %s)", bets, wins, want.RatString(), want.FloatString(6))
}
