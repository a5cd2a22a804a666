package api_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// The tests of the HTTP contract (docs/API.md): one per promise.

// refused sends a request that must be refused with status and code, and
// checks that it wrote nothing.
func (e *env) refused(status int, code, method, path, role string, body any, hdr ...string) api.Problem {
	e.t.Helper()
	before := e.lastSeq()
	r := e.req(method, path, role, body, hdr...)
	p := r.problem(e.t)
	if r.status != status || p.Code != code {
		e.t.Fatalf("%s %s %v: %d %s (%s), want %d %s", method, path, body, r.status, p.Code, p.Detail, status, code)
	}
	if p.RequestID == "" || p.RequestID != r.header.Get("X-Request-Id") {
		e.t.Fatalf("%s %s: problem request_id %q, header %q", method, path, p.RequestID, r.header.Get("X-Request-Id"))
	}
	if after := e.lastSeq(); after != before {
		e.t.Fatalf("%s %s answered %d but the stream moved %d → %d", method, path, r.status, before, after)
	}
	if hr, err := http.NewRequest(method, e.srv.URL+path, nil); err == nil {
		e.checkDocumented(e.t, hr, p.Code)
	}
	return p
}

// TestContract_PathNotCanonical: a path with "..", "." or "//" segments is
// refused with a problem, never redirected (a client following the
// redirect would deposit into another wallet).
func TestContract_PathNotCanonical(t *testing.T) {
	e := newEnv(t, envOptions{})
	body := map[string]string{"amount": "5", "currency": "EUR"}
	for _, path := range []string{
		"/v1/wallets/mallory/../bob/deposit",
		"/v1/wallets/mallory/./deposit",
		"/v1/wallets//mallory/deposit",
		"/v1//tables",
		"/v1/tables/t1/..",
	} {
		e.refused(400, api.CodeInvalidPath, "POST", path, ledger.RoleCashier, body)
	}
	e.refused(400, api.CodeInvalidPath, "GET", "/v1/wallets/alice/../bob", ledger.RoleCashier, nil)
	if got := e.balance("bob", e.lastSeq()); !got.IsZero() {
		t.Fatalf("bob holds %s", got)
	}
	// A trailing slash is no route, and a problem too.
	e.refused(404, api.CodeNotFound, "GET", "/v1/tables/", ledger.RoleAuditor, nil)
}

