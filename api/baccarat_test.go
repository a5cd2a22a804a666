package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// baccaratBoard is a punto banco board answer.
type baccaratBoard struct {
	Results []struct {
		Round   string `json:"round"`
		Winner  string `json:"winner"`
		Player  int    `json:"player"`
		Banker  int    `json:"banker"`
		Natural bool   `json:"natural"`
	} `json:"results"`
	Stats struct {
		Form  string `json:"form"`
		Coups int    `json:"coups"`
		Beads []struct {
			Round   string `json:"round"`
			Winner  string `json:"winner"`
			Player  int    `json:"player"`
			Banker  int    `json:"banker"`
			Natural bool   `json:"natural"`
		} `json:"beads"`
		Player, Banker, Tie, Naturals struct {
			Count   int             `json:"count"`
			Percent decimal.Decimal `json:"percent"`
		}
		NaturalHands []int `json:"natural_hands"`
	} `json:"stats"`
}

// TestAPI_PuntoBanco plays a punto banco table through HTTP on a real
// JetStream: the table opened with a limit on tie bets, bets on player,
// banker and tie, betting closed, a coup whose banker did not draw when
// the tableau says draw refused as invalid_result with the rule it
// breaks, the coup's cards recorded and the payouts posted to the cent
// (the banker's 5% commission rounded up, apart from the win), a natural,
// the round's cards, the bead plate board, a clean verification, the
// dispute replay re-settling every bet, the reconciliation's commission
// flows, and the regulator report's RTP.
func TestAPI_PuntoBanco(t *testing.T) {
	e := newAuditedEnv(t)
	for _, p := range []string{"alice", "bob", "carol"} {
		e.deposit(p, "100")
	}
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "b1", "paytable": "baccarat/punto-banco", "currency": "EUR",
		"limits": map[string]any{
			"*":   map[string]string{"min": "0.10", "max": "100"},
			"tie": map[string]string{"min": "1", "max": "20"},
		},
		"band":   map[string]string{"min": "0.10", "max": "1000"},
		"dealer": dealerActor,
	})

	// Coup 1: player 4S 9H (3) draws 7D: 0; banker KC 5H (5) draws
	// against a 7: 3S, 8. The banker wins.
	round := e.openRound("b1")
	if p := e.must(422, "POST", "/v1/tables/b1/slips", ledger.RoleFrontend, map[string]any{"player": "carol", "round": round, "bets": []bet{{"tie", "25"}}}).problem(t); p.Code != "stake_above_limit" {
		t.Fatalf("tie above its limit: %s", p.Code)
	}
	e.slip("b1", round, "alice", bet{"banker", "10"}, bet{"banker", "0.30"})
	e.slip("b1", round, "bob", bet{"player", "10"})
	e.slip("b1", round, "carol", bet{"tie", "5"})
	e.must(200, "POST", e.roundPath("b1", round, "close-betting"), ledger.RoleDealer, nil)
	p := e.must(422, "POST", e.roundPath("b1", round, "result"), ledger.RoleDealer,
		map[string][]string{"player": {"4S", "9H", "7D"}, "banker": {"KC", "5H"}}).problem(t)
	if p.Code != "invalid_result" || !strings.Contains(p.Detail, "banker_drawing_table") {
		t.Fatalf("a banker who stood on 5 against a 7: %s %s", p.Code, p.Detail)
	}
	coup1 := `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`
	res := e.must(200, "POST", e.roundPath("b1", round, "result"), ledger.RoleDealer, json.RawMessage(coup1)).result(t)

	// alice: 100 − 10.30 + (10 + 10 − 0.50) + (0.30 + 0.30 − 0.02) =
	// 109.78: 5% of 0.30 is 0.015, rounded up. bob and carol lose.
	for player, want := range map[string]string{"alice": "109.78", "bob": "90", "carol": "95"} {
		if got := e.balance(player, res.LastSeq); !got.Equal(dec(want)) {
			t.Errorf("%s = %s, want %s", player, got, want)
		}
	}
	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", "/v1/rounds/"+round, ledger.RoleAuditor, nil).body, &rv)
	if rv.Status != projections.RoundSettled || string(rv.Result) != coup1 {
		t.Fatalf("round view: status %s, cards %s", rv.Status, rv.Result)
	}
	wantReturned := map[string]string{"10": "19.50", "0.3": "0.58"}
	for _, b := range rv.Bets {
		want, ok := wantReturned[b.Stake.String()]
		if b.Code != "banker" {
			want, ok = "0", true
		}
		if !ok || !b.Returned.Equal(dec(want)) {
			t.Errorf("%s %s returned %s, want %s", b.Code, b.Stake, b.Returned, want)
		}
		if b.Code == "banker" && !strings.Contains(b.Rule, "commission") {
			t.Errorf("banker rule %q", b.Rule)
		}
	}

	// Coup 2: a natural 9 for the player against 6; nobody draws, and a
	// player third card is refused.
	r2 := e.openRound("b1")
	e.slip("b1", r2, "alice", bet{"player", "20"})
	e.slip("b1", r2, "bob", bet{"banker", "20"}, bet{"tie", "1"})
	e.must(200, "POST", e.roundPath("b1", r2, "close-betting"), ledger.RoleDealer, nil)
	if p := e.must(422, "POST", e.roundPath("b1", r2, "result"), ledger.RoleDealer,
		map[string][]string{"player": {"4S", "5H", "2C"}, "banker": {"KC", "6H"}}).problem(t); p.Code != "invalid_result" {
		t.Fatalf("a third card after a natural: %s", p.Code)
	}
	res = e.must(200, "POST", e.roundPath("b1", r2, "result"), ledger.RoleDealer,
		map[string][]string{"player": {"4S", "5H"}, "banker": {"KC", "6H"}}).result(t)
	if got := e.balance("alice", res.LastSeq); !got.Equal(dec("129.78")) {
		t.Errorf("alice = %s, want 129.78", got)
	}
	if got := e.balance("bob", res.LastSeq); !got.Equal(dec("69")) {
		t.Errorf("bob = %s, want 69", got)
	}

	// The board: the bead plate, newest row first, with each coup's winner,
	// points and natural.
	var board baccaratBoard
	mustJSON(t, e.must(200, "GET", "/v1/tables/b1/board", ledger.RoleViewer, nil).body, &board)
	if len(board.Results) != 2 || board.Results[0].Winner != "player" || board.Results[0].Player != 9 || board.Results[0].Banker != 6 || !board.Results[0].Natural ||
		board.Results[1].Winner != "banker" || board.Results[1].Player != 0 || board.Results[1].Banker != 8 || board.Results[1].Natural ||
		board.Results[1].Round != round {
		t.Fatalf("board rows %+v", board.Results)
	}
	st := board.Stats
	if st.Form != "punto_banco" || st.Coups != 2 || len(st.Beads) != 2 || st.Beads[0].Round != round ||
		st.Player.Count != 1 || st.Banker.Count != 1 || st.Tie.Count != 0 || !st.Banker.Percent.Equal(dec("50")) ||
		st.Naturals.Count != 1 || len(st.NaturalHands) != 2 || st.NaturalHands[0] != 1 {
		t.Fatalf("board stats %+v", st)
	}

	// Verification: the chain, every payout and commission re-settled,
	// the projections compared: clean.
	var vr struct {
		Clean       bool              `json:"clean"`
		Violations  []json.RawMessage `json:"violations"`
		Projections struct {
			Compared bool `json:"compared"`
		} `json:"projections"`
	}
	e.waitProjected()
	mustJSON(t, e.must(200, "POST", "/v1/audit/verify", ledger.RoleAuditor, map[string]any{}).body, &vr)
	if !vr.Clean || !vr.Projections.Compared {
		t.Errorf("verify of a punto banco stream: clean %v compared %v %v", vr.Clean, vr.Projections.Compared, vr.Violations)
	}

	// The dispute replay of coup 1: the cards, and every bet re-settled
	// (with each side's points in its rule) to what was recorded.
	var rr struct {
		Match   bool            `json:"match"`
		ChainOK bool            `json:"chain_ok"`
		Result  json.RawMessage `json:"result"`
		Bets    []struct {
			Code       string `json:"code"`
			Match      bool   `json:"match"`
			Recomputed struct {
				Outcome    string          `json:"outcome"`
				Win        decimal.Decimal `json:"win"`
				Commission decimal.Decimal `json:"commission"`
				Returned   decimal.Decimal `json:"returned"`
				Rule       string          `json:"rule"`
			} `json:"recomputed"`
		} `json:"bets"`
		Problems []string `json:"problems"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/audit/rounds/"+round+"/replay", ledger.RoleAuditor, nil).body, &rr)
	if !rr.Match || !rr.ChainOK || string(rr.Result) != coup1 || len(rr.Bets) != 4 {
		t.Fatalf("replay: match %v chain %v result %s bets %d problems %v", rr.Match, rr.ChainOK, rr.Result, len(rr.Bets), rr.Problems)
	}
	commission := decimal.Zero
	for _, b := range rr.Bets {
		if !b.Match || !strings.Contains(b.Recomputed.Rule, "player 0, banker 8") {
			t.Errorf("replayed %s: match %v rule %q", b.Code, b.Match, b.Recomputed.Rule)
		}
		commission = commission.Add(b.Recomputed.Commission)
	}
	if !commission.Equal(dec("0.52")) {
		t.Errorf("replayed commissions %s, want 0.52", commission)
	}

	// The reconciliation: the commissions (0.50 + 0.02) flow from the
	// wallets into the table, and every row reconciles.
	var rec struct {
		Totals []struct {
			Scope       string          `json:"scope"`
			Table       string          `json:"table"`
			Commissions decimal.Decimal `json:"commissions"`
			Difference  decimal.Decimal `json:"difference"`
		} `json:"totals"`
		Discrepancies []json.RawMessage `json:"discrepancies"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31", ledger.RoleAuditor, nil).body, &rec)
	if len(rec.Discrepancies) != 0 {
		t.Errorf("reconciliation discrepancies %s", rec.Discrepancies)
	}
	seen := map[string]bool{}
	for _, row := range rec.Totals {
		if !row.Difference.IsZero() {
			t.Errorf("row %s %s: difference %s", row.Scope, row.Table, row.Difference)
		}
		if row.Scope == "table" || row.Scope == "wallets" {
			seen[row.Scope] = true
			if !row.Commissions.Equal(dec("0.52")) {
				t.Errorf("row %s %s: commissions %s, want 0.52", row.Scope, row.Table, row.Commissions)
			}
		}
	}
	if !seen["table"] || !seen["wallets"] {
		t.Errorf("reconciliation rows %+v", rec.Totals)
	}

	// The regulator report: the table's actual RTP next to the exact one
	// of its bets (games/baccarat's enumeration of the 8-deck shoe).
	var reg struct {
		Games []struct {
			Paytable       string                 `json:"paytable"`
			RoundsPlayed   int                    `json:"rounds_played"`
			TheoreticalRTP struct{ Exact string } `json:"theoretical_rtp"`
		} `json:"games"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/reports/regulator?period=2026-01-01..2027-12-31", ledger.RoleAuditor, nil).body, &reg)
	if len(reg.Games) != 1 || reg.Games[0].Paytable != "baccarat/punto-banco" || reg.Games[0].RoundsPlayed != 2 || reg.Games[0].TheoreticalRTP.Exact == "" {
		t.Errorf("regulator report %+v", reg)
	}
}
