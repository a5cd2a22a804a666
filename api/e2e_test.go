package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestAPI_FullRound plays one Sic Bo round through HTTP from deposit to
// payout and checks every wallet, the round view, the slip, the board and
// the bet history. The expected balances are worked out by hand from the
// live paytable (small 1:1, double 10:1, total 9 7:1).
func TestAPI_FullRound(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("alice", "100")
	e.deposit("bob", "50.00")
	e.openTable("t1")
	round := e.openRound("t1")

	ra := e.slip("t1", round, "alice", bet{"small", "10"}, bet{"double:2", "5"}, bet{"total:9", "2"})
	if len(ra.Bets) != 3 || ra.Balance == nil || !ra.Balance.Equal(dec("83")) || ra.Round != round {
		t.Fatalf("alice's slip: %+v", ra)
	}
	e.slip("t1", round, "bob", bet{"big", "20"}, bet{"two_odd_one_even", "3"})
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
	res := e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, map[string]any{"dice": []int{2, 2, 5}}).result(t)
	if res.Events != 7 { // round.result + 5 bet.settled + round.settled
		t.Fatalf("result wrote %d events, want 7", res.Events)
	}

	// alice: 100 − 17 + (10+10) + (5+50) + (2+14) = 174; bob: 50 − 23 = 27.
	if got := e.balance("alice", res.LastSeq); !got.Equal(dec("174")) {
		t.Errorf("alice = %s, want 174", got)
	}
	if got := e.balance("bob", res.LastSeq); !got.Equal(dec("27")) {
		t.Errorf("bob = %s, want 27", got)
	}

	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", "/v1/rounds/"+round, ledger.RoleAuditor, nil).body, &rv)
	if rv.Status != projections.RoundSettled || rv.Dice == nil || *rv.Dice != [3]int{2, 2, 5} || len(rv.Bets) != 5 {
		t.Fatalf("round view: status %s dice %v bets %d", rv.Status, rv.Dice, len(rv.Bets))
	}
	if !rv.Totals.Staked.Equal(dec("40")) || !rv.Totals.Paid.Equal(dec("91")) {
		t.Errorf("round totals staked %s paid %s, want 40 and 91", rv.Totals.Staked, rv.Totals.Paid)
	}

	var sv api.SlipView
	mustJSON(t, e.must(200, "GET", "/v1/rounds/"+round+"/slips/"+ra.Slip, ledger.RoleFrontend, nil).body, &sv)
	if sv.Player != "alice" || len(sv.Bets) != 3 || sv.Table != "t1" {
		t.Fatalf("slip view %+v", sv)
	}
	won := map[string]string{"small": "10", "double:2": "50", "total:9": "14"}
	for _, b := range sv.Bets {
		if b.Status != projections.BetWon || !b.Win.Equal(dec(won[b.Code])) {
			t.Errorf("slip bet %s: status %s win %s, want won %s", b.Code, b.Status, b.Win, won[b.Code])
		}
	}

	var board boardAnswer
	mustJSON(t, e.must(200, "GET", "/v1/tables/t1/board", ledger.RoleViewer, nil).body, &board)
	if len(board.Results) != 1 || board.Results[0].Dice != [3]int{2, 2, 5} || board.Results[0].Total != 9 {
		t.Fatalf("board %+v", board.Results)
	}

	var bets projections.BetPage
	mustJSON(t, e.must(200, "GET", "/v1/wallets/bob/bets?limit=1", ledger.RoleFrontend, nil).body, &bets)
	if len(bets.Bets) != 1 || bets.Next == "" {
		t.Fatalf("bob's first page of bets: %+v", bets)
	}
	bobs := bets.Next
	mustJSON(t, e.must(200, "GET", "/v1/wallets/bob/bets?limit=1&cursor="+bobs, ledger.RoleFrontend, nil).body, &bets)
	if len(bets.Bets) != 1 || bets.Bets[0].Status != projections.BetLost {
		t.Fatalf("bob's second page of bets: %+v", bets)
	}
	// A cursor belongs to its list: bob's, sent for alice, names none of
	// her bets.
	e.refused(400, api.CodeInvalidQuery, "GET", "/v1/wallets/alice/bets?limit=1&cursor="+bobs, ledger.RoleFrontend, nil)

	var hist projections.WalletPage
	mustJSON(t, e.must(200, "GET", "/v1/wallets/alice/history", ledger.RoleCashier, nil).body, &hist)
	if len(hist.Entries) != 5 { // deposit, slip, 3 payouts
		t.Fatalf("alice's history has %d entries, want 5: %+v", len(hist.Entries), hist.Entries)
	}

	// The table is free for the next round.
	e.openRound("t1")
}

