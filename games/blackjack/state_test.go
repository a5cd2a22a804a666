package blackjack

import (
	"testing"
)

// TestState_ResplitPositions: the round's state follows the cards through
// a split and a re-split (the second card of a split hand moves to the new
// hand with its position), gives each decision its position, and says
// whose turn it is; a result that does not fold stops the state there.
func TestState_ResplitPositions(t *testing.T) {
	p := mustNew(chile2010())
	// 0 8S>1, 1 5H>D, 2 8D>1, 3 split, 4 8C>1 (hand 0: 8S 8C), 5 split
	// again, 6 3D>1 (hand 0: 8S 3D), 7 stand, 8 9H>1/2 (the new hand 2
	// plays right after hand 0: 8C 9H).
	rs := script(t, "8S>1 5H>D 8D>1 split:1/0 8C>1 split:1/0 3D>1 stand:1/0 9H>1/2")
	st := p.State(rs).(RoundState)
	if st.Phase != "play" || st.Refused != -1 || st.Results != 9 || st.Turn == nil || st.Turn.Seat != 1 || st.Turn.Hand != 2 || st.Turn.Card {
		t.Fatalf("state %+v", st)
	}
	s := st.Seats[0]
	want := [][]CardAt{{{"8S", 0}, {"3D", 6}}, {{"8D", 2}}, {{"8C", 4}, {"9H", 8}}}
	if len(s.Hands) != 3 {
		t.Fatalf("hands %+v", s.Hands)
	}
	for h, cs := range want {
		if len(s.Hands[h].Cards) != len(cs) {
			t.Fatalf("hand %d: %+v, want %+v", h, s.Hands[h].Cards, cs)
		}
		for i, c := range cs {
			if s.Hands[h].Cards[i] != c {
				t.Errorf("hand %d card %d: %+v, want %+v", h, i, s.Hands[h].Cards[i], c)
			}
		}
	}
	if len(s.Decisions) != 3 || s.Decisions[1] != (DecisionAt{Hand: 0, Decision: Split, At: 5}) || s.Decisions[2].At != 7 ||
		s.Hands[0].Points != 11 || !s.Hands[0].Done || s.Hands[2].Points != 17 || s.Hands[2].Done {
		t.Errorf("seat %+v", s)
	}
	if len(st.Dealer) != 1 || st.Dealer[0] != (CardAt{"5H", 1}) {
		t.Errorf("dealer %+v", st.Dealer)
	}
	// A hit on hand 0, which stood, does not fold: the state stops there.
	bad := append(rs[:9:9], token(t, "hit:1/0"))
	if st := p.State(bad).(RoundState); st.Refused != 9 || st.Results != 9 {
		t.Errorf("refused %d after %d results", st.Refused, st.Results)
	}
}
