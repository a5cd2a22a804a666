package api_test

import (
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestAPI_BingoAnnouncementOnTable reads the hall's announcement of the
// game in progress where the live board finds it: on the table in GET
// /v1/tables, which a viewer (and the public board) may read, with the
// session and the game's number within it; the next game of the session
// is game 2, and a game outside any session has none.
func TestAPI_BingoAnnouncementOnTable(t *testing.T) {
	e := newEnv(t, envOptions{})
	for _, p := range []string{"ann", "bob"} {
		e.deposit(p, "100")
	}
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "hall", "paytable": bingo.IDEs1979, "currency": "EUR",
		"limits": map[string]any{"card": map[string]string{"min": "0.50", "max": "10"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	table := func(seq uint64) *projections.TableInfo {
		t.Helper()
		var tl projections.TableList
		mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables?min_seq=%d", seq), ledger.RoleViewer, nil).body, &tl)
		for i := range tl.Tables {
			if tl.Tables[i].ID == "hall" {
				return &tl.Tables[i]
			}
		}
		t.Fatalf("no table hall in %+v", tl.Tables)
		return nil
	}
	x := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	z := [][]int{{3, 13, 24, 35, 46}, {7, 57, 68, 79, 90}, {17, 28, 39, 49, 60}}
	// sell opens a game, sells cards and closes its sales; the game is
	// then played to its bingo (the x card's numbers) so the next can
	// open.
	sell := func(cards ...bet) (string, *projections.TableInfo) {
		t.Helper()
		opened := e.must(201, "POST", "/v1/tables/hall/rounds", ledger.RoleDealer, nil).result(t)
		game := opened.Round
		if a := table(opened.LastSeq).Announcement; a != nil && a.Round == game {
			t.Fatalf("an announcement before the sales close: %+v", a)
		}
		for i, c := range cards {
			e.slip("hall", game, []string{"ann", "bob"}[i%2], c)
		}
		last := e.must(200, "POST", e.roundPath("hall", game, "close-betting"), ledger.RoleDealer, nil).result(t).LastSeq
		info := table(last)
		for i, n := range []int{1, 12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
			if i > 0 {
				e.must(200, "POST", e.roundPath("hall", game, "close-betting"), ledger.RoleDealer, nil)
			}
			e.must(200, "POST", e.roundPath("hall", game, "result"), ledger.RoleDealer, map[string]int{"ball": n})
		}
		return game, info
	}

	// A game outside any session: its announcement, no session.
	g, info := sell(bet{bingoCard(t, "C-7", x), "2"})
	want := projections.Announcement{Round: g, Number: 1,
		Text: "Cartones vendidos 1, de la serie C del número 7 al 7. Premio de línea 0.30, premio de bingo 1.20. Comienza la partida."}
	if a := info.Announcement; a == nil || a.Round != want.Round || a.Number != want.Number || a.Session != "" || a.SessionGame != 0 || a.Text != want.Text || a.Seq == 0 {
		t.Fatalf("announcement outside a session: %+v, want %+v", a, want)
	}

	terms := map[string]any{"series": []map[string]any{
		{"id": "A", "face": "1.00", "from": 1, "to": 10}, {"id": "B", "face": "2.00", "from": 1, "to": 10}}}
	e.must(201, "POST", "/v1/tables/hall/sessions", ledger.RoleSupervisor, map[string]any{"session": "eve", "terms": terms})
	// Game 1 of the session: A-1..A-3 at 1.00 and B-4 at 2.00, sales
	// 5.00: the line 15% (0.75), the bingo 60% (3.00).
	g, info = sell(bet{bingoCard(t, "A-1", x), "1"}, bet{bingoCard(t, "A-2", z), "1"}, bet{bingoCard(t, "A-3", z), "1"}, bet{bingoCard(t, "B-4", z), "2"})
	want = projections.Announcement{Round: g, Number: 2, Session: "eve", SessionGame: 1,
		Text: "Cartones vendidos 4, de la serie A del número 1 al 3 y de la serie B del número 4 al 4. Premio de línea 0.75, premio de bingo 3.00. Comienza la partida."}
	if a := info.Announcement; a == nil || a.Round != want.Round || a.Number != want.Number || a.Session != want.Session || a.SessionGame != want.SessionGame || a.Text != want.Text {
		t.Fatalf("game 1 of the session: %+v, want %+v", a, want)
	}
	// Game 2 of the session: A-4 alone (the numbers sold before are
	// sold once in the session).
	g, info = sell(bet{bingoCard(t, "A-4", x), "1"})
	want = projections.Announcement{Round: g, Number: 3, Session: "eve", SessionGame: 2,
		Text: "Cartones vendidos 1, de la serie A del número 4 al 4. Premio de línea 0.15, premio de bingo 0.60. Comienza la partida."}
	if a := info.Announcement; a == nil || a.Round != want.Round || a.Number != want.Number || a.Session != want.Session || a.SessionGame != want.SessionGame || a.Text != want.Text {
		t.Fatalf("game 2 of the session: %+v, want %+v", a, want)
	}
}
