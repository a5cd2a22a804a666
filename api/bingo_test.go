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

// bingoCard is the bet code of card id with rows.
func bingoCard(t *testing.T, id string, rows [][]int) string {
	t.Helper()
	cid, err := bingo.ParseCardID(id)
	if err != nil {
		t.Fatal(err)
	}
	c, err := bingo.NewCard(cid, rows)
	if err != nil {
		t.Fatal(err)
	}
	return c.BetCode()
}

// TestAPI_BingoGame plays a bingo room through HTTP on a real JetStream,
// with the generic routes a room maps onto (a table is the room, a round
// a game, a slip a sale of cards, close-betting the close of sales, a
// result a ball, cancel a void): cards sold with their numbers, a card
// sold twice and a card after the first ball refused, a repeated ball
// refused, a right and a wrong call (POST .../bets/{bet}/claim) that
// change nothing, the line shared by two cards, the game over at the
// bingo, the game read with its balls, bets and calls, a player's cards,
// a clean verify and the dispute replay re-settling the game; then a
// second game voided by the supervisor, every card refunded in full.
func TestAPI_BingoGame(t *testing.T) {
	e := newAuditedEnv(t)
	for _, p := range []string{"ann", "bob", "cid"} {
		e.deposit(p, "100")
	}
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "bingo1", "paytable": bingo.IDEs1979, "currency": "EUR",
		"limits": map[string]any{"card": map[string]string{"min": "0.50", "max": "10"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	x := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	z := [][]int{{3, 13, 24, 35, 46}, {7, 57, 68, 79, 90}, {17, 28, 39, 49, 60}}
	game := e.openRound("bingo1")
	ann := e.slip("bingo1", game, "ann", bet{bingoCard(t, "A-1", x), "3"})
	e.slip("bingo1", game, "bob", bet{bingoCard(t, "A-2", x), "1"})
	cid := e.slip("bingo1", game, "cid", bet{bingoCard(t, "B-1", z), "2"})
	if p := e.req("POST", "/v1/tables/bingo1/slips", ledger.RoleFrontend, map[string]any{"player": "cid", "round": game,
		"bets": []bet{{bingoCard(t, "A-1", z), "2"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("a card sold twice: %+v", p)
	}
	// Two numbers of column 1 in one row: not a card.
	if p := e.req("POST", "/v1/tables/bingo1/slips", ledger.RoleFrontend, map[string]any{"player": "cid", "round": game,
		"bets": []bet{{"card:C-1:1,2,23,34,45,5,56,67,78,89,15,26,37,48,59", "2"}}}); p.status != 422 || p.problem(t).Code != "invalid_card" {
		t.Fatalf("a broken card: %s", p)
	}
	var last uint64
	draw := func(n int) {
		t.Helper()
		e.must(200, "POST", e.roundPath("bingo1", game, "close-betting"), ledger.RoleDealer, nil)
		last = e.must(200, "POST", e.roundPath("bingo1", game, "result"), ledger.RoleDealer, map[string]int{"ball": n}).result(t).LastSeq
	}
	for _, n := range []int{1, 12, 23, 34, 45} {
		draw(n)
	}
	if p := e.req("POST", "/v1/tables/bingo1/slips", ledger.RoleFrontend, map[string]any{"player": "cid", "round": game,
		"bets": []bet{{bingoCard(t, "C-1", z), "2"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("a card after the first ball: %+v", p)
	}
	// The caller's screen: the game in progress, its balls on the panel.
	var st struct {
		Round string           `json:"round"`
		State *bingo.GameState `json:"state"`
	}
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/bingo1/state?min_seq=%d", last), ledger.RoleDealer, nil).body, &st)
	if st.Round != game || st.State == nil || st.State.Drawn != 5 || st.State.Last != 45 || !st.State.Grid[4][4] {
		t.Fatalf("table state %+v", st.State)
	}
	claimPath := func(b string) string { return e.roundPath("bingo1", game, "bets/"+b+"/claim") }
	e.must(200, "POST", claimPath(ann.Bets[0].Bet), ledger.RoleDealer, map[string]string{"prize": "line"})
	last = e.must(200, "POST", claimPath(cid.Bets[0].Bet), ledger.RoleDealer, map[string]string{"prize": "line"}).result(t).LastSeq
	if p := e.req("POST", claimPath(cid.Bets[0].Bet), ledger.RoleDealer, map[string]string{"prize": "full house"}).problem(t); p.Code != "invalid_request" {
		t.Fatalf("a claim of no prize: %+v", p)
	}
	e.must(200, "POST", e.roundPath("bingo1", game, "close-betting"), ledger.RoleDealer, nil)
	if p := e.req("POST", e.roundPath("bingo1", game, "result"), ledger.RoleDealer, map[string]int{"ball": 12}).problem(t); p.Code != "invalid_result" {
		t.Fatalf("a repeated ball: %+v", p)
	}
	last = e.must(200, "POST", e.roundPath("bingo1", game, "result"), ledger.RoleDealer, map[string]int{"ball": 3}).result(t).LastSeq
	for _, n := range []int{5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
		draw(n)
	}
	for p, want := range map[string]string{"ann": "100.38", "bob": "100.12", "cid": "98"} {
		if got := e.balance(p, last); !got.Equal(dec(want)) {
			t.Errorf("%s = %s, want %s", p, got, want)
		}
	}

	// The game: its 16 balls, its cards with their prizes, the calls.
	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", game, last), ledger.RoleAuditor, nil).body, &rv)
	if rv.Status != projections.RoundSettled || len(rv.Results) != 16 || len(rv.Bets) != 3 || len(rv.Claims) != 2 ||
		!rv.Claims[0].Correct || rv.Claims[1].Correct || !rv.Totals.Paid.Equal(dec("4.50")) {
		t.Fatalf("game: %s, %d balls, %d cards, claims %+v, totals %+v", rv.Status, len(rv.Results), len(rv.Bets), rv.Claims, rv.Totals)
	}
	// The board lists the game whole (a bingo board holds games, not
	// balls): the line on ball 5 (number 45), the bingo on ball 16 (number
	// 59), both shared by, the prizes 15% and 60% of the 6.00
	// sold (0.90 and 3.60), each card's shares together: A-1 priced 3 of
	// the winners' 4 takes floor(0.90·3/4)=0.67 + floor(3.60·3/4)=2.70 +
	// the line's remainder 0.01 = 3.38, A-2 0.22 + 0.90 = 1.12.
	var board struct {
		Stats struct {
			Games int               `json:"games"`
			Last  []bingo.BoardLine `json:"last"`
		} `json:"stats"`
	}
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/bingo1/board?min_seq=%d", last), ledger.RoleViewer, nil).body, &board)
	if board.Stats.Games != 1 || len(board.Stats.Last) != 1 {
		t.Fatalf("board: %+v", board.Stats)
	}
	if l := board.Stats.Last[0]; l.Round != game || l.Balls != 16 || l.LineBall != 5 || l.LineNumber != 45 || l.BingoBall != 16 || l.BingoNumber != 59 ||
		l.LinePrize == nil || !l.LinePrize.Equal(dec("0.90")) || l.BingoPrize == nil || !l.BingoPrize.Equal(dec("3.60")) ||
		l.WinnersCount != 2 || len(l.Winners) != 2 ||
		l.Winners[0] != (bingo.Winner{Card: "A-1", Paid: l.Winners[0].Paid, Line: true, Bingo: true}) || !l.Winners[0].Paid.Equal(dec("3.38")) ||
		l.Winners[1] != (bingo.Winner{Card: "A-2", Paid: l.Winners[1].Paid, Line: true, Bingo: true}) || !l.Winners[1].Paid.Equal(dec("1.12")) {
		t.Fatalf("board's game: %+v", l)
	}
	// A player's cards.
	var bp projections.BetPage
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/wallets/ann/bets?min_seq=%d", last), ledger.RoleFrontend, nil).body, &bp)
	if len(bp.Bets) != 1 || bp.Bets[0].Code != bingoCard(t, "A-1", x) || !bp.Bets[0].Returned.Equal(dec("3.38")) {
		t.Fatalf("ann's cards: %+v", bp.Bets)
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
	if !rr.Match || !rr.ChainOK || len(rr.Claims) != 2 || len(rr.Bets) != 3 {
		t.Fatalf("replay: match %v chain %v claims %d bets %d problems %v", rr.Match, rr.ChainOK, len(rr.Claims), len(rr.Bets), rr.Problems)
	}

	// The dispute replay says, card by card, on which ball each prize was
	// won and how it was split.
	rules := map[string]string{}
	for _, b := range rr.Bets {
		rules[b.Code] = b.Recomputed.Rule
	}
	if r := rules[bingoCard(t, "A-1", x)]; !strings.Contains(r, "line on ball 5 (number 45): 0.68 of 0.90 shared by 2 cards") ||
		!strings.Contains(r, "bingo on ball 16 (number 59): 2.70 of 3.60 shared by 2 cards") || !strings.Contains(r, "remainder 0.01") {
		t.Errorf("replay of A-1: %q", r)
	}
	if r := rules[bingoCard(t, "B-1", z)]; !strings.Contains(r, "no prize: the line went on ball 5, the bingo on ball 16") {
		t.Errorf("replay of B-1: %q", r)
	}

	// A void game: the supervisor cancels between two balls with the
	// reason; every card comes back in full. ann's card is printed by the
	// ledger from a seed: its code carries the numbers bingo.GenerateCard
	// prints.
	game = e.openRound("bingo1")
	printed := e.must(201, "POST", "/v1/tables/bingo1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": game,
		"print": map[string]any{"series": "P", "from": 7, "to": 7, "seed": 42, "stake": "5"}}).result(t)
	if want := bingo.GenerateCard(42, bingo.CardID{Series: "P", Number: 7}).BetCode(); len(printed.Bets) != 1 || printed.Bets[0].Code != want {
		t.Fatalf("printed %+v, want %s", printed.Bets, want)
	}
	if p := e.req("POST", "/v1/tables/bingo1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": game,
		"print": map[string]any{"series": "p", "from": 1, "to": 2, "seed": 42, "stake": "5"}}).problem(t); p.Code != "invalid_request" {
		t.Fatalf("a bad series printed: %+v", p)
	}
	e.slip("bingo1", game, "bob", bet{bingoCard(t, "A-2", x), "5"})
	draw(44)
	e.must(403, "POST", e.roundPath("bingo1", game, "cancel"), ledger.RoleDealer, map[string]string{"reason": "ball 44 announced as 41"})
	last = e.must(200, "POST", e.roundPath("bingo1", game, "cancel"), ledger.RoleSupervisor, map[string]string{"reason": "ball 44 announced as 41"}).result(t).LastSeq
	for p, want := range map[string]string{"ann": "100.38", "bob": "100.12"} {
		if got := e.balance(p, last); !got.Equal(dec(want)) {
			t.Errorf("after the void %s = %s, want %s", p, got, want)
		}
	}

	// The day's report of the room: one row of card sales (not one per
	// card): 5 cards sold for 16.00, 3 settled paying 4.50, 2 refunded
	// (10.00); the hall's share is 16.00 − 4.50 − 10.00 = 1.50.
	day := rv.OpenedAt.UTC().Format("2006-01-02")
	var daily projections.DailyReport
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/reports/daily?table=bingo1&from=%s&to=%s&min_seq=%d", day, day, last), ledger.RoleFinance, nil).body, &daily)
	if len(daily.Rows) != 1 {
		t.Fatalf("daily rows %+v", daily.Rows)
	}
	if d := daily.Rows[0]; d.Code != bingo.KindCard || d.Bets != 5 || !d.Staked.Equal(dec("16")) || !d.Paid.Equal(dec("4.50")) ||
		d.Refunds != 2 || !d.Refunded.Equal(dec("10")) || d.Settled != 3 {
		t.Fatalf("daily row %+v", d)
	}
	// The hall's share of the day: what the three players, 100 each,
	// have lost in all: 300 − (100.38 + 100.12 + 98) = 1.50 =
	// 16 sold − 4.50 prizes − 10 refunded.
	lost := dec("300")
	for _, p := range []string{"ann", "bob", "cid"} {
		lost = lost.Sub(e.balance(p, last))
	}
	if len(daily.Sales) != 1 {
		t.Fatalf("daily sales %+v", daily.Sales)
	}
	if s := daily.Sales[0]; s.Day != day || s.Table != "bingo1" || s.Kind != bingo.KindCard || s.Sold != 5 || !s.Sales.Equal(dec("16")) ||
		!s.Prizes.Equal(dec("4.50")) || s.Refunds != 2 || !s.Refunded.Equal(dec("10")) || !s.HallShare.Equal(lost) || !lost.Equal(dec("1.50")) {
		t.Fatalf("daily sales %+v, the players lost %s", s, lost)
	}

	// The reconciliation balances to the cent (the prize pool's transfers
	// included), and the regulator report sets the room's actual return
	// beside bingo/es-1979's exact 3/4, read by the card's kind.
	var rec struct {
		Totals []struct {
			Scope      string          `json:"scope"`
			Table      string          `json:"table"`
			Difference decimal.Decimal `json:"difference"`
		} `json:"totals"`
		Discrepancies []json.RawMessage `json:"discrepancies"`
		Sales         []struct {
			Date      string          `json:"date"`
			Table     string          `json:"table"`
			Sales     decimal.Decimal `json:"sales"`
			Prizes    decimal.Decimal `json:"prizes"`
			Refunds   decimal.Decimal `json:"refunds"`
			HallShare decimal.Decimal `json:"hall_share"`
		} `json:"sales"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31", ledger.RoleAuditor, nil).body, &rec)
	// The session's sales, prizes, refunds and hall share: the day's row
	// and the period's (no date), the same figures as the daily report's.
	if len(rec.Sales) != 2 || rec.Sales[0].Date != day || rec.Sales[1].Date != "" {
		t.Fatalf("reconciliation sales %+v", rec.Sales)
	}
	for _, x := range rec.Sales {
		if x.Table != "bingo1" || !x.Sales.Equal(dec("16")) || !x.Prizes.Equal(dec("4.50")) || !x.Refunds.Equal(dec("10")) || !x.HallShare.Equal(lost) {
			t.Errorf("reconciliation sales row %+v, want 16, 4.50, 10, %s", x, lost)
		}
	}
	csv := string(e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31&format=csv", ledger.RoleAuditor, nil).body)
	if !strings.Contains(csv, "date,table,currency,sales,prizes,refunds,hall_share") || !strings.Contains(csv, day+",bingo1,EUR,16.00,4.50,10.00,1.50") ||
		!strings.Contains(csv, ",bingo1,EUR,16.00,4.50,10.00,1.50") {
		t.Errorf("reconciliation CSV without the sales:\n%s", csv)
	}
	html := string(e.must(200, "GET", "/v1/reports/reconcile?period=2026-01-01..2027-12-31&format=html", ledger.RoleAuditor, nil).body)
	if !strings.Contains(html, "Sales, prizes and the hall's share") || !strings.Contains(html, `<td>bingo1</td><td>EUR</td><td class="num">16.00</td><td class="num">4.50</td><td class="num">10.00</td><td class="num">1.50</td>`) {
		t.Errorf("reconciliation HTML without the sales:\n%s", html)
	}
	if len(rec.Discrepancies) != 0 || len(rec.Totals) == 0 {
		t.Errorf("reconciliation: %d rows, discrepancies %s", len(rec.Totals), rec.Discrepancies)
	}
	for _, row := range rec.Totals {
		if !row.Difference.IsZero() {
			t.Errorf("reconciliation row %s %s: difference %s", row.Scope, row.Table, row.Difference)
		}
	}
	var reg struct {
		Games []struct {
			Paytable       string                 `json:"paytable"`
			RoundsPlayed   int                    `json:"rounds_played"`
			TheoreticalRTP struct{ Exact string } `json:"theoretical_rtp"`
			ActualRTP      struct{ Exact string } `json:"actual_rtp"`
		} `json:"games"`
	}
	mustJSON(t, e.must(200, "GET", "/v1/reports/regulator?period=2026-01-01..2027-12-31", ledger.RoleAuditor, nil).body, &reg)
	if len(reg.Games) != 1 || reg.Games[0].Paytable != bingo.IDEs1979 || reg.Games[0].TheoreticalRTP.Exact != "3/4" {
		t.Errorf("regulator report %+v", reg)
	}
}
