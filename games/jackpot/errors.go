package jackpot

import (
	"errors"
	"fmt"

	"github.com/wagerlog/wagerlog/games"
)

// Sentinel errors. Every error of this package wraps exactly one of them,
// so callers test with errors.Is and never by text; each carries its
// stable API code, which ErrorCode returns and errors.As finds
// (games.CodedError).
var (
	// ErrBadParams is returned by New for inconsistent pool parameters
	// (percentages that do not add up, a ceiling below the base, a prize
	// line that is neither a multiple nor a percentage…). Code
	// invalid_jackpot_params.
	ErrBadParams error = &games.Sentinel{Msg: "invalid jackpot parameters", Code: CodeInvalidParams}
	// ErrBadAmount is returned when a progressive bet, a pool balance or
	// an adjustment is not a valid amount of the pool's currency:
	// negative (or zero for a bet), more decimals than the scale, not
	// below 10^AmountDigitsMax. Code invalid_amount.
	ErrBadAmount error = &games.Sentinel{Msg: "invalid amount", Code: CodeInvalidAmount}
	// ErrBadPass is returned (inside a *PassError) when a pass's hands
	// cannot be settled: a seat outside 1..SeatsMax or given twice, a hand
	// that is not five cards, a card dealt twice in the pass, an unknown
	// forfeit, pools that do not fit the parameters. Code invalid_pass.
	ErrBadPass error = &games.Sentinel{Msg: "invalid pass", Code: CodeInvalidPass}
	// ErrRoundOpen is returned when the parameters of a pool would change,
	// or a table be unlinked, while a round of a linked table is open:
	// the bets of that round were accepted under the parameters in force.
	// Code jackpot_round_open.
	ErrRoundOpen error = &games.Sentinel{Msg: "a round of a linked table is open", Code: CodeRoundOpen}
	// ErrNotLinked is returned for a table that is not linked to the pool.
	// Code table_not_linked.
	ErrNotLinked error = &games.Sentinel{Msg: "table not linked to the pool", Code: CodeNotLinked}
	// ErrAlreadyLinked is returned when a table already linked (to this
	// pool) is linked again. Code table_already_linked.
	ErrAlreadyLinked error = &games.Sentinel{Msg: "table already linked to the pool", Code: CodeAlreadyLinked}
	// ErrParamsChanged is returned when parameters are resolved by a hash
	// other than theirs: a pass is settled only under the parameters its
	// round was opened with. Code jackpot_params_changed.
	ErrParamsChanged error = &games.Sentinel{Msg: "jackpot parameters changed", Code: CodeParamsChanged}
	// ErrUnknownPool is returned by Lookup for a pool not in the catalog.
	// Code unknown_pool.
	ErrUnknownPool error = &games.Sentinel{Msg: "unknown pool", Code: CodeUnknownPool}
	// ErrPoolNegative is returned when an adjustment would take a pool
	// account below zero: a pool holds players' money and is never
	// overdrawn. Code pool_negative.
	ErrPoolNegative error = &games.Sentinel{Msg: "a pool account would go below zero", Code: CodePoolNegative}
	// ErrBadReason is returned for an adjustment or a decommission
	// without a reason. Code reason_required.
	ErrBadReason error = &games.Sentinel{Msg: "a reason is required", Code: CodeReasonRequired}
)

// Stable error codes of the API, returned by ErrorCode.
const (
	CodeInvalidParams  = "invalid_jackpot_params"
	CodeInvalidAmount  = "invalid_amount"
	CodeInvalidPass    = "invalid_pass"
	CodeRoundOpen      = "jackpot_round_open"
	CodeNotLinked      = "table_not_linked"
	CodeAlreadyLinked  = "table_already_linked"
	CodeParamsChanged  = "jackpot_params_changed"
	CodeUnknownPool    = "unknown_pool"
	CodePoolNegative   = "pool_negative"
	CodeReasonRequired = "reason_required"
	// CodeInvalidRequest is the code of a settle line that is not a
	// request (bad JSON, unknown member).
	CodeInvalidRequest = "invalid_request"
)

// PassError says which seat of a pass is wrong and why. It wraps
// ErrBadPass, and the card error when a card is the cause.
type PassError struct {
	// Seat is the seat concerned, 0 for the pass as a whole.
	Seat int
	// Reason is a sentence for a human.
	Reason string
	// Err is the underlying error (a poker *ResultError), or nil.
	Err error
}

func (e *PassError) Error() string {
	if e.Seat == 0 {
		return fmt.Sprintf("%v: %s", ErrBadPass, e.Reason)
	}
	return fmt.Sprintf("%v: seat %d: %s", ErrBadPass, e.Seat, e.Reason)
}

// Unwrap returns ErrBadPass and the cause, for errors.Is.
func (e *PassError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrBadPass, e.Err}
	}
	return []error{ErrBadPass}
}

// ErrorCode returns invalid_pass.
func (e *PassError) ErrorCode() string { return CodeInvalidPass }

func passError(seat int, err error, format string, args ...any) *PassError {
	return &PassError{Seat: seat, Reason: fmt.Sprintf(format, args...), Err: err}
}

// ErrorCode maps an error of this package to its stable API code, and
// returns "" for an error that is not one of this package's.
func ErrorCode(err error) string {
	var p *PassError
	if errors.As(err, &p) {
		return p.ErrorCode()
	}
	return games.ErrorCode(err)
}

// A compile-time check that PassError carries its code through the seam.
var _ games.CodedError = (*PassError)(nil)
