package drawpoker

import (
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// Sentinel errors: games/poker's, whose codes are the same for every
// poker game (errors.Is finds them whichever package returned them).
var (
	// ErrBadResult: a deal's cards or exchanges break a rule (a
	// *ResultError). Code invalid_result.
	ErrBadResult = poker.ErrBadResult
	// ErrBadBetCode: a bet code that is not ante:<seat>,
	// exchange:<seat>, call:<seat> or progressive:<seat>, or a working
	// flag. Code invalid_bet_code.
	ErrBadBetCode = poker.ErrBadBetCode
	// ErrBadStake: a stake that is not positive, has too many decimals or
	// is too large. Code invalid_amount.
	ErrBadStake = poker.ErrBadStake
	// ErrBetRefused: a call or an exchange that is not its multiple of
	// the ante, a bet without an ante, a second bet of a kind on a seat,
	// an exchange after the call. Code bet_refused.
	ErrBetRefused = poker.ErrBetRefused
	// ErrUnknownPaytable: an id not in the catalog. Code
	// unknown_paytable.
	ErrUnknownPaytable = poker.ErrUnknownPaytable
	// ErrBadPaytable: inconsistent paytable data (never a bettor's
	// input, no code).
	ErrBadPaytable = poker.ErrBadPaytable
)

// Rules a result can break, beside games/poker's (RuleResultShape,
// RuleCardSpelling, RuleHandSize, RuleDuplicateCard, RuleFoldedCall).
const (
	// RuleExchangeSize: an exchange discards more cards than the
	// paytable allows, none, or a number other than it draws.
	RuleExchangeSize = "exchange_size"
	// RuleExchangeNotHeld: an exchange discards a card the hand was not
	// dealt.
	RuleExchangeNotHeld = "exchange_not_held"
	// RuleExchangeUnpaid: a seat exchanged cards without its exchange
	// bet, or placed the bet and the deal records no exchange.
	RuleExchangeUnpaid = "exchange_unpaid"
)

// ResultError says which rule a result breaks (the kit's). It wraps
// ErrBadResult; its code is invalid_result.
type ResultError = kit.ResultError

func resultError(rule, format string, args ...any) *ResultError {
	return kit.ResultErrorf(rule, format, args...)
}