// TestAPI_CancelRefunds cancels a round with bets: every stake goes back to
// its wallet and the round never reaches the board.
func TestAPI_CancelRefunds(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("carol", "30")
	e.openTable("t1")
	round := e.openRound("t1")
	r := e.slip("t1", round, "carol", bet{"small", "10"}, bet{"any_triple", "5"})
	if !r.Balance.Equal(dec("15")) {
		t.Fatalf("balance after the slip %s, want 15", r.Balance)
	}
	e.must(200, "POST", e.roundPath("t1", round, "pause"), ledger.RoleDealer, map[string]string{"reason": "shaker jammed"})
	// A dealer may pause but not cancel.
	p := e.must(403, "POST", e.roundPath("t1", round, "cancel"), ledger.RoleDealer, map[string]string{"reason": "x"}).problem(t)
	if p.Code != "forbidden" {
		t.Fatalf("dealer cancel: code %s", p.Code)
	}
	res := e.must(200, "POST", e.roundPath("t1", round, "cancel"), ledger.RoleSupervisor, map[string]string{"reason": "shaker jammed, not repaired"}).result(t)
	if res.Events != 3 { // round.cancelled + 2 bet.refunded
		t.Fatalf("cancel wrote %d events, want 3", res.Events)
	}
	if got := e.balance("carol", res.LastSeq); !got.Equal(dec("30")) {
		t.Fatalf("carol = %s after the refund, want 30", got)
	}
	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", "/v1/rounds/"+round, ledger.RoleSupervisor, nil).body, &rv)
	if rv.Status != projections.RoundCancelled || !rv.Totals.Refunded.Equal(dec("15")) {
		t.Fatalf("round %s refunded %s", rv.Status, rv.Totals.Refunded)
	}
	for _, b := range rv.Bets {
		if b.Status != projections.BetRefunded {
			t.Errorf("bet %s is %s, want refunded", b.Code, b.Status)
		}
	}
	var board boardAnswer
	mustJSON(t, e.must(200, "GET", "/v1/tables/t1/board", ledger.RoleViewer, nil).body, &board)
	if len(board.Results) != 0 {
		t.Fatalf("a cancelled round is on the board: %+v", board.Results)
	}
	// Betting on the cancelled round is refused, and writes nothing.
	before := e.lastSeq()
	p = e.must(409, "POST", "/v1/tables/t1/slips", ledger.RoleFrontend, map[string]any{"player": "carol", "round": round, "bets": []bet{{"small", "1"}}}).problem(t)
	if p.Code != "round_finished" || e.lastSeq() != before {
		t.Fatalf("slip on a cancelled round: %s, stream %d → %d", p.Code, before, e.lastSeq())
	}
}

