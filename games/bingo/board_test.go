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

func TestGame_Board(t *testing.T) {
	var entries []games.BoardEntry
	for _, b := range drawA1 {
		entries = append(entries, games.BoardEntry{Round: "g1", Number: 1, Result: Ball(b)})
	}
	entries = append(entries, games.BoardEntry{Round: "g2", Number: 2, Result: Ball(7)}, games.BoardEntry{Round: "g2", Number: 2, Result: Void{VoidBallAnnounced}})
	s, ok := Game{}.Board(Paytables()[0], entries).(BoardStats)
	if !ok || s.BoardGame() != GameName || s.Games != 1 || s.Last[0].Balls != 16 || s.Current.Round != "g2" || len(s.Current.Balls) != 1 {
		t.Fatalf("%+v", s)
	}
	if empty := (Game{}).Board(nil, nil).(BoardStats); empty.Games != 0 || len(empty.Hot) != 0 || len(empty.Frequency) != NumbersMax {
		t.Fatalf("%+v", empty)
	}
}
