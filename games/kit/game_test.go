package kit

import (
	"errors"
	"strconv"
	"testing"
)

func TestMustBuild(t *testing.T) {
	build := func(s string) (int, error) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, errors.New("not a number")
		}
		return n, nil
	}
	if got := MustBuild("dice", build, "7"); got != 7 {
		t.Errorf("MustBuild = %d", got)
	}
	defer func() {
		if r := recover(); r != "dice: catalog paytable: not a number" {
			t.Errorf("panic %v", r)
		}
	}()
	MustBuild("dice", build, "x")
	t.Error("MustBuild of bad data did not panic")
}
