package craps

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestRollBoard(t *testing.T) {
	var rs []BoardRoll
	add := func(hand string, dice ...Roll) {
		for _, d := range dice {
			rs = append(rs, BoardRoll{Hand: hand, Roll: d})
		}
	}
	// Hand a: natural, craps, point 6 set and made, point 4 set, seven-out.
	add("a", Roll{3, 4}, Roll{1, 1}, Roll{3, 3}, Roll{2, 4}, Roll{2, 2}, Roll{5, 2})
	// Hand b: point 9 on, one roll since.
	add("b", Roll{4, 5}, Roll{1, 2})
	s := RollBoard(rs)
	if s.Rolls != 8 || len(s.Last) != 8 {
		t.Fatalf("rolls %d", s.Rolls)
	}
	events := make([]Event, len(s.Last))
	for i, l := range s.Last {
		events[i] = l.Event
	}
	want := []Event{EventNatural, EventCraps, EventPointSet, EventPointMade, EventPointSet, EventSevenOut, EventPointSet, EventNone}
	if !slices.Equal(events, want) {
		t.Errorf("events %v, want %v", events, want)
	}
	if s.PointsMade != 1 || s.SevenOuts != 1 || s.Naturals != 1 || s.Craps != 1 {
		t.Errorf("counts %+v", s)
	}
	if s.Point != 9 || s.Shooter != "b" || s.ShooterRolls != 2 {
		t.Errorf("point %d shooter %q rolls %d", s.Point, s.Shooter, s.ShooterRolls)
	}
	if s.Last[6].Point != 0 || s.Last[7].Point != 9 {
		t.Errorf("points before the rolls: %+v", s.Last[6:])
	}
	// Totals: 7 twice (6 ways), 6 twice (5 ways), 2, 4, 9, 3 once. Against
	// their odds the 2 and the 3 (1 of 1 way, 1 of 2 ways) are hottest:
	// count·36/ways is 36 for the 2.
	if len(s.Totals) != 11 || s.Totals[5].Total != 7 || s.Totals[5].Count.Count != 2 || s.Totals[5].Percent.String() != "25" {
		t.Errorf("totals %+v", s.Totals)
	}
	if !slices.Equal(s.Hot, []int{2}) || !slices.Equal(s.Cold, []int{5, 8, 10, 11, 12}) {
		t.Errorf("hot %v cold %v", s.Hot, s.Cold)
	}
	b, err := json.Marshal(s)
	if err != nil || !strings.Contains(string(b), `"seven_outs":1`) {
		t.Errorf("JSON %s %v", b, err)
	}
	if s.BoardGame() != GameName {
		t.Error("board game")
	}
}

// TestRollBoard_Window checks that the board shows the last BoardRolls
// rolls, with the table's state folded from the start of a hand that began
// before them.
func TestRollBoard_Window(t *testing.T) {
	var rs []BoardRoll
	rs = append(rs, BoardRoll{Hand: "long", Roll: Roll{2, 3}}) // point 5
	for i := 0; i < 60; i++ {
		rs = append(rs, BoardRoll{Hand: "long", Roll: Roll{1, 2}})
	}
	rs = append(rs, BoardRoll{Hand: "long", Roll: Roll{1, 4}}) // point made
	s := RollBoard(rs)
	if s.Rolls != BoardRolls || s.Last[len(s.Last)-1].Event != EventPointMade || s.Last[0].Point != 5 {
		t.Fatalf("window: %d rolls, last %+v, first %+v", s.Rolls, s.Last[len(s.Last)-1], s.Last[0])
	}
	if s.Point != 0 || s.Shooter != "long" || s.ShooterRolls != 62 {
		t.Errorf("point %d shooter %q rolls %d", s.Point, s.Shooter, s.ShooterRolls)
	}
	// A seven-out ends the shooter.
	rs = append(rs, BoardRoll{Hand: "long", Roll: Roll{2, 2}}, BoardRoll{Hand: "long", Roll: Roll{3, 4}})
	if s := RollBoard(rs); s.Shooter != "" || s.Point != 0 {
		t.Errorf("after the seven-out: shooter %q point %d", s.Shooter, s.Point)
	}
	// An empty board.
	e := RollBoard(nil)
	if e.Rolls != 0 || len(e.Hot) != 0 || len(e.Cold) != 0 || len(e.Totals) != 11 || e.Last == nil {
		t.Errorf("empty board %+v", e)
	}
}

func TestGame_Board(t *testing.T) {
	var g games.Game = Game{}
	if g.Name() != GameName || len(g.Paytables()) != 1 {
		t.Fatal("game")
	}
	entries := []games.BoardEntry{
		{Round: "r1", Result: Roll{4, 4}},
		{Round: "r1", Result: Roll{2, 5}},
		{Round: "r2", Result: Roll{6, 5}},
		{Round: "r2", Result: fakeResult{}},
	}
	s := g.Board(nil, entries).(BoardStats)
	if s.Rolls != 3 || s.SevenOuts != 1 || s.Naturals != 1 || s.Shooter != "r2" {
		t.Errorf("board of entries %+v", s)
	}
}
