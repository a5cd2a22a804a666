package sicbo

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error that Settle, BetKind, ParseBet, Lookup and the
// RTP functions return wraps exactly one of them, so callers test with
// errors.Is and never by text. Each one but ErrBadPaytable carries its stable
// API code: ErrorCode(err), or the ErrorCode method that errors.As finds on
// the sentinel (and on *BetCodeError) for callers that know no Sic Bo.
var (
	// ErrBadBetCode is returned (inside a *BetCodeError) when a bet code does
	// not parse, names a number outside 1..6 or a total outside 4..17, writes
	// its numbers out of canonical order, or names a four-number group that
	// is not one of 1-2-3-4, 2-3-4-5, 2-3-5-6, 3-4-5-6. Code invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBetNotOffered is returned (inside a *BetCodeError) when a bet code is
	// well formed but the paytable has no line that pays it (odd and even
	// under sicbo/clm-2016, for example). Code bet_not_offered.
	ErrBetNotOffered = kit.ErrBetNotOffered
	// ErrBadDice is returned when a result is not exactly three dice with
	// values 1..6, or carries members that belong to other games (a hand, a
	// number). Code invalid_dice.
	ErrBadDice = kit.ErrBadDice
	// ErrBadStake is returned when a stake is zero or negative, has more
	// decimals than the currency's scale, or is not below 10^StakeDigitsMax.
	// Code invalid_amount.
	ErrBadStake = kit.ErrBadStake
	// ErrBadScale is returned when a currency scale is outside 0..ScaleMax.
	// It is a configuration error of the caller, not of the bettor. Code
	// invalid_scale.
	ErrBadScale = kit.ErrBadScale
	// ErrUnknownPaytable is returned by Lookup for an id not in the catalog.
	// Code unknown_paytable.
	ErrUnknownPaytable = games.ErrUnknownPaytable
	// ErrBadPaytable is returned by New when paytable data is inconsistent
	// (a rule that does not parse, a duplicate line, odds that are not an
	// exact decimal multiple, ...). It has no API code: paytable data is
	// never a bettor's input.
	ErrBadPaytable = kit.ErrBadPaytable
)

// BetCodeError says which bet code was refused and why (the kit's). Err
// is ErrBadBetCode or ErrBetNotOffered.
type BetCodeError = kit.BetCodeError

// Stable error codes of the API, returned by ErrorCode.
const (
	CodeInvalidBetCode  = kit.CodeInvalidBetCode
	CodeBetNotOffered   = kit.CodeBetNotOffered
	CodeInvalidDice     = "invalid_dice"
	CodeInvalidAmount   = kit.CodeInvalidAmount
	CodeInvalidScale    = kit.CodeInvalidScale
	CodeUnknownPaytable = kit.CodeUnknownPaytable
)

// ErrorCode maps an error of this package to its stable API code, and
// returns "" for an error that is not one of this package's (the caller
// treats it as internal) and for ErrBadPaytable.
func ErrorCode(err error) string {
	return games.ErrorCode(err)
}

// betCodeError builds a *BetCodeError, cutting an overlong code.
func betCodeError(code string, sentinel error, format string, args ...any) *BetCodeError {
	return kit.BetCodeErrorf(code, BetCodeLenMax, sentinel, format, args...)
}
