package baccarat

import (
	"math/big"
	"testing"

	"github.com/wagerlog/wagerlog/games/kit"
)

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad fraction %q", s)
	}
	return r
}

// TestPuntoBancoRTP checks the exact figures of an 8-deck shoe against
// the house edges every source prints (banker 1.058%, player 1.235%, tie
// 14.36%) and pins the exact fractions.
func TestPuntoBancoRTP(t *testing.T) {
	pt, _ := Lookup(IDPuntoBanco)
	want := map[string]struct{ edge, rtp string }{
		"player": {"1.2351", "19283843717413/19524993263685"},
		"banker": {"1.0579", "10732465128097/10847218479825"},
		"tie":    {"14.3596", "619306544887/723147898655"},
	}
	rs := PuntoBancoRTP(pt)
	if len(rs) != 3 {
		t.Fatalf("%d bets", len(rs))
	}
	for _, r := range rs {
		w := want[r.Code]
		if got := kit.RatPercent(r.HouseEdge(), 4).String(); got != w.edge {
			t.Errorf("%s: house edge %s%%, want %s%%", r.Code, got, w.edge)
		}
		if r.RTP.Cmp(rat(t, w.rtp)) != 0 {
			t.Errorf("%s: RTP %s, pinned %s", r.Code, r.RTP, w.rtp)
		}
		sum := new(big.Rat).Add(r.Win, r.Push)
		if sum.Add(sum, r.Lose).Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: outcomes add up to %s", r.Code, sum)
		}
	}
	o := PuntoBancoOdds(8)
	if o.Player.Cmp(rat(t, "8712962041376/19524993263685")) != 0 || o.Banker.Cmp(rat(t, "8954111587648/19524993263685")) != 0 {
		t.Errorf("P(player) %s, P(banker) %s", o.Player, o.Banker)
	}
	// The seam lists the same figures.
	for i, g := range pt.RTP() {
		if g.Code != rs[i].Code || g.RTP.Cmp(rs[i].RTP) != 0 || g.Pays == "" {
			t.Errorf("RTP()[%d] = %+v", i, g)
		}
	}
}

// TestDeuxRTP checks the enumeration of deux tableaux in three ways: with
// the banker playing punto banco's tableau against tableau 1 alone, that
// tableau's odds are punto banco's exactly (the third cards dealt to
// tableau 2 in between change nothing, by exchangeability); the figures of
// the reference play add up and are symmetric between the tableaux; and
// they are pinned.
func TestDeuxRTP(t *testing.T) {
	pt, _ := Lookup(IDDeuxTableaux1979)
	pbBanker := func(b int, st [2]TableauState) Choice {
		if st[0].Natural {
			return Stand
		}
		return PuntoBancoBanker(b, st[0].Third)
	}
	f := deuxFigures(pt, pbBanker)
	o := PuntoBancoOdds(pt.Decks())
	t1 := f.Bets[0]
	if t1.Win.Cmp(o.Player) != 0 || t1.Lose.Cmp(o.Banker) != 0 || t1.Push.Cmp(o.Tie) != 0 {
		t.Errorf("tableau 1 against punto banco's banker: %s/%s/%s, punto banco %s/%s/%s", t1.Win, t1.Lose, t1.Push, o.Player, o.Banker, o.Tie)
	}

	f = DeuxRTP(pt)
	sum := new(big.Rat)
	for i := range 3 {
		for j := range 3 {
			sum.Add(sum, f.Joint[i][j])
			if f.Joint[i][j].Cmp(f.Joint[j][i]) != 0 {
				t.Errorf("joint %d,%d %s != %d,%d %s", i, j, f.Joint[i][j], j, i, f.Joint[j][i])
			}
		}
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("joint distribution adds up to %s", sum)
	}
	pins := map[string]string{
		"tableau:1": "88254688433810533/90189374913883245",
		"tableau:2": "88254688433810533/90189374913883245",
		"a_caballo": "88254688433810533/90189374913883245",
		"line:1":    "89222031673846889/90189374913883245",
		"line:2":    "89222031673846889/90189374913883245",
	}
	for _, r := range f.Bets {
		if r.RTP.Cmp(rat(t, pins[r.Code])) != 0 {
			t.Errorf("%s: RTP %s, pinned %s", r.Code, r.RTP, pins[r.Code])
		}
	}
	for name, tt := range map[string]struct {
		got        *big.Rat
		exact, pct string
	}{
		"bank net":   {f.BankNet, "1934686480072712/90189374913883245", "2.1451"},
		"cagnotte":   {f.Cagnotte, "309304050369087583/18037874982776649000", "1.7147"},
		"free coups": {f.BankerFree, "196614020035256/2157640548179025", "9.1125"},
	} {
		if tt.got.Cmp(rat(t, tt.exact)) != 0 || kit.RatPercent(tt.got, 4).String() != tt.pct {
			t.Errorf("%s: %s (%s%%), pinned %s (%s%%)", name, tt.got, kit.RatPercent(tt.got, 4), tt.exact, tt.pct)
		}
	}
	// The bank's edge on a tableau is its net per unit exposed.
	if f.BankNet.Cmp(f.Bets[0].HouseEdge()) != 0 {
		t.Errorf("bank net %s, tableau edge %s", f.BankNet, f.Bets[0].HouseEdge())
	}
}

func TestPercent(t *testing.T) {
	if got := kit.RatPercent(big.NewRat(1, 3), 2).String(); got != "33.33" {
		t.Errorf("1/3 = %s%%", got)
	}
}
