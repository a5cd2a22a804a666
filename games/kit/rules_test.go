package kit

import (
	"strings"
	"testing"
)

type line string

func TestIndexRules(t *testing.T) {
	lines := []line{"win", "tie"}
	ok := []Rule[line]{{Line: "tie", Odds: Odds{Win: 8, Per: 1}, Name: "Tie"}, {Line: "win", Odds: Odds{Win: 1, Per: 1}, Name: "Win"}}
	t.Run("OK", func(t *testing.T) {
		odds, err := IndexRules(ok, lines, 1000, 1000)
		if err != nil || len(odds) != 2 || odds["tie"] != (Odds{Win: 8, Per: 1}) || odds["win"] != (Odds{Win: 1, Per: 1}) {
			t.Fatalf("%v, %v", odds, err)
		}
	})
	t.Run("Err", func(t *testing.T) {
		for _, tt := range []struct {
			rules []Rule[line]
			want  string
		}{
			{[]Rule[line]{{Line: "lose", Odds: Odds{Win: 1, Per: 1}, Name: "x"}}, `rule 0: "lose" is not a line ([win tie])`},
			{append(ok[:1:1], ok[0]), "rule 1: a second line for tie"},
			{[]Rule[line]{{Line: "win", Odds: Odds{Win: 7, Per: 6}, Name: "x"}}, "rule 0 (win): odds 7:6: 6 is not a product"},
			{[]Rule[line]{{Line: "win", Odds: Odds{Win: 1, Per: 1}, Name: " "}}, "rule 0 (win): empty name"},
			{ok[:1], "1 lines, want one for each of [win tie]"},
		} {
			if _, err := IndexRules(tt.rules, lines, 1000, 1000); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("%v: %v, want %s", tt.rules, err, tt.want)
			}
		}
	})
}

func TestSortRules(t *testing.T) {
	in := []Rule[line]{{Line: "win", Name: "a"}, {Line: "tie", Name: "b"}, {Line: "tie", Name: "c"}}
	got := SortRules(in)
	if got[0].Name != "b" || got[1].Name != "c" || got[2].Name != "a" {
		t.Errorf("sorted %v", got)
	}
	if in[0].Name != "a" {
		t.Error("SortRules sorted its argument")
	}
}

func TestPercent(t *testing.T) {
	for _, tt := range []struct {
		s    string
		zero bool
		want string // "" for an error
	}{
		{"50", false, "0.5"}, {"100", false, "1"}, {"0.0001", false, "0.000001"},
		{"0", true, "0"}, {"0", false, ""}, {"100.01", false, ""}, {"-1", true, ""},
		{"0.00001", false, ""}, {"half", false, ""},
	} {
		v, err := Percent("x_percent", tt.s, tt.zero)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("%q accepted as %s", tt.s, v)
		case tt.want == "" && !strings.HasPrefix(err.Error(), `x_percent "`+tt.s+`": want`):
			t.Errorf("%q: %v", tt.s, err)
		case tt.want != "" && (err != nil || v.String() != tt.want):
			t.Errorf("%q: %s, %v, want %s", tt.s, v, err, tt.want)
		}
	}
}
