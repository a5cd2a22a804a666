package baccarat

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func entries(rs ...games.Result) []games.BoardEntry {
	out := make([]games.BoardEntry, len(rs))
	for i, r := range rs {
		out[i] = games.BoardEntry{Round: fmt.Sprintf("r%d", i+1), Number: int64(i + 1), Result: r}
	}
	return out
}

func TestBoard_PuntoBanco(t *testing.T) {
	banker := Coup{Player: literalHand("4S", "9H", "7D"), Banker: literalHand("KC", "5H", "3S")} // 0 against 8
	player := Coup{Player: literalHand("4S", "5H"), Banker: literalHand("KC", "6H")}             // natural 9 against 6
	tie := Coup{Player: literalHand("4S", "3H"), Banker: literalHand("KC", "7H")}                // 7 each
	var rs []games.Result
	for range 20 {
		rs = append(rs, banker, player, tie)
	}
	s := Game{}.Board(nil, entries(rs...)).(BoardStats)
	if s.BoardGame() != GameName || s.Form != FormPuntoBanco || s.Coups != 60 {
		t.Fatalf("%s %s %d", s.BoardGame(), s.Form, s.Coups)
	}
	if len(s.Beads) != BeadsMax || s.Beads[0].Number != 11 || s.Beads[BeadsMax-1].Number != 60 {
		t.Errorf("beads %d, from %d to %d", len(s.Beads), s.Beads[0].Number, s.Beads[len(s.Beads)-1].Number)
	}
	if s.Player.Count != 20 || s.Banker.Count != 20 || s.Tie.Count != 20 || s.Player.Percent.String() != "33.33" {
		t.Errorf("player %+v banker %+v tie %+v", s.Player, s.Banker, s.Tie)
	}
	if s.Naturals.Count != 20 || s.NaturalHands[0] != 20 || s.NaturalHands[1] != 0 {
		t.Errorf("naturals %+v by hand %v", s.Naturals, s.NaturalHands)
	}
	last := s.Beads[BeadsMax-1]
	if last.Winner != WinnerTie || *last.Player != 7 || *last.Banker != 7 || last.Natural {
		t.Errorf("last bead %+v", last)
	}
	if s.Tableaux != nil || s.Cagnotte != nil {
		t.Error("punto banco has no tableaux or cagnotte")
	}
	if _, err := json.Marshal(s); err != nil {
		t.Error(err)
	}
}

func TestBoard_DeuxTableaux(t *testing.T) {
	both := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("6C", "KD")}, Banker: literalHand("3H", "KC", "8D")}       // punters win both
	split := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("2C", "KD", "KS")}, Banker: literalHand("5H", "KC")}      // 1 wins, 2 loses
	bank := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "KH", "AC"), literalHand("2C", "KD", "KS")}, Banker: literalHand("6H", "KC")} // bank wins both
	void := DeuxCoup{Tableaux: [2]Hand{{}, {}}, Banker: Hand{}, Void: &Void{[2]bool{true, true}, VoidCardsStuck}}                      // all returned
	natural := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "4H"), literalHand("2C", "KD", "KS")}, Banker: literalHand("6H", "KC"), CutCard: true}
	es := entries(both, split, bank, void, natural)
	s := Board(es)
	if s.Form != FormDeuxTableaux || s.Coups != 5 || len(s.Beads) != 5 {
		t.Fatalf("%s %d %d", s.Form, s.Coups, len(s.Beads))
	}
	// Tableau 1: punters, punters, bank, void, punters (natural 8 against 6).
	// Tableau 2: punters, bank, bank, void, bank.
	t1, t2 := s.Tableaux[0], s.Tableaux[1]
	if t1.Punters.Count != 3 || t1.Banker.Count != 1 || t1.Void != 1 || t1.Punters.Percent.String() != "75" {
		t.Errorf("tableau 1 %+v", t1)
	}
	if t2.Punters.Count != 1 || t2.Banker.Count != 3 || t2.Void != 1 {
		t.Errorf("tableau 2 %+v", t2)
	}
	if s.Player.Count != 4 || s.Banker.Count != 4 || s.Tie.Count != 0 {
		t.Errorf("player %+v banker %+v tie %+v", s.Player, s.Banker, s.Tie)
	}
	if s.Naturals.Count != 1 || s.NaturalHands[0] != 1 || !s.Beads[4].CutCard {
		t.Errorf("naturals %+v %v", s.Naturals, s.NaturalHands)
	}
	if s.Cagnotte == nil || s.Cagnotte.Coups.Count != 1 || s.Cagnotte.Amount != nil {
		t.Errorf("cagnotte %+v", s.Cagnotte)
	}
	if s.Beads[3].Banker != nil || s.Beads[3].Tableaux[0].Winner != WinnerVoid {
		t.Errorf("void bead %+v", s.Beads[3])
	}
	w := BoardWithCagnotte(es, map[string]decimal.Decimal{"r2": dec("1.00"), "r3": dec("1.50")})
	if w.Cagnotte.Amount == nil || !w.Cagnotte.Amount.Equal(dec("2.50")) {
		t.Errorf("cagnotte taken %+v", w.Cagnotte)
	}
}

func TestBoard_Empty(t *testing.T) {
	s := Board(nil)
	if s.Coups != 0 || len(s.Beads) != 0 || s.Player.Percent.String() != "0" {
		t.Errorf("%+v", s)
	}
}
