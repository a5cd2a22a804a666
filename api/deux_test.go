package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestAPI_DeuxTableaux plays baccarat à deux tableaux through HTTP on a
// real JetStream: a new shoe (the seed's cut card, 10 cards), ann takes
// the bank (the table's view shows her and the bank's balance), bets on
// the tableaux, a caballo and the line, the banker's own bet and a coup
// above the bank refused, a coup the bank wins on both tableaux with its
// cagnotte, a one-tableau void refused to the dealer and recorded by a
// supervisor, the board with per-tableau results and the cagnotte taken,
// the dispute replay re-settling every bet and the cagnotte, a clean
// verification, and the bank given back.
func TestAPI_DeuxTableaux(t *testing.T) {
	e := newAuditedEnv(t)
	for p, amount := range map[string]string{"ann": "500", "bob": "100", "cid": "100"} {
		e.deposit(p, amount)
	}
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "d1", "paytable": "baccarat/deux-tableaux-1979", "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "0.10", "max": "500"}},
		"band":   map[string]string{"min": "0.10", "max": "1000"},
		"dealer": dealerActor,
	})
	if p := e.must(409, "POST", "/v1/tables/d1/rounds", ledger.RoleDealer, nil).problem(t); p.Code != "shoe_required" {
		t.Fatalf("a round without a shoe: %s", p.Code)
	}
	if p := e.must(400, "POST", "/v1/tables/d1/shoes", ledger.RoleDealer, map[string]int{"cut_cards": 16}).problem(t); p.Code != "invalid_request" {
		t.Fatalf("a cut card 16 cards from the end: %s", p.Code)
	}
	e.must(201, "POST", "/v1/tables/d1/shoes", ledger.RoleDealer, map[string]int{"cut_cards": 10})
	if p := e.must(403, "POST", "/v1/tables/d1/bank", ledger.RoleFrontend, map[string]string{"player": "ann", "amount": "100"}).problem(t); p.Code != "forbidden" {
		t.Fatalf("a frontend takes the bank: %s", p.Code)
	}
	if p := e.must(422, "POST", "/v1/tables/d1/bank", ledger.RoleDealer, map[string]string{"player": "bob", "amount": "100.01"}).problem(t); p.Code != "insufficient_funds" {
		t.Fatalf("a bank above the wallet: %s", p.Code)
	}
	res := e.must(201, "POST", "/v1/tables/d1/bank", ledger.RoleDealer, map[string]string{"player": "ann", "amount": "100"}).result(t)
	if p := e.must(422, "POST", "/v1/tables/d1/bank", ledger.RoleDealer, map[string]string{"player": "bob", "amount": "10"}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("a second bank: %s", p.Code)
	}
	var tv projections.TableView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/d1?min_seq=%d", res.LastSeq), ledger.RoleAuditor, nil).body, &tv)
	if tv.Bank == nil || tv.Bank.Banker != "ann" || !tv.Bank.PutUp.Equal(dec("100")) || !tv.Bank.Balance.Equal(dec("100")) {
		t.Fatalf("table view's bank %+v", tv.Bank)
	}

	// Coup 1: the banker's natural 9 against 7 and 6. bob 10 on tableau 1
	// and 10 on the line of tableau 2 (5 plays); cid 11 a caballo. The
	// bank takes 26 and pays a 1.30 cagnotte.
	r1 := e.openRound("d1")
	if p := e.must(422, "POST", "/v1/tables/d1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": r1, "bets": []bet{{"tableau:1", "1"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("the banker bets: %s", p.Code)
	}
	e.slip("d1", r1, "bob", bet{"tableau:1", "10"}, bet{"line:2", "10"})
	e.slip("d1", r1, "cid", bet{"a_caballo", "11"})
	if p := e.must(422, "POST", "/v1/tables/d1/slips", ledger.RoleFrontend, map[string]any{"player": "cid", "round": r1, "bets": []bet{{"tableau:2", "69.01"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("stakes above the bank: %s", p.Code)
	}
	e.must(200, "POST", e.roundPath("d1", r1, "close-betting"), ledger.RoleDealer, nil)
	if p := e.must(422, "POST", e.roundPath("d1", r1, "result"), ledger.RoleDealer,
		json.RawMessage(`{"tableaux":[["4S","3H","2C"],["6C","KD"]],"banker":["9H","KC"]}`)).problem(t); p.Code != "invalid_result" || !strings.Contains(p.Detail, "natural_no_draw") {
		t.Fatalf("a tableau draws against a natural: %s %s", p.Code, p.Detail)
	}
	coup1 := `{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["9H","KC"]}`
	res = e.must(200, "POST", e.roundPath("d1", r1, "result"), ledger.RoleDealer, json.RawMessage(coup1)).result(t)
	for player, want := range map[string]string{"bob": "85", "cid": "89"} {
		if got := e.balance(player, res.LastSeq); !got.Equal(dec(want)) {
			t.Errorf("%s = %s, want %s", player, got, want)
		}
	}
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/d1?min_seq=%d", res.LastSeq), ledger.RoleAuditor, nil).body, &tv)
	if tv.Bank == nil || !tv.Bank.Balance.Equal(dec("124.70")) {
		t.Fatalf("the bank after coup 1: %+v", tv.Bank)
	}

	// Coup 2: tableau 1's cards fell unseen: void for tableau 1, the
	// supervisor's call (the dealer is refused). Tableau 2's 6 loses to
	// the banker's 7: cid's 10.05 goes to the bank, which pays 0.51
	// (5% of 10.05 = 0.5025, rounded up); bob's 10 comes back.
	r2 := e.openRound("d1")
	e.slip("d1", r2, "bob", bet{"tableau:1", "10"})
	e.slip("d1", r2, "cid", bet{"tableau:2", "10.05"})
	e.must(200, "POST", e.roundPath("d1", r2, "close-betting"), ledger.RoleDealer, nil)
	void := `{"tableaux":[[],["6C","KD"]],"banker":["7H","JC"],"void":{"tableaux":[1],"reason":"cards_lost_unseen"}}`
	if p := e.must(403, "POST", e.roundPath("d1", r2, "result"), ledger.RoleDealer, json.RawMessage(void)).problem(t); p.Code != "forbidden" || !strings.Contains(p.Detail, "cards_lost_unseen") {
		t.Fatalf("the dealer voids a tableau: %s %s", p.Code, p.Detail)
	}
	res = e.must(200, "POST", e.roundPath("d1", r2, "result"), ledger.RoleSupervisor, json.RawMessage(void)).result(t)
	for player, want := range map[string]string{"bob": "85", "cid": "78.95"} {
		if got := e.balance(player, res.LastSeq); !got.Equal(dec(want)) {
			t.Errorf("%s = %s, want %s", player, got, want)
		}
	}

	// The board: per-tableau results, the banker's point and the cagnotte
	// of each coup, with the counts.
	var board struct {
		Stats struct {
			Form  string `json:"form"`
			Coups int    `json:"coups"`
			Beads []struct {
				Round    string `json:"round"`
				Tableaux []struct {
					Winner string `json:"winner"`
					Point  *int   `json:"point"`
				} `json:"tableaux"`
				Banker   *int             `json:"banker"`
				Cagnotte *decimal.Decimal `json:"cagnotte"`
			} `json:"beads"`
			Banker   struct{ Count int } `json:"banker"`
			Tableaux []struct {
				Void int `json:"void"`
			} `json:"tableaux"`
			Cagnotte struct {
				Coups  struct{ Count int } `json:"coups"`
				Amount *decimal.Decimal    `json:"amount"`
			} `json:"cagnotte"`
		} `json:"stats"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/tables/d1/board", ledger.RoleViewer, nil).body, &board)
	st := board.Stats
	if st.Form != "deux_tableaux" || st.Coups != 2 || len(st.Beads) != 2 || st.Banker.Count != 3 || len(st.Tableaux) != 2 || st.Tableaux[0].Void != 1 ||
		st.Cagnotte.Amount == nil || !st.Cagnotte.Amount.Equal(dec("1.81")) || st.Cagnotte.Coups.Count != 2 {
		t.Fatalf("board stats %+v", st)
	}
	b1, b2 := st.Beads[0], st.Beads[1]
	if b1.Round != r1 || b1.Banker == nil || *b1.Banker != 9 || b1.Cagnotte == nil || !b1.Cagnotte.Equal(dec("1.30")) || len(b1.Tableaux) != 2 || *b1.Tableaux[0].Point != 7 ||
		b2.Tableaux[0].Winner != "void" || b2.Tableaux[0].Point != nil || b2.Cagnotte == nil || !b2.Cagnotte.Equal(dec("0.51")) {
		t.Fatalf("beads %+v", st.Beads)
	}

	// The dispute replay of coup 1: the cards with each side's point, the
	// bank it played against, every bet and the cagnotte re-computed.
	var rr struct {
		Match   bool            `json:"match"`
		ChainOK bool            `json:"chain_ok"`
		Result  json.RawMessage `json:"result"`
		Reading string          `json:"reading"`
		Funds   struct {
			Bank decimal.Decimal `json:"bank"`
		} `json:"funds"`
		Transfers struct {
			Recorded   []struct{ Amount decimal.Decimal } `json:"recorded"`
			Recomputed []struct {
				From, To string
				Amount   decimal.Decimal
			} `json:"recomputed"`
			Match bool `json:"match"`
		} `json:"transfers"`
		Bets []struct {
			Code       string `json:"code"`
			Match      bool   `json:"match"`
			Recomputed struct {
				Returned decimal.Decimal `json:"returned"`
				Rule     string          `json:"rule"`
			} `json:"recomputed"`
		} `json:"bets"`
		Problems []string `json:"problems"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/audit/rounds/"+r1+"/replay", ledger.RoleAuditor, nil).body, &rr)
	if !rr.Match || !rr.ChainOK || string(rr.Result) != coup1 || len(rr.Bets) != 3 || !rr.Funds.Bank.Equal(dec("100")) ||
		rr.Reading != "tableau 1 4S 3H (7), tableau 2 6C KD (6), banker 9H KC (9)" {
		t.Fatalf("replay: match %v chain %v result %s reading %q bank %s bets %d problems %v", rr.Match, rr.ChainOK, rr.Result, rr.Reading, rr.Funds.Bank, len(rr.Bets), rr.Problems)
	}
	if !rr.Transfers.Match || len(rr.Transfers.Recomputed) != 1 || rr.Transfers.Recomputed[0].From != "bank" || rr.Transfers.Recomputed[0].To != "commission" ||
		!rr.Transfers.Recomputed[0].Amount.Equal(dec("1.30")) || len(rr.Transfers.Recorded) != 1 {
		t.Fatalf("replayed cagnotte %+v", rr.Transfers)
	}
	returned := map[string]string{"tableau:1": "0", "line:2": "5", "a_caballo": "0"}
	for _, b := range rr.Bets {
		if !b.Match || !b.Recomputed.Returned.Equal(dec(returned[b.Code])) || !strings.Contains(b.Recomputed.Rule, "against the banker's 9") {
			t.Errorf("replayed %s: match %v returned %s rule %q", b.Code, b.Match, b.Recomputed.Returned, b.Recomputed.Rule)
		}
	}

	// Verification: every coup re-settled with its bank and cagnotte.
	var vr struct {
		Clean      bool              `json:"clean"`
		Violations []json.RawMessage `json:"violations"`
	}
	e.waitProjected()
	mustJSON(t, e.must(200, "POST", "/v1/audit/verify", ledger.RoleAuditor, map[string]any{}).body, &vr)
	if !vr.Clean {
		t.Errorf("verify of a deux tableaux stream: %s", vr.Violations)
	}

	// Ann gives the bank up: 124.70 + 10.05 − 0.51 = 134.24 back to her.
	if p := e.must(403, "POST", "/v1/tables/d1/bank/release", ledger.RoleFrontend, map[string]any{}).problem(t); p.Code != "forbidden" {
		t.Fatalf("a frontend releases the bank: %s", p.Code)
	}
	res = e.must(200, "POST", "/v1/tables/d1/bank/release", ledger.RoleDealer, map[string]any{}).result(t)
	if got := e.balance("ann", res.LastSeq); !got.Equal(dec("534.24")) {
		t.Errorf("ann = %s, want 534.24", got)
	}
	tv = projections.TableView{}
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/d1?min_seq=%d", res.LastSeq), ledger.RoleAuditor, nil).body, &tv)
	if tv.Bank != nil {
		t.Errorf("the bank after its release: %+v", tv.Bank)
	}
	if p := e.must(422, "POST", "/v1/tables/d1/bank/release", ledger.RoleDealer, map[string]any{}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("releasing a bank nobody holds: %s", p.Code)
	}

	// The reconciliation: the bank counts in its table's scope; what ann
	// put up and got back, and the cagnotte per table and day; every
	// scope reconciles.
	var rec struct {
		Totals []struct {
			Scope        string          `json:"scope"`
			Table        string          `json:"table"`
			BankPutUp    decimal.Decimal `json:"bank_put_up"`
			BankReturned decimal.Decimal `json:"bank_returned"`
			Cagnotte     decimal.Decimal `json:"cagnotte"`
			Difference   decimal.Decimal `json:"difference"`
		} `json:"totals"`
		Discrepancies []json.RawMessage `json:"discrepancies"`
	}
	body := e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31", ledger.RoleAuditor, nil).body
	mustJSON(t, body, &rec)
	if len(rec.Discrepancies) != 0 {
		t.Errorf("reconciliation: %s", body)
	}
	seen := 0
	for _, row := range rec.Totals {
		if row.Scope != "table" && row.Scope != "wallets" {
			continue
		}
		seen++
		if !row.BankPutUp.Equal(dec("100")) || !row.BankReturned.Equal(dec("134.24")) || !row.Difference.IsZero() {
			t.Errorf("reconciliation row %+v", row)
		}
		if row.Scope == "table" && (row.Table != "d1" || !row.Cagnotte.Equal(dec("1.81"))) {
			t.Errorf("the table's cagnotte %+v", row)
		}
	}
	if seen != 2 {
		t.Errorf("reconciliation totals %s", body)
	}
	csv := e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31&format=csv", ledger.RoleAuditor, nil).body
	if !strings.Contains(string(csv), "player_bank") || !strings.Contains(string(csv), "1.81") {
		t.Errorf("reconciliation CSV without the player's bank:\n%s", csv)
	}
	html := e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31&format=html", ledger.RoleAuditor, nil).body
	if !strings.Contains(string(html), "Players' banks and the cagnotte") || !strings.Contains(string(html), ">1.81<") {
		t.Errorf("reconciliation HTML without the player's bank:\n%s", html)
	}
}
