package api

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// handlerFunc is a route's handler. It returns an error instead of writing
// one, so that every error becomes a problem answer in one place.
type handlerFunc func(s *Server, w http.ResponseWriter, r *http.Request, who Principal) error

// route is one endpoint. The mux, the authorisation check, the OpenAPI
// document and the role test are all built from the list returned by routes.
type route struct {
	method string
	path   string // a net/http pattern path, with {wildcards}
	// id is the OpenAPI operationId; tag groups operations in the document.
	id, tag, summary string
	// public routes need no token. publicBoard routes need none when
	// Config.PublicBoard is set.
	public      bool
	publicBoard bool
	// command is the declaration of the ledger command a write route
	// issues (set by commandRoute): its name, roles, route and refusals
	// are the ledger's, so the API and the ledger agree.
	command *ledger.CommandSpec
	// roles may call a read route (ignored when command is set).
	roles []string
	// body is a zero value of the request body (nil: no body), and resp of
	// the success answer, for the OpenAPI document.
	body, resp any
	// status is the success status (200 when zero).
	status int
	// query lists the query parameters the route reads.
	query []param
	// extra are problem codes the route answers besides the ones its
	// kind of route does (routecodes.go).
	extra   []string
	handler handlerFunc
}

// param is a query parameter.
type param struct {
	name, typ, doc string
}

// pattern is the net/http pattern of the route.
func (rt route) pattern() string { return rt.method + " " + rt.path }

// allowed returns the roles that may call the route (nil for public ones).
func (rt route) allowed() []string {
	if rt.public {
		return nil
	}
	if rt.command != nil {
		return slices.Clone(rt.command.Roles)
	}
	// A copy: callers may sort it, and rt.roles may be shared (Roles).
	return slices.Clone(rt.roles)
}

// write reports whether the route issues a ledger command and therefore
// needs an Idempotency-Key.
func (rt route) write() bool { return rt.command != nil }

// commandName returns the name of the command a write route issues, ""
// for a read.
func (rt route) commandName() string {
	if rt.command == nil {
		return ""
	}
	return rt.command.Name
}

// commandRoute completes rt as the route of cmd's command (a zero value):
// its method, path and command come from the command's declaration.
func commandRoute(cmd ledger.Command, rt route) route {
	spec := ledger.SpecOf(cmd)
	method, path, ok := strings.Cut(spec.Route, " ")
	if !ok {
		panic("api: command " + spec.Name + " declares no route")
	}
	rt.method, rt.path, rt.command = method, path, &spec
	return rt
}

// checkQuery refuses a query parameter of the route that is given twice
// (min_seq=1&min_seq=999999: which one did the client mean?) or given
// empty (limit=): both are a client's mistake, not a request for the
// default. One check for every route, so that no handler can forget it.
func (rt route) checkQuery(r *http.Request) error {
	q := r.URL.Query()
	for _, p := range rt.query {
		switch v := q[p.name]; {
		case len(v) > 1:
			return apiErr(CodeInvalidQuery, fmt.Sprintf("query parameter %s is given %d times; give it once", p.name, len(v)))
		case len(v) == 1 && v[0] == "":
			return apiErr(CodeInvalidQuery, fmt.Sprintf("query parameter %s is empty; leave it out for the default", p.name))
		}
	}
	return nil
}

// pathParams returns the wildcards of the route's path, in order.
func (rt route) pathParams() []string {
	var out []string
	for _, seg := range strings.Split(rt.path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			out = append(out, strings.TrimSuffix(strings.TrimPrefix(seg, "{"), "}"))
		}
	}
	return out
}

// Role sets of the read routes. Write routes take theirs from the ledger.
var (
	rolesAll     = Roles()
	rolesTables  = []string{ledger.RoleDealer, ledger.RoleSupervisor, ledger.RoleFrontend, ledger.RoleAuditor, ledger.RoleFinance}
	rolesWallet  = []string{ledger.RoleFrontend, ledger.RoleCashier, ledger.RoleSupervisor, ledger.RoleAuditor, ledger.RoleFinance}
	rolesBets    = []string{ledger.RoleFrontend, ledger.RoleSupervisor, ledger.RoleAuditor, ledger.RoleFinance}
	rolesAudit   = []string{ledger.RoleAuditor}
	rolesReports = []string{ledger.RoleAuditor, ledger.RoleFinance}
	rolesMetrics = []string{ledger.RoleAuditor, ledger.RoleSupervisor}
	// rolesPlayers may list every player: the cashier's desk and finance,
	// and the supervisor and auditor who oversee them; not the frontend,
	// which serves one player at a time.
	rolesPlayers = []string{ledger.RoleCashier, ledger.RoleFinance, ledger.RoleSupervisor, ledger.RoleAuditor}
)