// jsonLines decodes the JSON lines a log wrote.
func jsonLines(log []byte) []map[string]any {
	var out []map[string]any
	for _, line := range bytes.Split(log, []byte("\n")) {
		var m map[string]any
		if json.Unmarshal(line, &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// TestContract_ProblemsLogged: unknown routes and methods answer problems
// with not_found and method_not_allowed, and every 4xx is logged at info
// with its code and request id (docs/ERRORS.md).
func TestContract_ProblemsLogged(t *testing.T) {
	var sink syncbuf.Buffer
	e := newEnv(t, envOptions{logger: slog.New(slog.NewJSONHandler(&sink, &slog.HandlerOptions{Level: slog.LevelInfo}))})
	cases := []struct {
		method, path, role string
		body               any
		status             int
		code               string
	}{
		{"GET", "/v1/nothing", ledger.RoleAuditor, nil, 404, api.CodeNotFound},
		{"GET", "/v1/nothing", "", nil, 404, api.CodeNotFound},
		{"PUT", "/v1/tables", ledger.RoleAuditor, nil, 405, api.CodeMethodNotAllowed},
		{"DELETE", "/v1/wallets/p1", "", nil, 405, api.CodeMethodNotAllowed},
		{"GET", "/v1/wallets/p1", "", nil, 401, api.CodeUnauthenticated},
		{"POST", "/v1/wallets/p1/deposit", ledger.RoleCashier, `{"amount":"1"`, 400, api.CodeInvalidJSON},
		{"POST", "/v1/wallets/p1/withdraw", ledger.RoleCashier, map[string]string{"amount": "1", "currency": "EUR"}, 422, "insufficient_funds"},
	}
	var ids []string
	for _, c := range cases {
		p := e.refused(c.status, c.code, c.method, c.path, c.role, c.body)
		if c.status == 405 && p.Detail == "" {
			t.Errorf("405 without detail")
		}
		ids = append(ids, p.RequestID)
	}
	logged := map[string]map[string]any{}
	for _, l := range jsonLines(sink.Bytes()) {
		if id, ok := l["request_id"].(string); ok {
			logged[id] = l
		}
	}
	for i, id := range ids {
		l := logged[id]
		if l == nil {
			t.Errorf("%s %s (request %s) is not in the log", cases[i].method, cases[i].path, id)
			continue
		}
		if l["level"] != "INFO" || l["code"] != cases[i].code || l["status"] != float64(cases[i].status) {
			t.Errorf("%s %s logged as %v", cases[i].method, cases[i].path, l)
		}
	}
}

// TestContract_JSONNames: member names are exact, a member named twice
// (in any case) and a null body are invalid_json, and write nothing.
func TestContract_JSONNames(t *testing.T) {
	e := newEnv(t, envOptions{})
	const path = "/v1/wallets/mallory/deposit"
	for _, body := range []string{
		`{"Amount":"5","currency":"EUR"}`,
		`{"amount":"5","Currency":"EUR"}`,
		`{"amount":"1","amount":"1000","currency":"EUR"}`,
		`{"amount":"1", "AMOUNT":"1000","currency":"EUR"}`,
		`null`,
		` null `,
		`"x"`,
		`[]`,
		`{"amount":"1","currency":"EUR"} null`,
	} {
		e.refused(400, api.CodeInvalidJSON, "POST", path, ledger.RoleCashier, body)
	}
	// Nested members too: a slip's bets.
	e.openTable("t1")
	e.deposit("p1", "10")
	e.refused(400, api.CodeInvalidJSON, "POST", "/v1/tables/t1/slips", ledger.RoleFrontend, `{"player":"p1","bets":[{"Code":"big","stake":"1"}]}`)
	e.refused(400, api.CodeInvalidJSON, "POST", "/v1/tables/t1/slips", ledger.RoleFrontend, `{"player":"p1","bets":[{"code":"big","stake":"1","stake":"2"}]}`)
	// The empty body still counts as {}.
	round := e.openRound("t1")
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, "")
	// A result body: names are exact there too, and a reason twice is refused.
	e.refused(400, api.CodeInvalidJSON, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, `{"dice":[1,2,3],"dice":[4,5,6]}`)
	e.refused(400, api.CodeInvalidJSON, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, `null`)
}

// TestContract_Amounts: only plain decimals with at most the currency's
// decimals are accepted; anything else is invalid_amount with the
// canonical spelling in the detail.
func TestContract_Amounts(t *testing.T) {
	e := newEnv(t, envOptions{})
	const path = "/v1/wallets/mallory/deposit"
	cases := []struct{ amount, canonical string }{
		{`"+5"`, "write 5"},
		{`".5"`, "write 0.5"},
		{`"1E+2"`, "write 100"},
		{`"1e2"`, "write 100"},
		{`1E+2`, "write 100"},
		{`"5."`, "write 5"},
		{`" 5"`, "not a decimal"},
		{`"1.000"`, "write 1.00"},
		{`"0x10"`, "not a decimal"},
		{`"ten"`, "not a decimal"},
		{`"1.005"`, "more than 2 decimals"},
	}
	for _, c := range cases {
		p := e.refused(422, "invalid_amount", "POST", path, ledger.RoleCashier, `{"amount":`+c.amount+`,"currency":"EUR"}`)
		if !strings.Contains(p.Detail, c.canonical) {
			t.Errorf("amount %s: detail %q does not say %q", c.amount, p.Detail, c.canonical)
		}
	}
	// Stakes and limits go through the same parser.
	e.openTable("t1")
	e.deposit("p1", "10")
	e.openRound("t1")
	e.refused(422, "invalid_amount", "POST", "/v1/tables/t1/slips", ledger.RoleFrontend, `{"player":"p1","bets":[{"code":"big","stake":"+1"}]}`)
	e.refused(422, "invalid_amount", "POST", "/v1/tables/t1/slips", ledger.RoleFrontend, `{"player":"p1","bets":[{"code":"big","stake":"1.000"}]}`)
	// Plain decimals, as strings or numbers, pass.
	for _, a := range []string{`"5"`, `"5.5"`, `"0.50"`, `5`, `5.25`} {
		e.must(200, "POST", path, ledger.RoleCashier, `{"amount":`+a+`,"currency":"EUR"}`)
	}
	// CLP has no decimals.
	e.refused(422, "invalid_amount", "POST", path, ledger.RoleCashier, `{"amount":"5.0","currency":"CLP"}`)
}

// TestContract_WalletMax: a deposit or an adjustment cannot take a wallet
// above the configured maximum (wallet_limit); a withdrawal still can.
func TestContract_WalletMax(t *testing.T) {
	e := newEnv(t, envOptions{walletMax: dec("1000")})
	e.deposit("p1", "999.99")
	e.refused(422, "wallet_limit", "POST", "/v1/wallets/p1/deposit", ledger.RoleCashier, map[string]string{"amount": "0.02", "currency": "EUR"})
	e.refused(422, "wallet_limit", "POST", "/v1/wallets/p1/adjust", ledger.RoleSupervisor, map[string]string{"amount": "1", "currency": "EUR", "reason": "x"})
	e.deposit("p1", "0.01")
	e.must(200, "POST", "/v1/wallets/p1/adjust", ledger.RoleSupervisor, map[string]string{"amount": "-1", "currency": "EUR", "reason": "x"})

	// The default bound stops a run of adjustments long before 10^16.
	d := newEnv(t, envOptions{})
	d.must(200, "POST", "/v1/wallets/p1/adjust", ledger.RoleSupervisor, map[string]string{"amount": "999999999999", "currency": "EUR", "reason": "x"})
	d.refused(422, "wallet_limit", "POST", "/v1/wallets/p1/adjust", ledger.RoleSupervisor, map[string]string{"amount": "2", "currency": "EUR", "reason": "x"})
}

// TestContract_Queries: an empty parameter and a repeated one are
// invalid_query, on every route that reads them.
func TestContract_Queries(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("p1", "10")
	for _, path := range []string{
		"/v1/wallets/p1/history?limit=",
		"/v1/wallets/p1/history?cursor=",
		"/v1/wallets/p1/history?limit=1&limit=2",
		"/v1/wallets/p1?min_seq=1&min_seq=999999",
		"/v1/wallets/p1?min_seq=",
		"/v1/balances?prefix=wallet:&prefix=house:",
		"/v1/reports/daily?from=2026-01-01&from=2026-01-02&to=2026-01-03",
	} {
		p := e.refused(400, api.CodeInvalidQuery, "GET", path, ledger.RoleFinance, nil)
		if p.Detail == "" {
			t.Errorf("%s: no detail", path)
		}
	}
	e.must(200, "GET", "/v1/wallets/p1/history?limit=1", ledger.RoleFinance, nil)
}

// TestContract_ResultCodes: a result that fails the game's validation is
// invalid_result (never the games' invalid_dice, which belongs to the
// settle lines), and so is a result with members of another game
// (docs/ERRORS.md says why).
func TestContract_ResultCodes(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.openTable("t1")
	round := e.openRound("t1")
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
	path := e.roundPath("t1", round, "result")
	for _, body := range []string{`{"dice":[1,2,7]}`, `{"dice":[1,2]}`, `{"pocket":"00"}`, `{"dice":[1,2,3],"pocket":"00"}`, `{}`} {
		e.refused(422, "invalid_result", "POST", path, ledger.RoleDealer, body)
	}
	e.refused(400, api.CodeInvalidJSON, "POST", path, ledger.RoleDealer, `{"dice":"1,2,3"`)
	for _, c := range api.Codes() {
		if c == "invalid_dice" {
			t.Errorf("the API lists invalid_dice among its codes; results answer invalid_result")
		}
	}
}

// TestContract_SettlementInAnswers: the answers of a result, a correction
// and a cancellation carry the round's settlement (per bet its code,
// outcome, win and returned, and the totals), and a retry with the same
// key gets the same answer. A slip answer lists its bets with id and code.
func TestContract_SettlementInAnswers(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("alice", "100")
	e.openTable("t1")
	round := e.openRound("t1")
	slip := e.slip("t1", round, "alice", bet{"small", "10"}, bet{"double:2", "5"}, bet{"big", "2"})
	if len(slip.Bets) != 3 || slip.Bets[0].Code != "small" || slip.Bets[1].Code != "double:2" || slip.Bets[2].Code != "big" || slip.Bets[0].Bet == "" || slip.Bets[0].Bet == slip.Bets[1].Bet {
		t.Fatalf("slip answer bets: %+v", slip.Bets)
	}
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
	r := e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, `{"dice":[2,2,5]}`, "Idempotency-Key", "res-1")
	res := r.result(t)
	if res.FirstSeq == 0 || res.LastSeq < res.FirstSeq {
		t.Fatalf("sequences %d..%d", res.FirstSeq, res.LastSeq)
	}
	st := res.Settlement
	if st == nil || len(st.Bets) != 3 || res.Currency != "EUR" {
		t.Fatalf("result answer: %s", r.body)
	}
	want := map[string]struct{ outcome, win, returned string }{
		slip.Bets[0].Bet: {"won", "10", "20"},
		slip.Bets[1].Bet: {"won", "50", "55"},
		slip.Bets[2].Bet: {"lost", "0", "0"},
	}
	for _, b := range st.Bets {
		w := want[b.Bet]
		if b.Outcome != w.outcome || !b.Win.Equal(dec(w.win)) || !b.Returned.Equal(dec(w.returned)) || b.Code == "" {
			t.Errorf("bet %s %s: %s win %s returned %s, want %+v", b.Bet, b.Code, b.Outcome, b.Win, b.Returned, w)
		}
	}
	if tt := st.Totals; tt.Bets != 3 || !tt.Staked.Equal(dec("17")) || !tt.Won.Equal(dec("60")) || !tt.Returned.Equal(dec("75")) {
		t.Errorf("totals %+v", tt)
	}
	again := e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, `{"dice":[2,2,5]}`, "Idempotency-Key", "res-1")
	if !bytes.Equal(again.body, r.body) {
		t.Fatalf("retry answered\n%s\nthe first\n%s", again.body, r.body)
	}

	// A correction answers the new settlement.
	c := e.must(200, "POST", e.roundPath("t1", round, "correct"), ledger.RoleSupervisor, `{"dice":[4,5,6],"reason":"misread"}`).result(t)
	if c.Settlement == nil || len(c.Settlement.Bets) != 3 || !c.Settlement.Totals.Returned.Equal(dec("4")) {
		t.Fatalf("correction settlement %+v", c.Settlement)
	}

	// A cancellation answers the refunds.
	round2 := e.openRound("t1")
	e.slip("t1", round2, "alice", bet{"small", "3"})
	cn := e.must(200, "POST", e.roundPath("t1", round2, "cancel"), ledger.RoleSupervisor, map[string]string{"reason": "fault"}).result(t)
	if cn.Settlement == nil || len(cn.Settlement.Bets) != 1 || cn.Settlement.Bets[0].Outcome != ledger.OutcomeRefunded || !cn.Settlement.Totals.Refunded.Equal(dec("3")) {
		t.Fatalf("cancel settlement %+v", cn.Settlement)
	}
}

