// Package assert panics on programmer errors: states the code must never
// reach, such as postings that do not balance or a sequence that goes
// backwards. Operating errors (bad input, a server that is down) are returned
// as errors, never asserted.
package assert

import "fmt"

// That panics with a message prefixed "assert: " when cond is false.
func That(cond bool, format string, args ...any) {
	if !cond {
		panic("assert: " + fmt.Sprintf(format, args...))
	}
}
