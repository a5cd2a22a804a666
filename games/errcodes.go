package games

import (
	"net/http"

	"github.com/wagerlog/wagerlog/errcode"
)

// The codes the game packages answer with (each game's Sentinel or typed
// error carries one, found by ErrorCode), declared once with the status
// and title the API gives them, so that no generic layer lists a game's
// codes. A result a game refuses is the ledger's invalid_result whatever
// the game's own code: invalid_dice belongs to the lines of wagerlog
// settle only (docs/ERRORS.md).
var (
	// ErrCodeInvalidBetCode is a bet code the game does not know.
	ErrCodeInvalidBetCode = errcode.New("invalid_bet_code", http.StatusUnprocessableEntity, "Invalid bet code", "invalid bet code")
	// ErrCodeBetNotOffered is a bet the table's paytable does not offer.
	ErrCodeBetNotOffered = errcode.New("bet_not_offered", http.StatusUnprocessableEntity, "Bet not offered by this paytable", "bet not offered by this paytable")
	// ErrCodeInvalidCard is a bingo card sold whose numbers break the
	// card's rules (seed 002 bingo I).
	ErrCodeInvalidCard = errcode.New("invalid_card", http.StatusUnprocessableEntity, "Invalid bingo card", "invalid card")
	// The craps codes. The ledger refuses a placement or a take-down with
	// bet_refused and the game's message; these reach a caller unwrapped
	// from the auditors' tools (settle --jsonl) and from any path that
	// passes a game's error through, and get their status here rather
	// than a 500.

	// ErrCodeBetNotAllowedNow is a bet the table's state does not take.
	ErrCodeBetNotAllowedNow = errcode.New("bet_not_allowed_now", http.StatusUnprocessableEntity, "Bet not allowed in the table's state", "bet not allowed in the table's state")
	// ErrCodeOddsWithoutLineBet is odds with no line bet on the point.
	ErrCodeOddsWithoutLineBet = errcode.New("odds_without_line_bet", http.StatusUnprocessableEntity, "Odds without a line bet on the point", "odds without a line bet on the point")
	// ErrCodeOddsAboveLimit is odds above the line bet's multiple.
	ErrCodeOddsAboveLimit = errcode.New("odds_above_limit", http.StatusUnprocessableEntity, "Odds above the line bet's multiple", "odds above the line bet's multiple")
	// ErrCodeTakeDownNotAllowed is a take-down the game refuses.
	ErrCodeTakeDownNotAllowed = errcode.New("take_down_not_allowed", http.StatusUnprocessableEntity, "Bet may not be taken down", "bet may not be taken down")
	// ErrCodeBetDecided is a bet already decided.
	ErrCodeBetDecided = errcode.New("bet_decided", http.StatusConflict, "Bet already decided", "bet already decided")
	// ErrCodeInvalidPoint is a point that is not 4, 5, 6, 8, 9 or 10.
	ErrCodeInvalidPoint = errcode.New("invalid_point", http.StatusUnprocessableEntity, "Invalid point", "invalid point")
	// ErrCodeHandTooLong is a shooter's hand over its limit of rolls.
	ErrCodeHandTooLong = errcode.New("hand_too_long", http.StatusUnprocessableEntity, "Shooter's hand too long", "hand too long")
	// ErrCodeTooManyBets is a bet over the limit of open bets.
	ErrCodeTooManyBets = errcode.New("too_many_bets", http.StatusUnprocessableEntity, "Too many open bets", "too many open bets")

	// ErrCodeInvalidScale is a bad currency scale: a configuration error
	// of the server, never the caller's.
	ErrCodeInvalidScale = errcode.New("invalid_scale", http.StatusInternalServerError, "Invalid currency scale", "invalid currency scale")
	// ErrCodeInvalidJackpotParams is a progressive pool's parameters the
	// pool's game refuses.
	ErrCodeInvalidJackpotParams = errcode.New("invalid_jackpot_params", http.StatusUnprocessableEntity, "Invalid jackpot parameters", "invalid jackpot parameters")
)

// Errors returns the declarations of the games' codes that reach the API,
// for its problem table and its documentation.
func Errors() []*errcode.Error {
	return []*errcode.Error{
		ErrCodeInvalidBetCode, ErrCodeBetNotOffered, ErrCodeInvalidCard,
		ErrCodeBetNotAllowedNow, ErrCodeOddsWithoutLineBet, ErrCodeOddsAboveLimit, ErrCodeTakeDownNotAllowed,
		ErrCodeBetDecided, ErrCodeInvalidPoint, ErrCodeHandTooLong, ErrCodeTooManyBets,
		ErrCodeInvalidScale, ErrCodeInvalidJackpotParams,
	}
}
