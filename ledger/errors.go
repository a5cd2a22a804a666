package ledger

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
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
	ErrInvalidRequest = errcode.New("invalid_request", http.StatusBadRequest, "Invalid request",
		"invalid request")
	// ErrInvalidID is returned when a table, player or dealer id is not 1..64
	// letters, digits, '_' or '-', or a round id is not a UUID.
	ErrInvalidID = errcode.New("invalid_id", http.StatusBadRequest, "Invalid id",
		"invalid id")
	// ErrInvalidAmount is returned when an amount is not positive or has more
	// decimals than its currency allows.
	ErrInvalidAmount = errcode.New("invalid_amount", http.StatusUnprocessableEntity, "Invalid amount",
		"invalid amount")
	// ErrUnknownCurrency is returned for a currency the ledger is not
	// configured with.
	ErrUnknownCurrency = errcode.New("unknown_currency", http.StatusUnprocessableEntity, "Unknown currency",
		"unknown currency")
	// ErrWalletLimit is returned (inside a *WalletLimitError) when a deposit
	// or an adjustment would leave a wallet above Options.WalletMax.
	ErrWalletLimit = errcode.New("wallet_limit", http.StatusUnprocessableEntity, "Wallet balance limit reached",
		"wallet limit")
	// ErrCurrencyMismatch is returned when a bet's currency is not its table's.
	ErrCurrencyMismatch = errcode.New("currency_mismatch", http.StatusUnprocessableEntity, "Currency mismatch",
		"currency mismatch")
	// ErrInsufficientFunds is returned when a withdrawal, an adjustment or a
	// bet slip would take a wallet below zero.
	ErrInsufficientFunds = errcode.New("insufficient_funds", http.StatusUnprocessableEntity, "Insufficient funds",
		"insufficient funds")
	// ErrForbidden is returned when the actor's role may not issue the
	// command, or a dealer acts on a table that is not theirs.
	ErrForbidden = errcode.New("forbidden", http.StatusForbidden, "Role may not do this",
		"forbidden")

	// ErrSessionOpen is returned when opening a session at a table that
	// has one open (or whose last session had the same id), and when
	// closing a table whose session is open.
	ErrSessionOpen = errcode.New("session_open", http.StatusConflict, "A session is open",
		"session open")
	// ErrSessionNotOpen is returned when closing a session that is not
	// the table's open one.
	ErrSessionNotOpen = errcode.New("session_not_open", http.StatusConflict, "Session not open",
		"session not open")

	// ErrTableNotFound is returned for a table that was never opened.
	ErrTableNotFound = errcode.New("table_not_found", http.StatusNotFound, "Table not found",
		"table not found")
	// ErrTableExists is returned when opening a table id that is open.
	ErrTableExists = errcode.New("table_exists", http.StatusConflict, "Table already open",
		"table already open")
	// ErrTableClosed is returned for any command on a closed table.
	ErrTableClosed = errcode.New("table_closed", http.StatusConflict, "Table closed",
		"table closed")
	// ErrRoundInProgress is returned when a command needs the table to be
	// between rounds (open a round, change limits, close the table).
	ErrRoundInProgress = errcode.New("round_in_progress", http.StatusConflict, "A round is in progress",
		"a round is in progress")
	// ErrLimitOutsideBand is returned when a stake limit lies outside the
	// table's authorised band, or min > max.
	ErrLimitOutsideBand = errcode.New("limit_outside_band", http.StatusUnprocessableEntity, "Limit outside the authorised band",
		"limit outside the authorised band")
	// ErrUnknownGame is returned for a paytable id the ledger does not know.
	ErrUnknownGame = errcode.New("unknown_paytable", http.StatusUnprocessableEntity, "Unknown paytable",
		"unknown paytable")
	// ErrPaytableChanged is returned when the paytable registered under a
	// table's paytable id no longer has the hash the table was opened with:
	// the bets must be settled with the rules they were accepted under.
	ErrPaytableChanged = errcode.New("paytable_changed", http.StatusConflict, "Paytable changed since the table opened",
		"paytable content changed since the table opened")

	// ErrRoundNotFound is returned for a round id the ledger does not know.
	ErrRoundNotFound = errcode.New("round_not_found", http.StatusNotFound, "Round not found",
		"round not found")
	// ErrRoundNotOpen is returned for a bet when betting is not open.
	ErrRoundNotOpen = errcode.New("round_not_open", http.StatusConflict, "Betting is not open",
		"betting is not open")
	// ErrRoundState is returned for a round command not allowed in the round's
	// current status (see the state machine in docs/ROUNDS.md).
	ErrRoundState = errcode.New("invalid_round_state", http.StatusConflict, "Not allowed in the round's status",
		"command not allowed in the round's status")
	// ErrRoundFinished is returned for a command on a settled or cancelled
	// round, other than a result correction.
	ErrRoundFinished = errcode.New("round_finished", http.StatusConflict, "Round finished",
		"round finished")
	// ErrResultRecorded is returned when a result is recorded a second time;
	// corrections go through CorrectResult.
	ErrResultRecorded = errcode.New("result_already_recorded", http.StatusConflict, "Result already recorded",
		"result already recorded")
	// ErrInvalidResult is returned when a result does not fit the game (dice
	// outside 1..6, a pocket the wheel does not have, members of another
	// game) or the round's earlier results.
	ErrInvalidResult = errcode.New("invalid_result", http.StatusUnprocessableEntity, "Invalid result",
		"invalid result")
	// ErrBetNotFound is returned for a bet id that is not one of the round's
	// bets of that player.
	ErrBetNotFound = errcode.New("bet_not_found", http.StatusNotFound, "Bet not found",
		"bet not found")
	// ErrBetRefused is returned when the game's rules refuse a bet in the
	// round's state (a craps pass bet while a point is on, odds above the
	// table's multiple) or refuse to take a bet down.
	ErrBetRefused = errcode.New("bet_refused", http.StatusUnprocessableEntity, "Bet refused by the game's rules",
		"bet refused by the game's rules")
	// ErrShoeRequired is returned when a round is opened at a table dealt
	// from a shoe (games.Shoed) that has none yet, or whose shoe's cut
	// card came out in the last round: a new shoe must be started.
	ErrShoeRequired = errcode.New("shoe_required", http.StatusConflict, "The table needs a new shoe",
		"a new shoe is required")
	// ErrCorrectionOverdraw is returned when correcting a result would take a
	// wallet below zero (the player already spent the winnings).
	ErrCorrectionOverdraw = errcode.New("correction_would_overdraw", http.StatusUnprocessableEntity, "Correction would overdraw a wallet",
		"correction would overdraw a wallet")

	// ErrIdempotencyConflict is returned when an idempotency key is reused
	// with a different command.
	ErrIdempotencyConflict = errcode.New("idempotency_conflict", http.StatusConflict, "Idempotency key reused with another request",
		"idempotency key reused with a different request")
	// ErrOverloaded is returned at once when the command queue is full.
	ErrOverloaded = errcode.New("overloaded", http.StatusServiceUnavailable, "Overloaded",
		"overloaded: command queue full")
	// ErrUnavailable is returned when the log could not be written or read;
	// the command was not applied, and may be retried with the same
	// idempotency key.
	ErrUnavailable = errcode.New("unavailable", http.StatusServiceUnavailable, "Log unavailable",
		"log unavailable")
	// ErrFenced is returned when another writer kept appending to the stream
	// and this ledger could not commit after catching up.
	ErrFenced = errcode.New("fenced", http.StatusConflict, "Another writer is appending to the stream",
		"fenced: another writer is appending to the stream")
	// ErrStreamFull is returned when the stream has reached its limits.
	ErrStreamFull = errcode.New("stream_full", http.StatusInsufficientStorage, "Stream full",
		"stream full")
	// ErrClosed is returned after Close.
	ErrClosed = ErrUnavailable.Like("ledger closed")
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
	ErrStakeBelowLimit = errcode.New("stake_below_limit", http.StatusUnprocessableEntity, "Stake below the table minimum",
		"stake below the table minimum")
	// ErrStakeAboveLimit is returned when a stake is over the maximum.
	ErrStakeAboveLimit = errcode.New("stake_above_limit", http.StatusUnprocessableEntity, "Stake above the table maximum",
		"stake above the table maximum")
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

