//go:build browser

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/ledger"
)

// bingoPage is what the test reads from a bingo board.
type bingoPage struct {
	Conn   string   `json:"conn"`
	Other  bool     `json:"other"`
	Latest string   `json:"latest"`
	Count  string   `json:"count"`
	Lit    []string `json:"lit"`
	Balls  []string `json:"balls"`
	Games  []string `json:"games"`
	// Announced is the hall's announcement shown for the game in
	// progress ("" when hidden), Session its session and game number.
	Announced string `json:"announced"`
	Session   string `json:"session"`
}

const readBingo = `(() => { try { return ({
	conn: document.getElementById('conn').dataset.state,
	other: document.getElementById('board').dataset.game !== 'bingo',
	latest: document.querySelector('#g-latest .g-ball') ? document.querySelector('#g-latest .g-ball').textContent : '',
	count: document.getElementById('g-count').textContent,
	lit: [...document.querySelectorAll('#g-grid .g-cell.is-drawn')].map((e) => e.textContent),
	balls: [...document.querySelectorAll('#g-balls .g-ball')].map((e) => e.textContent),
	games: [...document.querySelectorAll('#g-games .g-game')].map((e) => e.textContent),
	announced: document.getElementById('g-announce-box').hidden ? '' : document.getElementById('g-announce').textContent,
	session: document.getElementById('g-session').hidden ? '' : document.getElementById('g-session').textContent,
}); } catch (e) { return {}; } })()`

