package sicbo

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/kit"
)

// casinoEdges is /work/shared/research/casino.md §1.2: per paytable and
// bet, the winning outcomes out of 216, the house edge as a fraction of
// 216 (×2 where a 3:2 bet makes it a half) and the rounded percentage the
// research prints. Keys are kinds, or codes for totals.
type casinoEdge struct {
	wins    int
	edge    *big.Rat
	percent string
}

func over216(n int64) *big.Rat { return big.NewRat(n, 216) }

func casinoCLM() map[string]casinoEdge {
	return map[string]casinoEdge{
		"small": {105, over216(6), "2.78"}, "big": {105, over216(6), "2.78"},
		"single": {91, over216(17), "7.87"}, "combo": {30, over216(36), "16.67"},
		"double": {16, over216(72), "33.33"}, "triple": {1, over216(65), "30.09"},
		"any_triple": {6, over216(66), "30.56"},
		"total:4":    {3, over216(63), "29.17"}, "total:17": {3, over216(63), "29.17"},
		"total:5": {6, over216(102), "47.22"}, "total:16": {6, over216(102), "47.22"},
		"total:6": {10, over216(66), "30.56"}, "total:15": {10, over216(66), "30.56"},
		"total:7": {15, over216(21), "9.72"}, "total:14": {15, over216(21), "9.72"},
		"total:8": {21, over216(27), "12.50"}, "total:13": {21, over216(27), "12.50"},
		"total:9": {25, over216(41), "18.98"}, "total:12": {25, over216(41), "18.98"},
		"total:10": {27, over216(27), "12.50"}, "total:11": {27, over216(27), "12.50"},
	}
}

func casinoLive() map[string]casinoEdge {
	return map[string]casinoEdge{
		"small": {105, over216(6), "2.78"}, "big": {105, over216(6), "2.78"},
		"odd": {105, over216(6), "2.78"}, "even": {105, over216(6), "2.78"},
		"single": {91, over216(17), "7.87"}, "combo": {30, over216(36), "16.67"},
		"double": {16, over216(40), "18.52"}, "triple": {1, over216(35), "16.20"},
		"any_triple": {6, over216(30), "13.89"},
		"total:4":    {3, over216(33), "15.28"}, "total:17": {3, over216(33), "15.28"},
		"total:5": {6, over216(30), "13.89"}, "total:16": {6, over216(30), "13.89"},
		"total:6": {10, over216(26), "12.04"}, "total:15": {10, over216(26), "12.04"},
		"total:7": {15, over216(21), "9.72"}, "total:14": {15, over216(21), "9.72"},
		"total:8": {21, over216(27), "12.50"}, "total:13": {21, over216(27), "12.50"},
		"total:9": {25, over216(16), "7.41"}, "total:12": {25, over216(16), "7.41"},
		"total:10": {27, over216(27), "12.50"}, "total:11": {27, over216(27), "12.50"},
		"all_odd": {27, over216(27), "12.50"}, "all_even": {27, over216(27), "12.50"},
		"two_odd_one_even": {81, big.NewRat(27, 432), "6.25"}, "two_even_one_odd": {81, big.NewRat(27, 432), "6.25"},
		"three_singles": {6, over216(30), "13.89"}, "double_single": {3, over216(33), "15.28"},
		"four_numbers": {24, over216(24), "11.11"},
	}
}

// TestRTP_CasinoResearch cross-checks every bet's exact house edge with the
// research notes' independent enumeration.
func TestRTP_CasinoResearch(t *testing.T) {
	for _, tc := range []struct {
		id    string
		edges map[string]casinoEdge
	}{{IDCLM2016, casinoCLM()}, {IDLive, casinoLive()}} {
		t.Run(tc.id, func(t *testing.T) {
			pt, _ := Lookup(tc.id)
			rtps := RTP(pt)
			if len(rtps) != len(pt.Bets()) {
				t.Fatalf("RTP lists %d bets of %d", len(rtps), len(pt.Bets()))
			}
			for _, r := range rtps {
				want, ok := tc.edges[r.Code]
				if !ok {
					want, ok = tc.edges[string(r.Kind)]
				}
				if !ok {
					t.Errorf("%s: not in the research table", r.Code)
					continue
				}
				if r.Wins != want.wins || r.HouseEdge().Cmp(want.edge) != 0 {
					t.Errorf("%s: %d wins, edge %s; research %d wins, edge %s", r.Code, r.Wins, r.HouseEdge(), want.wins, want.edge)
				}
				if got := kit.RatPercent(r.HouseEdge(), 2).StringFixed(2); got != want.percent {
					t.Errorf("%s: edge %s%%, research %s%%", r.Code, got, want.percent)
				}
			}
		})
	}
}

