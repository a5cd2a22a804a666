package api_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/ledger"
)

// roleFixture opens a table with a round and a slip, so that every route
// has real ids to name.
type roleFixture struct {
	table, round, slip, bet, player string
}

func newRoleFixture(e *env) roleFixture {
	e.deposit("alice", "1000")
	e.openTable("t1")
	round := e.openRound("t1")
	res := e.slip("t1", round, "alice", bet{"big", "1"})
	e.waitProjected()
	return roleFixture{table: "t1", round: round, slip: res.Slip, bet: res.Bets[0].Bet, player: "alice"}
}

// path fills a route's wildcards with the fixture's ids.
func (f roleFixture) path(p string) string {
	return strings.NewReplacer("{player}", f.player, "{table}", f.table, "{round}", f.round, "{slip}", f.slip, "{bet}", f.bet, "{kind}", "regulator", "{pool}", "jp-1", "{session}", "s1").Replace(p)
}

// body returns a plausible body for a write route, so that allowed roles
// reach the ledger rather than stop at decoding.
func (f roleFixture) body(id string) any {
	switch id {
	case "deposit", "withdraw":
		return map[string]string{"amount": "1", "currency": "EUR"}
	case "adjust":
		return map[string]string{"amount": "1", "currency": "EUR", "reason": "role test"}
	case "openTable":
		return map[string]any{"table": "t2", "paytable": "sicbo/live", "currency": "EUR",
			"limits": map[string]any{"*": map[string]string{"min": "1", "max": "5"}},
			"band":   map[string]string{"min": "1", "max": "5"}, "dealer": dealerActor}
	case "changeLimits":
		return map[string]any{"limits": map[string]any{"*": map[string]string{"min": "1", "max": "5"}}}
	case "reshake":
		return map[string]string{"reason": "dice_not_flat"}
	case "recordResult":
		return map[string]any{"dice": []int{1, 2, 3}}
	case "correctResult":
		return map[string]any{"dice": []int{1, 2, 4}, "reason": "role test"}
	case "pauseRound", "cancelRound", "closeTable":
		return map[string]string{"reason": "role test"}
	case "placeSlip":
		return map[string]any{"player": "alice", "bets": []bet{{"small", "1"}}}
	case "takeDown":
		return map[string]string{"player": "alice"}
	}
	return nil
}

