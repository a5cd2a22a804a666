package craps

import (
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestPaytable_State(t *testing.T) {
	pt, err := Lookup(IDPeru1999)
	if err != nil {
		t.Fatal(err)
	}
	rolls := func(rs ...Roll) []games.Result {
		out := make([]games.Result, len(rs))
		for i, r := range rs {
			out[i] = r
		}
		return out
	}
	for _, tc := range []struct {
		name string
		in   []games.Result
		want HandState
	}{
		{"OK/Opened", nil, HandState{ComeOut: true}},
		{"OK/PointSet", rolls(Roll{3, 3}), HandState{Point: 6, Rolls: 1, Last: EventPointSet}},
		{"OK/PointMade", rolls(Roll{3, 3}, Roll{1, 1}, Roll{4, 2}), HandState{ComeOut: true, Rolls: 3, PointsMade: 1, Last: EventPointMade}},
		{"OK/SevenOut", rolls(Roll{4, 5}, Roll{3, 4}), HandState{Rolls: 2, Last: EventSevenOut, Over: true}},
		{"OK/NaturalNoPoint", rolls(Roll{5, 6}), HandState{ComeOut: true, Rolls: 1, Last: EventNatural}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := pt.State(tc.in); got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
