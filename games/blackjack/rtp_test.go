package blackjack

import (
	"math/big"
	"testing"

	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// TestExactRTP pins the exact figures for the 6-deck shoe: Perfect Pairs
// at 25:1, 12:1, 6:1 and insurance at 2:1 knowing the dealer's ace, then
// knowing the player's two cards too.
func TestExactRTP(t *testing.T) {
	p := chile(t)
	pp := PerfectPairsOdds(p)
	for name, tt := range map[string]struct{ got, want *big.Rat }{
		"perfect":        {pp.Perfect, big.NewRat(5, 311)},
		"coloured":       {pp.Coloured, big.NewRat(6, 311)},
		"mixed":          {pp.Mixed, big.NewRat(12, 311)},
		"pp win":         {pp.Win(), big.NewRat(23, 311)},
		"pp rtp":         {pp.RTP, big.NewRat(292, 311)},
		"insurance":      {InsuranceRTPGiven(p, nil).RTP, big.NewRat(288, 311)},
		"insurance win":  {InsuranceRTPGiven(p, nil).Win, big.NewRat(96, 311)},
		"insurance T T":  {InsuranceRTPGiven(p, []cards.Card{cards.Must("TS"), cards.Must("KD")}).RTP, big.NewRat(282, 309)},
		"insurance 9 8":  {InsuranceRTPGiven(p, []cards.Card{cards.Must("9S"), cards.Must("8D")}).RTP, big.NewRat(288, 309)},
		"insurance T 8":  {InsuranceRTPGiven(p, []cards.Card{cards.Must("TS"), cards.Must("8D")}).RTP, big.NewRat(285, 309)},
		"seam pp":        {p.RTP()[0].RTP, big.NewRat(292, 311)},
		"seam insurance": {p.RTP()[1].RTP, big.NewRat(288, 311)},
	} {
		if tt.got.Cmp(tt.want) != 0 {
			t.Errorf("%s = %s, want %s", name, tt.got.RatString(), tt.want.RatString())
		}
	}
	rs := ExactRTP(p)
	if rs[0].Code != "perfect_pairs:1" || rs[0].Pays != "25:1 / 12:1 / 6:1" || kit.RatPercent(rs[0].HouseEdge(), 4).String() != "6.1093" {
		t.Errorf("%+v edge %s", rs[0], kit.RatPercent(rs[0].HouseEdge(), 4))
	}
	if rs[1].Code != "insurance:1" || kit.RatPercent(rs[1].HouseEdge(), 4).String() != "7.3955" {
		t.Errorf("%+v edge %s", rs[1], kit.RatPercent(rs[1].HouseEdge(), 4))
	}
	// Seed 004 amendment 9 replaced 30:1 by 25:1: at 30:1 the bet
	// returned 317/311, more than it took (5 × 5/311 more).
	d := chile2010()
	d.Rules[3].Odds = Odds{Win: 30, Per: 1}
	old, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	if got := PerfectPairsOdds(old).RTP; got.Cmp(big.NewRat(317, 311)) != 0 {
		t.Errorf("30:1 RTP %s", got.RatString())
	}
}