// call sends one request of the role walk; a live stream is cut as soon as
// its status is known.
func (e *env) call(method, path, role string, body any) int {
	e.t.Helper()
	if !strings.HasSuffix(path, "/board/stream") {
		return e.req(method, path, role, body).status
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, _ := http.NewRequestWithContext(ctx, method, e.srv.URL+path, nil)
	if role != "" {
		r.Header.Set("Authorization", "Bearer "+e.tokens[role])
	}
	res, err := e.srv.Client().Do(r)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestRoles_EveryRouteEveryRole walks every route with every role's token
// and with none: no token gives 401 (except on public routes), a role the
// route does not list gives 403, and a listed role gets past both.
func TestRoles_EveryRouteEveryRole(t *testing.T) {
	e := newEnv(t, envOptions{})
	f := newRoleFixture(e)
	callers := append([]string{""}, api.Roles()...)
	var n401, n403, nOK int
	for _, rt := range api.Routes() {
		for _, role := range callers {
			status := e.call(rt.Method, f.path(rt.Path), role, f.body(rt.ID))
			cell := fmt.Sprintf("%s %s as %q: %d", rt.Method, rt.Path, role, status)
			switch {
			case rt.Public:
				if status == 401 || status == 403 {
					t.Errorf("%s, public route", cell)
				}
				nOK++
			case role == "":
				if status != 401 {
					t.Errorf("%s, want 401", cell)
				}
				n401++
			case !slices.Contains(rt.Roles, role):
				if status != 403 {
					t.Errorf("%s, want 403 (allowed: %v)", cell, rt.Roles)
				}
				n403++
			default:
				if status == 401 || status == 403 {
					t.Errorf("%s, want neither 401 nor 403 (allowed: %v)", cell, rt.Roles)
				}
				nOK++
			}
		}
	}
	// The walk covered every kind of cell.
	if n401 == 0 || n403 == 0 || nOK == 0 || n401+n403+nOK != len(api.Routes())*len(callers) {
		t.Fatalf("walk: %d × 401, %d × 403, %d allowed", n401, n403, nOK)
	}
	t.Logf("%d routes × %d callers: %d × 401, %d × 403, %d allowed", len(api.Routes()), len(callers), n401, n403, nOK)
}

// TestRoles_KnownCells checks cells of the matrix written out by hand, so
// that the walk above cannot pass on a table that allows everything or
// nothing.
func TestRoles_KnownCells(t *testing.T) {
	e := newEnv(t, envOptions{})
	f := newRoleFixture(e)
	cells := []struct {
		method, path, role string
		body               any
		status             int
	}{
		{"GET", "/healthz", "", nil, 200},
		{"GET", "/readyz", "", nil, 200},
		{"GET", "/v1/openapi.json", "", nil, 200},
		{"GET", "/metrics", "", nil, 401},
		{"GET", "/metrics", ledger.RoleViewer, nil, 403},
		{"GET", "/metrics", ledger.RoleAuditor, nil, 200},
		{"POST", "/v1/wallets/bob/deposit", "", f.body("deposit"), 401},
		{"POST", "/v1/wallets/bob/deposit", ledger.RoleFrontend, f.body("deposit"), 403},
		{"POST", "/v1/wallets/bob/deposit", ledger.RoleDealer, f.body("deposit"), 403},
		{"POST", "/v1/wallets/bob/deposit", ledger.RoleCashier, f.body("deposit"), 200},
		{"POST", "/v1/wallets/bob/adjust", ledger.RoleCashier, f.body("adjust"), 403},
		{"POST", "/v1/wallets/bob/adjust", ledger.RoleSupervisor, f.body("adjust"), 200},
		{"GET", "/v1/wallets/alice", ledger.RoleViewer, nil, 403},
		{"GET", "/v1/wallets/alice", ledger.RoleFrontend, nil, 200},
		{"GET", "/v1/wallets/alice", ledger.RoleFinance, nil, 200},
		{"GET", "/v1/balances", ledger.RoleFrontend, nil, 403},
		{"GET", "/v1/balances", ledger.RoleFinance, nil, 200},
		{"POST", "/v1/tables/t1/slips", ledger.RoleCashier, f.body("placeSlip"), 403},
		{"POST", "/v1/tables/t1/slips", ledger.RoleFrontend, f.body("placeSlip"), 201},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/pause", ledger.RoleFrontend, f.body("pauseRound"), 403},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/pause", otherDealerActor, f.body("pauseRound"), 403},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/pause", ledger.RoleDealer, f.body("pauseRound"), 200},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/resume", ledger.RoleDealer, nil, 403},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/resume", ledger.RoleSupervisor, nil, 200},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/cancel", ledger.RoleDealer, f.body("cancelRound"), 403},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/bets/" + f.bet + "/take-down", ledger.RoleDealer, f.body("takeDown"), 403},
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/bets/" + f.bet + "/take-down", ledger.RoleSupervisor, f.body("takeDown"), 403},
		// Sic Bo bets stay where they are (seed 001): the game refuses.
		{"POST", "/v1/tables/t1/rounds/" + f.round + "/bets/" + f.bet + "/take-down", ledger.RoleFrontend, f.body("takeDown"), 422},
		{"GET", "/v1/tables/t1/board", "", nil, 401},
		{"GET", "/v1/tables/t1/board", ledger.RoleViewer, nil, 200},
		{"GET", "/v1/tables/t1", ledger.RoleViewer, nil, 403},
		{"GET", "/v1/audit/rounds/" + f.round + "/replay", ledger.RoleFinance, nil, 403},
		{"GET", "/v1/audit/rounds/" + f.round + "/replay", ledger.RoleAuditor, nil, 501},
		{"GET", "/v1/reports/daily?from=2026-01-01&to=2026-01-02", ledger.RoleFinance, nil, 200},
		{"GET", "/v1/reports/daily?from=2026-01-01&to=2026-01-02", ledger.RoleCashier, nil, 403},
	}
	for _, c := range cells {
		if got := e.req(c.method, c.path, c.role, c.body).status; got != c.status {
			t.Errorf("%s %s as %q: %d, want %d", c.method, c.path, c.role, got, c.status)
		}
	}
}

// TestRoles_PublicBoard opens the board to callers without a token, and
// only the board.
func TestRoles_PublicBoard(t *testing.T) {
	e := newEnv(t, envOptions{publicBoard: true})
	seq := e.openTable("t1").LastSeq
	e.must(200, "GET", fmt.Sprintf("/v1/tables/t1/board?min_seq=%d", seq), "", nil)
	e.must(401, "GET", "/v1/tables/t1", "", nil)
	e.must(401, "GET", "/v1/tables/t1/rounds", "", nil)
	// The table list is public too, so that the dashboard can offer tables.
	e.must(200, "GET", "/v1/tables", "", nil)
	if got := e.call("GET", "/v1/tables/t1/board/stream", "", nil); got != 200 {
		t.Fatalf("public board stream: %d", got)
	}
	// An unknown token is not an anonymous caller on a protected route.
	r := e.req("GET", "/v1/tables/t1", "", nil, "Authorization", "Bearer wlt_not-a-token")
	if r.status != 401 || r.problem(t).Code != api.CodeUnauthenticated || r.header.Get("WWW-Authenticate") == "" {
		t.Fatalf("unknown token: %s", r)
	}
}
