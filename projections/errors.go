package projections

import (
	"errors"
	"fmt"

	"github.com/wagerlog/wagerlog/events"
)

// Errors returned by the store and its queries.
var (
	// ErrNotFound is returned by a query for a table, round or balance that
	// the projections do not hold (yet: see WaitFor).
	ErrNotFound = errors.New("projections: not found")
	// ErrTimeout is returned by WaitFor when its context ends before the
	// projections reach the sequence asked for. The error also wraps the
	// context's own error.
	ErrTimeout = errors.New("projections: sequence not reached in time")
	// ErrBadCursor is returned (as a *CursorError) when a page cursor was
	// not made by this store for that query.
	ErrBadCursor = errors.New("projections: bad page cursor")
	// ErrBadQuery is returned when a query's arguments are malformed: a page
	// limit out of range, a date that is not YYYY-MM-DD, a range too long.
	ErrBadQuery = errors.New("projections: bad query")
	// ErrClosed is returned by every method called after Close.
	ErrClosed = errors.New("projections: store closed")
	// ErrIncompatible is returned by Open when the file was built by another
	// schema version, or with another time zone or board size: its answers
	// would differ from a fresh build. Rebuild it (wagerlog rebuild).
	ErrIncompatible = errors.New("projections: file built with other settings; rebuild it")
	// ErrOtherSchema is returned by Open, with ErrIncompatible, when the
	// file was written by a build with another layout (SchemaVersion): an
	// upgrade. Unlike a file built under another time zone or board size,
	// which may be the operator's mistake, such a file can only be
	// rebuilt (replay.OpenOrRebuild does it).
	ErrOtherSchema = errors.New("projections: file written by another schema version")
	// ErrInconsistent is returned by Apply when an event does not fit what
	// the projections hold (a bet on a round never opened): the stream is
	// broken or the file was not built from its start. Nothing of the batch
	// is applied.
	ErrInconsistent = errors.New("projections: event does not fit the projections")
	// ErrReadOnly is returned by Apply on a store opened read-only.
	ErrReadOnly = errors.New("projections: store is read-only")
	// ErrDamaged is returned (as a *DamagedError) by Apply and by the
	// queries when a record of the file does not decode: a damaged file,
	// or one written by a build with a bug. The file is derived data, so
	// this is an operating error, never a panic: rebuild the file
	// (wagerlog rebuild; serve does it itself, see Store.Damaged).
	ErrDamaged = errors.New("projections: damaged record; rebuild the file")
)

// DamagedError is returned when a record does not decode. It matches
// ErrDamaged and wraps the decoding error.
type DamagedError struct {
	// Bucket and Key locate the record in the file.
	Bucket, Key string
	// Err is why it does not decode.
	Err error
}

// Error implements error.
func (e *DamagedError) Error() string {
	return fmt.Sprintf("%v: bucket %s key %q: %v", ErrDamaged, e.Bucket, e.Key, e.Err)
}

// Unwrap returns ErrDamaged and the decoding error.
func (e *DamagedError) Unwrap() []error { return []error{ErrDamaged, e.Err} }

// damaged returns a *DamagedError for the record at bucket and key.
func damaged(bucket, key []byte, err error) error {
	return &DamagedError{Bucket: string(bucket), Key: string(key), Err: err}
}

// CursorError is returned when a page cursor cannot be decoded. It matches
// ErrBadCursor.
type CursorError struct {
	Cursor string
	Reason string
}

// Error implements error.
func (e *CursorError) Error() string {
	return fmt.Sprintf("%v %q: %s", ErrBadCursor, e.Cursor, e.Reason)
}

// Unwrap returns ErrBadCursor.
func (e *CursorError) Unwrap() error { return ErrBadCursor }

// GapError is returned by Apply when a batch does not continue the last
// applied sequence: an event would be skipped. Nothing of the batch is
// applied. It matches events.ErrSequenceGap.
type GapError struct {
	// Applied is the last sequence applied; Got is the first sequence
	// after it that the batch holds.
	Applied, Got uint64
}

// Error implements error.
func (e *GapError) Error() string {
	return fmt.Sprintf("projections: sequence gap: applied up to %d, batch continues at %d", e.Applied, e.Got)
}

// Unwrap returns events.ErrSequenceGap.
func (e *GapError) Unwrap() error { return events.ErrSequenceGap }
