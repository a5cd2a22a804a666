package sicbo

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		dice         Dice
		total        int
		size, parity string
	}{
		{Dice{1, 1, 2}, 4, Small, Even},
		{Dice{3, 3, 4}, 10, Small, Even},
		{Dice{5, 5, 1}, 11, Big, Odd},
		{Dice{6, 6, 5}, 17, Big, Odd},
		{Dice{2, 2, 2}, 6, Triple, Triple},
		{Dice{6, 6, 6}, 18, Triple, Triple},
		{Dice{1, 1, 1}, 3, Triple, Triple},
		{Dice{1, 2, 6}, 9, Small, Odd},
	} {
		total, size, parity := Classify(tc.dice)
		if total != tc.total || size != tc.size || parity != tc.parity {
			t.Errorf("%v: %d %s %s, want %d %s %s", tc.dice, total, size, parity, tc.total, tc.size, tc.parity)
		}
	}
}

// TestGame_BoardRow: the members of a board row, as the board has always
// shown three dice; another game's result has none.
func TestGame_BoardRow(t *testing.T) {
	var g games.BoardRower = Game{}
	if got := string(g.BoardRow(Dice{6, 6, 6})); got != `{"dice":[6,6,6],"total":18,"size":"triple","parity":"triple"}` {
		t.Errorf("triple: %s", got)
	}
	if got := string(g.BoardRow(Dice{2, 2, 5})); got != `{"dice":[2,2,5],"total":9,"size":"small","parity":"odd"}` {
		t.Errorf("2-2-5: %s", got)
	}
	if got := g.BoardRow(nil); got != nil {
		t.Errorf("nil result: %s", got)
	}
}

// TestBoardStats_StreaksSince reads the current runs and the rounds since
// the last triple and each face from the newest result back (the board's
// results are given oldest first).
func TestBoardStats_StreaksSince(t *testing.T) {
	type faces [6]int // rounds since each face 1..6; -1 for not on the board
	for _, tc := range []struct {
		name         string
		rs           []Dice // oldest first
		size, parity Run
		triple       int // -1 for none on the board
		faces        faces
	}{
		{"Empty", nil, Run{}, Run{}, -1, faces{-1, -1, -1, -1, -1, -1}},
		{"OneSmallEven", []Dice{{1, 1, 2}}, Run{Small, 1}, Run{Even, 1}, -1, faces{0, 0, -1, -1, -1, -1}},
		{"BigRunOfThree", []Dice{{1, 1, 2}, {6, 5, 1}, {4, 4, 4}, {5, 5, 2}, {6, 6, 1}, {3, 4, 6}},
			Run{Big, 3}, Run{Odd, 2}, 3, faces{1, 2, 0, 0, 2, 0}},
		{"TripleEndsBoth", []Dice{{5, 5, 2}, {6, 6, 1}, {2, 2, 2}}, Run{Triple, 1}, Run{Triple, 1}, 0, faces{1, 0, -1, -1, 2, 1}},
		{"TwoTriples", []Dice{{1, 2, 3}, {3, 3, 3}, {6, 6, 6}}, Run{Triple, 2}, Run{Triple, 2}, 0, faces{2, 2, 1, -1, -1, 0}},
		{"ParityLongerThanSize", []Dice{{1, 2, 4}, {1, 2, 2}, {6, 5, 2}, {1, 1, 3}},
			Run{Small, 1}, Run{Odd, 4}, -1, faces{0, 1, 0, 3, 1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := boardStats(tc.rs)
			if s.Streaks.Size != tc.size || s.Streaks.Parity != tc.parity {
				t.Errorf("streaks %+v, want size %+v parity %+v", s.Streaks, tc.size, tc.parity)
			}
			if got := deref(s.Since.Triple); got != tc.triple {
				t.Errorf("since the last triple %d, want %d", got, tc.triple)
			}
			if len(s.Since.Faces) != 6 {
				t.Fatalf("%d faces, want 6", len(s.Since.Faces))
			}
			for i, f := range s.Since.Faces {
				if f.Face != i+1 || deref(f.Rounds) != tc.faces[i] {
					t.Errorf("face %d: %d rounds since, want face %d %d", f.Face, deref(f.Rounds), i+1, tc.faces[i])
				}
			}
		})
	}
}

// TestBoardStats_StreaksSinceJSON: the members the page reads, with null
// for what is not on the board.
func TestBoardStats_StreaksSinceJSON(t *testing.T) {
	b, err := json.Marshal(boardStats([]Dice{{6, 6, 1}, {5, 5, 2}}))
	if err != nil {
		t.Fatal(err)
	}
	want := `"streaks":{"size":{"outcome":"big","length":2},"parity":{"outcome":"even","length":1}},` +
		`"since":{"triple":null,"faces":[{"face":1,"rounds":1},{"face":2,"rounds":0},{"face":3,"rounds":null},` +
		`{"face":4,"rounds":null},{"face":5,"rounds":0},{"face":6,"rounds":1}]}}`
	if !strings.HasSuffix(string(b), want) {
		t.Errorf("board stats end\n%s\nwant the suffix\n%s", b, want)
	}
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}
