package kit

import (
	"errors"
	"fmt"

	"github.com/wagerlog/wagerlog/games"
)

// Stable API codes that several games' errors share. A game's Code…
// constants of the same name are these.
const (
	CodeInvalidResult   = "invalid_result"
	CodeInvalidBetCode  = "invalid_bet_code"
	CodeBetNotOffered   = "bet_not_offered"
	CodeInvalidAmount   = "invalid_amount"
	CodeInvalidScale    = "invalid_scale"
	CodeBetRefused      = "bet_refused"
	CodeUnknownPaytable = "unknown_paytable"
)

// The sentinels that several games share, word for word: their messages
// are part of frozen settle answers, so one declaration keeps them alike.
// A game's Err… variable of the same meaning is one of these; the game
// documents when it returns it.
var (
	// ErrBadResult is returned, wrapped in a *ResultError, for a result a
	// game refuses: every card game's (sicbo's dice and roulette's
	// pockets have errors of their own). Code invalid_result.
	ErrBadResult error = &games.Sentinel{Msg: "invalid result", Code: CodeInvalidResult}
	// ErrBadBetCode is returned when a bet code does not parse. Code
	// invalid_bet_code.
	ErrBadBetCode error = &games.Sentinel{Msg: "invalid bet code", Code: CodeInvalidBetCode}
	// ErrBetNotOffered is returned when a bet code is well formed but the
	// paytable does not offer it. Code bet_not_offered.
	ErrBetNotOffered error = &games.Sentinel{Msg: "bet not offered by this paytable", Code: CodeBetNotOffered}
	// ErrBadAmount is returned when a stake or an amount is not positive,
	// has more decimals than the currency's scale or is too large. Code
	// invalid_amount. (ErrBadStake, "invalid stake", is the settle line's
	// own wording of the same code.)
	ErrBadAmount error = &games.Sentinel{Msg: "invalid amount", Code: CodeInvalidAmount}
	// ErrBadScale is returned when a currency scale is outside the
	// game's range. Code invalid_scale.
	ErrBadScale error = &games.Sentinel{Msg: "invalid currency scale", Code: CodeInvalidScale}
	// ErrBetRefused is returned, wrapped in a *PlacementError, when the
	// round does not allow a bet now. Code bet_refused.
	ErrBetRefused error = &games.Sentinel{Msg: "bet refused by the round", Code: CodeBetRefused}
	// ErrBadPaytable is returned by a game's New for inconsistent
	// paytable data. It has no API code: paytable data is never a
	// bettor's input.
	ErrBadPaytable = errors.New("invalid paytable")
)

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
func (e *ResultError) ErrorCode() string { return CodeInvalidResult }

// ResultErrorf returns a *ResultError for rule with a formatted reason.
func ResultErrorf(rule, format string, args ...any) *ResultError {
	return &ResultError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// PlacementError says why the round refuses a bet now (blackjack's and
// War's rounds). It wraps ErrBetRefused; its code is bet_refused.
type PlacementError struct {
	// Code is the refused bet's code.
	Code string
	// Rule is one of the game's Rule… constants.
	Rule string
	// Reason is a sentence for a human.
	Reason string
}

// Error writes the bet, the rule and the reason.
func (e *PlacementError) Error() string {
	return fmt.Sprintf("%v: %s: %s: %s", ErrBetRefused, e.Code, e.Rule, e.Reason)
}

// Unwrap returns ErrBetRefused, for errors.Is.
func (e *PlacementError) Unwrap() error { return ErrBetRefused }

// ErrorCode returns bet_refused.
func (e *PlacementError) ErrorCode() string { return CodeBetRefused }

// Refused returns a *PlacementError for the bet code and rule with a
// formatted reason.
func Refused(code, rule, format string, args ...any) *PlacementError {
	return &PlacementError{Code: code, Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// BrokenRule returns the Rule of the *ResultError or *PlacementError
// inside err, or "": the rule a settle answer or a dispute report prints.
func BrokenRule(err error) string {
	var re *ResultError
	if errors.As(err, &re) {
		return re.Rule
	}
	var pe *PlacementError
	if errors.As(err, &pe) {
		return pe.Rule
	}
	return ""
}

// BetCodeError says which bet code was refused and why (the dice and
// wheel games' refusals: craps, roulette, Sic Bo). Its code is its
// sentinel's.
type BetCodeError struct {
	// Code is the bet code as given, cut to the game's BetCodeLenMax bytes
	// plus "..." when longer, so an absurd input cannot bloat logs.
	Code string
	// Reason is a sentence for a human: what is wrong and, when there is
	// one, the canonical spelling.
	Reason string
	// Err is the sentinel: the game's ErrBadBetCode or ErrBetNotOffered.
	Err error
}

// Error writes the sentinel, the code and the reason.
func (e *BetCodeError) Error() string { return fmt.Sprintf("%v: %q: %s", e.Err, e.Code, e.Reason) }

// Unwrap returns the sentinel, for errors.Is.
func (e *BetCodeError) Unwrap() error { return e.Err }

// ErrorCode returns the sentinel's code: invalid_bet_code or
// bet_not_offered.
func (e *BetCodeError) ErrorCode() string { return games.ErrorCode(e.Err) }

// BetCodeErrorf returns a *BetCodeError for code, cut to limit bytes,
// wrapping sentinel with a formatted reason.
func BetCodeErrorf(code string, limit int, sentinel error, format string, args ...any) *BetCodeError {
	if len(code) > limit {
		code = code[:limit] + "..."
	}
	return &BetCodeError{Code: code, Reason: fmt.Sprintf(format, args...), Err: sentinel}
}
