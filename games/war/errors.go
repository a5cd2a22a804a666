package war

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error of this package wraps exactly one of them,
// so callers test with errors.Is and never by text; each one but
// ErrBadPaytable carries its stable API code, which ErrorCode returns and
// errors.As finds (games.CodedError) for callers that know no War.
var (
	// ErrBadResult is returned (inside a *ResultError) when a result does
	// not parse or the round does not allow it. Code invalid_result.
	ErrBadResult = kit.ErrBadResult
	// ErrBadBetCode is returned when a bet code does not parse. Code
	// invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBetRefused is returned (inside a *PlacementError) by
	// CheckPlacement when the round does not allow the bet now. Code
	// bet_refused.
	ErrBetRefused = kit.ErrBetRefused
	// ErrBadStake is returned when a stake is not positive, has more
	// decimals than the currency's scale or is not below 10^StakeDigitsMax.
	// Code invalid_amount.
	ErrBadStake = kit.ErrBadAmount
	// ErrBadScale is returned when a currency scale is outside 0..ScaleMax.
	// Code invalid_scale.
	ErrBadScale = kit.ErrBadScale
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
	CodeBetRefused      = kit.CodeBetRefused
	CodeInvalidAmount   = kit.CodeInvalidAmount
	CodeInvalidScale    = kit.CodeInvalidScale
	CodeUnknownPaytable = kit.CodeUnknownPaytable
)

// Rules a result or a bet can break, the Rule of a *ResultError or a
// *PlacementError. They are stable names.
const (
	// RuleResultShape: the JSON is not one of the round's result objects.
	RuleResultShape = kit.RuleResultShape
	// RuleCardSpelling: a card is not rank (A23456789TJQK) then suit (SHDC).
	RuleCardSpelling = "card_spelling"
	// RuleShoe: a card appears more times in the round than the shoe holds.
	RuleShoe = "shoe_copies"
	// RuleDealOrder: one card to each seat in seat order, then one to the
	// dealer; the first card goes to a seat.
	RuleDealOrder = "deal_order"
	// RuleDecision: after a tie, each tied seat decides in seat order:
	// surrender or war; only tied seats decide.
	RuleDecision = "tie_decision"
	// RuleBurn: before the war cards the dealer burns three cards.
	RuleBurn = "burn_before_war"
	// RuleWarOrder: one war card to each seat that went to war, in seat
	// order, then one to the dealer.
	RuleWarOrder = "war_order"
	// RuleTieNeedsDecision: a settle line's tie needs "war" or
	// "surrendered".
	RuleTieNeedsDecision = "tie_needs_decision"
	// RuleRoundOver: nothing follows the round's last card.
	RuleRoundOver = "round_over"
	// RuleCutCard: the cut card comes out once.
	RuleCutCard = "cut_card_once"
	// RuleShuffle: a new shuffle burns its first card and puts the cut
	// card at least 52 cards from the end (seed 004, War 4.4 "Inicio del
	// juego").
	RuleShuffle = "shuffle"
	// RuleBetNotNow: the bet is not taken at this point of the round.
	RuleBetNotNow = "bet_not_now"
	// RuleBetStake: the raise equals the original bet.
	RuleBetStake = "bet_stake"
	// RuleNoMainBet: a tie bet or a raise needs the seat's main bet.
	RuleNoMainBet = "no_main_bet"
)

// ResultError says which rule a result breaks (the kit's). It wraps
// ErrBadResult; its code is invalid_result.
type ResultError = kit.ResultError

func resultError(rule, format string, args ...any) *ResultError {
	return kit.ResultErrorf(rule, format, args...)
}

// PlacementError says why the round refuses a bet now (the kit's). It
// wraps ErrBetRefused; its code is bet_refused.
type PlacementError = kit.PlacementError

func refused(code, rule, format string, args ...any) *PlacementError {
	return kit.Refused(code, rule, format, args...)
}

// BrokenRule returns the Rule of the *ResultError or *PlacementError
// inside err, or "".
func BrokenRule(err error) string { return kit.BrokenRule(err) }

// ErrorCode maps an error of this package to its stable API code, and
// returns "" for an error that is not one of this package's and for
// ErrBadPaytable.
func ErrorCode(err error) string {
	return games.ErrorCode(err)
}
