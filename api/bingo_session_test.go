package api_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// TestAPI_BingoSession runs a bingo session through HTTP on a real
// JetStream (docs/games/bingo.md, "Sessions"): opened with its series by the supervisor, cards
// refused outside the series or at another price and a card number sold
// once in the session, the prizes in the pool once sales close and the
// hall's announcement (cards sold from..to, prizes) on the game's view
// before the first ball, the pool empty at the end, a void game, the
// session's report (sales, prizes, refunds, hall share, per day), the
// session closed, a clean verify and the dispute replay re-computing the
// sales close.
func TestAPI_BingoSession(t *testing.T) {
	e := newAuditedEnv(t)
	for _, p := range []string{"ann", "bob"} {
		e.deposit(p, "100")
	}
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "hall", "paytable": bingo.IDEs1979, "currency": "EUR",
		"limits": map[string]any{"card": map[string]string{"min": "0.50", "max": "10"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	terms := map[string]any{"series": []map[string]any{{"id": "A", "face": "1.00", "from": 1, "to": 10}}}
	e.must(403, "POST", "/v1/tables/hall/sessions", ledger.RoleDealer, map[string]any{"session": "eve", "terms": terms})
	if p := e.req("POST", "/v1/tables/hall/sessions", ledger.RoleSupervisor, map[string]any{"session": "eve",
		"terms": map[string]any{"series": []map[string]any{{"id": "a", "face": "1", "from": 1, "to": 10}}}}).problem(t); p.Code != "invalid_request" {
		t.Fatalf("a series id in lower case: %+v", p)
	}
	e.must(201, "POST", "/v1/tables/hall/sessions", ledger.RoleSupervisor, map[string]any{"session": "eve", "terms": terms})
	if p := e.req("POST", "/v1/tables/hall/sessions", ledger.RoleSupervisor, map[string]any{"session": "late", "terms": terms}).problem(t); p.Code != "session_open" {
		t.Fatalf("a second session: %+v", p)
	}
	x := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	z := [][]int{{3, 13, 24, 35, 46}, {7, 57, 68, 79, 90}, {17, 28, 39, 49, 60}}
	game := e.openRound("hall")
	e.slip("hall", game, "ann", bet{bingoCard(t, "A-1", x), "1"})
	e.slip("hall", game, "bob", bet{bingoCard(t, "A-2", z), "1"})
	for _, b := range []bet{{bingoCard(t, "A-11", z), "1"}, {bingoCard(t, "B-1", z), "1"}, {bingoCard(t, "A-3", z), "2"}} {
		if p := e.req("POST", "/v1/tables/hall/slips", ledger.RoleFrontend, map[string]any{"player": "bob", "round": game, "bets": []bet{b}}).problem(t); p.Code != "bet_refused" {
			t.Fatalf("%s at %s outside the session's series: %+v", b.Code, b.Stake, p)
		}
	}
	// Sales close: 2.00 sold, the line 0.30 and the bingo 1.20 in the
	// pool, and the hall's announcement on the game.
	last := e.must(200, "POST", e.roundPath("hall", game, "close-betting"), ledger.RoleDealer, nil).result(t).LastSeq
	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", game, last), ledger.RoleDealer, nil).body, &rv)
	if want := "Cartones vendidos 2, de la serie A del número 1 al 2. Premio de línea 0.30, premio de bingo 1.20. Comienza la partida."; rv.Announcement != want || rv.Session != "eve" {
		t.Fatalf("game view: session %q, announcement %q, want %q", rv.Session, rv.Announcement, want)
	}
	pool := func(seq uint64) string {
		var bl projections.BalanceList
		mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/balances?prefix=prizes:hall&zero=true&min_seq=%d", seq), ledger.RoleFinance, nil).body, &bl)
		if len(bl.Balances) != 1 {
			t.Fatalf("prize pool balances %+v", bl.Balances)
		}
		return bl.Balances[0].Balance.String()
	}
	if got := pool(last); got != "1.5" {
		t.Fatalf("the pool holds %s after sales close, want the prizes 1.50", got)
	}
	e.must(200, "POST", e.roundPath("hall", game, "result"), ledger.RoleDealer, map[string]int{"ball": 1})
	for _, n := range []int{12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
		e.must(200, "POST", e.roundPath("hall", game, "close-betting"), ledger.RoleDealer, nil)
		last = e.must(200, "POST", e.roundPath("hall", game, "result"), ledger.RoleDealer, map[string]int{"ball": n}).result(t).LastSeq
	}
	if got := pool(last); got != "0" {
		t.Fatalf("the pool holds %s at the end of the game", got)
	}

	// Game 2: A-1 was sold in this session; a void game.
	game2 := e.openRound("hall")
	if p := e.req("POST", "/v1/tables/hall/slips", ledger.RoleFrontend, map[string]any{"player": "bob", "round": game2, "bets": []bet{{bingoCard(t, "A-1", z), "1"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("A-1 sold twice in the session: %+v", p)
	}
	e.slip("hall", game2, "bob", bet{bingoCard(t, "A-3", z), "1"})
	e.must(200, "POST", e.roundPath("hall", game2, "close-betting"), ledger.RoleDealer, nil)
	if p := e.req("POST", "/v1/tables/hall/sessions/eve/close", ledger.RoleDealer, map[string]string{}).problem(t); p.Code != "round_in_progress" {
		t.Fatalf("a session closed during a game: %+v", p)
	}
	last = e.must(200, "POST", e.roundPath("hall", game2, "cancel"), ledger.RoleSupervisor, map[string]string{"reason": "ball announced wrong"}).result(t).LastSeq
	if got := pool(last); got != "0" {
		t.Fatalf("the pool holds %s after the void game", got)
	}
	last = e.must(200, "POST", "/v1/tables/hall/sessions/eve/close", ledger.RoleDealer, map[string]string{"reason": "end of the evening"}).result(t).LastSeq
	if p := e.req("POST", "/v1/tables/hall/sessions/eve/close", ledger.RoleDealer, map[string]string{}).problem(t); p.Code != "session_not_open" {
		t.Fatalf("a session closed twice: %+v", p)
	}

	// The session's report: 3 cards for 3.00, prizes 1.50, one refund of
	// 1.00, the hall's share 0.50, all on one day.
	var sv projections.SessionView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/hall/sessions/eve?min_seq=%d", last), ledger.RoleFinance, nil).body, &sv)
	if sv.Status != projections.SessionClosed || sv.Rounds != 2 || sv.Sold != 3 || !sv.Sales.Equal(dec("3")) || !sv.Prizes.Equal(dec("1.50")) ||
		sv.Refunds != 1 || !sv.Refunded.Equal(dec("1")) || !sv.HallShare.Equal(dec("0.50")) || len(sv.Days) != 1 || !sv.Days[0].HallShare.Equal(dec("0.50")) ||
		!strings.Contains(string(sv.Terms), `"id":"A"`) {
		t.Fatalf("session report %+v", sv)
	}
	e.must(404, "GET", "/v1/tables/hall/sessions/nope", ledger.RoleFinance, nil)
	// The daily report lists the session's day beside the table's.
	var daily projections.DailyReport
	day := sv.Days[0].Day
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/reports/daily?table=hall&from=%s&to=%s&min_seq=%d", day, day, last), ledger.RoleFinance, nil).body, &daily)
	if len(daily.Sessions) != 1 || daily.Sessions[0].Session != "eve" || daily.Sessions[0].Sold != 3 || !daily.Sessions[0].HallShare.Equal(dec("0.50")) ||
		len(daily.Sales) != 1 || !daily.Sales[0].HallShare.Equal(daily.Sessions[0].HallShare) {
		t.Fatalf("daily report's sessions %+v, sales %+v", daily.Sessions, daily.Sales)
	}

	// The reconciliation lists the session's day too, from the flows.
	var rec struct {
		Sessions []struct {
			Date      string          `json:"date"`
			Table     string          `json:"table"`
			Session   string          `json:"session"`
			Sales     decimal.Decimal `json:"sales"`
			Prizes    decimal.Decimal `json:"prizes"`
			Refunds   decimal.Decimal `json:"refunds"`
			HallShare decimal.Decimal `json:"hall_share"`
		} `json:"sessions"`
		Discrepancies []json.RawMessage `json:"discrepancies"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31", ledger.RoleAuditor, nil).body, &rec)
	if len(rec.Sessions) != 1 || len(rec.Discrepancies) != 0 {
		t.Fatalf("reconciliation sessions %+v, discrepancies %s", rec.Sessions, rec.Discrepancies)
	}
	if x := rec.Sessions[0]; x.Date != day || x.Table != "hall" || x.Session != "eve" || !x.Sales.Equal(dec("3")) || !x.Prizes.Equal(dec("1.50")) ||
		!x.Refunds.Equal(dec("1")) || !x.HallShare.Equal(dec("0.50")) {
		t.Fatalf("reconciliation session row %+v", x)
	}
	csv := string(e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31&format=csv", ledger.RoleAuditor, nil).body)
	if !strings.Contains(csv, "date,table,session,currency,sales,prizes,refunds,hall_share") || !strings.Contains(csv, day+",hall,eve,EUR,3.00,1.50,1.00,0.50") {
		t.Errorf("reconciliation CSV without the session:\n%s", csv)
	}

	var vr struct {
		Clean      bool `json:"clean"`
		Violations any  `json:"violations"`
	}
	mustJSON(t, e.must(200, "POST", "/v1/audit/verify", ledger.RoleAuditor, map[string]any{}).body, &vr)
	if !vr.Clean {
		t.Fatalf("verify: %v", vr.Violations)
	}
	var rr replay.RoundReplay
	mustJSON(t, e.must(200, "GET", "/v1/audit/rounds/"+game+"/replay", ledger.RoleAuditor, nil).body, &rr)
	if !rr.Match || rr.SalesClosed == nil || !rr.SalesClosed.Match || len(rr.SalesClosed.Recorded) != 2 || rr.Announcement != rv.Announcement {
		t.Fatalf("replay: match %v, sales close %+v, problems %v", rr.Match, rr.SalesClosed, rr.Problems)
	}
}

// TestAPI_BingoDoubleCards sells a double card through HTTP: 2.00 for a
// series of face value 1.00, its first half in the game it is sold for,
// its second half placed by the ledger in the session's next game (the
// player's cards list it in both), the held half of the last game
// returned when the session closes; the session's report, a clean verify.
func TestAPI_BingoDoubleCards(t *testing.T) {
	e := newAuditedEnv(t)
	e.deposit("ann", "100")
	e.deposit("bob", "100")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "hall", "paytable": bingo.IDEs1979, "currency": "EUR",
		"limits": map[string]any{"card": map[string]string{"min": "0.50", "max": "10"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	e.must(201, "POST", "/v1/tables/hall/sessions", ledger.RoleSupervisor, map[string]any{"session": "eve",
		"terms": map[string]any{"series": []map[string]any{{"id": "D", "face": "1.00", "from": 1, "to": 10, "double": true}}}})
	x := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	z := [][]int{{3, 13, 24, 35, 46}, {7, 57, 68, 79, 90}, {17, 28, 39, 49, 60}}
	held := func(seq uint64) string {
		var bl projections.BalanceList
		mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/balances?prefix=held:hall&zero=true&min_seq=%d", seq), ledger.RoleFinance, nil).body, &bl)
		if len(bl.Balances) != 1 {
			t.Fatalf("held balances %+v", bl.Balances)
		}
		return bl.Balances[0].Balance.String()
	}
	play := func(game string) uint64 {
		var last uint64
		for _, n := range []int{1, 12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
			e.must(200, "POST", e.roundPath("hall", game, "close-betting"), ledger.RoleDealer, nil)
			last = e.must(200, "POST", e.roundPath("hall", game, "result"), ledger.RoleDealer, map[string]int{"ball": n}).result(t).LastSeq
		}
		return last
	}
	g1 := e.openRound("hall")
	if p := e.req("POST", "/v1/tables/hall/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": g1, "bets": []bet{{bingoCard(t, "D-1", x), "1"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("a double card at its face value: %+v", p)
	}
	sale := e.slip("hall", g1, "ann", bet{bingoCard(t, "D-1", x), "2"})
	// Read before bob's sale: min_seq answers at that sequence or later,
	// so after bob's the answer may already hold his half too.
	if got := held(sale.LastSeq); got != "1" {
		t.Fatalf("held after the sale: %s", got)
	}
	e.slip("hall", g1, "bob", bet{bingoCard(t, "D-2", z), "2"})
	last := play(g1)
	// Game 1: sales 2.00 (the two first halves), ann's D-1 takes 0.30 + 1.20.
	if got := e.balance("ann", last); !got.Equal(dec("99.50")) {
		t.Fatalf("ann after game 1: %s", got)
	}
	opened := e.must(201, "POST", "/v1/tables/hall/rounds", ledger.RoleDealer, nil).result(t)
	g2 := opened.Round
	// The opening's answer lists the halves the ledger carried into the
	// game, each with its slip and player.
	if len(opened.Bets) != 2 || opened.Bets[0].Player != "ann" || opened.Bets[0].Code != bingoCard(t, "D-1", x) || opened.Bets[0].Slip == "" ||
		opened.Bets[1].Player != "bob" || opened.Bets[1].Code != bingoCard(t, "D-2", z) {
		t.Fatalf("the opening answered bets %+v, want D-1's and D-2's second halves", opened.Bets)
	}
	var bp projections.BetPage
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/wallets/ann/bets?min_seq=%d", opened.LastSeq), ledger.RoleFrontend, nil).body, &bp)
	if len(bp.Bets) != 2 || bp.Bets[0].Code != bingoCard(t, "D-1", x) || bp.Bets[1].Code != bp.Bets[0].Code || !bp.Bets[0].Stake.Equal(dec("1")) {
		t.Fatalf("ann's cards: %+v", bp.Bets)
	}
	last = play(g2)
	// Game 2: D-1's and D-2's second halves, 2.00; D-1 wins again 1.50.
	if got := e.balance("ann", last); !got.Equal(dec("101")) {
		t.Fatalf("ann after game 2: %s", got)
	}
	if got := held(last); got != "0" {
		t.Fatalf("held after game 2's opening: %s", got)
	}
	g3 := e.openRound("hall")
	e.slip("hall", g3, "bob", bet{bingoCard(t, "D-3", z), "2"})
	e.must(200, "POST", e.roundPath("hall", g3, "cancel"), ledger.RoleSupervisor, map[string]string{"reason": "ball announced wrong"})
	last = e.must(200, "POST", "/v1/tables/hall/sessions/eve/close", ledger.RoleDealer, map[string]string{}).result(t).LastSeq
	// bob: 100 − 2 − 2 + 1 (the void game's half) + 1 (the half returned).
	if got, h := e.balance("bob", last), held(last); !got.Equal(dec("98")) || h != "0" {
		t.Fatalf("bob after the close: %s, held %s", got, h)
	}
	var sv projections.SessionView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/hall/sessions/eve?min_seq=%d", last), ledger.RoleFinance, nil).body, &sv)
	if sv.Rounds != 3 || sv.Sold != 3 || !sv.Sales.Equal(dec("6")) || !sv.Prizes.Equal(dec("3")) || sv.Refunds != 2 || !sv.Refunded.Equal(dec("2")) || !sv.HallShare.Equal(dec("1")) {
		t.Fatalf("session report %+v", sv.SessionTotals)
	}
	// The reconciliation balances with the held account in the table's
	// scope, and its session row says the same.
	var rec struct {
		Sessions []struct {
			Sales     decimal.Decimal `json:"sales"`
			Refunds   decimal.Decimal `json:"refunds"`
			HallShare decimal.Decimal `json:"hall_share"`
		} `json:"sessions"`
		Discrepancies []json.RawMessage `json:"discrepancies"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31", ledger.RoleAuditor, nil).body, &rec)
	if len(rec.Discrepancies) != 0 || len(rec.Sessions) != 1 || !rec.Sessions[0].Sales.Equal(dec("6")) || !rec.Sessions[0].Refunds.Equal(dec("2")) || !rec.Sessions[0].HallShare.Equal(dec("1")) {
		t.Fatalf("reconciliation: sessions %+v, discrepancies %s", rec.Sessions, rec.Discrepancies)
	}
	var vr struct {
		Clean      bool `json:"clean"`
		Violations any  `json:"violations"`
	}
	mustJSON(t, e.must(200, "POST", "/v1/audit/verify", ledger.RoleAuditor, map[string]any{}).body, &vr)
	if !vr.Clean {
		t.Fatalf("verify: %v", vr.Violations)
	}
}
