package baccarat

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Sentinel errors. Every error of this package wraps exactly one of them,
// so callers test with errors.Is and never by text; each one but
// ErrBadPaytable carries its stable API code, which ErrorCode returns and
// errors.As finds (games.CodedError) for callers that know no baccarat.
var (
	// ErrBadResult is returned (inside a *ResultError) when a coup's cards
	// do not parse or break a rule of the game: a card that is not a card,
	// a hand of the wrong size, a third card the drawing rules forbid or a
	// missing one they require, more copies of a card than the shoe holds,
	// a void play that does not fit seed section VIII. Code invalid_result.
	ErrBadResult = kit.ErrBadResult
	// ErrBadBetCode is returned when a bet code does not parse. Code
	// invalid_bet_code.
	ErrBadBetCode = kit.ErrBadBetCode
	// ErrBetNotOffered is returned for a well-formed code of the other
	// form (tableau:1 under punto banco). Code bet_not_offered.
	ErrBetNotOffered = kit.ErrBetNotOffered
	// ErrBadStake is returned when a stake or a bank is not positive, has
	// more decimals than the currency's scale or is not below
	// 10^StakeDigitsMax. Code invalid_amount.
	ErrBadStake = kit.ErrBadAmount
	// ErrBadScale is returned when a currency scale is outside 0..ScaleMax.
	// Code invalid_scale.
	ErrBadScale = kit.ErrBadScale
	// ErrBetsExceedBank is returned by CheckBets and SettleCoup when the
	// stakes of a coup that play (a bet on the line plays half) add up to
	// more than the bank: the banker could not pay them. Code
	// bets_exceed_bank.
	ErrBetsExceedBank error = &games.Sentinel{Msg: "the bets of the coup exceed the bank", Code: CodeBetsExceedBank}
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
	CodeBetNotOffered   = kit.CodeBetNotOffered
	CodeInvalidAmount   = kit.CodeInvalidAmount
	CodeInvalidScale    = kit.CodeInvalidScale
	CodeBetsExceedBank  = "bets_exceed_bank"
	CodeUnknownPaytable = kit.CodeUnknownPaytable
)

// Rules a result can break, the Rule of a *ResultError. They are stable
// names: the dispute report and the settle --jsonl answer print them.
const (
	// RuleResultShape: the JSON is not the form's result object.
	RuleResultShape = kit.RuleResultShape
	// RuleCardSpelling: a card is not rank (A23456789TJQK) then suit (SHDC).
	RuleCardSpelling = "card_spelling"
	// RuleCardsPerHand: a hand has two or three cards.
	RuleCardsPerHand = "cards_per_hand"
	// RuleShoe: a card appears more times than the shoe's decks hold.
	RuleShoe = "shoe_copies"
	// RuleNatural: a third card where either side had a natural (8 or 9
	// with two cards): nobody draws against a natural.
	RuleNatural = "natural_no_draw"
	// RulePlayerDraws: punto banco's player draws on 0..5.
	RulePlayerDraws = "player_draws_0_5"
	// RulePlayerStands: the player, or a tableau, stands on 6 and 7.
	RulePlayerStands = "player_stands_6_7"
	// RuleBankerTable: punto banco's banker draws or stands as the fixed
	// tableau says.
	RuleBankerTable = "banker_drawing_table"
	// RuleTableauDraws: a tableau draws on 0..4 (seed 002 VIII: saying
	// "no" with less than five is an error the croupier puts right).
	RuleTableauDraws = "tableau_draws_0_4"
	// RuleBankerDeux: the banker of baccarat à deux tableaux must follow
	// the drawing table when it says the same for both tableaux, and
	// against the other tableau when one has abated (drawing in the two
	// optional cases), seed 002 VIII.
	RuleBankerDeux = "banker_follows_table"
	// RuleVoid: a void play that does not fit seed 002 VIII (stuck cards
	// void the whole coup; a void coup that concerns the banker is void for
	// both tableaux).
	RuleVoid = "void_play"
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
