package jsonerr_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-json-experiment/json"

	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// TestStable_BothWordings rewords the library's two renderings of one
// error, whichever this process drew, to the same text, and keeps the
// error underneath reachable.
func TestStable_BothWordings(t *testing.T) {
	base := errors.New("base")
	for _, verb := range []string{"cannot", "unable to"} {
		err := fmt.Errorf("a settle line: json: %s unmarshal JSON string into Go x.T: %w", verb, base)
		got := jsonerr.Stable(err)
		if want := "a settle line: json: cannot unmarshal JSON string into Go x.T: base"; got.Error() != want {
			t.Errorf("%q: got %q, want %q", verb, got, want)
		}
		if !errors.Is(got, base) {
			t.Errorf("%q: the wrapped error is lost", verb)
		}
	}
	if jsonerr.Stable(nil) != nil {
		t.Error("Stable(nil) is not nil")
	}
	if other := errors.New("no json here"); jsonerr.Stable(other) != other {
		t.Error("an error with nothing to reword was replaced")
	}
}

// TestStable_Library checks a real error of the library: whatever verb
// this process drew, the stable text says "cannot", and errors.As still
// finds the library's SemanticError.
func TestStable_Library(t *testing.T) {
	var v struct{ A int }
	err := jsonerr.Stable(json.Unmarshal([]byte(`{"A":"x"}`), &v))
	if err == nil || !strings.Contains(err.Error(), "json: cannot unmarshal") || strings.Contains(err.Error(), "unable to") {
		t.Fatalf("got %v", err)
	}
	var sem *json.SemanticError
	if !errors.As(err, &sem) {
		t.Fatalf("%v: no SemanticError underneath", err)
	}
}
