package api_test

import (
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestAPI_WorkingAndTakeDown plays the race test game (a round of several
// throws, internal/testgames) through HTTP: a slip with a working bet, a
// bet taken down between two throws by the take-down route, the stake back
// in the wallet, and the round's view showing both.
func TestAPI_WorkingAndTakeDown(t *testing.T) {
	e := newEnv(t, envOptions{games: games.NewCatalog(sicbo.Game{}, testgames.Game{PT: testgames.Race{}})})
	e.deposit("ann", "100")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "r1", "paytable": "race/test", "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"},
		"dealer": dealerActor,
	})
	round := e.openRound("r1")
	e.slip("r1", round, "ann", bet{"next:3", "10"})
	e.must(200, "POST", e.roundPath("r1", round, "close-betting"), ledger.RoleDealer, nil)
	e.must(200, "POST", e.roundPath("r1", round, "result"), ledger.RoleDealer, map[string]int{"face": 1})

	// Betting is open again between throws: a working hold (10% commission
	// at placement) and a plain one, which ann takes down.
	res := e.must(201, "POST", "/v1/tables/r1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": round, "bets": []map[string]any{
		{"code": "hold", "stake": "10", "working": true},
		{"code": "hold", "stake": "20"},
	}}).result(t)
	if !res.Balance.Equal(dec("57")) { // 100 − 10 − 10 − 1 − 20 − 2
		t.Fatalf("balance after the slip: %s, want 57", res.Balance)
	}
	path := e.roundPath("r1", round, "bets/"+res.Bets[1].Bet+"/take-down")
	e.must(403, "POST", path, ledger.RoleDealer, map[string]string{"player": "ann"})
	if p := e.must(404, "POST", path, ledger.RoleFrontend, map[string]string{"player": "bob"}).problem(t); p.Code != "bet_not_found" {
		t.Fatalf("another player's take-down: %s", p.Code)
	}
	down := e.must(200, "POST", path, ledger.RoleFrontend, map[string]string{"player": "ann"}).result(t)
	if got := e.balance("ann", down.LastSeq); !got.Equal(dec("77")) { // the stake back, not the commission
		t.Errorf("ann after the take-down: %s, want 77", got)
	}

	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", round, down.LastSeq), ledger.RoleAuditor, nil).body, &rv)
	if rv.Status != projections.RoundBetting || string(rv.Result) != `{"face":1}` || !rv.Totals.TakenDown.Equal(dec("20")) || !rv.Totals.PlacementCommission.Equal(dec("3")) {
		t.Fatalf("round view: %s result %s totals %+v", rv.Status, rv.Result, rv.Totals)
	}
	for _, b := range rv.Bets {
		switch b.Bet {
		case res.Bets[0].Bet:
			if !b.Working || b.Status != projections.BetOpen || b.Since != 1 || !b.PlacementCommission.Equal(dec("1")) {
				t.Errorf("the working hold: %+v", b)
			}
		case res.Bets[1].Bet:
			if b.Status != projections.BetTakenDown || !b.Returned.Equal(dec("20")) {
				t.Errorf("the hold taken down: %+v", b)
			}
		}
	}
}