// TestContract_AmountDecimals: answers write amounts with the currency's
// decimals ("87.70", "0.00") and percentages with two ("33.33"), in write
// answers, reads and the board alike.
func TestContract_AmountDecimals(t *testing.T) {
	e := newEnv(t, envOptions{})
	dep := e.must(200, "POST", "/v1/wallets/alice/deposit", ledger.RoleCashier, map[string]string{"amount": "87.7", "currency": "EUR"})
	if !bytes.Contains(dep.body, []byte(`"balance":"87.70"`)) {
		t.Errorf("deposit answer %s", dep.body)
	}
	e.must(200, "POST", "/v1/wallets/clp1/deposit", ledger.RoleCashier, map[string]string{"amount": "500", "currency": "CLP"})
	e.openTable("t1")
	round := e.openRound("t1")
	e.slip("t1", round, "alice", bet{"small", "10"}, bet{"big", "5"})
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
	res := e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, `{"dice":[1,2,3]}`).result(t)
	e.waitProjected()
	checks := []struct {
		path string
		want []string
	}{
		{"/v1/wallets/alice", []string{`"balance":"92.70"`}},
		{"/v1/wallets/clp1", []string{`"balance":"500"`}},
		{"/v1/balances?prefix=wallet:", []string{`"balance":"92.70"`, `"balance":"500"`}},
		{"/v1/wallets/alice/history", []string{`"amount":"87.70"`, `"balance_after":"87.70"`, `"amount":"-15.00"`}},
		{"/v1/wallets/alice/bets", []string{`"stake":"10.00"`, `"win":"10.00"`, `"returned":"0.00"`}},
		{"/v1/rounds/" + round, []string{`"staked":"15.00"`, `"win":"0.00"`, `"residue":"0.00"`}},
		{"/v1/tables/t1", []string{`"min":"1.00"`, `"max":"500.00"`, `"min":"0.50"`}},
		{"/v1/tables/t1/board", []string{`"percent":"100.00"`, `"percent":"0.00"`, `"percent":"33.33"`}},
	}
	for _, c := range checks {
		r := e.must(200, "GET", c.path+sep(c.path)+"min_seq="+itoa(res.LastSeq), ledger.RoleAuditor, nil)
		for _, w := range c.want {
			if !bytes.Contains(r.body, []byte(w)) {
				t.Errorf("%s: no %s in %s", c.path, w, r.body)
			}
		}
	}
}

