package war

import "testing"

// TestState_TwoSeatsWar: the round's state with two seats, both tied,
// one surrendering and one at war: each seat's card, tie, decision and war
// card with their positions, the burns, the dealer's cards, and the seat
// the round waits for while it decides.
func TestState_TwoSeatsWar(t *testing.T) {
	p := mustNew(chile2010())
	rs := script(t, "5S>1 5H>2 5D>D surrender:1 war:2 burn:2C burn:3C cut burn:4C KS>2 9D>D")
	if st := p.State(rs[:3]).(RoundState); st.Phase != "decide" || st.Deciding != 1 || !st.Seats[0].Tied || !st.Seats[1].Tied {
		t.Fatalf("after the deal: %+v", st)
	}
	st := p.State(rs).(RoundState)
	if st.Phase != "over" || st.Refused != -1 || st.Results != 11 || !st.CutCard || st.Deciding != 0 || len(st.Burned) != 3 || st.Burned[2] != (CardAt{"4C", 8}) ||
		*st.Dealer != (CardAt{"5D", 2}) || *st.DealerWar != (CardAt{"9D", 10}) {
		t.Fatalf("state %+v", st)
	}
	s1, s2 := st.Seats[0], st.Seats[1]
	if s1.Decision != Surrender || *s1.DecisionAt != 3 || s1.War != nil || *s1.Card != (CardAt{"5S", 0}) {
		t.Errorf("seat 1 %+v", s1)
	}
	if s2.Decision != GoToWar || *s2.DecisionAt != 4 || *s2.War != (CardAt{"KS", 9}) || *s2.Card != (CardAt{"5H", 1}) {
		t.Errorf("seat 2 %+v", s2)
	}
}
