package api

import (
	"context"
	"errors"

	"github.com/wagerlog/wagerlog/projections"
)

// projectionCode maps the projections' errors (and a context that ended) to
// codes.
func projectionCode(err error) string {
	switch {
	case errors.Is(err, projections.ErrNotFound):
		return CodeNotFound
	case errors.Is(err, projections.ErrBadCursor), errors.Is(err, projections.ErrBadQuery):
		return CodeInvalidQuery
	case errors.Is(err, projections.ErrTimeout):
		return CodeProjectionLag
	case errors.Is(err, projections.ErrClosed), errors.Is(err, projections.ErrDamaged):
		// A damaged file is being rebuilt (the projector's Repair).
		return "unavailable"
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return CodeTimeout
	}
	return ""
}
