package bingo

import (
	"errors"
	"fmt"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error of this package wraps exactly one of them,
// so callers test with errors.Is and never by text; each one but
// ErrBadPaytable carries its stable API code, which ErrorCode returns and
// errors.As finds (games.CodedError) for callers that know no bingo.
var (
	// ErrBadCard is returned (inside a *CardError) when a card breaks the
	// rules of seed 002 bingo section I: not 15 different numbers of
	// 1..90 in three rows of five, a row with two numbers in one column, a
	// column without a number, or a card id that does not parse. Code
	// invalid_card.
	ErrBadCard error = &games.Sentinel{Msg: "invalid card", Code: CodeInvalidCard}
	// ErrBadResult is returned (inside a *ResultError) when a ball does
	// not parse, is outside 1..90, was already drawn, or comes after the
	// game ended (a bingo or a void). Code invalid_result.
	ErrBadResult = kit.ErrBadResult
	// ErrBadBetCode is returned when a bet code is not "card:<id>:<15
	// numbers>". Code invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBadAmount is returned when a card's price or a prize is not
	// positive, has more decimals than the currency or is not below
	// 10^AmountDigitsMax. Code invalid_amount.
	ErrBadAmount = kit.ErrBadAmount
	// ErrBadScale is returned when a currency scale is outside 0..ScaleMax.
	// Code invalid_scale.
	ErrBadScale = kit.ErrBadScale
	// ErrDuplicateCard is returned when one game sells the same card (same
	// series and number) twice: card numbers are unique per series. Code
	// duplicate_card.
	ErrDuplicateCard error = &games.Sentinel{Msg: "card sold twice in one game", Code: CodeDuplicateCard}
	// ErrTooManyCards is returned when a game or a session holds more
	// cards than the paytable's CardsMax. Code too_many_cards.
	ErrTooManyCards error = &games.Sentinel{Msg: "too many cards", Code: CodeTooManyCards}
	// ErrBadSeries is returned when an announcement's series are not
	// valid: an id that does not parse, a range that is empty or out of
	// bounds, a face value that is not an amount, a series twice. Code
	// invalid_series.
	ErrBadSeries error = &games.Sentinel{Msg: "invalid series", Code: CodeInvalidSeries}
	// ErrGameNotOver is returned by SettleGame and SettleRound when the
	// balls given end neither in a bingo nor in a void: prizes are shared
	// among the winners of the whole game, so they are known only then.
	// Code game_not_over.
	ErrGameNotOver error = &games.Sentinel{Msg: "the game is not over", Code: CodeGameNotOver}
	// ErrRoundSettlement is returned by Paytable.Settle for a card of a
	// game that is over and not void: what a card wins depends on every
	// other card (shares of a prize), so the game is settled as a whole
	// (SettleRound). Code round_settlement_required.
	ErrRoundSettlement error = &games.Sentinel{Msg: "a bingo game is settled as a whole", Code: CodeRoundSettlement}
	// ErrUnknownPaytable is returned by Lookup for an id not in the
	// catalog. Code unknown_paytable.
	ErrUnknownPaytable = games.ErrUnknownPaytable
	// ErrBadClaim is returned by CheckClaim when a call names no prize
	// of bingo (a line or a bingo) or no card of the game. Code
	// invalid_claim.
	ErrBadClaim error = &games.Sentinel{Msg: "invalid claim", Code: CodeInvalidClaim}
	// ErrBadPaytable is returned by New for inconsistent paytable data. It
	// has no API code: paytable data is never a player's input.
	ErrBadPaytable = kit.ErrBadPaytable
)

// Stable error codes of the API, returned by ErrorCode.
const (
	CodeInvalidCard     = "invalid_card"
	CodeInvalidResult   = kit.CodeInvalidResult
	CodeInvalidBetCode  = kit.CodeInvalidBetCode
	CodeInvalidAmount   = kit.CodeInvalidAmount
	CodeInvalidScale    = kit.CodeInvalidScale
	CodeDuplicateCard   = "duplicate_card"
	CodeTooManyCards    = "too_many_cards"
	CodeInvalidSeries   = "invalid_series"
	CodeGameNotOver     = "game_not_over"
	CodeRoundSettlement = "round_settlement_required"
	CodeUnknownPaytable = kit.CodeUnknownPaytable
	CodeInvalidClaim    = "invalid_claim"
)

// Rules a card can break, the Rule of a *CardError. They are stable names:
// the settle --jsonl answer prints them.
const (
	// RuleCardID: the card's id is not "<series>-<number>" (CardID).
	RuleCardID = "card_id"
	// RuleCardShape: a card is three rows of five numbers.
	RuleCardShape = "card_shape"
	// RuleNumberRange: every number is in 1..90.
	RuleNumberRange = "number_range"
	// RuleNumberTwice: the 15 numbers are different ("15 números
	// distintos entre sí").
	RuleNumberTwice = "number_twice"
	// RuleRowColumns: a row holds one number per column, written in column
	// order (a row is five cells of the nine columns).
	RuleRowColumns = "row_columns"
	// RuleColumnEmpty: every column holds at least one number ("sin que
	// nunca haya una columna sin número").
	RuleColumnEmpty = "column_empty"
)

// Rules a result can break, the Rule of a *ResultError.
const (
	// RuleResultShape: the JSON is not {"ball":N} or {"void":"reason"}.
	RuleResultShape = kit.RuleResultShape
	// RuleBallRange: a ball is 1..90.
	RuleBallRange = "ball_range"
	// RuleBallTwice: a ball is drawn once per game.
	RuleBallTwice = "ball_drawn_twice"
	// RuleGameOver: nothing is drawn after the bingo or a void.
	RuleGameOver = "game_over"
	// RuleVoidReason: a void names one of the Void… reasons.
	RuleVoidReason = "void_reason"
	// RuleVoidByCancel: in the ledger a void game is the round's cancel,
	// by a supervisor with its reason, not a result the caller records.
	RuleVoidByCancel = "void_by_cancel"
)

// CardError says which rule a card breaks. It wraps ErrBadCard.
type CardError struct {
	// Card is the card's id as given ("" when unknown).
	Card string
	// Rule is one of the Rule… constants for cards.
	Rule string
	// Reason is a sentence for a human.
	Reason string
}

// Error writes the card, the rule and the reason.
func (e *CardError) Error() string {
	if e.Card == "" {
		return fmt.Sprintf("%v: %s: %s", ErrBadCard, e.Rule, e.Reason)
	}
	return fmt.Sprintf("%v %s: %s: %s", ErrBadCard, e.Card, e.Rule, e.Reason)
}

// Unwrap returns ErrBadCard, for errors.Is.
func (e *CardError) Unwrap() error { return ErrBadCard }

// ErrorCode returns invalid_card.
func (e *CardError) ErrorCode() string { return CodeInvalidCard }

func cardError(card, rule, format string, args ...any) *CardError {
	return &CardError{Card: cut(card), Rule: rule, Reason: fmt.Sprintf(format, args...)}
}

// ResultError says which rule a result breaks (the kit's). It wraps
// ErrBadResult; its code is invalid_result.
type ResultError = kit.ResultError

func resultError(rule, format string, args ...any) *ResultError {
	return kit.ResultErrorf(rule, format, args...)
}

// BrokenRule returns the Rule of the *CardError or *ResultError inside
// err, or "".
func BrokenRule(err error) string {
	var ce *CardError
	if errors.As(err, &ce) {
		return ce.Rule
	}
	var re *ResultError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}

// ErrorCode maps an error of this package to its stable API code, and
// returns "" for an error that is not one of this package's and for
// ErrBadPaytable.
func ErrorCode(err error) string {
	return games.ErrorCode(err)
}

// quoteMax bounds how much of a caller's text an error message repeats.
const quoteMax = 40

// cut shortens s for an error message, so that a long input cannot make a
// long error.
func cut(s string) string {
	if len(s) <= quoteMax {
		return s
	}
	return s[:quoteMax] + "…"
}
