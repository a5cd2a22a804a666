package craps

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestParseRoll(t *testing.T) {
	ok := []struct {
		in   string
		want Roll
	}{
		{`{"dice":[3,4]}`, Roll{3, 4}},
		{`{"dice":[6,6]}`, Roll{6, 6}},
		{` {"dice" : [1, 2]} `, Roll{1, 2}},
	}
	for _, c := range ok {
		got, err := ParseRoll([]byte(c.in))
		if err != nil || got != c.want {
			t.Errorf("ParseRoll(%s) = %v, %v; want %v", c.in, got, err, c.want)
		}
		again, err := ParseRoll(got.JSON())
		if err != nil || !again.Equal(got) || string(again.JSON()) != string(got.JSON()) {
			t.Errorf("%s: JSON %s does not round-trip", c.in, got.JSON())
		}
	}
	bad := []string{
		``, `null`, `{}`, `{"dice":[3]}`, `{"dice":[3,4,5]}`, `{"dice":[0,4]}`, `{"dice":[3,7]}`,
		`{"dice":[3,4],"dice":[3,4]}`, `{"Dice":[3,4]}`, `{"dice":[3,4],"point":6}`, `{"dice":["3",4]}`,
		`{"dice":[3.5,4]}`, `[3,4]`, `{"dice":[3,4]} {}`,
	}
	for _, in := range bad {
		if _, err := ParseRoll([]byte(in)); !errors.Is(err, ErrBadRoll) || ErrorCode(err) != CodeInvalidDice {
			t.Errorf("ParseRoll(%s): err %v, want ErrBadRoll", in, err)
		}
	}
	long := make([]byte, ResultBytesMax+1)
	if _, err := ParseRoll(long); !errors.Is(err, ErrBadRoll) {
		t.Errorf("an overlong result: %v", err)
	}
}

func TestRoll_Equal(t *testing.T) {
	if !(Roll{3, 4}).Equal(Roll{4, 3}) || !(Roll{3, 4}).Equal(Roll{3, 4}) {
		t.Error("the dice's order matters")
	}
	if (Roll{3, 4}).Equal(Roll{2, 5}) {
		t.Error("3-4 equals 2-5: a correction of a 7 to another 7 must be a correction")
	}
	var other games.Result = fakeResult{}
	if (Roll{3, 4}).Equal(other) {
		t.Error("a roll equals a result of another game")
	}
	if got := (Roll{3, 4}).String(); got != "3-4" {
		t.Errorf("String %q", got)
	}
}

type fakeResult struct{}

func (fakeResult) JSON() []byte              { return []byte(`{}`) }
func (fakeResult) String() string            { return "fake" }
func (fakeResult) Equal(o games.Result) bool { return false }

func TestTable_Next(t *testing.T) {
	cases := []struct {
		rolls []Roll
		want  Table
		ev    Event
	}{
		{[]Roll{{3, 4}}, Table{}, EventNatural},
		{[]Roll{{5, 6}}, Table{}, EventNatural},
		{[]Roll{{1, 1}}, Table{}, EventCraps},
		{[]Roll{{6, 6}}, Table{}, EventCraps},
		{[]Roll{{2, 2}}, Table{Point: 4}, EventPointSet},
		{[]Roll{{2, 2}, {1, 3}}, Table{}, EventPointMade},
		{[]Roll{{2, 2}, {5, 6}}, Table{Point: 4}, EventNone},
		{[]Roll{{2, 2}, {3, 4}}, Table{Over: true}, EventSevenOut},
		{[]Roll{{2, 2}, {1, 3}, {3, 4}}, Table{}, EventNatural},
	}
	for _, c := range cases {
		var tb Table
		var ev Event
		for _, r := range c.rolls {
			tb, ev = tb.Next(r)
		}
		if tb != c.want || ev != c.ev || Replay(c.rolls) != c.want {
			t.Errorf("%v: %+v %s, want %+v %s", c.rolls, tb, ev, c.want, c.ev)
		}
	}
}

func TestPaytable_RoundOverAndCheckResult(t *testing.T) {
	pt := mustNew(peru1999())
	h := hand([2]int{3, 4}, [2]int{4, 4}, [2]int{6, 6}, [2]int{2, 6}, [2]int{1, 5}, [2]int{5, 2})
	for i := 0; i < len(h); i++ {
		if pt.RoundOver(h[:i]) {
			t.Fatalf("over after %d rolls", i)
		}
		if err := pt.CheckResult(h[i], h[:i]); err != nil {
			t.Fatalf("roll %d refused: %v", i, err)
		}
	}
	if !pt.RoundOver(h) {
		t.Fatal("not over after the seven-out")
	}
	if err := pt.CheckResult(Roll{1, 1}, h); !errors.Is(err, ErrHandOver) || ErrorCode(err) != CodeRoundFinished {
		t.Fatalf("a roll after the seven-out: %v", err)
	}
	if err := pt.CheckResult(Roll{0, 1}, nil); !errors.Is(err, ErrBadRoll) {
		t.Fatalf("a bad roll: %v", err)
	}
	if err := pt.CheckResult(fakeResult{}, nil); !errors.Is(err, ErrBadRoll) {
		t.Fatalf("another game's result: %v", err)
	}
	if pt.RoundOver([]games.Result{fakeResult{}}) {
		t.Fatal("another game's result ends the hand")
	}
}
