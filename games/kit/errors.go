package kit

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
)

// ErrBadResult is returned, wrapped in a *ResultError, for a result a
// game refuses: every card game's (sicbo's dice and roulette's pockets
// have errors of their own). Code invalid_result.
var ErrBadResult error = &games.Sentinel{Msg: "invalid result", Code: "invalid_result"}

// ResultError says which rule of its game a result breaks. It wraps
// ErrBadResult, and its code is invalid_result. A game's ResultError is
// this type; its Rule… constants name the rules.
type ResultError struct {
	// Rule is one of the game's Rule… constants.
	Rule string
	// Reason is a sentence for a human: which hand, which card, what the
	// rule wanted.
	Reason string
}

// Error writes the rule and the reason.
func (e *ResultError) Error() string {
	return fmt.Sprintf("%v: %s: %s", ErrBadResult, e.Rule, e.Reason)
}

// Unwrap returns ErrBadResult, for errors.Is.
func (e *ResultError) Unwrap() error { return ErrBadResult }

// ErrorCode returns invalid_result.
func (e *ResultError) ErrorCode() string { return "invalid_result" }

// ResultErrorf returns a *ResultError for rule with a formatted reason.
func ResultErrorf(rule, format string, args ...any) *ResultError {
	return &ResultError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}