var (
	qMinSeq = param{"min_seq", "integer", "wait (at most a few seconds) until the projections have applied this stream sequence: read your own writes"}
	qCursor = param{"cursor", "string", "opaque cursor: the next member of the previous page"}
	qLimit  = param{"limit", "integer", "page size, 1..500 (default 50)"}
	qPrefix = param{"prefix", "string", "account prefix, e.g. wallet: or house:"}
	qZero   = param{"zero", "boolean", "true: list the accounts whose balance is zero too (default false, as wagerlog replay balances)"}
)

// routes returns every endpoint of the API.
func routes() []route {
	page := []param{qMinSeq, qCursor, qLimit}
	return append([]route{
		// Operations.
		{method: "GET", path: "/healthz", id: "healthz", tag: "operations", summary: "Liveness: the process answers", public: true, resp: statusBody{}, handler: (*Server).healthz},
		{method: "GET", path: "/readyz", id: "readyz", tag: "operations", summary: "Readiness: stream checked, ledger loaded, projector started", public: true, resp: statusBody{}, extra: []string{CodeNotReady}, handler: (*Server).readyz},
		{method: "GET", path: "/metrics", id: "metrics", tag: "operations", summary: "Prometheus metrics (text exposition format)", roles: rolesMetrics, handler: (*Server).metricsHandler},
		{method: "GET", path: "/v1/openapi.json", id: "openapi", tag: "operations", summary: "This API's OpenAPI 3.1 document", public: true, handler: (*Server).openapi},

		// Wallets.
		commandRoute(&ledger.Deposit{}, route{id: "deposit", tag: "wallets", summary: "Deposit into a wallet from the cashier", body: cashRequest{}, resp: ledger.Result{}, handler: (*Server).deposit}),
		commandRoute(&ledger.Withdraw{}, route{id: "withdraw", tag: "wallets", summary: "Withdraw from a wallet to the cashier", body: cashRequest{}, resp: ledger.Result{}, handler: (*Server).withdraw}),
		commandRoute(&ledger.Adjust{}, route{id: "adjust", tag: "wallets", summary: "Correct a wallet (signed amount, with a reason)", body: adjustRequest{}, resp: ledger.Result{}, handler: (*Server).adjust}),
		{method: "GET", path: "/v1/wallets/{player}", id: "getWallet", tag: "wallets", summary: "A player's balances in every currency, promotional credits apart", roles: rolesWallet, query: []param{qMinSeq}, resp: WalletAnswer{}, handler: (*Server).getWallet},
		{method: "GET", path: "/v1/wallets/{player}/history", id: "walletHistory", tag: "wallets", summary: "A player's wallet movements, newest first", roles: rolesWallet, query: page, resp: projections.WalletPage{}, handler: (*Server).walletHistory},
		{method: "GET", path: "/v1/wallets/{player}/bets", id: "playerBets", tag: "wallets", summary: "A player's bets, newest first", roles: rolesBets, query: page, resp: projections.BetPage{}, handler: (*Server).playerBets},
		{method: "GET", path: "/v1/wallets", id: "listPlayers", tag: "wallets", summary: "The players with a wallet, by id, each with its balances (cashier, finance), paged", roles: rolesPlayers, query: page, resp: projections.PlayerPage{}, handler: (*Server).listPlayers},
		{method: "GET", path: "/v1/balances", id: "balances", tag: "wallets", summary: "Every account balance under a prefix (finance)", roles: rolesReports, query: []param{qMinSeq, qPrefix, qZero}, resp: projections.BalanceList{}, handler: (*Server).balances},

		// Tables.
		commandRoute(&ledger.OpenTable{}, route{id: "openTable", tag: "tables", summary: "Open a table", body: openTableRequest{}, resp: ledger.Result{}, status: http.StatusCreated, handler: (*Server).openTable}),
		{method: "GET", path: "/v1/tables", id: "listTables", tag: "tables", summary: "Every table (public with --public-board, so the dashboard can offer them)", roles: rolesAll, publicBoard: true, query: []param{qMinSeq}, resp: projections.TableList{}, handler: (*Server).listTables},
		{method: "GET", path: "/v1/tables/{table}", id: "getTable", tag: "tables", summary: "A table: paytable, limits, dealer, status", roles: rolesTables, query: []param{qMinSeq}, resp: projections.TableView{}, handler: (*Server).getTable},
		{method: "GET", path: "/v1/tables/{table}/state", id: "getTableState", tag: "tables", summary: "The round in progress: its results, open bets and the game's state (a craps hand's point and rolls)", roles: rolesTables, query: []param{qMinSeq}, resp: projections.TableState{}, handler: (*Server).getTableState},
		commandRoute(&ledger.ChangeLimits{}, route{id: "changeLimits", tag: "tables", summary: "Change a table's limits between rounds, within its band", body: limitsRequest{}, resp: ledger.Result{}, handler: (*Server).changeLimits}),
		commandRoute(&ledger.StartShoe{}, route{id: "startShoe", tag: "tables", summary: "Start a new shoe between rounds at a table dealt from one (baccarat à deux tableaux, blackjack, War): the cards the cut card leaves behind", body: shoeRequest{}, resp: ledger.Result{}, status: http.StatusCreated, handler: (*Server).startShoe}),
		commandRoute(&ledger.TakeBank{}, route{id: "takeBank", tag: "tables", summary: "A player takes the bank of a player-banked table (baccarat à deux tableaux) between rounds: the amount moves from their wallet into the bank's custody", body: bankRequest{}, resp: ledger.Result{}, status: http.StatusCreated, handler: (*Server).takeBank}),
		commandRoute(&ledger.ReleaseBank{}, route{id: "releaseBank", tag: "tables", summary: "The banker gives up the bank between rounds: its balance goes back to their wallet", body: emptyRequest{}, resp: ledger.Result{}, handler: (*Server).releaseBank}),
		commandRoute(&ledger.OpenSession{}, route{id: "openSession", tag: "tables", summary: "Open a session above a table's rounds between rounds, with its terms (a bingo session: the series of cards it sells, each with its face value and numbers)", body: openSessionRequest{}, resp: ledger.Result{}, status: http.StatusCreated, handler: (*Server).openSession}),
		commandRoute(&ledger.CloseSession{}, route{id: "closeSession", tag: "tables", summary: "Close a table's open session between rounds", body: reasonRequest{}, resp: ledger.Result{}, handler: (*Server).closeSession}),
		{method: "GET", path: "/v1/tables/{table}/sessions/{session}", id: "getSession", tag: "tables", summary: "A table's session: its terms, games, and the sales, prizes paid, refunds and hall share in all and per day", roles: rolesTables, query: []param{qMinSeq}, resp: projections.SessionView{}, handler: (*Server).getSession},
		commandRoute(&ledger.CloseTable{}, route{id: "closeTable", tag: "tables", summary: "Close a table between rounds", body: reasonRequest{}, resp: ledger.Result{}, handler: (*Server).closeTable}),

		// Rounds.
		commandRoute(&ledger.OpenRound{}, route{id: "openRound", tag: "rounds", summary: "Open a round for betting", body: openRoundRequest{}, resp: ledger.Result{}, status: http.StatusCreated, handler: (*Server).openRound}),
		{method: "GET", path: "/v1/tables/{table}/rounds", id: "listRounds", tag: "rounds", summary: "A table's rounds, newest first", roles: rolesTables, query: page, resp: projections.RoundPage{}, handler: (*Server).listRounds},
		{method: "GET", path: "/v1/rounds/{round}", id: "getRound", tag: "rounds", summary: "A round with its bets and payouts", roles: rolesTables, query: []param{qMinSeq}, resp: projections.RoundView{}, handler: (*Server).getRound},
		commandRoute(&ledger.CloseBetting{}, route{id: "closeBetting", tag: "rounds", summary: "No more bets", body: emptyRequest{}, resp: ledger.Result{}, handler: (*Server).closeBetting}),
		commandRoute(&ledger.Reshake{}, route{id: "reshake", tag: "rounds", summary: "Record a reshake or a repeated spin (reasons: " + strings.Join(events.ReshakeReasons(), ", ") + ")", body: reshakeRequest{}, resp: ledger.Result{}, handler: (*Server).reshake}),
		commandRoute(&ledger.RecordResult{}, route{id: "recordResult", tag: "rounds", summary: "Record the result and settle every bet", body: resultRequest{}, resp: ledger.Result{}, handler: (*Server).recordResult}),
		commandRoute(&ledger.Pause{}, route{id: "pauseRound", tag: "rounds", summary: "Pause a round on a fault", body: reasonRequest{}, resp: ledger.Result{}, handler: (*Server).pause}),
		commandRoute(&ledger.Resume{}, route{id: "resumeRound", tag: "rounds", summary: "Resume a paused round", body: noteRequest{}, resp: ledger.Result{}, handler: (*Server).resume}),
		commandRoute(&ledger.Cancel{}, route{id: "cancelRound", tag: "rounds", summary: "Cancel a round and refund every bet", body: reasonRequest{}, resp: ledger.Result{}, handler: (*Server).cancel}),
		commandRoute(&ledger.CorrectResult{}, route{id: "correctResult", tag: "rounds", summary: "Correct a settled round's result (reverse and settle again)", body: correctRequest{}, resp: ledger.Result{}, handler: (*Server).correct}),

		// Bet slips.
		commandRoute(&ledger.PlaceSlip{}, route{id: "placeSlip", tag: "slips", summary: "Place a player's bet slip on the open round", body: slipRequest{}, resp: ledger.Result{}, status: http.StatusCreated, handler: (*Server).placeSlip}),
		commandRoute(&ledger.TakeDown{}, route{id: "takeDown", tag: "slips", summary: "Take an open bet down between two results, where its game allows it (its stake goes back to the wallet)", body: takeDownRequest{}, resp: ledger.Result{}, handler: (*Server).takeDown}),
		commandRoute(&ledger.Claim{}, route{id: "claim", tag: "slips", summary: "Record a player's call of a prize on a bet (a bingo card's line or bingo) with the game's verdict; never paid on", body: claimRequest{}, resp: ledger.Result{}, handler: (*Server).claim}),
		{method: "GET", path: "/v1/rounds/{round}/slips/{slip}", id: "getSlip", tag: "slips", summary: "A bet slip with its bets and their settlement", roles: rolesBets, query: []param{qMinSeq}, resp: SlipView{}, handler: (*Server).getSlip},

		// The board.
		{method: "GET", path: "/v1/tables/{table}/board", id: "board", tag: "board", summary: "The statistics board: the table's last results", roles: rolesAll, publicBoard: true, query: []param{qMinSeq}, resp: projections.Board{}, handler: (*Server).board},
		{method: "GET", path: "/v1/tables/{table}/board/stream", id: "boardStream", tag: "board", summary: "The board live (server-sent events: `event: board` on connect and on every change)", roles: rolesAll, publicBoard: true, extra: []string{ledger.ErrOverloaded.Code()}, handler: (*Server).boardStream},

		// Audit and reports.
		{method: "GET", path: "/v1/audit/rounds/{round}/replay", id: "replayRound", tag: "audit", summary: "Replay a disputed round from the stream and re-settle every bet", roles: rolesAudit, resp: replay.RoundReplay{}, extra: []string{CodeNotImplemented}, handler: (*Server).replayRound},
		{method: "POST", path: "/v1/audit/verify", id: "verify", tag: "audit", summary: "Verify the hash chain and the invariants over a range of the stream", roles: rolesAudit, body: verifyRequest{}, resp: audit.VerifyReport{}, extra: []string{CodeNotImplemented, ledger.ErrInvalidRequest.Code()}, handler: (*Server).verify},
		{method: "GET", path: "/v1/reports/daily", id: "dailyReport", tag: "reports", summary: "Daily totals per table, currency and bet kind", roles: rolesReports, query: []param{qMinSeq, {"from", "string", "first day, YYYY-MM-DD"}, {"to", "string", "last day, YYYY-MM-DD"}, {"table", "string", "one table (default: all)"}}, resp: projections.DailyReport{}, extra: []string{ledger.ErrInvalidID.Code()}, handler: (*Server).dailyReport},
		{method: "GET", path: "/v1/reports/{kind}", id: "report", tag: "reports", summary: "A reconciliation or regulator report (JSON, CSV zip, HTML or PDF by kind and format)", roles: rolesReports, query: []param{{"format", "string", "json, csv (a zip of one CSV file per table), html or pdf"}}, extra: []string{CodeNotImplemented}, handler: (*Server).report},
	}, poolRoutes()...) // progressive pools (pools.go)
}

// RouteInfo describes one endpoint, for documentation, tests and clients.
type RouteInfo struct {
	Method  string
	Path    string
	ID      string
	Summary string
	// Public routes need no token; PublicBoard ones need none when the
	// server runs with Config.PublicBoard.
	Public      bool
	PublicBoard bool
	// Roles may call the route (nil when Public).
	Roles []string
	// Command is the name of the ledger command a write route issues (""
	// for reads).
	Command string
	// Codes are the problem codes the route can answer, sorted.
	Codes []string
}

// Routes lists every endpoint of the API, in the order of the
// documentation.
func Routes() []RouteInfo {
	rts := routes()
	out := make([]RouteInfo, len(rts))
	for i, rt := range rts {
		out[i] = RouteInfo{
			Method: rt.method, Path: rt.path, ID: rt.id, Summary: rt.summary,
			Public: rt.public, PublicBoard: rt.publicBoard, Roles: rt.allowed(), Command: rt.commandName(),
			Codes: rt.codes(),
		}
	}
	return out
}
