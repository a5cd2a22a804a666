package api

import (
	"net/http"
	"sort"
)

// Codes of this package's own errors; the ledger's and the games' codes
// come from ledger.Codes and the game packages.
const (
	CodeUnauthenticated       = "unauthenticated"
	CodeForbidden             = "forbidden"
	CodeNotFound              = "not_found"
	CodeMethodNotAllowed      = "method_not_allowed"
	CodeInvalidJSON           = "invalid_json"
	CodeInvalidQuery          = "invalid_query"
	CodeInvalidPath           = "invalid_path"
	CodeIdempotencyKeyMissing = "idempotency_key_missing"
	CodeRequestTooLarge       = "request_too_large"
	CodeUnsupportedMediaType  = "unsupported_media_type"
	CodeProjectionLag         = "projection_lag"
	CodeTimeout               = "timeout"
	CodeNotReady              = "not_ready"
	CodeNotImplemented        = "not_implemented"
	CodeReadOnly              = "read_only"
	CodeInternal              = "internal"
)

// codeInfo is a code's HTTP status and short title.
type codeInfo struct {
	status int
	title  string
}

// statuses maps every code the API can answer to its status. The rule:
// 400 for a malformed request, 401/403 for who you are, 404 for what does
// not exist, 409 for a conflict with the current state (retrying the same
// request will not help until the state changes), 422 for a well-formed
// request that a business rule refuses, 503 with Retry-After for a
// temporary condition of the server. docs/ERRORS.md explains each.
var statuses = map[string]codeInfo{
	// This package.
	CodeUnauthenticated:       {http.StatusUnauthorized, "Missing or unknown bearer token"},
	CodeForbidden:             {http.StatusForbidden, "Role may not do this"},
	CodeNotFound:              {http.StatusNotFound, "Not found"},
	CodeMethodNotAllowed:      {http.StatusMethodNotAllowed, "Method not allowed"},
	CodeInvalidJSON:           {http.StatusBadRequest, "Malformed JSON body"},
	CodeInvalidQuery:          {http.StatusBadRequest, "Malformed query parameter"},
	CodeInvalidPath:           {http.StatusBadRequest, "Path not in canonical form"},
	CodeIdempotencyKeyMissing: {http.StatusBadRequest, "Idempotency-Key header required"},
	CodeRequestTooLarge:       {http.StatusRequestEntityTooLarge, "Request body too large"},
	CodeUnsupportedMediaType:  {http.StatusUnsupportedMediaType, "Body must be application/json"},
	CodeProjectionLag:         {http.StatusGatewayTimeout, "Projections behind min_seq"},
	CodeTimeout:               {http.StatusGatewayTimeout, "Command outcome unknown"},
	CodeNotReady:              {http.StatusServiceUnavailable, "Not ready"},
	CodeNotImplemented:        {http.StatusNotImplemented, "Not implemented in this build"},
	CodeReadOnly:              {http.StatusForbidden, "Read replica: send writes to the writer"},
	CodeInternal:              {http.StatusInternalServerError, "Internal error"},

	// The ledger (ledger.Codes).
	"invalid_request":           {http.StatusBadRequest, "Invalid request"},
	"invalid_id":                {http.StatusBadRequest, "Invalid id"},
	"invalid_amount":            {http.StatusUnprocessableEntity, "Invalid amount"},
	"unknown_currency":          {http.StatusUnprocessableEntity, "Unknown currency"},
	"currency_mismatch":         {http.StatusUnprocessableEntity, "Currency mismatch"},
	"insufficient_funds":        {http.StatusUnprocessableEntity, "Insufficient funds"},
	"wallet_limit":              {http.StatusUnprocessableEntity, "Wallet balance limit reached"},
	"stake_below_limit":         {http.StatusUnprocessableEntity, "Stake below the table minimum"},
	"stake_above_limit":         {http.StatusUnprocessableEntity, "Stake above the table maximum"},
	"limit_outside_band":        {http.StatusUnprocessableEntity, "Limit outside the authorised band"},
	"unknown_paytable":          {http.StatusUnprocessableEntity, "Unknown paytable"},
	"invalid_result":            {http.StatusUnprocessableEntity, "Invalid result"},
	"correction_would_overdraw": {http.StatusUnprocessableEntity, "Correction would overdraw a wallet"},
	"bet_refused":               {http.StatusUnprocessableEntity, "Bet refused by the game's rules"},
	"bet_not_found":             {http.StatusNotFound, "Bet not found"},
	"table_not_found":           {http.StatusNotFound, "Table not found"},
	"round_not_found":           {http.StatusNotFound, "Round not found"},
	"table_exists":              {http.StatusConflict, "Table already open"},
	"table_closed":              {http.StatusConflict, "Table closed"},
	"round_in_progress":         {http.StatusConflict, "A round is in progress"},
	"shoe_required":             {http.StatusConflict, "The table needs a new shoe"},
	"paytable_changed":          {http.StatusConflict, "Paytable changed since the table opened"},
	"round_not_open":            {http.StatusConflict, "Betting is not open"},
	"invalid_round_state":       {http.StatusConflict, "Not allowed in the round's status"},
	"round_finished":            {http.StatusConflict, "Round finished"},
	"result_already_recorded":   {http.StatusConflict, "Result already recorded"},
	"idempotency_conflict":      {http.StatusConflict, "Idempotency key reused with another request"},
	"fenced":                    {http.StatusConflict, "Another writer is appending to the stream"},
	"overloaded":                {http.StatusServiceUnavailable, "Overloaded"},
	"unavailable":               {http.StatusServiceUnavailable, "Log unavailable"},
	"stream_full":               {http.StatusInsufficientStorage, "Stream full"},
	// Progressive pools (ledger/pool.go, issue #19).
	"pool_not_found":         {http.StatusNotFound, "Pool not found"},
	"pool_decommissioned":    {http.StatusConflict, "Pool decommissioned"},
	"table_already_linked":   {http.StatusConflict, "Table already linked to a pool"},
	"table_not_linked":       {http.StatusConflict, "Table not linked to the pool"},
	"jackpot_round_open":     {http.StatusConflict, "A round of a linked table is in progress"},
	"pool_in_use":            {http.StatusConflict, "Pool has linked tables"},
	"pool_negative":          {http.StatusUnprocessableEntity, "A pool account would go below zero"},
	"pool_limits_differ":     {http.StatusConflict, "Progressive limits differ from the linked tables'"},
	"seat_closed":            {http.StatusConflict, "Seat closed to progressive bets"},
	"invalid_jackpot_params": {http.StatusUnprocessableEntity, "Invalid jackpot parameters"},
	// Sessions above a table's rounds (ledger/session.go, issue #17).
	"session_open":     {http.StatusConflict, "A session is open"},
	"session_not_open": {http.StatusConflict, "Session not open"},
	// No Retry-After: only an operator's repair and a restart clear them.
	"stream_untrusted": {http.StatusServiceUnavailable, "Stream holds what the ledger did not write"},
	"stream_damaged":   {http.StatusServiceUnavailable, "Stream damaged"},

	// Game packages (games.CodedError). A result the game refuses is the
	// ledger's invalid_result whatever the game's own code: invalid_dice
	// belongs to the lines of wagerlog settle only (docs/ERRORS.md).
	"invalid_bet_code": {http.StatusUnprocessableEntity, "Invalid bet code"},
	"bet_not_offered":  {http.StatusUnprocessableEntity, "Bet not offered by this paytable"},
	// Bingo (games/bingo): a card sold whose numbers break the card's
	// rules (seed 002 bingo I).
	"invalid_card": {http.StatusUnprocessableEntity, "Invalid bingo card"},
	// Craps (games/craps). The ledger refuses a placement or a take-down
	// with bet_refused and the game's message; these codes reach a caller
	// unwrapped from the auditors' tools (settle --jsonl) and from any
	// path that passes a game's error through, and get their status here
	// rather than a 500.
	"bet_not_allowed_now":   {http.StatusUnprocessableEntity, "Bet not allowed in the table's state"},
	"odds_without_line_bet": {http.StatusUnprocessableEntity, "Odds without a line bet on the point"},
	"odds_above_limit":      {http.StatusUnprocessableEntity, "Odds above the line bet's multiple"},
	"take_down_not_allowed": {http.StatusUnprocessableEntity, "Bet may not be taken down"},
	"bet_decided":           {http.StatusConflict, "Bet already decided"},
	"invalid_point":         {http.StatusUnprocessableEntity, "Invalid point"},
	"hand_too_long":         {http.StatusUnprocessableEntity, "Shooter's hand too long"},
	"too_many_bets":         {http.StatusUnprocessableEntity, "Too many open bets"},
	// A bad currency scale is a configuration error of the server, never the
	// caller's.
	"invalid_scale": {http.StatusInternalServerError, "Invalid currency scale"},
}

// StatusOf returns the HTTP status of a code; an unknown code is a 500.
func StatusOf(code string) int {
	if c, ok := statuses[code]; ok {
		return c.status
	}
	return http.StatusInternalServerError
}

func titleOf(code string) string {
	if c, ok := statuses[code]; ok {
		return c.title
	}
	return statuses[CodeInternal].title
}

// retryAfter returns the seconds a client should wait before retrying, for
// temporary conditions; 0 for the others.
func retryAfter(code string) int {
	switch code {
	case "overloaded", "unavailable", CodeNotReady:
		return 1
	}
	return 0
}

// Codes returns every code the API can answer, sorted, for the
// documentation test and docs/ERRORS.md.
func Codes() []string {
	out := make([]string, 0, len(statuses))
	for c := range statuses {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}
