package craps

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error this package returns wraps exactly one of
// them, so callers test with errors.Is and never by text. Each one but
// ErrBadPaytable carries its stable API code: ErrorCode(err), or the
// ErrorCode method that errors.As finds on the sentinel (and on
// *BetCodeError and *OddsLimitError) for callers that know no craps.
var (
	// ErrBadBetCode is returned (inside a *BetCodeError) when a bet code
	// does not parse or names a number the bet does not take (place:7,
	// hard:5). Code invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBetNotOffered is returned (inside a *BetCodeError) when a bet code
	// is well formed but the paytable has no line that pays it. Code
	// bet_not_offered.
	ErrBetNotOffered = kit.ErrBetNotOffered
	// ErrBadRoll is returned when a result is not exactly two dice with
	// values 1..6, or carries members that belong to other games. Code
	// invalid_dice, as for Sic Bo.
	ErrBadRoll error = &games.Sentinel{Msg: "invalid roll", Code: CodeInvalidDice}
	// ErrBadStake is returned when a stake is zero or negative, has more
	// decimals than the currency's scale, or is not below
	// 10^StakeDigitsMax. Code invalid_amount.
	ErrBadStake = kit.ErrBadStake
	// ErrBadScale is returned when a currency scale is outside 0..ScaleMax.
	// Code invalid_scale.
	ErrBadScale = kit.ErrBadScale
	// ErrUnknownPaytable is returned by Lookup for an id not in the
	// catalog. Code unknown_paytable.
	ErrUnknownPaytable = games.ErrUnknownPaytable
	// ErrNotNow is returned when a bet is placed (or settled as if placed)
	// in a table state that does not take it: pass and don't pass only on
	// a come-out roll, come and don't come and the pass line's odds only
	// while a point is on. Code bet_not_allowed_now.
	ErrNotNow error = &games.Sentinel{Msg: "bet not allowed in the table's state", Code: CodeBetNotAllowedNow}
	// ErrNoLineBet is returned when odds are placed without the player's
	// line bet on that point among the open bets. Code
	// odds_without_line_bet.
	ErrNoLineBet error = &games.Sentinel{Msg: "odds without a line bet on the point", Code: CodeOddsWithoutLineBet}
	// ErrOddsAboveLimit is returned (inside an *OddsLimitError) when odds
	// would exceed the paytable's odds multiple of the line bet's stake.
	// Code odds_above_limit.
	ErrOddsAboveLimit error = &games.Sentinel{Msg: "odds above the line bet's multiple", Code: CodeOddsAboveLimit}
	// ErrHandOver is returned when a bet is placed, a bet taken down or a
	// roll recorded after the shooter sevened out: the round is over.
	// Code round_finished, the ledger's code for a finished round.
	ErrHandOver error = &games.Sentinel{Msg: "the shooter's hand is over", Code: CodeRoundFinished}
	// ErrNoTakeDown is returned when a bet that may not be taken down is:
	// pass and come ever, don't pass and don't come before their point,
	// one-roll bets. Code take_down_not_allowed.
	ErrNoTakeDown error = &games.Sentinel{Msg: "bet may not be taken down", Code: CodeTakeDownNotAllowed}
	// ErrBetDecided is returned when a bet that the rolls already decided
	// is taken down. Code bet_decided.
	ErrBetDecided error = &games.Sentinel{Msg: "bet already decided", Code: CodeBetDecided}
	// ErrBadPoint is returned by SettleSequence for a point that is not
	// 4, 5, 6, 8, 9 or 10. Code invalid_point.
	ErrBadPoint error = &games.Sentinel{Msg: "invalid point", Code: CodeInvalidPoint}
	// ErrHandTooLong is returned when a hand has more than HandRollsMax
	// rolls. Code hand_too_long.
	ErrHandTooLong error = &games.Sentinel{Msg: "hand too long", Code: CodeHandTooLong}
	// ErrTooManyBets is returned by CheckPlacement when odds are placed
	// beside more than OpenBetsMax open bets. Code too_many_bets.
	ErrTooManyBets error = &games.Sentinel{Msg: "too many open bets", Code: CodeTooManyBets}
	// ErrBadPaytable is returned by New when paytable data is inconsistent.
	// It has no API code: paytable data is never a bettor's input.
	ErrBadPaytable = kit.ErrBadPaytable
)

// Stable error codes of the API, returned by ErrorCode. The first six are
// the codes Sic Bo uses for the same faults.
const (
	CodeInvalidBetCode     = kit.CodeInvalidBetCode
	CodeBetNotOffered      = kit.CodeBetNotOffered
	CodeInvalidDice        = "invalid_dice"
	CodeInvalidAmount      = kit.CodeInvalidAmount
	CodeInvalidScale       = kit.CodeInvalidScale
	CodeUnknownPaytable    = kit.CodeUnknownPaytable
	CodeBetNotAllowedNow   = "bet_not_allowed_now"
	CodeOddsWithoutLineBet = "odds_without_line_bet"
	CodeOddsAboveLimit     = "odds_above_limit"
	CodeRoundFinished      = "round_finished"
	CodeTakeDownNotAllowed = "take_down_not_allowed"
	CodeBetDecided         = "bet_decided"
	CodeInvalidPoint       = "invalid_point"
	CodeHandTooLong        = "hand_too_long"
	CodeTooManyBets        = "too_many_bets"
)

// ErrorCode maps an error of this package to its stable API code, and
// returns "" for an error that is not one of this package's and for
// ErrBadPaytable.
func ErrorCode(err error) string {
	return games.ErrorCode(err)
}

// BetCodeError says which bet code was refused and why (the kit's). Err
// is ErrBadBetCode or ErrBetNotOffered.
type BetCodeError = kit.BetCodeError

// betCodeError builds a *BetCodeError, cutting an overlong code.
func betCodeError(code string, sentinel error, format string, args ...any) *BetCodeError {
	return kit.BetCodeErrorf(code, BetCodeLenMax, sentinel, format, args...)
}

// OddsLimitError says how far odds may go behind the line bets they stand
// behind. It wraps ErrOddsAboveLimit.
type OddsLimitError struct {
	// Code is the odds bet's code.
	Code string
	// Multiple is the paytable's odds multiple.
	Multiple int
	// Line is the stake of the player's open line bets the odds stand
	// behind; Taken the odds already open behind them.
	Line, Taken string
	// Stake is the refused odds stake.
	Stake string
}

func (e *OddsLimitError) Error() string {
	return fmt.Sprintf("%v: %s of %s behind line bets of %s already holding %s odds (at most %d× the line bet)",
		ErrOddsAboveLimit, e.Code, e.Stake, e.Line, e.Taken, e.Multiple)
}

// Unwrap returns ErrOddsAboveLimit.
func (e *OddsLimitError) Unwrap() error { return ErrOddsAboveLimit }

// ErrorCode returns odds_above_limit.
func (e *OddsLimitError) ErrorCode() string { return CodeOddsAboveLimit }
