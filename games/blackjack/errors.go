package blackjack

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error of this package wraps exactly one of them,
// so callers test with errors.Is and never by text; each one but
// ErrBadPaytable carries its stable API code, which ErrorCode returns and
// errors.As finds (games.CodedError) for callers that know no blackjack.
var (
	// ErrBadResult is returned (inside a *ResultError) when a result does
	// not parse or the round does not allow it: a card out of the order of
	// the deal, a decision the cards do not allow (doubling a three-card
	// hand, splitting a non-pair, hitting 21), a dealer card the dealer's
	// rule forbids. Code invalid_result.
	ErrBadResult = kit.ErrBadResult
	// ErrBadBetCode is returned when a bet code does not parse. Code
	// invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBetRefused is returned (inside a *PlacementError) by
	// CheckPlacement when the round does not allow the bet now: a double
	// out of turn, insurance when the dealer does not show an ace, a side
	// bet above its limit. Code bet_refused.
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
// *PlacementError. They are stable names: the dispute report and the
// settle --jsonl answer print them.
const (
	// RuleResultShape: the JSON is not one of the round's result objects.
	RuleResultShape = kit.RuleResultShape
	// RuleCardSpelling: a card is not rank (A23456789TJQK) then suit (SHDC).
	RuleCardSpelling = "card_spelling"
	// RuleShoe: a card appears more times in the round than the shoe holds.
	RuleShoe = "shoe_copies"
	// RuleDealOrder: the first two cards go one to each seat in seat
	// order, one to the dealer, then one more to each seat in the same
	// order; the first card of a round goes to a seat.
	RuleDealOrder = "deal_order"
	// RuleTurn: a decision or a card for a hand whose turn it is not:
	// seats play in seat order, a seat's hands left to right.
	RuleTurn = "not_your_turn"
	// RuleCardExpected: the hand must receive a card (after a hit, a
	// double, a split) before anything else happens.
	RuleCardExpected = "card_expected"
	// RuleDecisionExpected: the hand has its cards; the player decides
	// before it gets another.
	RuleDecisionExpected = "decision_expected"
	// RuleHand21: no decision on a hand of 21 (it stands).
	RuleHand21 = "hand_is_21"
	// RuleHandBust: no decision on a busted hand (it has lost).
	RuleHandBust = "hand_is_bust"
	// RuleDoubleTwoCards: a hand doubles only on its first two cards.
	RuleDoubleTwoCards = "double_on_two_cards"
	// RuleDoubleAfterSplit: the table does not allow doubling a split hand.
	RuleDoubleAfterSplit = "double_after_split"
	// RuleSplitPair: only a pair (two cards of one rank) splits.
	RuleSplitPair = "split_a_pair"
	// RuleSplitHandsMax: a seat has at most Settings.HandsMax hands.
	RuleSplitHandsMax = "split_hands_max"
	// RuleSplitAces: split aces get one card each and play no further,
	// unless the table allows re-splitting aces.
	RuleSplitAces = "split_aces_one_card"
	// RuleSurrender: surrender ("retiro") is the first decision on the
	// first two cards of an unsplit hand.
	RuleSurrender = "surrender_first_decision"
	// RuleDealerDraws: the dealer draws below 17 (and on soft 17 where
	// the table says so).
	RuleDealerDraws = "dealer_draws_below_17"
	// RuleDealerStands: the dealer stands on hard 17 or more (and on soft
	// 17 unless the table says otherwise).
	RuleDealerStands = "dealer_stands_on_17"
	// RuleRoundOver: nothing follows the dealer's complete hand.
	RuleRoundOver = "round_over"
	// RuleCutCard: the cut card comes out once.
	RuleCutCard = "cut_card_once"
	// RuleShuffle: the cut card leaves 52..104 cards behind it (seed 004,
	// Black Jack 1.5 "Corte", paragraph four).
	RuleShuffle = "cut_card_position"
	// RuleBetNotNow: the bet is not taken at this point of the round
	// (main and side bets before the first card; insurance after the
	// deal, before the first decision, when the dealer shows an ace;
	// double and split on the hand whose turn it is).
	RuleBetNotNow = "bet_not_now"
	// RuleBetStake: the stake is not the one the rule requires (a double
	// or split equal to the hand's stake; insurance up to half the main
	// bet; Perfect Pairs within its percentages of the main bet).
	RuleBetStake = "bet_stake"
	// RuleNoMainBet: a side bet, insurance, double or split needs the
	// player's main bet on the seat.
	RuleNoMainBet = "no_main_bet"
	// RuleInsuranceAce: insurance is offered only when the dealer's first
	// card is an ace.
	RuleInsuranceAce = "insurance_needs_ace"
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