// TestAPI_CorrectResult settles a round on a wrongly entered result and has
// a supervisor correct it: the win is taken back and the round settled
// again.
func TestAPI_CorrectResult(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("dave", "100")
	e.openTable("t1")
	round := e.openRound("t1")
	e.slip("t1", round, "dave", bet{"small", "10"})
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
	res := e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, map[string]any{"dice": []int{1, 2, 3}}).result(t)
	if got := e.balance("dave", res.LastSeq); !got.Equal(dec("110")) { // small wins 1:1
		t.Fatalf("dave = %s, want 110", got)
	}
	// Only a supervisor corrects, with a reason.
	e.must(403, "POST", e.roundPath("t1", round, "correct"), ledger.RoleDealer, map[string]any{"dice": []int{4, 5, 6}, "reason": "misread"})
	p := e.must(400, "POST", e.roundPath("t1", round, "correct"), ledger.RoleSupervisor, map[string]any{"dice": []int{4, 5, 6}}).problem(t)
	if p.Code != "invalid_request" {
		t.Fatalf("correction without a reason: %s", p.Code)
	}
	res = e.must(200, "POST", e.roundPath("t1", round, "correct"), ledger.RoleSupervisor, map[string]any{"dice": []int{4, 5, 6}, "reason": "dealer misread the dice"}).result(t)
	if got := e.balance("dave", res.LastSeq); !got.Equal(dec("90")) { // total 15: small loses
		t.Fatalf("dave = %s after the correction, want 90", got)
	}
	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", "/v1/rounds/"+round, ledger.RoleAuditor, nil).body, &rv)
	if *rv.Dice != [3]int{4, 5, 6} || len(rv.Corrections) != 1 || rv.Bets[0].Status != projections.BetLost {
		t.Fatalf("round after correction: dice %v corrections %+v bet %+v", rv.Dice, rv.Corrections, rv.Bets[0])
	}
}

// TestAPI_ReadYourWrites reads each write at once with min_seq: the answer
// always holds it, however far behind the projector was.
func TestAPI_ReadYourWrites(t *testing.T) {
	e := newEnv(t, envOptions{})
	const n = 20
	for i := 1; i <= n; i++ {
		res := e.deposit("erin", "1.25")
		r := e.must(200, "GET", fmt.Sprintf("/v1/wallets/erin?min_seq=%d", res.LastSeq), ledger.RoleFrontend, nil)
		var list projections.BalanceList
		mustJSON(t, r.body, &list)
		want := dec("1.25").Mul(dec(fmt.Sprint(i)))
		if len(list.Balances) != 1 || !list.Balances[0].Balance.Equal(want) || list.Seq < res.LastSeq {
			t.Fatalf("deposit %d (seq %d): read %+v at seq %d, want %s", i, res.LastSeq, list.Balances, list.Seq, want)
		}
		if r.header.Get(api.SeqHeader) != fmt.Sprint(list.Seq) {
			t.Fatalf("%s header %q, answer seq %d", api.SeqHeader, r.header.Get(api.SeqHeader), list.Seq)
		}
	}
	// A sequence the ledger has not written is refused at once.
	p := e.must(400, "GET", fmt.Sprintf("/v1/wallets/erin?min_seq=%d", e.lastSeq()+10), ledger.RoleFrontend, nil).problem(t)
	if p.Code != api.CodeInvalidQuery {
		t.Fatalf("min_seq ahead: %s", p.Code)
	}
	e.must(400, "GET", "/v1/wallets/erin?min_seq=-1", ledger.RoleFrontend, nil)
}

