package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/wagerlog/wagerlog/ledger"
)

// ProblemContentType is the media type of every error answer (RFC 9457).
const ProblemContentType = "application/problem+json"

// Problem is an error answer (RFC 9457). Code is the stable machine code a
// client switches on; Title is the short human name of the code, Detail the
// sentence about this occurrence.
type Problem struct {
	Type      string `json:"type"`
	Title     string `json:"title"`
	Status    int    `json:"status"`
	Detail    string `json:"detail,omitempty"`
	Instance  string `json:"instance,omitempty"`
	Code      string `json:"code"`
	RequestID string `json:"request_id,omitempty"`
}

// Error is an error raised by this package with its code, so that handlers
// return errors and one place turns them into problems.
type Error struct {
	Code   string
	Detail string
	// Err is the cause, if any, for errors.Is and the log.
	Err error
}

// Error implements error.
func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Detail + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Detail
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func apiErr(code, detail string) *Error { return &Error{Code: code, Detail: detail} }

// CodeOf returns the stable code of any error a handler can meet: this
// package's own, the ledger's, a game's, or "internal".
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	// The ledger's CodeOf also reads a game's code (games.ErrorCode):
	// the ledger passes a game's bet-code errors through unwrapped.
	code := ledger.CodeOf(err)
	if code == CodeInternal {
		if c := projectionCode(err); c != "" {
			return c
		}
	}
	return code
}

// problemFor builds the problem answer for err.
func problemFor(err error) Problem {
	code := CodeOf(err)
	status := StatusOf(code)
	p := Problem{
		Type:   "https://wagerlog.dev/errors#" + code,
		Title:  titleOf(code),
		Status: status,
		Code:   code,
	}
	var e *Error
	switch {
	case errors.As(err, &e):
		p.Detail = e.Detail
	case status >= 500 && code == "internal":
		// Never leak an unexpected error's text to the client; it is logged.
		p.Detail = "internal error; see the server log with the request id"
	default:
		p.Detail = err.Error()
	}
	return p
}

// writeProblem writes p with its status and, for codes a client should retry
// later, a Retry-After header.
func writeProblem(w http.ResponseWriter, r *http.Request, p Problem) {
	if r != nil {
		p.Instance = r.URL.Path
		p.RequestID = requestIDOf(r.Context())
	}
	if rw, ok := w.(*responseWriter); ok {
		rw.problem = p.Code
	}
	h := w.Header()
	h.Set("Content-Type", ProblemContentType)
	h.Set("Cache-Control", "no-store")
	if s := retryAfter(p.Code); s > 0 {
		h.Set("Retry-After", strconv.Itoa(s))
	}
	if p.Status == http.StatusUnauthorized {
		h.Set("WWW-Authenticate", `Bearer realm="wagerlog"`)
	}
	w.WriteHeader(p.Status)
	_ = json.NewEncoder(w).Encode(p)
}
