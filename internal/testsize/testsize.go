package testsize

import "testing"

// Full reports whether the tests run at full size: built with the tag
// slow and not run with -short. It must be called from a test, after the
// testing flags are parsed.
func Full() bool {
	return slow && !testing.Short()
}

// Pick returns small by default and full when Full reports true: the size
// of a property test (rounds, hands, games).
func Pick[T any](small, full T) T {
	if Full() {
		return full
	}
	return small
}
