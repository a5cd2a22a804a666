package ledger

import (
	"errors"
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// Errors returned by Ledger.Execute. Each rejection writes nothing. CodeOf
// gives the stable machine code the API reports for each. Besides these,
// once the ledger found a fault in the stream (Ledger.Fault), every command
// is refused with an error wrapping the *events.StreamFault, which matches
// events.ErrStreamUntrusted (code stream_untrusted) or
// events.ErrStreamDamaged (code stream_damaged).
var (
	// ErrInvalidRequest is returned when a command is missing a member or has
	// one out of range (too many bets, an over-long reason, …).
	ErrInvalidRequest = errors.New("invalid request")
	// ErrInvalidID is returned when a table, player or dealer id is not 1..64
	// letters, digits, '_' or '-', or a round id is not a UUID.
	ErrInvalidID = errors.New("invalid id")
	// ErrInvalidAmount is returned when an amount is not positive or has more
	// decimals than its currency allows.
	ErrInvalidAmount = errors.New("invalid amount")
	// ErrUnknownCurrency is returned for a currency the ledger is not
	// configured with.
	ErrUnknownCurrency = errors.New("unknown currency")
	// ErrWalletLimit is returned (inside a *WalletLimitError) when a deposit
	// or an adjustment would leave a wallet above Options.WalletMax.
	ErrWalletLimit = errors.New("wallet limit")
	// ErrCurrencyMismatch is returned when a bet's currency is not its table's.
	ErrCurrencyMismatch = errors.New("currency mismatch")
	// ErrInsufficientFunds is returned when a withdrawal, an adjustment or a
	// bet slip would take a wallet below zero.
	ErrInsufficientFunds = errors.New("insufficient funds")
	// ErrForbidden is returned when the actor's role may not issue the
	// command, or a dealer acts on a table that is not theirs.
	ErrForbidden = errors.New("forbidden")

	// ErrSessionOpen is returned when opening a session at a table that
	// has one open (or whose last session had the same id), and when
	// closing a table whose session is open.
	ErrSessionOpen = errors.New("session open")
	// ErrSessionNotOpen is returned when closing a session that is not
	// the table's open one.
	ErrSessionNotOpen = errors.New("session not open")

	// ErrTableNotFound is returned for a table that was never opened.
	ErrTableNotFound = errors.New("table not found")
	// ErrTableExists is returned when opening a table id that is open.
	ErrTableExists = errors.New("table already open")
	// ErrTableClosed is returned for any command on a closed table.
	ErrTableClosed = errors.New("table closed")
	// ErrRoundInProgress is returned when a command needs the table to be
	// between rounds (open a round, change limits, close the table).
	ErrRoundInProgress = errors.New("a round is in progress")
	// ErrLimitOutsideBand is returned when a stake limit lies outside the
	// table's authorised band, or min > max.
	ErrLimitOutsideBand = errors.New("limit outside the authorised band")
	// ErrUnknownGame is returned for a paytable id the ledger does not know.
	ErrUnknownGame = errors.New("unknown paytable")
	// ErrPaytableChanged is returned when the paytable registered under a
	// table's paytable id no longer has the hash the table was opened with:
	// the bets must be settled with the rules they were accepted under.
	ErrPaytableChanged = errors.New("paytable content changed since the table opened")

	// ErrRoundNotFound is returned for a round id the ledger does not know.
	ErrRoundNotFound = errors.New("round not found")
	// ErrRoundNotOpen is returned for a bet when betting is not open.
	ErrRoundNotOpen = errors.New("betting is not open")
	// ErrRoundState is returned for a round command not allowed in the round's
	// current status (see the state machine in docs/ROUNDS.md).
	ErrRoundState = errors.New("command not allowed in the round's status")
	// ErrRoundFinished is returned for a command on a settled or cancelled
	// round, other than a result correction.
	ErrRoundFinished = errors.New("round finished")
	// ErrResultRecorded is returned when a result is recorded a second time;
	// corrections go through CorrectResult.
	ErrResultRecorded = errors.New("result already recorded")
	// ErrInvalidResult is returned when a result does not fit the game (dice
	// outside 1..6, a pocket the wheel does not have, members of another
	// game) or the round's earlier results.
	ErrInvalidResult = errors.New("invalid result")
	// ErrBetNotFound is returned for a bet id that is not one of the round's
	// bets of that player.
	ErrBetNotFound = errors.New("bet not found")
	// ErrBetRefused is returned when the game's rules refuse a bet in the
	// round's state (a craps pass bet while a point is on, odds above the
	// table's multiple) or refuse to take a bet down.
	ErrBetRefused = errors.New("bet refused by the game's rules")
	// ErrShoeRequired is returned when a round is opened at a table dealt
	// from a shoe (games.Shoed) that has none yet, or whose shoe's cut
	// card came out in the last round: a new shoe must be started.
	ErrShoeRequired = errors.New("a new shoe is required")
	// ErrCorrectionOverdraw is returned when correcting a result would take a
	// wallet below zero (the player already spent the winnings).
	ErrCorrectionOverdraw = errors.New("correction would overdraw a wallet")

	// ErrIdempotencyConflict is returned when an idempotency key is reused
	// with a different command.
	ErrIdempotencyConflict = errors.New("idempotency key reused with a different request")
	// ErrOverloaded is returned at once when the command queue is full.
	ErrOverloaded = errors.New("overloaded: command queue full")
	// ErrUnavailable is returned when the log could not be written or read;
	// the command was not applied, and may be retried with the same
	// idempotency key.
	ErrUnavailable = errors.New("log unavailable")
	// ErrFenced is returned when another writer kept appending to the stream
	// and this ledger could not commit after catching up.
	ErrFenced = errors.New("fenced: another writer is appending to the stream")
	// ErrStreamFull is returned when the stream has reached its limits.
	ErrStreamFull = errors.New("stream full")
	// ErrClosed is returned after Close.
	ErrClosed = errors.New("ledger closed")
)

// LimitError is returned when a stake is outside the table's limits for its
// bet kind. It wraps ErrStakeBelowLimit or ErrStakeAboveLimit.
type LimitError struct {
	Code  string // the bet code
	Kind  string // the bet kind whose limit applies
	Stake decimal.Decimal
	Min   decimal.Decimal
	Max   decimal.Decimal
}

// Stake limit sentinels wrapped by *LimitError.
var (
	// ErrStakeBelowLimit is returned when a stake is under the minimum.
	ErrStakeBelowLimit = errors.New("stake below the table minimum")
	// ErrStakeAboveLimit is returned when a stake is over the maximum.
	ErrStakeAboveLimit = errors.New("stake above the table maximum")
)

func (e *LimitError) Error() string {
	return fmt.Sprintf("%v: bet %s stakes %s, limits for %q are %s..%s",
		e.Unwrap(), e.Code, e.Stake, e.Kind, e.Min, e.Max)
}

// Unwrap returns the sentinel for the side of the limit that was crossed.
func (e *LimitError) Unwrap() error {
	if e.Stake.LessThan(e.Min) {
		return ErrStakeBelowLimit
	}
	return ErrStakeAboveLimit
}

// coder is implemented by errors of game packages that carry their own stable
// code (for example an invalid bet code). The method is ErrorCode, not Code:
// a game's typed error often has a field named Code (the bet code it
// refused, as games/sicbo.BetCodeError does), and a type cannot have both.
type coder interface{ ErrorCode() string }

// codes maps each sentinel to its stable API code. The list is documented in
// docs/ERRORS.md; never change a code once released.
var codes = []struct {
	err  error
	code string
}{
	{ErrStakeBelowLimit, "stake_below_limit"},
	{ErrStakeAboveLimit, "stake_above_limit"},
	{ErrInvalidRequest, "invalid_request"},
	{ErrInvalidID, "invalid_id"},
	{ErrInvalidAmount, "invalid_amount"},
	{ErrUnknownCurrency, "unknown_currency"},
	{ErrCurrencyMismatch, "currency_mismatch"},
	{ErrInsufficientFunds, "insufficient_funds"},
	{ErrWalletLimit, "wallet_limit"},
	{ErrForbidden, "forbidden"},
	{ErrTableNotFound, "table_not_found"},
	{ErrTableExists, "table_exists"},
	{ErrTableClosed, "table_closed"},
	{ErrRoundInProgress, "round_in_progress"},
	{ErrLimitOutsideBand, "limit_outside_band"},
	{ErrUnknownGame, "unknown_paytable"},
	{ErrPaytableChanged, "paytable_changed"},
	{ErrRoundNotFound, "round_not_found"},
	{ErrRoundNotOpen, "round_not_open"},
	{ErrRoundState, "invalid_round_state"},
	{ErrRoundFinished, "round_finished"},
	{ErrResultRecorded, "result_already_recorded"},
	{ErrInvalidResult, "invalid_result"},
	{ErrBetNotFound, "bet_not_found"},
	{ErrBetRefused, "bet_refused"},
	{ErrCorrectionOverdraw, "correction_would_overdraw"},
	{ErrShoeRequired, "shoe_required"},
	{ErrIdempotencyConflict, "idempotency_conflict"},
	{ErrOverloaded, "overloaded"},
	{events.ErrStreamUntrusted, "stream_untrusted"},
	{events.ErrStreamDamaged, "stream_damaged"},
	{ErrUnavailable, "unavailable"},
	{ErrFenced, "fenced"},
	{ErrStreamFull, "stream_full"},
	{ErrClosed, "unavailable"},
	{events.ErrConflict, "fenced"},
	{ErrPoolNotFound, "pool_not_found"},
	{ErrPoolDecommissioned, "pool_decommissioned"},
	{ErrTableLinked, "table_already_linked"},
	{ErrTableNotLinked, "table_not_linked"},
	{ErrPoolRoundOpen, "jackpot_round_open"},
	{ErrPoolInUse, "pool_in_use"},
	{ErrPoolNegative, "pool_negative"},
	{ErrPoolLimits, "pool_limits_differ"},
	{ErrSeatClosed, "seat_closed"},
	{ErrSessionOpen, "session_open"},
	{ErrSessionNotOpen, "session_not_open"},
}

// CodeOf returns the stable machine code of err: one of the codes in
// docs/ERRORS.md, a game package's own code, or "internal" for an error the
// ledger did not expect.
func CodeOf(err error) string {
	if err == nil {
		return ""
	}
	for _, c := range codes {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	var c coder
	if errors.As(err, &c) {
		return c.ErrorCode()
	}
	return "internal"
}

// Codes returns every code CodeOf can return for a ledger sentinel, for the
// documentation test.
func Codes() []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range codes {
		if !seen[c.code] {
			seen[c.code] = true
			out = append(out, c.code)
		}
	}
	return out
}

func errf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
}