// declared lists every error of this package, the stream's faults the
// ledger refuses commands with, and (foreign) the errors of other packages
// the ledger answers as one of its own. CodeOf tries them in this order,
// so a wrapped stake limit is reported before the rest. The list is
// documented in docs/ERRORS.md; never change a code once released.
var declared = []*errcode.Error{
	ErrStakeBelowLimit, ErrStakeAboveLimit,
	ErrInvalidRequest, ErrInvalidID, ErrInvalidAmount, ErrUnknownCurrency, ErrCurrencyMismatch,
	ErrInsufficientFunds, ErrWalletLimit, ErrForbidden,
	ErrTableNotFound, ErrTableExists, ErrTableClosed, ErrRoundInProgress, ErrLimitOutsideBand,
	ErrUnknownGame, ErrPaytableChanged,
	ErrRoundNotFound, ErrRoundNotOpen, ErrRoundState, ErrRoundFinished, ErrResultRecorded,
	ErrInvalidResult, ErrBetNotFound, ErrBetRefused, ErrCorrectionOverdraw, ErrShoeRequired,
	ErrIdempotencyConflict, ErrOverloaded,
	events.ErrStreamUntrusted, events.ErrStreamDamaged,
	ErrUnavailable, ErrFenced, ErrStreamFull, ErrClosed,
	ErrPoolNotFound, ErrPoolDecommissioned, ErrTableLinked, ErrTableNotLinked,
	ErrPoolRoundOpen, ErrPoolInUse, ErrPoolNegative, ErrPoolLimits, ErrSeatClosed, ErrDrawSeed, ErrCreditsNotAllowed, ErrCreditsNotExpired,
	ErrSessionOpen, ErrSessionNotOpen,
}

