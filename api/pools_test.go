package api_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestPools_EndToEnd configures a pool and links a Caribbean poker table
// through the API, plays a deal whose four of a kind wins the progressive,
// and reads the pool, its history, the table's prizes and the pool live;
// refusals answer their codes and write nothing.
func TestPools_EndToEnd(t *testing.T) {
	e := newEnv(t, envOptions{})
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	e.deposit("ann", "1000")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "c1", "paytable": "poker/caribbean", "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"}, "dealer": dealerActor,
	})
	cfg := map[string]any{"pool": "jp-1", "currency": "EUR", "params": json.RawMessage(pool.CanonicalJSON())}
	e.must(403, "POST", "/v1/pools", ledger.RoleDealer, cfg)
	e.must(200, "POST", "/v1/pools", ledger.RoleFinance, cfg)
	if p := e.must(422, "POST", "/v1/pools", ledger.RoleFinance, map[string]any{"pool": "jp-2", "currency": "EUR", "params": map[string]any{"pool": "jp-2"}}).problem(t); p.Code != "invalid_jackpot_params" {
		t.Fatalf("bad params: %+v", p)
	}
	if p := e.must(404, "POST", "/v1/pools/jp-9/link", ledger.RoleSupervisor, map[string]string{"table": "c1"}).problem(t); p.Code != "pool_not_found" {
		t.Fatalf("unknown pool: %+v", p)
	}
	e.must(403, "POST", "/v1/pools/jp-1/link", ledger.RoleFinance, map[string]string{"table": "c1"})
	e.must(200, "POST", "/v1/pools/jp-1/link", ledger.RoleSupervisor, map[string]string{"table": "c1"})
	if p := e.must(409, "POST", "/v1/pools/jp-1/link", ledger.RoleSupervisor, map[string]string{"table": "c1"}).problem(t); p.Code != "table_already_linked" {
		t.Fatalf("second link: %+v", p)
	}

	e.waitProjected()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	live, _ := e.openSSE(ctx, "/v1/pools/jp-1/stream", ledger.RoleViewer)
	ev, _ := next(t, live)
	var v projections.PoolView
	if ev.event != "pool" || json.Unmarshal([]byte(ev.data), &v) != nil || !v.Main.Equal(dec("1000")) {
		t.Fatalf("first event %+v", ev)
	}

	round := e.openRound("c1")
	e.slip("c1", round, "ann", bet{"ante:1", "10"}, bet{"call:1", "20"}, bet{"progressive:1", "1"})
	if p := e.must(409, "POST", "/v1/pools/jp-1/unlink", ledger.RoleSupervisor, map[string]string{"table": "c1", "reason": "move"}).problem(t); p.Code != "jackpot_round_open" {
		t.Fatalf("unlink during a round: %+v", p)
	}
	e.must(200, "POST", e.roundPath("c1", round, "close-betting"), ledger.RoleDealer, nil)
	e.must(200, "POST", e.roundPath("c1", round, "result"), ledger.RoleDealer, map[string]any{
		"dealer": []string{"AH", "KD", "5C", "7S", "9H"},
		"seats":  []any{map[string]any{"seat": 1, "cards": []string{"2H", "2D", "2C", "2S", "9D"}}},
	})
	// The stream sends the pool after the pass: 1000 + 0.72 − 500, reset
	// to its base 1000 from the reserve and the house.
	for {
		ev, ok := next(t, live)
		if !ok {
			t.Fatal("stream ended")
		}
		if ev.event != "pool" {
			continue
		}
		if err := json.Unmarshal([]byte(ev.data), &v); err != nil {
			t.Fatal(err)
		}
		// The projections may apply the pass's events in more than one
		// batch: the prize can show before the reset that follows it.
		if len(v.LastWinners) == 1 && v.Main.Equal(dec("1000")) {
			break
		}
	}
	if !v.Main.Equal(dec("1000")) || v.LastWinners[0].Other != "wallet:ann" || !v.LastWinners[0].Amount.Equal(dec("-500")) {
		t.Fatalf("pool after the pass %+v", v)
	}
	e.waitProjected()
	var prizes []projections.PoolEntry
	mustJSON(t, e.must(200, "GET", "/v1/pools/jp-1/tables/c1/prizes", ledger.RoleViewer, nil).body, &prizes)
	if len(prizes) != 1 || prizes[0].Round != round {
		t.Fatalf("table prizes %+v", prizes)
	}
	e.must(403, "GET", "/v1/pools/jp-1/history", ledger.RoleViewer, nil)
	var page projections.PoolPage
	mustJSON(t, e.must(200, "GET", "/v1/pools/jp-1/history", ledger.RoleAuditor, nil).body, &page)
	if len(page.Entries) < 5 {
		t.Fatalf("history %+v", page)
	}
	e.must(404, "GET", "/v1/pools/jp-9", ledger.RoleViewer, nil)
	// Every amount with the currency's decimals, the balances named by
	// account (and the bare list kept for older clients).
	var raw struct {
		Main, Total     string
		Balances        []string
		AccountBalances []struct{ Account, Balance string } `json:"account_balances"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/pools/jp-1", ledger.RoleViewer, nil).body, &raw)
	if raw.Main != "1000.00" || raw.Total != "1000.00" || len(raw.Balances) != 2 || raw.Balances[0] != "1000.00" || raw.Balances[1] != "0.00" ||
		len(raw.AccountBalances) != 2 || raw.AccountBalances[0].Account != "jackpot:jp-1:main" || raw.AccountBalances[0].Balance != "1000.00" ||
		raw.AccountBalances[1].Account != "jackpot:jp-1:reserve:r1" || raw.AccountBalances[1].Balance != "0.00" {
		t.Fatalf("pool amounts %+v", raw)
	}

	e.must(200, "POST", "/v1/pools/jp-1/adjust", ledger.RoleFinance, map[string]string{"account": "jackpot:jp-1:main", "amount": "-100", "reason": "seed money recovered"})
	if p := e.must(422, "POST", "/v1/pools/jp-1/adjust", ledger.RoleFinance, map[string]string{"account": "jackpot:jp-1:main", "amount": "-1000", "reason": "too much"}).problem(t); p.Code != "pool_negative" {
		t.Fatalf("overdraw: %+v", p)
	}
	if p := e.must(409, "POST", "/v1/pools/jp-1/decommission", ledger.RoleFinance, map[string]string{"reason": "closing"}).problem(t); p.Code != "pool_in_use" {
		t.Fatalf("decommission with a table: %+v", p)
	}
	e.must(200, "POST", "/v1/pools/jp-1/unlink", ledger.RoleSupervisor, map[string]string{"table": "c1", "reason": "closing"})
	e.must(200, "POST", "/v1/pools/jp-1/decommission", ledger.RoleFinance, map[string]string{"reason": "closing"})
	e.waitProjected()
	mustJSON(t, e.must(200, "GET", "/v1/pools/jp-1", ledger.RoleViewer, nil).body, &v)
	if !v.Decommissioned || !v.Total.IsZero() || len(v.Tables) != 0 {
		t.Fatalf("decommissioned pool %+v", v)
	}
}

// TestPools_SeatClosure closes a seat of a linked Caribbean table through
// the API (seed 004, 6.6: a seat whose bet light is faulty takes no part
// in the pool until reopened): its progressive bet is refused seat_closed
// and nothing is written, another seat's is taken, and once the seat is
// reopened its progressive bet is taken again. Only a supervisor closes
// and reopens, with a reason.
func TestPools_SeatClosure(t *testing.T) {
	e := newEnv(t, envOptions{})
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	e.deposit("ann", "1000")
	e.deposit("bob", "1000")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "c1", "paytable": "poker/caribbean", "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"}, "dealer": dealerActor,
	})
	e.must(200, "POST", "/v1/pools", ledger.RoleFinance, map[string]any{"pool": "jp-1", "currency": "EUR", "params": json.RawMessage(pool.CanonicalJSON())})
	e.must(200, "POST", "/v1/pools/jp-1/link", ledger.RoleSupervisor, map[string]string{"table": "c1"})

	e.must(403, "POST", "/v1/tables/c1/seats/close", ledger.RoleDealer, map[string]any{"seat": 3, "reason": "bet light faulty"})
	if p := e.must(400, "POST", "/v1/tables/c1/seats/close", ledger.RoleSupervisor, map[string]any{"seat": 3}).problem(t); p.Code != "invalid_request" {
		t.Fatalf("close without a reason: %+v", p)
	}
	if p := e.must(400, "POST", "/v1/tables/c1/seats/close", ledger.RoleSupervisor, map[string]any{"seat": 8, "reason": "no such seat"}).problem(t); p.Code != "invalid_request" {
		t.Fatalf("close of seat 8: %+v", p)
	}
	e.must(200, "POST", "/v1/tables/c1/seats/close", ledger.RoleSupervisor, map[string]any{"seat": 3, "reason": "bet light faulty"})
	if p := e.must(409, "POST", "/v1/tables/c1/seats/close", ledger.RoleSupervisor, map[string]any{"seat": 3, "reason": "again"}).problem(t); p.Code != "seat_closed" {
		t.Fatalf("second close: %+v", p)
	}

	round := e.openRound("c1")
	seq := e.lastSeq()
	if p := e.must(409, "POST", "/v1/tables/c1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": round,
		"bets": []bet{{"ante:3", "10"}, {"progressive:3", "1"}}}).problem(t); p.Code != "seat_closed" {
		t.Fatalf("progressive bet on the closed seat: %+v", p)
	}
	if e.lastSeq() != seq {
		t.Fatalf("a refused slip wrote events: %d → %d", seq, e.lastSeq())
	}
	e.slip("c1", round, "ann", bet{"ante:3", "10"})
	e.slip("c1", round, "bob", bet{"ante:4", "10"}, bet{"progressive:4", "1"})
	e.must(200, "POST", "/v1/tables/c1/seats/reopen", ledger.RoleSupervisor, map[string]any{"seat": 3, "reason": "light replaced"})
	if p := e.must(400, "POST", "/v1/tables/c1/seats/reopen", ledger.RoleSupervisor, map[string]any{"seat": 3}).problem(t); p.Code != "invalid_request" {
		t.Fatalf("reopen of an open seat: %+v", p)
	}
	e.slip("c1", round, "ann", bet{"progressive:3", "1"})
}
