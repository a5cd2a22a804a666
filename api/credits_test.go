package api_test

import (
	"encoding/json"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestCredits_Wallet configures through the API a pool whose
// complementary prize pays 5.00 of credits on every progressive bet
// (certain), plays a Caribbean deal whose player folds (seed 004, 6.5.1:
// the fold forfeits the progressive, not the complementary prize), and
// reads the pool's draw commitment and the wallet with the credits apart;
// the credits pay a progressive bet and are refused on the ante.
func TestCredits_Wallet(t *testing.T) {
	e := newEnv(t, envOptions{})
	base, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	ps := base.Params()
	ps.Pool = "jp-c"
	ps.Complementary = []jackpot.Complementary{{Name: "credits", Per: jackpot.PerBet, Wins: 1, Of: 1, Amount: decimal.RequireFromString("5.00"), Pay: jackpot.PayCredits}}
	ps.Promotion = "SCJ 2026-117"
	pool, err := jackpot.New(ps)
	if err != nil {
		t.Fatal(err)
	}
	e.deposit("ann", "100")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "c1", "paytable": "poker/caribbean", "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"}, "dealer": dealerActor,
	})
	e.must(200, "POST", "/v1/pools", ledger.RoleFinance, map[string]any{"pool": "jp-c", "currency": "EUR", "params": json.RawMessage(pool.CanonicalJSON())})
	e.must(200, "POST", "/v1/pools/jp-c/link", ledger.RoleSupervisor, map[string]string{"table": "c1"})

	round := e.openRound("c1")
	e.slip("c1", round, "ann", bet{"ante:1", "10"}, bet{"progressive:1", "1"})
	e.must(200, "POST", e.roundPath("c1", round, "close-betting"), ledger.RoleDealer, nil)
	e.must(200, "POST", e.roundPath("c1", round, "result"), ledger.RoleDealer, map[string]any{
		"dealer": []string{"AH", "KD", "5C", "7S", "9H"},
		"seats":  []any{map[string]any{"seat": 1, "cards": []string{"2H", "2D", "2C", "2S", "9D"}, "fold": true}},
	})
	e.waitProjected()
	var w struct {
		projections.BalanceList
		Credits []projections.AccountBalance `json:"credits"`
	}
	if err := json.Unmarshal(e.must(200, "GET", "/v1/wallets/ann", ledger.RoleCashier, nil).body, &w); err != nil {
		t.Fatal(err)
	}
	if len(w.Balances) != 1 || !w.Balances[0].Balance.Equal(dec("89")) || len(w.Credits) != 1 ||
		w.Credits[0].Account != "credits:ann" || !w.Credits[0].Balance.Equal(dec("5")) {
		t.Fatalf("wallet %+v, want 89.00 cash (the fold lost ante and progressive) and 5.00 of credits apart", w)
	}
	var v projections.PoolView
	if err := json.Unmarshal(e.must(200, "GET", "/v1/pools/jp-c", ledger.RoleViewer, nil).body, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.DrawCommitment) != 64 {
		t.Fatalf("pool %+v: no draw commitment", v)
	}

	r2 := e.openRound("c1")
	if p := e.must(422, "POST", "/v1/tables/c1/slips", ledger.RoleFrontend, map[string]any{
		"round": r2, "player": "ann", "funding": "credits", "bets": []bet{{"ante:1", "2"}}}).problem(t); p.Code != "credits_not_allowed" {
		t.Fatalf("an ante paid with credits: %+v", p)
	}
	// The ante in cash, then the progressive with credits.
	e.slip("c1", r2, "ann", bet{"ante:1", "2"})
	e.must(201, "POST", "/v1/tables/c1/slips", ledger.RoleFrontend, map[string]any{
		"round": r2, "player": "ann", "funding": "credits", "bets": []bet{{"progressive:1", "3"}}})
	e.waitProjected()
	if err := json.Unmarshal(e.must(200, "GET", "/v1/wallets/ann", ledger.RoleCashier, nil).body, &w); err != nil {
		t.Fatal(err)
	}
	if !w.Balances[0].Balance.Equal(dec("87")) || !w.Credits[0].Balance.Equal(dec("2")) {
		t.Fatalf("wallet %+v, want 87.00 cash and 2.00 of credits", w)
	}
}