// TestAPI_Idempotency retries a write with its key: the same body gets the
// original answer and writes nothing, another body gets a conflict.
func TestAPI_Idempotency(t *testing.T) {
	e := newEnv(t, envOptions{})
	body := map[string]any{"amount": "10", "currency": "EUR"}
	first := e.must(200, "POST", "/v1/wallets/fred/deposit", ledger.RoleCashier, body, "Idempotency-Key", "dep-1").result(t)
	seq := e.lastSeq()
	again := e.must(200, "POST", "/v1/wallets/fred/deposit", ledger.RoleCashier, map[string]any{"amount": "10.00", "currency": "EUR"}, "Idempotency-Key", "dep-1").result(t)
	if again.LastSeq != first.LastSeq || !again.Balance.Equal(*first.Balance) || e.lastSeq() != seq {
		t.Fatalf("retry answered %+v (first %+v), stream %d → %d", again, first, seq, e.lastSeq())
	}
	p := e.must(409, "POST", "/v1/wallets/fred/deposit", ledger.RoleCashier, map[string]any{"amount": "11", "currency": "EUR"}, "Idempotency-Key", "dep-1").problem(t)
	if p.Code != "idempotency_conflict" || e.lastSeq() != seq {
		t.Fatalf("reuse with another body: %s, stream moved %v", p.Code, e.lastSeq() != seq)
	}
	p = e.must(400, "POST", "/v1/wallets/fred/deposit", ledger.RoleCashier, body, "Idempotency-Key", "").problem(t)
	if p.Code != api.CodeIdempotencyKeyMissing {
		t.Fatalf("no key: %s", p.Code)
	}
	e.must(400, "POST", "/v1/wallets/fred/deposit", ledger.RoleCashier, body, "Idempotency-Key", strings.Repeat("k", ledger.IdempotencyKeyMax+1))
	e.must(400, "POST", "/v1/wallets/fred/deposit", ledger.RoleCashier, body, "Idempotency-Key", "has space")
	if e.lastSeq() != seq {
		t.Fatal("a refused write moved the stream")
	}
}

