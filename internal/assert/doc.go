// Package assert checks invariants that only a bug in wagerlog itself can
// break: a posting set that does not balance, a stream sequence that goes
// backwards, a batch larger than the limit its builder enforced.
//
// Such a bug must stop the process loudly instead of being written to the
// log as a fact: an event stream is append-only, so a wrong event stays
// forever, while a crash costs a restart. That is why That panics rather than
// returning an error.
//
// Operating errors (bad input, a full stream, a lost connection, a
// conflicting writer) are never asserted: they are returned as errors and
// handled. An assertion states what the code around it has already made
// true; if outside input can make it false, it is a validation, not an
// assertion.
package assert
