package testsize

import "testing"

// TestPick checks that Pick follows Full, and Full the build tag and
// -short, in whichever build this test runs.
func TestPick(t *testing.T) {
	want := slow && !testing.Short()
	if Full() != want {
		t.Fatalf("Full() = %v, want %v (tag slow %v, -short %v)", Full(), want, slow, testing.Short())
	}
	got := Pick(1, 2)
	if want && got != 2 || !want && got != 1 {
		t.Errorf("Pick(1, 2) = %d with Full() %v", got, want)
	}
}