func sep(path string) string {
	if strings.Contains(path, "?") {
		return "&"
	}
	return "?"
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }

// TestContract_BetHistoryResidue: a player's bet history carries each
// bet's residue, as the round view does.
func TestContract_BetHistoryResidue(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("alice", "100")
	e.openTable("t1")
	round := e.openRound("t1")
	e.slip("t1", round, "alice", bet{"small", "10"}, bet{"big", "5"})
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
	res := e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, `{"dice":[1,2,3]}`).result(t)
	var page struct {
		Bets []map[string]any `json:"bets"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/wallets/alice/bets?min_seq="+itoa(res.LastSeq), ledger.RoleFrontend, nil).body, &page)
	var rv struct {
		Bets []map[string]any `json:"bets"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/rounds/"+round, ledger.RoleFrontend, nil).body, &rv)
	inRound := map[any]any{}
	for _, b := range rv.Bets {
		inRound[b["bet"]] = b["residue"]
	}
	if len(page.Bets) != 2 {
		t.Fatalf("bets %v", page.Bets)
	}
	for _, b := range page.Bets {
		r, ok := b["residue"]
		if !ok || r != inRound[b["bet"]] {
			t.Errorf("bet %v: residue %v in the history, %v in the round", b["bet"], r, inRound[b["bet"]])
		}
	}
}

