package roulette

import (
	"errors"
	"math/big"
	"testing"

	"github.com/wagerlog/wagerlog/games/kit"
)

func ratOf(a, b int64) *big.Rat { return big.NewRat(a, b) }

// TestRTP_Exact checks every bet's exact RTP against the figures of
// docs/games/roulette.md: 36/37 on the French wheel, 36/38 on the American one but 35/38 for
// the top line, and 73/74 for the even chances under la partage.
func TestRTP_Exact(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want func(r BetRTP) *big.Rat
	}{
		{IDFrench, func(BetRTP) *big.Rat { return ratOf(36, 37) }},
		{IDAmerican, func(r BetRTP) *big.Rat {
			if r.Kind == KindTopLine {
				return ratOf(35, 38)
			}
			return ratOf(36, 38)
		}},
		{IDFrenchLaPartage, func(r BetRTP) *big.Rat {
			if r.Kind.EvenMoney() {
				return ratOf(73, 74)
			}
			return ratOf(36, 37)
		}},
	} {
		t.Run(tc.id, func(t *testing.T) {
			pt, _ := Lookup(tc.id)
			rs := RTP(pt)
			seam := pt.RTP()
			if len(rs) != len(pt.Bets()) || len(seam) != len(rs) {
				t.Fatalf("RTP lists %d (seam %d) of %d bets", len(rs), len(seam), len(pt.Bets()))
			}
			for i, r := range rs {
				if r.Code != pt.Bets()[i].String() {
					t.Errorf("RTP %d is %s, bet %s", i, r.Code, pt.Bets()[i])
				}
				if want := tc.want(r); r.RTP.Cmp(want) != 0 {
					t.Errorf("%s: RTP %s, want %s", r.Code, r.RTP.RatString(), want.RatString())
				}
				if r.Pockets != len(pt.Pockets()) || r.Wins != len(pt.Bets()[i].Pockets()) {
					t.Errorf("%s: %d wins of %d pockets", r.Code, r.Wins, r.Pockets)
				}
				if s := seam[i]; s.Code != r.Code || s.Kind != string(r.Kind) || s.Pays != r.Pays || s.RTP.Cmp(r.RTP) != 0 {
					t.Errorf("seam RTP %+v, package %+v", s, r)
				}
				if r.Name == "" || r.Pays == "" {
					t.Errorf("%s: name %q pays %q", r.Code, r.Name, r.Pays)
				}
			}
		})
	}
}

func TestRTP_Display(t *testing.T) {
	pt, _ := Lookup(IDFrenchLaPartage)
	r, err := RTPOf(pt, "red")
	if err != nil {
		t.Fatal(err)
	}
	if r.Pays != "1:1, la partage" || r.Wins != 18 || r.Halves != 1 || r.Name != "Rojo" {
		t.Errorf("red: %+v", r)
	}
	if got := kit.RatPercent(r.RTP, 2).String(); got != "98.65" {
		t.Errorf("la partage red RTP %s%%", got)
	}
	if got := kit.RatPercent(r.HouseEdge(), 4).String(); got != "1.3514" {
		t.Errorf("la partage red edge %s%%", got)
	}
	am, _ := Lookup(IDAmerican)
	top, _ := RTPOf(am, "top_line:0-00-1-2-3")
	if got := kit.RatPercent(top.HouseEdge(), 2).String(); got != "7.89" {
		t.Errorf("top line edge %s%%", got)
	}
	if _, err := RTPOf(am, "first_four:0-1-2-3"); !errors.Is(err, ErrBetNotOffered) {
		t.Errorf("RTPOf(first_four) on american: %v", err)
	}
}
