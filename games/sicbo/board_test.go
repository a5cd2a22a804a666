package sicbo

import (
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
