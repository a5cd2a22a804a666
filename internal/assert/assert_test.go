package assert

import (
	"strings"
	"testing"
)

// recovered runs f and returns the value it panicked with, or nil.
func recovered(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

func TestThat_OK(t *testing.T) {
	if v := recovered(func() { That(true, "never %s", "shown") }); v != nil {
		t.Fatalf("That(true) panicked with %v", v)
	}
}

func TestThat_PanicsWithPrefixedMessage(t *testing.T) {
	v := recovered(func() { That(1 > 2, "sequence went backwards: %d after %d", 41, 42) })
	msg, ok := v.(string)
	if !ok {
		t.Fatalf("panic value = %#v, want a string", v)
	}
	if want := "assert: sequence went backwards: 41 after 42"; msg != want {
		t.Errorf("panic message = %q, want %q", msg, want)
	}
	if !strings.HasPrefix(msg, Prefix) {
		t.Errorf("message %q lacks the prefix %q", msg, Prefix)
	}
}

func TestThat_NoArgs(t *testing.T) {
	// A message without verbs or arguments is used as it is.
	v := recovered(func() { That(false, "postings do not balance") })
	if v != "assert: postings do not balance" {
		t.Errorf("panic value = %#v", v)
	}
}

func TestFail_PanicsAsThat(t *testing.T) {
	v := recovered(func() { Fail("sequence went backwards: %d after %d", 41, 42) })
	w := recovered(func() { That(false, "sequence went backwards: %d after %d", 41, 42) })
	if v == nil || v != w {
		t.Errorf("Fail panicked with %#v, That with %#v", v, w)
	}
}
