package roulette

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error that Settle, BetKind, ParseBet, ParsePocket,
// ParseResult and Lookup return wraps exactly one of them, so callers test
// with errors.Is and never by text. Each one but ErrBadPaytable carries its
// stable API code: ErrorCode(err), or the ErrorCode method that errors.As
// finds (as a games.CodedError) for callers that know no roulette.
var (
	// ErrBadBetCode is returned (inside a *BetCodeError) when a bet code does
	// not parse, names a pocket that no wheel has, writes its numbers out of
	// canonical order (ascending, 00 right after 0), or names numbers that
	// do not form a bet of its kind on the table layout of either wheel
	// (split:1-5, corner:1-2-3-4). Code invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBetNotOffered is returned (inside a *BetCodeError) when a bet code
	// is well formed but the paytable does not offer it: a kind it has no
	// rule for, or a bet of the other wheel's layout (straight:00 or
	// top_line:0-00-1-2-3 on a single-zero wheel, split:0-3 or
	// first_four:0-1-2-3 on a double-zero one). Code bet_not_offered.
	ErrBetNotOffered = kit.ErrBetNotOffered
	// ErrBadPocket is returned when a result is not a pocket of the
	// paytable's wheel: a JSON object other than {"pocket":"N"} with N one
	// of "0", "00", "1".."36" written without leading zeros, "00" on a
	// single-zero wheel, or not exactly one result for the round. Code
	// invalid_result.
	ErrBadPocket error = &games.Sentinel{Msg: "invalid result", Code: CodeInvalidResult}
	// ErrBadStake is returned when a stake is zero or negative, has more
	// decimals than the currency's scale, or is not below 10^StakeDigitsMax.
	// Code invalid_amount.
	ErrBadStake = kit.ErrBadStake
	// ErrBadScale is returned when a currency scale is outside 0..ScaleMax.
	// It is a configuration error of the caller, not of the bettor. Code
	// invalid_scale.
	ErrBadScale = kit.ErrBadScale
	// ErrBadPaytable is returned by New when paytable data is inconsistent
	// (an unknown kind, a wheel that is neither of the two layouts, odds
	// that are not an exact decimal multiple, ...). It has no API code:
	// paytable data is never a bettor's input.
	ErrBadPaytable = kit.ErrBadPaytable
)

// Lookup's unknown ids wrap games.ErrUnknownPaytable (code
// unknown_paytable), the catalog's own sentinel: one home for the concept.

// BetCodeError says which bet code was refused and why (the kit's). Err
// is ErrBadBetCode or ErrBetNotOffered.
type BetCodeError = kit.BetCodeError

// Stable error codes of the API, returned by ErrorCode.
const (
	CodeInvalidBetCode  = kit.CodeInvalidBetCode
	CodeBetNotOffered   = kit.CodeBetNotOffered
	CodeInvalidResult   = kit.CodeInvalidResult
	CodeInvalidAmount   = kit.CodeInvalidAmount
	CodeInvalidScale    = kit.CodeInvalidScale
	CodeUnknownPaytable = kit.CodeUnknownPaytable
)

// ErrorCode maps an error to its stable API code: the code of the first
// games.CodedError in its chain, which is every error of this package but
// ErrBadPaytable and games.ErrUnknownPaytable from Lookup. It returns ""
// for an error without one (the caller treats it as internal).
func ErrorCode(err error) string {
	return games.ErrorCode(err)
}

// betCodeError builds a *BetCodeError, cutting an overlong code.
func betCodeError(code string, sentinel error, format string, args ...any) *BetCodeError {
	return kit.BetCodeErrorf(code, BetCodeLenMax, sentinel, format, args...)
}
