package war

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestBoard(t *testing.T) {
	p := chile(t)
	var entries []games.BoardEntry
	for i, r := range []string{
		"KS>1 4C>2 9H>D",
		"9S>1 9C>2 9H>D surrender:1 war:2 burn:2C burn:3C burn:4C KD>2 4C>D",
		"9S>1 9H>D war:1 burn:2C burn:3C burn:4C 2D>1 cut 4C>D",
	} {
		for _, res := range script(t, r) {
			entries = append(entries, games.BoardEntry{Round: fmt.Sprint("r", i), Number: int64(i + 1), Result: res})
		}
	}
	entries = append(entries, games.BoardEntry{Round: "last-only", Number: 9, Result: token(t, "4C>D")})
	st := Game{}.Board(p, entries).(BoardStats)
	b, _ := json.Marshal(st)
	if st.Rounds != 3 || st.Incomplete != 1 || st.Hands != 5 || st.Player.Count != 1 || st.Dealer.Count != 1 || st.Ties.Count != 3 ||
		st.Wars.Count != 2 || st.WarsWon != 1 || st.Surrenders.Count != 1 || len(st.Beads) != 3 || !st.Beads[2].CutCard ||
		st.Beads[1].Pairs[1].Result != "war_player" || st.BoardGame() != "war" {
		t.Fatalf("%s", b)
	}
}
