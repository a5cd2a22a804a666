package replay

import "errors"

// Errors returned by the package.
var (
	// ErrBadAsOf is returned by BalancesAt when neither or both of a
	// sequence and a time are given.
	ErrBadAsOf = errors.New("replay: give a sequence or a time")
	// ErrIndex is returned by Round when the round index points at events
	// of another round or at none: the projections file is not the one of
	// this stream; rebuild it.
	ErrIndex = errors.New("replay: round index does not match the stream")
)
