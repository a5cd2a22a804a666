package assert

import "fmt"

// Prefix starts the message of every panic raised by That, so that a crash
// report shows at once that an invariant failed.
const Prefix = "assert: "

// That panics with Prefix followed by the message fmt.Sprintf(format,
// args...) when cond is false, and does nothing when it is true. The message
// is formatted only on failure, but args are evaluated at every call: keep
// them cheap on hot paths.
//
//	assert.That(sum.IsZero(), "postings of %s do not balance: %s", id, sum)
func That(cond bool, format string, args ...any) {
	if !cond {
		panic(Prefix + fmt.Sprintf(format, args...))
	}
}