// foreign are errors of the log the ledger passes through, each answered
// as the ledger error it means: an append conflict the ledger could not
// resolve is a fence.
var foreign = []struct {
	err error
	as  *errcode.Error
}{
	{events.ErrConflict, ErrFenced},
}

// Lookup returns the declaration err is answered with: the first of the
// ledger's errors in its chain, else the first *errcode.Error there (a
// game's own code, declared by the games), else nil for an error the
// ledger did not expect.
func Lookup(err error) *errcode.Error {
	if err == nil {
		return nil
	}
	for _, d := range declared {
		if errors.Is(err, d) {
			return d
		}
	}
	for _, f := range foreign {
		if errors.Is(err, f.err) {
			return f.as
		}
	}
	return errcode.Of(err)
}

// CodeOf returns the stable machine code of err: one of the codes in
// docs/ERRORS.md, a game package's own code (games.ErrorCode), or
// "internal" for an error the ledger did not expect.
func CodeOf(err error) string {
	if err == nil {
		return ""
	}
	if d := Lookup(err); d != nil {
		return d.Code()
	}
	if c := games.ErrorCode(err); c != "" {
		return c
	}
	return "internal"
}

// Errors returns the declaration of every error the ledger answers with,
// one per code, for the API's problem table and the documentation test.
func Errors() []*errcode.Error {
	seen := map[string]bool{}
	var out []*errcode.Error
	for _, d := range declared {
		if !seen[d.Code()] {
			seen[d.Code()] = true
			out = append(out, d)
		}
	}
	return out
}

// Codes returns every code CodeOf can return for a ledger error, for the
// documentation test.
func Codes() []string {
	var out []string
	for _, d := range Errors() {
		out = append(out, d.Code())
	}
	return out
}

func errf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
}