// TestRTP_LiveMaximum checks seed 001's "El RTP máximo de este juego es
// 97,22%": the best bets of sicbo/live are exactly small, big, odd and even.
func TestRTP_LiveMaximum(t *testing.T) {
	pt, _ := Lookup(IDLive)
	best := new(big.Rat)
	var at []string
	for _, r := range RTP(pt) {
		switch c := r.RTP.Cmp(best); {
		case c > 0:
			best, at = r.RTP, []string{r.Code}
		case c == 0:
			at = append(at, r.Code)
		}
	}
	if best.Cmp(big.NewRat(210, 216)) != 0 || kit.RatPercent(best, 2).StringFixed(2) != "97.22" {
		t.Errorf("highest RTP %s (%s%%), want 210/216 = 97.22%%", best, kit.RatPercent(best, 2))
	}
	if strings.Join(at, ",") != "small,big,odd,even" {
		t.Errorf("highest RTP on %v", at)
	}
}

func TestMixRTP(t *testing.T) {
	pt, _ := Lookup(IDLive)
	d := decimal.RequireFromString
	// 30 on small (RTP 35/36) and 10 on two_odd_one_even (15/16): the mix
	// returns (30·35/36 + 10·15/16) / 40.
	got, err := MixRTP(pt, []Wager{{"small", d("30")}, {"two_odd_one_even", d("10.00")}})
	if err != nil {
		t.Fatal(err)
	}
	want := new(big.Rat).Add(new(big.Rat).Mul(big.NewRat(30, 1), big.NewRat(35, 36)), new(big.Rat).Mul(big.NewRat(10, 1), big.NewRat(15, 16)))
	want.Quo(want, big.NewRat(40, 1))
	if got.Cmp(want) != 0 {
		t.Errorf("MixRTP = %s, want %s", got, want)
	}
	if got, _ := MixRTP(pt, []Wager{{"odd", d("1")}}); got.Cmp(big.NewRat(35, 36)) != 0 {
		t.Errorf("MixRTP(odd) = %s", got)
	}
	clm, _ := Lookup(IDCLM2016)
	for _, tt := range []struct {
		pt   *Paytable
		mix  []Wager
		want error
	}{
		{pt, nil, ErrBadStake},
		{pt, []Wager{{"small", d("0")}}, ErrBadStake},
		{pt, []Wager{{"small", d("0.000000001")}}, ErrBadStake},
		{pt, []Wager{{"combo:2-1", d("1")}}, ErrBadBetCode},
		{clm, []Wager{{"odd", d("1")}}, ErrBetNotOffered},
		{pt, make([]Wager, MixBetsMax+1), ErrBadStake},
	} {
		if _, err := MixRTP(tt.pt, tt.mix); !errors.Is(err, tt.want) {
			t.Errorf("MixRTP(%v) = %v, want %v", tt.mix, err, tt.want)
		}
	}
}

func TestRTPOf(t *testing.T) {
	pt, _ := Lookup(IDCLM2016)
	r, err := RTPOf(pt, "total:5")
	if err != nil || r.RTP.Cmp(big.NewRat(114, 216)) != 0 || r.Name != "Total específico" || r.Pays != "18:1" {
		t.Errorf("RTPOf(total:5) = %+v, %v", r, err)
	}
	if _, err := RTPOf(pt, "three_singles:1-2-3"); !errors.Is(err, ErrBetNotOffered) {
		t.Errorf("RTPOf(three_singles) = %v", err)
	}
}
