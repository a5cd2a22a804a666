package replay

import (
	"math/big"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// TestSameResidue compares a re-computed 7:6 settlement of 1.01 (7.07/6 =
// 1.178333…: a win of 1.17 and a residue of 0.008333… = 1/120, which a
// stream of before the whole-units rule posted cut to 16 decimals) with
// recorded ones under either rounding rule.
func TestSameResidue(t *testing.T) {
	cut := decimal.RequireFromString("0.0083333333333333")
	recomputed := games.Settlement{Residue: cut, ResidueExact: big.NewRat(1, 120)}
	recorded := func(residue, exact string) games.Settlement {
		return Recorded(&events.BetSettled{Residue: decimal.RequireFromString(residue), ResidueExact: exact})
	}
	for _, c := range []struct {
		name string
		rec  games.Settlement
		want bool
	}{
		{"OKWholeUnits", recorded("0", "1/120"), true},
		{"OKOlderStreamPostedTheCut", recorded("0.0083333333333333", ""), true},
		{"ErrWrongFraction", recorded("0", "1/60"), false},
		{"ErrPostedAndRecorded", recorded("0.0083333333333333", "1/120"), false},
		{"ErrNoResidueRecorded", recorded("0", ""), false},
		{"ErrNotAFraction", recorded("0", "1e999999999"), false},
		{"ErrOlderStreamOtherCut", recorded("0.008333", ""), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := sameResidue(recomputed, c.rec); got != c.want {
				t.Errorf("sameResidue = %v, want %v", got, c.want)
			}
		})
	}
	none := games.Settlement{Residue: decimal.Zero}
	if !sameResidue(none, recorded("0", "")) || sameResidue(none, recorded("0", "1/120")) {
		t.Error("a settlement with no residue")
	}
}