// TestContract_BalancesZero: /v1/balances leaves out the accounts at zero
// unless zero=true, as wagerlog replay balances does unless --zero (the
// same rule, projections.OmitZero; cmd/wagerlog tests the command).
func TestContract_BalancesZero(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("alice", "10")
	e.deposit("bob", "5")
	seq := e.must(200, "POST", "/v1/wallets/bob/withdraw", ledger.RoleCashier, map[string]string{"amount": "5", "currency": "EUR"}).result(t).LastSeq
	list := func(query string) map[string]bool {
		var l projections.BalanceList
		mustJSON(t, e.must(200, "GET", "/v1/balances?min_seq="+itoa(seq)+query, ledger.RoleFinance, nil).body, &l)
		out := map[string]bool{}
		for _, b := range l.Balances {
			out[b.Account] = true
		}
		return out
	}
	if got := list(""); got["wallet:bob"] || !got["wallet:alice"] {
		t.Errorf("default listing %v: want alice, not bob at zero", got)
	}
	if got := list("&zero=false"); got["wallet:bob"] {
		t.Errorf("zero=false listing %v", got)
	}
	if got := list("&zero=true"); !got["wallet:bob"] || !got["wallet:alice"] {
		t.Errorf("zero=true listing %v: want bob at zero too", got)
	}
	e.refused(400, api.CodeInvalidQuery, "GET", "/v1/balances?zero=yes", ledger.RoleFinance, nil)
}

// TestContract_Players: GET /v1/wallets lists the players with a wallet,
// by id, with their balances, paged; cashier and finance may read it, the
// frontend may not.
func TestContract_Players(t *testing.T) {
	e := newEnv(t, envOptions{})
	for _, p := range []string{"p2", "p10", "p1", "ana"} {
		e.deposit(p, "1.5")
	}
	e.must(200, "POST", "/v1/wallets/p1/deposit", ledger.RoleCashier, map[string]string{"amount": "7", "currency": "CLP"})
	seq := e.lastSeq()
	var got []projections.PlayerSummary
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("no last page")
		}
		path := "/v1/wallets?limit=2&min_seq=" + itoa(seq)
		if cursor != "" {
			path += "&cursor=" + cursor
		}
		var pg projections.PlayerPage
		r := e.must(200, "GET", path, ledger.RoleFinance, nil)
		mustJSON(t, r.body, &pg)
		if len(pg.Players) > 2 {
			t.Fatalf("page of %d", len(pg.Players))
		}
		got = append(got, pg.Players...)
		if pg.Next == "" {
			break
		}
		cursor = pg.Next
	}
	var ids []string
	for _, p := range got {
		ids = append(ids, p.Player)
	}
	if strings.Join(ids, ",") != "ana,p1,p10,p2" {
		t.Fatalf("players %v", ids)
	}
	if p1 := got[1]; len(p1.Balances) != 2 || p1.Balances[0].Currency != "CLP" || !p1.Balances[1].Balance.Equal(dec("1.5")) {
		t.Fatalf("p1 %+v", p1)
	}
	e.must(200, "GET", "/v1/wallets", ledger.RoleCashier, nil)
	e.refused(403, api.CodeForbidden, "GET", "/v1/wallets", ledger.RoleFrontend, nil)
	e.refused(400, api.CodeInvalidQuery, "GET", "/v1/wallets?cursor=!!", ledger.RoleFinance, nil)
}
