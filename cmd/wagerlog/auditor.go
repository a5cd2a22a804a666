package main

import (
	"bytes"
	"context"
	"errors"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// auditor serves the API's auditor routes (api.Auditor) from the stream and
// the server's own projections: the replay of one round through the round
// index, the verification of a range, and the reports.
type auditor struct {
	store *openedStore
	views *projections.Store
	opts  audit.Options
}

// ReplayRound replays one round found through the projections' round index
// (replay.Round: its events fetched by sequence, each bet re-settled).
func (a *auditor) ReplayRound(ctx context.Context, round string) (*replay.RoundReplay, error) {
	r, err := replay.Round(ctx, a.store, a.views, round, a.opts.Games)
	if errors.Is(err, projections.ErrNotFound) {
		return nil, &api.Error{Code: api.CodeNotFound, Detail: "round " + round + " is not in the projections (yet: see min_seq)", Err: err}
	}
	return r, err
}

// Verify verifies from..to and compares the projections with the fresh
// fold.
func (a *auditor) Verify(ctx context.Context, from, to uint64) (*audit.VerifyReport, error) {
	opts := a.opts
	opts.Projections = a.views
	return audit.Verify(ctx, a.store, from, to, opts)
}

// Report renders a report; params are the query string (see
// audit.BuildReport).
func (a *auditor) Report(ctx context.Context, kind string, params map[string][]string) (string, []byte, error) {
	r, format, err := audit.BuildReport(ctx, a.store, kind, params, a.opts)
	switch {
	case errors.Is(err, audit.ErrBadRequest), errors.Is(err, audit.ErrBadPeriod):
		return "", nil, &api.Error{Code: api.CodeInvalidQuery, Detail: err.Error(), Err: err}
	case errors.Is(err, audit.ErrRoundNotFound):
		return "", nil, &api.Error{Code: api.CodeNotFound, Detail: err.Error(), Err: err}
	case err != nil:
		return "", nil, err
	}
	var buf bytes.Buffer
	if err := audit.Render(&buf, r, format); err != nil {
		return "", nil, err
	}
	return format.ContentType(), buf.Bytes(), nil
}
