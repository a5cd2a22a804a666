package api

import (
	"slices"
	"sort"

	"github.com/wagerlog/wagerlog/ledger"
)

// Which problem codes each route can answer, for the OpenAPI document (one
// response per status, listing its codes) and for the tests, which check
// that every code a route really answers is among them (the fuzz target
// of the API asserts it on every request). The statuses of the codes stay
// in the one table of status.go.

// Codes of a command's refusals, by what the command works on. A command
// gets every code its kind of command can meet: a superset, never a code
// it cannot answer checked by nothing.
var (
	codesCash = []string{"invalid_id", "invalid_amount", "unknown_currency", "insufficient_funds", "wallet_limit"}
	// codesTable are the refusals of the table commands.
	codesTable = []string{"invalid_id", "invalid_amount", "unknown_currency", "unknown_paytable", "limit_outside_band",
		"table_not_found", "table_exists", "table_closed", "round_in_progress", "paytable_changed"}
	// codesRound are the refusals of the round commands (the dealer's and
	// the supervisor's).
	codesRound = []string{"invalid_id", "table_not_found", "table_closed", "round_not_found", "round_in_progress",
		"invalid_round_state", "round_finished", "result_already_recorded", "invalid_result",
		"correction_would_overdraw", "paytable_changed", "invalid_scale", "shoe_required"}
	// codesSlip are the refusals of a bet slip.
	codesSlip = []string{"seat_closed", "invalid_id", "invalid_amount", "table_not_found", "table_closed", "round_not_found",
		"round_not_open", "round_finished", "invalid_round_state", "currency_mismatch", "invalid_bet_code",
		"bet_not_offered", "stake_below_limit", "stake_above_limit", "insufficient_funds", "bet_refused",
		"bet_not_found", "paytable_changed", "invalid_scale"}
)

// commandCodes maps a ledger command to its own refusals. A command not
// listed (a new one) is documented with every code the ledger and the
// games have, until it is.
var commandCodes = map[string][]string{
	"deposit": codesCash, "withdraw": codesCash, "adjust": codesCash,
	"open_table": codesTable, "change_limits": append(slices.Clip(codesTable), "pool_limits_differ"), "close_table": codesTable,
	"open_round": codesRound, "close_betting": codesRound, "reshake": codesRound, "record_result": codesRound,
	"pause": codesRound, "resume": codesRound, "cancel": codesRound, "correct_result": codesRound,
	"place_slip": codesSlip,
	"start_shoe": codesTable,
	"take_bank":  codesBank, "release_bank": codesBank,
	"open_session": codesSession, "close_session": codesSession,
	"close_seat": codesSeat, "reopen_seat": codesSeat,
	"configure_pool": codesPool, "link_pool": codesPool, "unlink_pool": codesPool, "adjust_pool": codesPool, "decommission_pool": codesPool,
}

// codesSession are the refusals of a session's commands
// (ledger/session.go).
var codesSession = []string{"invalid_id", "table_not_found", "table_closed", "round_in_progress", "unknown_paytable", "paytable_changed",
	"session_open", "session_not_open"}

// codesSeat are the refusals of a seat's close and reopen.
var codesSeat = []string{"invalid_id", "table_not_found", "table_closed", "unknown_paytable", "paytable_changed", "seat_closed"}

// codesPool are the refusals of the progressive pools' commands.
var codesPool = []string{"invalid_id", "invalid_amount", "unknown_currency", "currency_mismatch", "table_not_found", "table_closed",
	"round_in_progress", "unknown_paytable", "paytable_changed", "pool_not_found", "pool_decommissioned", "table_already_linked",
	"table_not_linked", "jackpot_round_open", "pool_in_use", "pool_negative", "invalid_jackpot_params", "pool_limits_differ"}

// codesWrite are what every write can answer besides its command's own:
// the body, the key, the role, the replica, and the ledger's conditions.
var codesWrite = []string{CodeInvalidJSON, CodeRequestTooLarge, CodeUnsupportedMediaType, CodeIdempotencyKeyMissing,
	"invalid_request", CodeReadOnly, CodeTimeout, "idempotency_conflict", "overloaded", "unavailable", "fenced", "stream_full"}

// codes returns every code the route can answer, sorted.
func (rt route) codes() []string {
	set := map[string]bool{CodeInvalidPath: true, CodeMethodNotAllowed: true, CodeInternal: true}
	add := func(cs ...string) {
		for _, c := range cs {
			set[c] = true
		}
	}
	if !rt.public {
		add(CodeUnauthenticated, CodeForbidden)
	}
	if len(rt.query) > 0 {
		add(CodeInvalidQuery)
	}
	for _, q := range rt.query {
		if q.name == qMinSeq.name {
			add(CodeProjectionLag)
		}
	}
	if len(rt.pathParams()) > 0 {
		add("invalid_id", CodeNotFound)
	}
	switch {
	case rt.write():
		add(codesWrite...)
		if cs, ok := commandCodes[rt.command]; ok {
			add(cs...)
		} else {
			add(ledger.Codes()...)
			add(gameCodes...)
		}
	case rt.body != nil:
		add(CodeInvalidJSON, CodeRequestTooLarge, CodeUnsupportedMediaType)
	}
	if !rt.public {
		// Reads wait on the projections and the ledger, which may be
		// closing or slow.
		add("unavailable", CodeTimeout)
	}
	add(rt.extra...)
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// gameCodes are the codes of the games' refusals that reach the API
// (games.CodedError), with status.go's statuses.
var gameCodes = []string{"invalid_bet_code", "bet_not_offered", "invalid_scale", "invalid_card"}
