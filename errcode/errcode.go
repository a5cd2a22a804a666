// Package errcode gives an error its stable code, its HTTP status and its
// title in one declaration, in the manner of nats.go's jetstream errors:
//
//	ErrTableClosed = errcode.New("table_closed", http.StatusConflict,
//		"Table closed", "table closed")
//
// The value is an ordinary sentinel (errors.Is matches it, %w wraps it);
// the API's problem answers, the OpenAPI document and docs/ERRORS.md are
// derived from the declarations instead of repeating their codes. The
// package holds no table of its own: each package declares its errors and
// lists them (ledger.Errors, api.Codes), so there is no registration and
// no global state.
package errcode

import "errors"

// Error is an error with a stable code. Its message is what Error returns
// (the detail of a problem answer); Code, Status and Title are what the
// API answers with. Compare errors with errors.Is, never by code.
type Error struct {
	code   string
	status int
	title  string
	msg    string
}

// New declares an error: its stable code (never changed once released),
// the HTTP status the API answers it with, the short title of the code and
// the error's message.
func New(code string, status int, title, msg string) *Error {
	return &Error{code: code, status: status, title: title, msg: msg}
}

// Like declares a second error answered with e's code, status and title
// but its own message, distinct for errors.Is: a closed ledger answers
// "unavailable" as an unreachable log does, and callers may tell the two
// apart.
func (e *Error) Like(msg string) *Error {
	return &Error{code: e.code, status: e.status, title: e.title, msg: msg}
}

// Error returns the message.
func (e *Error) Error() string { return e.msg }

// Code returns the stable machine code.
func (e *Error) Code() string { return e.code }

// ErrorCode returns the stable machine code. It makes an *Error a
// games.CodedError, so that code reading a game's error reads these too.
func (e *Error) ErrorCode() string { return e.code }

// Status returns the HTTP status the API answers the error with.
func (e *Error) Status() int { return e.status }

// Title returns the short human name of the code.
func (e *Error) Title() string { return e.title }

// Of returns the first *Error in err's chain, or nil when there is none.
func Of(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}
