package poker

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error of this package wraps exactly one of them,
// so callers test with errors.Is and never by text; each one but
// ErrBadPaytable carries its stable API code, which ErrorCode returns and
// errors.As finds (games.CodedError).
var (
	// ErrBadResult is returned (inside a *ResultError) when a round's
	// cards do not parse or break a rule of the game: a card that is not
	// a card, a hand that is not five cards, a card dealt twice, a call
	// on a folded hand. Code invalid_result.
	ErrBadResult = kit.ErrBadResult
	// ErrBadBetCode is returned when a bet code is not one of the game's.
	// Code invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBadStake is returned when a stake is not positive, has more
	// decimals than the currency's scale or is not below
	// 10^StakeDigitsMax. Code invalid_amount.
	ErrBadStake = kit.ErrBadAmount
	// ErrBadScale is returned when a currency scale is outside
	// 0..ScaleMax. Code invalid_scale.
	ErrBadScale = kit.ErrBadScale
	// ErrBetRefused is returned by CheckPlacement for a call that is not
	// twice the player's ante, a call without an ante, or a second ante or
	// call. Code bet_refused.
	ErrBetRefused error = &games.Sentinel{Msg: "bet refused", Code: CodeBetRefused}
	// ErrUnknownPaytable is returned by Lookup for an id not in the
	// catalog. Code unknown_paytable.
	ErrUnknownPaytable = games.ErrUnknownPaytable
	// ErrBadPaytable is returned by New for inconsistent paytable data. It
	// has no API code: paytable data is never a bettor's input.
	ErrBadPaytable = kit.ErrBadPaytable
)

// Stable error codes of the API, returned by ErrorCode.
const (
	CodeInvalidResult   = kit.CodeInvalidResult
	CodeInvalidBetCode  = kit.CodeInvalidBetCode
	CodeInvalidAmount   = kit.CodeInvalidAmount
	CodeInvalidScale    = kit.CodeInvalidScale
	CodeBetRefused      = kit.CodeBetRefused
	CodeUnknownPaytable = kit.CodeUnknownPaytable
)

// Rules a result can break, the Rule of a *ResultError; stable names that
// the dispute report and settle answers print.
const (
	// RuleResultShape: the JSON is not the game's result object.
	RuleResultShape = kit.RuleResultShape
	// RuleCardSpelling: a card is not rank (23456789TJQKA) then suit
	// (SHDC).
	RuleCardSpelling = "card_spelling"
	// RuleHandSize: a hand is five cards.
	RuleHandSize = "hand_size"
	// RuleDuplicateCard: a card appears twice in a round dealt from one
	// deck.
	RuleDuplicateCard = "duplicate_card"
	// RuleFoldedCall: a call bet on a hand the player folded; a player
	// who folds places no call.
	RuleFoldedCall = "folded_no_call"
)

// ResultError says which rule a result breaks (the kit's). It wraps
// ErrBadResult; its code is invalid_result.
type ResultError = kit.ResultError

func resultError(rule, format string, args ...any) *ResultError {
	return kit.ResultErrorf(rule, format, args...)
}

// BrokenRule returns the Rule of the *ResultError inside err, or "".
func BrokenRule(err error) string { return kit.BrokenRule(err) }

// ErrorCode maps an error of this package to its stable API code, and
// returns "" for an error that is not one of this package's and for
// ErrBadPaytable.
func ErrorCode(err error) string {
	return games.ErrorCode(err)
}
