package baccarat

import (
	"math/rand/v2"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

// TestDealPuntoBanco_FollowsTheRules deals whole 8-deck shoes and checks
// every coup against the drawing rules and the shoe (Coup.Check) and its
// JSON through the paytable's parser.
func TestDealPuntoBanco_FollowsTheRules(t *testing.T) {
	pt, err := Lookup(IDPuntoBanco)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(16, 8))
	for range 20 {
		shoe := Shoe(pt.Decks())
		if len(shoe) != 416 {
			t.Fatalf("%d cards", len(shoe))
		}
		r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
		i := 0
		next := func() Card { i++; return shoe[i-1] }
		for i < len(shoe)-6 {
			c := DealPuntoBanco(next)
			if err := c.Check(pt.Decks()); err != nil {
				t.Fatalf("%s: %v", c, err)
			}
			got, err := pt.ParseResult(c.JSON())
			if err != nil || !got.Equal(c) {
				t.Fatalf("%s: %v %v", c.JSON(), got, err)
			}
		}
	}
}

func TestGame_BoardRow(t *testing.T) {
	for _, tc := range []struct {
		r    games.Result
		want string
	}{
		{Coup{Player: literalHand("4S", "9H", "7D"), Banker: literalHand("KC", "5H", "3S")}, `{"winner":"banker","player":0,"banker":8,"natural":false}`},
		{Coup{Player: literalHand("4S", "5H"), Banker: literalHand("KC", "6H")}, `{"winner":"player","player":9,"banker":6,"natural":true}`},
		{DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("6C", "KD")}, Banker: literalHand("3H", "KC", "8D")},
			`{"tableaux":[{"winner":"player","point":7},{"winner":"player","point":6}],"banker":1,"natural":false,"cut_card":false}`},
		{DeuxCoup{Tableaux: [2]Hand{{}, {}}, Banker: Hand{}, Void: &Void{[2]bool{true, true}, VoidCardsStuck}},
			`{"tableaux":[{"winner":"void"},{"winner":"void"}],"natural":false,"cut_card":false}`},
	} {
		if got := string((PuntoBanco{}).BoardRow(tc.r)); got != tc.want {
			t.Errorf("BoardRow(%v) = %s, want %s", tc.r, got, tc.want)
		}
	}
	if (PuntoBanco{}).BoardRow(nil) != nil {
		t.Error("a row for no coup")
	}
}

func TestPuntoBanco_Paytables(t *testing.T) {
	ps := (PuntoBanco{}).Paytables()
	if len(ps) != 1 || ps[0].ID() != IDPuntoBanco || (PuntoBanco{}).Name() != GameName {
		t.Fatalf("%v", ps)
	}
	if _, ok := (PuntoBanco{}).Board(ps[0], nil).(BoardStats); !ok {
		t.Error("board of another type")
	}
}
