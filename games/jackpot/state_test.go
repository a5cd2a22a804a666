package jackpot

import (
	"testing"
)

func TestState(t *testing.T) {
	jp1 := mustNew(pool1())
	p2 := pool1()
	p2.Version = 2
	v2 := mustNew(p2)
	s := NewState(jp1)
	var err error
	step := func(next State, err error) State {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return next
	}
	s = step(s.Link("caribbean-1"))
	s = step(s.Link("draw-1")) // a table of another poker game
	if _, err = s.Link("draw-1"); ErrorCode(err) != CodeAlreadyLinked {
		t.Errorf("link twice: %v", err)
	}
	if _, err = s.OpenRound("baccarat-1", jp1.Hash()); ErrorCode(err) != CodeNotLinked {
		t.Errorf("open unlinked: %v", err)
	}
	if _, err = s.OpenRound("draw-1", v2.Hash()); ErrorCode(err) != CodeParamsChanged {
		t.Errorf("open under other parameters: %v", err)
	}
	open := step(s.OpenRound("draw-1", jp1.Hash()))
	if _, err = open.Configure(v2); ErrorCode(err) != CodeRoundOpen {
		t.Errorf("configure with a round open: %v", err)
	}
	if _, err = open.Unlink("draw-1"); ErrorCode(err) != CodeRoundOpen {
		t.Errorf("unlink with a round open: %v", err)
	}
	if _, err = open.OpenRound("draw-1", jp1.Hash()); ErrorCode(err) != CodeRoundOpen {
		t.Errorf("open twice: %v", err)
	}
	// The state is a value: s did not see the round open.
	if _, err = s.Configure(v2); err != nil {
		t.Errorf("configure on the earlier state: %v", err)
	}
	closed := step(open.CloseRound("draw-1"))
	next := step(closed.Configure(v2))
	if next.Pool().Version() != 2 || len(next.Tables()) != 2 {
		t.Errorf("%+v", next.Tables())
	}
	if _, err = next.Configure(v2); ErrorCode(err) != CodeInvalidParams {
		t.Errorf("same version again: %v", err)
	}
	after := step(next.Unlink("caribbean-1"))
	if got := after.Tables(); len(got) != 1 || got[0] != "draw-1" {
		t.Errorf("tables %v", got)
	}
	if _, err = after.Unlink("caribbean-1"); ErrorCode(err) != CodeNotLinked {
		t.Errorf("unlink twice: %v", err)
	}
}
