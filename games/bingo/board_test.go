package bingo

import (
	"testing"

	"github.com/go-json-experiment/json"

	"github.com/wagerlog/wagerlog/games"
)

func TestBoardOf(t *testing.T) {
	g, err := SettleGame(threeCards(t), Prizes{Line: dec("0.60"), Bingo: dec("2.40")}, 2, drawA1)
	if err != nil {
		t.Fatal(err)
	}
	var done []BoardGame
	for i := range 60 {
		done = append(done, BoardGame{Round: "r", Number: int64(i + 1), Balls: drawA1, Settlement: &g})
	}
	done[59].Settlement = &GameSettlement{Void: &Void{VoidBallAnnounced}}
	s := BoardOf(done, BoardGame{Round: "now", Number: 61, Balls: []int{90, 1, 1, 0, 45}})
	if s.Games != BoardGames || len(s.Last) != BoardGames || s.Last[0].Number != 11 {
		t.Fatalf("games %d, first %+v", s.Games, s.Last[0])
	}
	l := s.Last[0]
	if l.LineBall != 5 || l.BingoBall != 16 || len(l.LineWinners) != 2 || !l.BingoPrize.Equal(dec("2.40")) || l.Balls != 16 {
		t.Fatalf("line %+v", l)
	}
	if v := s.Last[49]; v.Void != VoidBallAnnounced || v.LineBall != 0 || v.LinePrize != nil {
		t.Fatalf("void %+v", v)
	}
	// The current game: valid balls once, in order, on the 1..90 grid.
	if c := s.Current; len(c.Balls) != 3 || c.Balls[1] != 1 || !c.Grid[8][9] || !c.Grid[0][0] || !c.Grid[4][4] || c.Grid[0][1] {
		t.Fatalf("current %+v", c)
	}
	if f := s.Frequency; len(f) != NumbersMax || f[0].Count != 50 || !f[0].Percent.Equal(dec("100")) || f[3].Count != 0 {
		t.Fatalf("frequency %v", f[:4])
	}
	if len(s.Hot) != len(drawA1) || s.Cold[0] != 4 {
		t.Fatalf("hot %v cold %v", s.Hot, s.Cold)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}
}

// TestGame_Board reads the board's entries as the ledger writes them, one
// per ball: a game cut by the board's window made whole from Before, its
// last entry Over, a void game, and the
// game in progress on the 1..90 grid.
func TestGame_Board(t *testing.T) {
	var entries []games.BoardEntry
	for i, b := range drawA1[3:] {
		entries = append(entries, games.BoardEntry{Round: "g1", Number: 1, Result: Ball(b), Index: i + 3, Over: i == len(drawA1)-4})
	}
	entries[0].Before = Results(drawA1[:3])
	entries = append(entries,
		games.BoardEntry{Round: "g2", Number: 2, Result: Ball(7)},
		games.BoardEntry{Round: "g2", Number: 2, Result: Void{VoidBallAnnounced}, Index: 1, Over: true},
		games.BoardEntry{Round: "g3", Number: 3, Result: Ball(90)},
		games.BoardEntry{Round: "g3", Number: 3, Result: Ball(11), Index: 1})
	s, ok := Game{}.Board(Paytables()[0], entries).(BoardStats)
	if !ok || s.BoardGame() != GameName || s.Games != 2 || s.Last[0].Balls != 16 || s.Last[0].Void != "" {
		t.Fatalf("%+v", s)
	}
	if v := s.Last[1]; v.Round != "g2" || v.Void != VoidBallAnnounced || v.BingoBall != 0 || v.Balls != 1 {
		t.Fatalf("void game %+v", v)
	}
	if c := s.Current; c.Round != "g3" || len(c.Balls) != 2 || !c.Grid[8][9] || !c.Grid[1][0] {
		t.Fatalf("current %+v", c)
	}
	if s.Frequency[0].Count != 1 || !s.Frequency[0].Percent.Equal(dec("50")) {
		t.Fatalf("frequency of 1: %+v", s.Frequency[0])
	}
	if empty := (Game{}).Board(nil, nil).(BoardStats); empty.Games != 0 || len(empty.Hot) != 0 || len(empty.Frequency) != NumbersMax {
		t.Fatalf("%+v", empty)
	}
}

// TestPaytable_State: the game in progress for the caller's screen, balls
// in order on the panel, a repeated or invalid ball skipped, a void named.
func TestPaytable_State(t *testing.T) {
	s := Paytables()[0].State([]games.Result{Ball(17), Ball(90), Ball(17), Ball(0), Ball(1)}).(GameState)
	if s.StateGame() != GameName || s.Drawn != 3 || s.Last != 1 || !s.Grid[1][6] || !s.Grid[8][9] || !s.Grid[0][0] || s.Grid[0][1] || s.Void != "" {
		t.Fatalf("%+v", s)
	}
	if v := Paytables()[0].State([]games.Result{Ball(5), Void{VoidReglamento36}}).(GameState); v.Void != VoidReglamento36 || v.Drawn != 1 {
		t.Fatalf("%+v", v)
	}
	if e := Paytables()[0].State(nil).(GameState); e.Drawn != 0 || e.Balls == nil {
		t.Fatalf("%+v", e)
	}
}