// TestBrowser_BingoBoard opens a bingo room: the page draws the bingo
// board (the last ball, the 1..90 panel with the balls drawn lit, the
// game's balls in order, the last games) instead of Sic Bo's, follows a
// ball live, lists a finished game (one of 90 balls, drawn with no card
// sold, longer than the board's 50 rows) with the next one in progress,
// then a game of two cards with its line and bingo balls, prizes and
// winners, and with every game the hall's announcement (the cards sold
// by series, the line and bingo prizes) and, for a game of a session, the
// session and the game's number in it; keeps screenshots.
func TestBrowser_BingoBoard(t *testing.T) {
	chromiumPath(t)
	s := startServer(t, "--public-board")
	const table = "browser-bingo"
	s.call(ledger.RoleSupervisor, "POST", "/v1/tables", map[string]any{
		"table": table, "paytable": bingo.IDEs1979, "currency": "EUR",
		"limits": map[string]any{"card": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"},
		"dealer": "dealer-1",
	})
	round := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{}).Round
	draw := func(n int) {
		t.Helper()
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+round+"/close-betting", map[string]any{})
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+round+"/result", map[string]any{"ball": n})
	}
	for _, n := range []int{17, 4, 90} {
		draw(n)
	}

	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?table="+table)); err != nil {
		t.Fatal(err)
	}
	wait := func(within time.Duration, what string, ok func(bingoPage) bool) bingoPage {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			p, err := chromedp.Run(ctx, chromedp.Evaluate[bingoPage](readBingo))
			if err != nil {
				t.Fatalf("read the page: %v", err)
			}
			if ok(p) {
				return p
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: not on the page within %s; the page shows %+v", what, within, p)
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	// A game with no card sold is announced too, outside any session.
	const noSale = "Cartones vendidos 0. Premio de línea 0.00, premio de bingo 0.00. Comienza la partida."
	p := wait(20*time.Second, "the first balls", func(p bingoPage) bool { return p.Conn == "live" && len(p.Balls) == 3 && p.Announced != "" })
	if p.Announced != noSale || p.Session != "" {
		t.Fatalf("game 1 announced %q in session %q, want %q and none", p.Announced, p.Session, noSale)
	}
	if p.Other || p.Latest != "90" || p.Count != "3" || strings.Join(p.Lit, ",") != "4,17,90" || strings.Join(p.Balls, ",") != "17,4,90" {
		t.Fatalf("after three balls the page shows %+v", p)
	}
	draw(45)
	acked := time.Now()
	p = wait(liveDeadline, "the fourth ball", func(p bingoPage) bool { return len(p.Balls) == 4 && p.Latest == "45" })
	t.Logf("the ball showed %s after the API acknowledged it", time.Since(acked).Round(time.Millisecond))

	// No card was sold: the game draws all 90 balls. Then the next game.
	drawn := map[int]bool{17: true, 4: true, 90: true, 45: true}
	for n := 1; n <= bingo.NumbersMax; n++ {
		if !drawn[n] {
			draw(n)
		}
	}
	round = s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{}).Round
	draw(33)
	draw(8)
	p = wait(20*time.Second, "the next game", func(p bingoPage) bool { return len(p.Balls) == 2 && len(p.Games) == 1 })
	if p.Latest != "8" || !strings.Contains(p.Games[0], "#1") || !strings.Contains(p.Games[0], "90 balls") {
		t.Fatalf("with game 1 over the page shows %+v", p)
	}
	// Game 2 ends with no card sold; game 3 sells two cards of the same
	// numbers (3.00 and 1.00, sales 4.00): both complete the line on ball
	// 5 (45) and the bingo on ball 15 (59) and share the prizes, 15% and
	// 60% of the sales: 0.60 and 2.40, A-1 taking three quarters of each
	// (0.45 + 1.80 = 2.25), A-2 one quarter (0.15 + 0.60 = 0.75).
	drawn = map[int]bool{33: true, 8: true}
	for n := 1; n <= bingo.NumbersMax; n++ {
		if !drawn[n] {
			draw(n)
		}
	}
	rows := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	round = s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{}).Round
	for i, p := range []string{"ann", "bob"} {
		s.call(ledger.RoleSupervisor, "POST", "/v1/wallets/"+p+"/deposit", map[string]string{"amount": "10", "currency": "EUR"})
		c, err := bingo.NewCard(bingo.CardID{Series: "A", Number: i + 1}, rows)
		if err != nil {
			t.Fatal(err)
		}
		s.call(ledger.RoleFrontend, "POST", "/v1/tables/"+table+"/slips", map[string]any{
			"player": p, "round": round, "bets": []map[string]string{{"code": c.BetCode(), "stake": []string{"3", "1"}[i]}},
		})
	}
	for _, n := range []int{1, 12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
		draw(n)
	}
	// Game 4 is the first of a session ("eve": series A at 1.00, 1 to 10,
	// and B at 2.00) and sells and B-2: sales 4.00, the line
	// 0.60 and the bingo 2.40, announced when its sales close.
	s.call(ledger.RoleSupervisor, "POST", "/v1/tables/"+table+"/sessions", map[string]any{"session": "eve", "terms": map[string]any{"series": []map[string]any{
		{"id": "A", "face": "1.00", "from": 1, "to": 10}, {"id": "B", "face": "2.00", "from": 1, "to": 10}}}})
	round = s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{}).Round
	for i, id := range []bingo.CardID{{Series: "A", Number: 5}, {Series: "A", Number: 6}, {Series: "B", Number: 2}} {
		c, err := bingo.NewCard(id, rows)
		if err != nil {
			t.Fatal(err)
		}
		s.call(ledger.RoleFrontend, "POST", "/v1/tables/"+table+"/slips", map[string]any{
			"player": []string{"ann", "bob", "ann"}[i], "round": round, "bets": []map[string]string{{"code": c.BetCode(), "stake": []string{"1", "1", "2"}[i]}},
		})
	}
	draw(7)
	const game4 = "Cartones vendidos 3, de la serie A del número 5 al 6 y de la serie B del número 2 al 2. Premio de línea 0.60, premio de bingo 2.40. Comienza la partida."
	p = wait(20*time.Second, "game 3's winners and game 4's announcement", func(p bingoPage) bool {
		return len(p.Balls) == 1 && len(p.Games) == 3 && p.Announced == game4
	})
	if p.Session != "session eve · game 1" {
		t.Errorf("game 4's session on the page: %q", p.Session)
	}
	if g := p.Games[0]; !strings.Contains(g, "#3") || !strings.Contains(g, "15 balls") ||
		!strings.Contains(g, "line on ball 5 (45) · 0.6") || !strings.Contains(g, "bingo on ball 15 (59) · 2.4") ||
		!strings.Contains(g, "winners: A-1 2.25 (line, bingo), A-2 0.75 (line, bingo)") {
		t.Fatalf("game 3 on the page: %q", g)
	}
	dir := artifactsDir(t)
	shoot(t, ctx, dir, "bingo-phone-360.png", 360, 740, true)
	if x, _ := overflow(t, ctx); x > 0 {
		t.Errorf("at 360 px the page is %d px wider than the screen", x)
	}
	shoot(t, ctx, dir, "bingo-wall-1920x1080.png", 1920, 1080, false)
	if x, y := overflow(t, ctx); x > 0 || y > 0 {
		t.Errorf("on a 1920×1080 wall the page overflows by %d×%d px", x, y)
	}
}
