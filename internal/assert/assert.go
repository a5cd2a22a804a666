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

// Fail panics as That does when its condition is false. On a hot path,
// write the check as an if around Fail rather than a call to That:
//
//	if e.Seq != last+1 {
//		assert.Fail("sequence %d after %d", e.Seq, last)
//	}
//
// That's arguments are boxed into interfaces before the call whether or
// not the condition holds, which costs the ledger's sequencer about ten
// allocations per bet; inside the if they are boxed only on failure.
func Fail(format string, args ...any) {
	panic(Prefix + fmt.Sprintf(format, args...))
}
