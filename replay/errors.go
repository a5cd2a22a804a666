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
	// ErrTargetUnreadable is returned by Rebuild when the stream's last
	// event, which the rebuild must reach, cannot be read: the stream
	// still counts events it lost (a tail damaged in a crash), and a
	// rebuild that waited for them would never end. The stream must be
	// repaired first (docs/OPERATIONS.md).
	ErrTargetUnreadable = errors.New("replay: the stream's last event cannot be read; a rebuild cannot reach it")
)