// TestAPI_Refusals checks the code and status of business refusals and
// malformed requests, and that none of them writes anything.
func TestAPI_Refusals(t *testing.T) {
	e := newEnv(t, envOptions{})
	e.deposit("gina", "20")
	e.openTable("t1")
	round := e.openRound("t1")
	slipPath := "/v1/tables/t1/slips"
	cases := []struct {
		name, method, path, role string
		body                     any
		hdr                      []string
		status                   int
		code                     string
	}{
		{"insufficient funds", "POST", "/v1/wallets/gina/withdraw", ledger.RoleCashier, map[string]string{"amount": "20.01", "currency": "EUR"}, nil, 422, "insufficient_funds"},
		{"stake above limit", "POST", slipPath, ledger.RoleFrontend, map[string]any{"player": "gina", "bets": []bet{{"big", "501"}}}, nil, 422, "stake_above_limit"},
		{"stake below limit", "POST", slipPath, ledger.RoleFrontend, map[string]any{"player": "gina", "bets": []bet{{"big", "0.5"}}}, nil, 422, "stake_below_limit"},
		{"bad bet code", "POST", slipPath, ledger.RoleFrontend, map[string]any{"player": "gina", "bets": []bet{{"bigger", "1"}}}, nil, 422, "invalid_bet_code"},
		{"slip over funds", "POST", slipPath, ledger.RoleFrontend, map[string]any{"player": "gina", "bets": []bet{{"big", "15"}, {"small", "15"}}}, nil, 422, "insufficient_funds"},
		{"too many bets", "POST", slipPath, ledger.RoleFrontend, map[string]any{"player": "gina", "bets": manyBets(ledger.BetsPerSlipMax + 1)}, nil, 400, "invalid_request"},
		{"unknown currency", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, map[string]string{"amount": "1", "currency": "XXX"}, nil, 422, "unknown_currency"},
		{"negative amount", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, map[string]string{"amount": "-1", "currency": "EUR"}, nil, 422, "invalid_amount"},
		{"too many decimals", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `{"amount": 1.001, "currency": "EUR"}`, nil, 422, "invalid_amount"},
		{"amount not a number", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `{"amount": "ten", "currency": "EUR"}`, nil, 422, "invalid_amount"},
		{"amount not a string", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `{"amount": true, "currency": "EUR"}`, nil, 400, "invalid_json"},
		{"unknown member", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `{"amount": "1", "currency": "EUR", "player": "x"}`, nil, 400, "invalid_json"},
		{"trailing data", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `{"amount": "1", "currency": "EUR"} {}`, nil, 400, "invalid_json"},
		{"not an object", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `[1]`, nil, 400, "invalid_json"},
		{"form body", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `amount=1`, []string{"Content-Type", "application/x-www-form-urlencoded"}, 415, "unsupported_media_type"},
		{"body too large", "POST", "/v1/wallets/gina/deposit", ledger.RoleCashier, `{"reference": "` + strings.Repeat("x", api.RequestBytesMax) + `"}`, nil, 413, "request_too_large"},
		{"long reason", "POST", "/v1/wallets/gina/adjust", ledger.RoleSupervisor, map[string]string{"amount": "1", "currency": "EUR", "reason": strings.Repeat("r", ledger.TextMax+1)}, nil, 400, "invalid_request"},
		{"bad player id", "POST", "/v1/wallets/bad%20id/deposit", ledger.RoleCashier, map[string]string{"amount": "1", "currency": "EUR"}, nil, 400, "invalid_id"},
		{"bad round id", "POST", "/v1/tables/t1/rounds/not-a-uuid/close-betting", ledger.RoleDealer, nil, nil, 400, "invalid_id"},
		{"round in progress", "POST", "/v1/tables/t1/rounds", ledger.RoleDealer, nil, nil, 409, "round_in_progress"},
		{"result while betting", "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, map[string]any{"dice": []int{1, 2, 3}}, nil, 409, "invalid_round_state"},
		{"unknown table", "POST", "/v1/tables/nope/rounds", ledger.RoleSupervisor, nil, nil, 404, "table_not_found"},
		{"other dealer's table", "POST", e.roundPath("t1", round, "close-betting"), otherDealerActor, nil, nil, 403, "forbidden"},
		{"table exists", "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{"table": "t1", "paytable": "sicbo/live", "currency": "EUR", "limits": map[string]any{"*": map[string]string{"min": "1", "max": "5"}}, "band": map[string]string{"min": "1", "max": "5"}, "dealer": "d"}, nil, 409, "table_exists"},
		{"bad window", "POST", "/v1/tables/t1/rounds", ledger.RoleDealer, map[string]string{"betting_window": "soon"}, nil, 400, "invalid_request"},
		{"unknown round view", "GET", "/v1/rounds/0190a0b0-0000-7000-8000-000000000000", ledger.RoleAuditor, nil, nil, 404, "not_found"},
		{"unknown table view", "GET", "/v1/tables/nope", ledger.RoleAuditor, nil, nil, 404, "not_found"},
		{"page too big", "GET", "/v1/wallets/gina/history?limit=501", ledger.RoleAuditor, nil, nil, 400, "invalid_query"},
		{"bad cursor", "GET", "/v1/wallets/gina/history?cursor=!!", ledger.RoleAuditor, nil, nil, 400, "invalid_query"},
		{"bad date", "GET", "/v1/reports/daily?from=yesterday&to=2026-01-01", ledger.RoleFinance, nil, nil, 400, "invalid_query"},
		{"no such route", "GET", "/v1/nothing", ledger.RoleAuditor, nil, nil, 404, "not_found"},
		{"wrong method", "DELETE", "/v1/tables", ledger.RoleAuditor, nil, nil, 405, "method_not_allowed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := e.lastSeq()
			r := e.req(c.method, c.path, c.role, c.body, c.hdr...)
			p := r.problem(t)
			if r.status != c.status || p.Code != c.code {
				t.Fatalf("%s: %d %s, want %d %s", c.name, r.status, p.Code, c.status, c.code)
			}
			if hr, err := http.NewRequest(c.method, e.srv.URL+c.path, nil); err == nil {
				e.checkDocumented(t, hr, p.Code)
			}
			if p.Detail == "" || p.Title == "" || !strings.HasPrefix(p.Type, "https://") || p.RequestID == "" {
				t.Fatalf("problem lacks a member: %+v", p)
			}
			if after := e.lastSeq(); after != before {
				t.Fatalf("refused request moved the stream %d → %d", before, after)
			}
		})
	}
}

func mustJSON(t testing.TB, b []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decode %s: %v", b, err)
	}
}

func manyBets(n int) []bet {
	out := make([]bet, n)
	for i := range out {
		out[i] = bet{"big", "1"}
	}
	return out
}
