package api

import (
	"context"
	"errors"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// projectionErrors maps the projections' errors (and a context that
// ended) to the declared code they are answered with. The projections
// know no HTTP: their errors are the store's, and what a reader makes of
// them is this package's.
var projectionErrors = []struct {
	err  error
	code string
}{
	{projections.ErrNotFound, CodeNotFound},
	{projections.ErrBadCursor, CodeInvalidQuery},
	{projections.ErrBadQuery, CodeInvalidQuery},
	{projections.ErrTimeout, CodeProjectionLag},
	// A damaged file is being rebuilt (the projector's Repair).
	{projections.ErrClosed, ledger.ErrUnavailable.Code()},
	{projections.ErrDamaged, ledger.ErrUnavailable.Code()},
	{context.DeadlineExceeded, CodeTimeout},
	{context.Canceled, CodeTimeout},
}

// projectionCode returns the code of a projections' error, "" for
// another error.
func projectionCode(err error) string {
	for _, p := range projectionErrors {
		if errors.Is(err, p.err) {
			return p.code
		}
	}
	return ""
}
