package ledger

import (
	"slices"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// CommandSpec declares a command once: its name, who may send it, the
// round or table states it needs, the refusals it may answer and its HTTP
// route. The ledger authorises with Roles and checks a round's status with
// Rounds; the API builds the command's route, its roles, the problem codes
// of the OpenAPI document and the docs' role matrix from it. A new command
// is a type with a spec method returning its declaration, listed in
// commandSpecs.
type CommandSpec struct {
	// Name is the command's stable name: in the request hash, the
	// metrics, the messages and the OpenAPI document (x-command).
	Name string
	// Roles may send the command (ErrForbidden for the others). Dealer
	// commands also need the dealer to be the table's.
	Roles []string
	// Rounds are the round statuses that allow a command on a round in
	// progress (ErrRoundFinished on a finished round, else ErrRoundState;
	// see docs/ROUNDS.md); nil for a command that is not on a round.
	Rounds []round.Status
	// BetweenRounds is set for a command that needs its table to have no
	// round in progress (ErrRoundInProgress).
	BetweenRounds bool
	// Errors are the refusals the command may answer besides those of
	// every command (EveryCommandErrors): a superset, never a code it
	// can answer left out (the API's fuzz target checks every answer
	// against them).
	Errors []*errcode.Error
	// Route is the command's HTTP route, a net/http pattern
	// ("POST /v1/tables/{table}/shoes").
	Route string
}

// EveryCommandErrors are the refusals any command may answer whatever its
// kind: a malformed request, a reused idempotency key, and the ledger's
// conditions.
func EveryCommandErrors() []*errcode.Error {
	return []*errcode.Error{ErrInvalidRequest, ErrIdempotencyConflict, ErrOverloaded, ErrUnavailable, ErrFenced, ErrStreamFull}
}

// Role sets shared by several commands.
var (
	rolesCashier     = []string{RoleCashier, RoleSupervisor}
	rolesSupervisor  = []string{RoleSupervisor}
	rolesDealer      = []string{RoleDealer, RoleSupervisor}
	rolesFrontend    = []string{RoleFrontend}
	rolesPoolMoney   = []string{RoleSupervisor, RoleFinance}
	roundsInProgress = []round.Status{RoundBetting, RoundClosed, RoundPaused}
)

// Refusals by what a command works on.
var (
	errsCash = []*errcode.Error{ErrInvalidID, ErrInvalidAmount, ErrUnknownCurrency, ErrInsufficientFunds, ErrWalletLimit}
	// errsTable are the refusals of the table commands.
	errsTable = []*errcode.Error{ErrInvalidID, ErrInvalidAmount, ErrUnknownCurrency, ErrUnknownGame, ErrLimitOutsideBand,
		ErrTableNotFound, ErrTableExists, ErrTableClosed, ErrRoundInProgress, ErrPaytableChanged}
	// errsBank are the refusals of taking and giving up the bank: a
	// table's, and the banker's wallet and the game's rules for the bank.
	errsBank = append(slices.Clone(errsTable), ErrInsufficientFunds, ErrBetRefused)
	// errsRound are the refusals of the round commands (the dealer's and
	// the supervisor's).
	errsRound = []*errcode.Error{ErrInvalidID, ErrTableNotFound, ErrTableClosed, ErrRoundNotFound, ErrRoundInProgress,
		ErrRoundState, ErrRoundFinished, ErrResultRecorded, ErrInvalidResult,
		ErrCorrectionOverdraw, ErrPaytableChanged, games.ErrCodeInvalidScale, ErrShoeRequired}
	// errsResult are the refusals of a result: a round's, and the seed of
	// its pool's complementary draws unreadable (ledger/draw.go).
	errsResult = append(slices.Clip(errsRound), ErrDrawSeed)
	// errsSlip are the refusals of a bet slip.
	errsSlip = []*errcode.Error{ErrInvalidID, ErrInvalidAmount, ErrTableNotFound, ErrTableClosed, ErrRoundNotFound,
		ErrRoundNotOpen, ErrRoundFinished, ErrRoundState, ErrCurrencyMismatch, games.ErrCodeInvalidBetCode,
		games.ErrCodeBetNotOffered, ErrStakeBelowLimit, ErrStakeAboveLimit, ErrInsufficientFunds, ErrBetRefused,
		ErrBetNotFound, ErrPaytableChanged, games.ErrCodeInvalidScale, ErrSeatClosed, ErrCreditsNotAllowed}
	// errsSession are the refusals of a session's commands.
	errsSession = []*errcode.Error{ErrInvalidID, ErrTableNotFound, ErrTableClosed, ErrRoundInProgress, ErrUnknownGame,
		ErrPaytableChanged, ErrSessionOpen, ErrSessionNotOpen}
	// errsUnlisted are the refusals of a command not narrowed to its
	// own yet: every error of the ledger and the games' bet errors.
	errsUnlisted = append(Errors(), games.ErrCodeInvalidBetCode, games.ErrCodeBetNotOffered,
		games.ErrCodeInvalidScale, games.ErrCodeInvalidCard)
	// errsPool are the refusals of the progressive pools' commands.
	errsPool = []*errcode.Error{ErrInvalidID, ErrInvalidAmount, ErrUnknownCurrency, ErrCurrencyMismatch, ErrTableNotFound,
		ErrTableClosed, ErrRoundInProgress, ErrUnknownGame, ErrPaytableChanged, ErrPoolNotFound, ErrPoolDecommissioned,
		ErrTableLinked, ErrTableNotLinked, ErrPoolRoundOpen, ErrPoolInUse, ErrPoolNegative, games.ErrCodeInvalidJackpotParams,
		ErrPoolLimits, ErrDrawSeed}
	// errsSeat are the refusals of closing and reopening a seat.
	errsSeat = []*errcode.Error{ErrInvalidID, ErrTableNotFound, ErrTableClosed, ErrUnknownGame, ErrPaytableChanged, ErrSeatClosed}
)

// The declarations of the commands, in the order of the documentation.
var (
	specDeposit  = CommandSpec{Name: "deposit", Roles: rolesCashier, Errors: errsCash, Route: "POST /v1/wallets/{player}/deposit"}
	specWithdraw = CommandSpec{Name: "withdraw", Roles: rolesCashier, Errors: errsCash, Route: "POST /v1/wallets/{player}/withdraw"}
	specAdjust   = CommandSpec{Name: "adjust", Roles: rolesSupervisor, Errors: errsCash, Route: "POST /v1/wallets/{player}/adjust"}

	specOpenTable    = CommandSpec{Name: "open_table", Roles: rolesSupervisor, Errors: errsTable, Route: "POST /v1/tables"}
	specChangeLimits = CommandSpec{Name: "change_limits", Roles: rolesSupervisor, BetweenRounds: true, Errors: append(slices.Clip(errsTable), ErrPoolLimits), Route: "POST /v1/tables/{table}/limits"}
	specStartShoe    = CommandSpec{Name: "start_shoe", Roles: rolesDealer, BetweenRounds: true, Errors: errsTable, Route: "POST /v1/tables/{table}/shoes"}
	specTakeBank     = CommandSpec{Name: "take_bank", Roles: rolesDealer, BetweenRounds: true, Errors: errsBank, Route: "POST /v1/tables/{table}/bank"}
	specReleaseBank  = CommandSpec{Name: "release_bank", Roles: rolesDealer, BetweenRounds: true, Errors: errsBank, Route: "POST /v1/tables/{table}/bank/release"}
	specOpenSession  = CommandSpec{Name: "open_session", Roles: rolesSupervisor, BetweenRounds: true, Errors: errsSession, Route: "POST /v1/tables/{table}/sessions"}
	specCloseSession = CommandSpec{Name: "close_session", Roles: rolesDealer, BetweenRounds: true, Errors: errsSession, Route: "POST /v1/tables/{table}/sessions/{session}/close"}
	specCloseTable   = CommandSpec{Name: "close_table", Roles: rolesSupervisor, BetweenRounds: true, Errors: errsTable, Route: "POST /v1/tables/{table}/close"}

	specOpenRound     = CommandSpec{Name: "open_round", Roles: rolesDealer, BetweenRounds: true, Errors: errsRound, Route: "POST /v1/tables/{table}/rounds"}
	specCloseBetting  = CommandSpec{Name: "close_betting", Roles: rolesDealer, Rounds: []round.Status{RoundBetting}, Errors: errsRound, Route: "POST /v1/tables/{table}/rounds/{round}/close-betting"}
	specReshake       = CommandSpec{Name: "reshake", Roles: rolesDealer, Rounds: []round.Status{RoundClosed}, Errors: errsRound, Route: "POST /v1/tables/{table}/rounds/{round}/reshake"}
	specRecordResult  = CommandSpec{Name: "record_result", Roles: rolesDealer, Rounds: []round.Status{RoundClosed}, Errors: errsResult, Route: "POST /v1/tables/{table}/rounds/{round}/result"}
	specPause         = CommandSpec{Name: "pause", Roles: rolesDealer, Rounds: []round.Status{RoundBetting, RoundClosed}, Errors: errsRound, Route: "POST /v1/tables/{table}/rounds/{round}/pause"}
	specResume        = CommandSpec{Name: "resume", Roles: rolesSupervisor, Rounds: []round.Status{RoundPaused}, Errors: errsRound, Route: "POST /v1/tables/{table}/rounds/{round}/resume"}
	specCancel        = CommandSpec{Name: "cancel", Roles: rolesSupervisor, Rounds: roundsInProgress, Errors: errsRound, Route: "POST /v1/tables/{table}/rounds/{round}/cancel"}
	specCorrectResult = CommandSpec{Name: "correct_result", Roles: rolesSupervisor, Rounds: []round.Status{RoundSettled}, Errors: errsRound, Route: "POST /v1/tables/{table}/rounds/{round}/correct"}

	// A slip refused for its round's status is round_not_open.
	specPlaceSlip = CommandSpec{Name: "place_slip", Roles: rolesFrontend, Rounds: []round.Status{RoundBetting}, Errors: errsSlip, Route: "POST /v1/tables/{table}/slips"}
	specTakeDown  = CommandSpec{Name: "take_down", Roles: rolesFrontend, Rounds: []round.Status{RoundBetting}, Errors: errsUnlisted, Route: "POST /v1/tables/{table}/rounds/{round}/bets/{bet}/take-down"}
	specClaim     = CommandSpec{Name: "claim", Roles: rolesDealer, Rounds: roundsInProgress, Errors: errsUnlisted, Route: "POST /v1/tables/{table}/rounds/{round}/bets/{bet}/claim"}

	// Progressive pools: their parameters and money are the finance
	// department's and the supervisor's; linking a table is the
	// supervisor's (pool.go).
	specConfigurePool    = CommandSpec{Name: "configure_pool", Roles: rolesPoolMoney, Errors: errsPool, Route: "POST /v1/pools"}
	specLinkPool         = CommandSpec{Name: "link_pool", Roles: rolesSupervisor, Errors: errsPool, Route: "POST /v1/pools/{pool}/link"}
	specUnlinkPool       = CommandSpec{Name: "unlink_pool", Roles: rolesSupervisor, Errors: errsPool, Route: "POST /v1/pools/{pool}/unlink"}
	specAdjustPool       = CommandSpec{Name: "adjust_pool", Roles: rolesPoolMoney, Errors: errsPool, Route: "POST /v1/pools/{pool}/adjust"}
	specDecommissionPool = CommandSpec{Name: "decommission_pool", Roles: rolesPoolMoney, Errors: errsPool, Route: "POST /v1/pools/{pool}/decommission"}
	// A seat of a pool table closed to progressive bets and reopened
	// (seat.go; seed 004, 6.6).
	specCloseSeat  = CommandSpec{Name: "close_seat", Roles: rolesSupervisor, Errors: errsSeat, Route: "POST /v1/tables/{table}/seats/close"}
	specReopenSeat = CommandSpec{Name: "reopen_seat", Roles: rolesSupervisor, Errors: errsSeat, Route: "POST /v1/tables/{table}/seats/reopen"}
	// A player's expired promotional credits returned (credits.go; seed
	// 004, 6.5.1).
	specExpireCredits = CommandSpec{Name: "expire_credits", Roles: rolesPoolMoney,
		Errors: []*errcode.Error{ErrInvalidID, ErrUnknownCurrency, ErrCreditsNotExpired}, Route: "POST /v1/wallets/{player}/credits/expire"}
)

// commandSpecs lists every declaration, for Commands and the tests.
var commandSpecs = []*CommandSpec{
	&specDeposit, &specWithdraw, &specAdjust,
	&specOpenTable, &specChangeLimits, &specStartShoe, &specTakeBank, &specReleaseBank,
	&specOpenSession, &specCloseSession, &specCloseTable,
	&specOpenRound, &specCloseBetting, &specReshake, &specRecordResult, &specPause, &specResume, &specCancel, &specCorrectResult,
	&specPlaceSlip, &specTakeDown, &specClaim,
	&specConfigurePool, &specLinkPool, &specUnlinkPool, &specAdjustPool, &specDecommissionPool,
	&specCloseSeat, &specReopenSeat, &specExpireCredits,
}

// Commands returns a copy of every command's declaration, in the order of
// the documentation.
func Commands() []CommandSpec {
	out := make([]CommandSpec, len(commandSpecs))
	for i, s := range commandSpecs {
		out[i] = s.clone()
	}
	return out
}

// SpecOf returns the declaration of c's command (c may be a zero value,
// as the API's routes hold them).
func SpecOf(c Command) CommandSpec { return c.spec().clone() }

func (s *CommandSpec) clone() CommandSpec {
	c := *s
	c.Roles = slices.Clone(s.Roles)
	c.Rounds = slices.Clone(s.Rounds)
	c.Errors = slices.Clone(s.Errors)
	return c
}

func (*Deposit) spec() *CommandSpec          { return &specDeposit }
func (*Withdraw) spec() *CommandSpec         { return &specWithdraw }
func (*Adjust) spec() *CommandSpec           { return &specAdjust }
func (*OpenTable) spec() *CommandSpec        { return &specOpenTable }
func (*ChangeLimits) spec() *CommandSpec     { return &specChangeLimits }
func (*StartShoe) spec() *CommandSpec        { return &specStartShoe }
func (*TakeBank) spec() *CommandSpec         { return &specTakeBank }
func (*ReleaseBank) spec() *CommandSpec      { return &specReleaseBank }
func (*OpenSession) spec() *CommandSpec      { return &specOpenSession }
func (*CloseSession) spec() *CommandSpec     { return &specCloseSession }
func (*CloseTable) spec() *CommandSpec       { return &specCloseTable }
func (*OpenRound) spec() *CommandSpec        { return &specOpenRound }
func (*CloseBetting) spec() *CommandSpec     { return &specCloseBetting }
func (*Reshake) spec() *CommandSpec          { return &specReshake }
func (*RecordResult) spec() *CommandSpec     { return &specRecordResult }
func (*Pause) spec() *CommandSpec            { return &specPause }
func (*Resume) spec() *CommandSpec           { return &specResume }
func (*Cancel) spec() *CommandSpec           { return &specCancel }
func (*CorrectResult) spec() *CommandSpec    { return &specCorrectResult }
func (*PlaceSlip) spec() *CommandSpec        { return &specPlaceSlip }
func (*TakeDown) spec() *CommandSpec         { return &specTakeDown }
func (*Claim) spec() *CommandSpec            { return &specClaim }
func (*ConfigurePool) spec() *CommandSpec    { return &specConfigurePool }
func (*LinkPool) spec() *CommandSpec         { return &specLinkPool }
func (*UnlinkPool) spec() *CommandSpec       { return &specUnlinkPool }
func (*AdjustPool) spec() *CommandSpec       { return &specAdjustPool }
func (*ExpireCredits) spec() *CommandSpec    { return &specExpireCredits }
func (*DecommissionPool) spec() *CommandSpec { return &specDecommissionPool }
