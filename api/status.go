package api

import (
	"net/http"
	"sort"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
)

// Codes of this package's own errors (declared in ownErrors); the
// ledger's and the games' codes are declared with their errors
// (ledger.Errors, games.Errors).
const (
	CodeUnauthenticated       = "unauthenticated"
	CodeForbidden             = "forbidden" // ledger.ErrForbidden
	CodeNotFound              = "not_found"
	CodeMethodNotAllowed      = "method_not_allowed"
	CodeInvalidJSON           = "invalid_json"
	CodeInvalidQuery          = "invalid_query"
	CodeInvalidPath           = "invalid_path"
	CodeIdempotencyKeyMissing = "idempotency_key_missing"
	CodeRequestTooLarge       = "request_too_large"
	CodeUnsupportedMediaType  = "unsupported_media_type"
	CodeProjectionLag         = "projection_lag"
	CodeTimeout               = "timeout"
	CodeNotReady              = "not_ready"
	CodeNotImplemented        = "not_implemented"
	CodeReadOnly              = "read_only"
	CodeInternal              = "internal"
)

// ownErrors declares this package's own codes with their status and
// title. The rule for every code: 400 for a malformed request, 401/403
// for who you are, 404 for what does not exist, 409 for a conflict with
// the current state (retrying the same request will not help until the
// state changes), 422 for a well-formed request that a business rule
// refuses, 503 with Retry-After for a temporary condition of the server.
// docs/ERRORS.md explains each. CodeForbidden is the ledger's
// ErrForbidden: the API refuses a role before the ledger would.
var ownErrors = []*errcode.Error{
	errcode.New(CodeUnauthenticated, http.StatusUnauthorized, "Missing or unknown bearer token", CodeUnauthenticated),
	errcode.New(CodeNotFound, http.StatusNotFound, "Not found", CodeNotFound),
	errcode.New(CodeMethodNotAllowed, http.StatusMethodNotAllowed, "Method not allowed", CodeMethodNotAllowed),
	errcode.New(CodeInvalidJSON, http.StatusBadRequest, "Malformed JSON body", CodeInvalidJSON),
	errcode.New(CodeInvalidQuery, http.StatusBadRequest, "Malformed query parameter", CodeInvalidQuery),
	errcode.New(CodeInvalidPath, http.StatusBadRequest, "Path not in canonical form", CodeInvalidPath),
	errcode.New(CodeIdempotencyKeyMissing, http.StatusBadRequest, "Idempotency-Key header required", CodeIdempotencyKeyMissing),
	errcode.New(CodeRequestTooLarge, http.StatusRequestEntityTooLarge, "Request body too large", CodeRequestTooLarge),
	errcode.New(CodeUnsupportedMediaType, http.StatusUnsupportedMediaType, "Body must be application/json", CodeUnsupportedMediaType),
	errcode.New(CodeProjectionLag, http.StatusGatewayTimeout, "Projections behind min_seq", CodeProjectionLag),
	errcode.New(CodeTimeout, http.StatusGatewayTimeout, "Command outcome unknown", CodeTimeout),
	errcode.New(CodeNotReady, http.StatusServiceUnavailable, "Not ready", CodeNotReady),
	errcode.New(CodeNotImplemented, http.StatusNotImplemented, "Not implemented in this build", CodeNotImplemented),
	errcode.New(CodeReadOnly, http.StatusForbidden, "Read replica: send writes to the writer", CodeReadOnly),
	errcode.New(CodeInternal, http.StatusInternalServerError, "Internal error", CodeInternal),
}

// statuses indexes every code the API can answer: its own, the ledger's
// (ledger.Errors) and the games' (games.Errors). Each is declared once
// where its error is; a code declared twice is a programming error.
var statuses = indexErrors(ownErrors, ledger.Errors(), games.Errors())

func indexErrors(lists ...[]*errcode.Error) map[string]*errcode.Error {
	out := map[string]*errcode.Error{}
	for _, l := range lists {
		for _, e := range l {
			if _, dup := out[e.Code()]; dup {
				panic("api: code " + e.Code() + " declared twice")
			}
			out[e.Code()] = e
		}
	}
	return out
}

// StatusOf returns the HTTP status of a code; an unknown code is a 500.
func StatusOf(code string) int {
	if e, ok := statuses[code]; ok {
		return e.Status()
	}
	return http.StatusInternalServerError
}

func titleOf(code string) string {
	if e, ok := statuses[code]; ok {
		return e.Title()
	}
	return statuses[CodeInternal].Title()
}

// retryAfter returns the seconds a client should wait before retrying, for
// temporary conditions; 0 for the others.
func retryAfter(code string) int {
	switch code {
	case ledger.ErrOverloaded.Code(), ledger.ErrUnavailable.Code(), CodeNotReady:
		return 1
	}
	return 0
}

// Codes returns every code the API can answer, sorted, for the
// documentation test and docs/ERRORS.md.
func Codes() []string {
	out := make([]string, 0, len(statuses))
	for c := range statuses {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}
