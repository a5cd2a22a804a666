//go:build browser

package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
)

// cardsPage is what the test reads from a blackjack or War board.
type cardsPage struct {
	Conn    string   `json:"conn"`
	Other   bool     `json:"other"`
	Rounds  string   `json:"rounds"`
	Facts   []string `json:"facts"`
	Seats   bool     `json:"seats"`
	SeatRow []string `json:"seat_row"`
	History []string `json:"history"`
	Latest  string   `json:"latest"`
}

const readCards = `(() => { try { return ({
	conn: document.getElementById('conn').dataset.state,
	other: !['blackjack', 'war'].includes(document.getElementById('board').dataset.game),
	rounds: document.getElementById('k-rounds-n').textContent,
	facts: [...document.querySelectorAll('#k-facts div')].map((e) => e.textContent),
	seats: Boolean(document.getElementById('k-seats-panel')),
	seat_row: [...document.querySelectorAll('#k-seats tr:nth-child(2) td')].map((e) => e.textContent),
	history: [...document.querySelectorAll('#k-history .k-round .sr-only')].map((e) => e.textContent),
	latest: document.getElementById('k-latest').textContent,
}); } catch (e) { return {}; } })()`

// TestBrowser_CardBoards opens a blackjack table and a War table: the page
// draws the card board (not baccarat's, whose statistics also have
// beads): for blackjack the dealer's bust rate and results, the seats'
// outcomes and each round's dealer cards; for War the ties and wars and
// each round's card pairs; a round dealt while the page is open shows
// live.
func TestBrowser_CardBoards(t *testing.T) {
	chromiumPath(t)
	s := startServer(t, "--public-board")
	deal := func(table string, results ...string) {
		t.Helper()
		round := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{}).Round
		for _, r := range results {
			s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+round+"/close-betting", map[string]any{})
			s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+round+"/result", json.RawMessage(r))
		}
	}
	for table, pt := range map[string]string{"browser-bj": blackjack.IDChile2010, "browser-war": war.IDChile2010} {
		s.call(ledger.RoleSupervisor, "POST", "/v1/tables", map[string]any{
			"table": table, "paytable": pt, "currency": "EUR",
			"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
			"band":   map[string]string{"min": "1", "max": "100"},
			"dealer": "dealer-1",
		})
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/shoes", map[string]int{"cut_cards": 70})
	}
	deal("browser-bj", `{"card":"8S","to":"seat:1"}`, `{"card":"9H","to":"dealer"}`, `{"card":"8D","to":"seat:1"}`,
		`{"decision":"stand","seat":1,"hand":0}`, `{"card":"7C","to":"dealer"}`, `{"card":"TD","to":"dealer"}`)
	deal("browser-war", `{"card":"7S","to":"seat:1"}`, `{"card":"7D","to":"dealer"}`, `{"decision":"surrender","seat":1}`)

	ctx := browser(t)
	read := func(table string, within time.Duration, what string, ok func(cardsPage) bool) cardsPage {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			p, err := chromedp.Run(ctx, chromedp.Evaluate[cardsPage](readCards))
			if err != nil {
				t.Fatalf("read the page: %v", err)
			}
			if ok(p) {
				return p
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s %s: not on the page within %s; the page shows %+v", table, what, within, p)
			}
			time.Sleep(25 * time.Millisecond)
		}
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?table=browser-bj")); err != nil {
		t.Fatal(err)
	}
	p := read("browser-bj", 20*time.Second, "the first round", func(p cardsPage) bool { return p.Conn == "live" && len(p.History) == 1 })
	if p.Other || p.Rounds != "1" || !p.Seats || p.History[0] != "Round 1: the dealer has 9H 7C TD, bust." ||
		len(p.Facts) == 0 || p.Facts[0] != "Dealer bust rate100%" || strings.Join(p.SeatRow, " ") != "1 1 1 0 0 0 0 0" {
		t.Fatalf("blackjack board: %+v", p)
	}
	// A second round, live: a blackjack for the seat, the dealer's 19.
	deal("browser-bj", `{"card":"AS","to":"seat:1"}`, `{"card":"TH","to":"dealer"}`, `{"card":"KD","to":"seat:1"}`,
		`{"card":"9C","to":"dealer"}`)
	p = read("browser-bj", liveDeadline, "the second round", func(p cardsPage) bool { return len(p.History) == 2 })
	if p.Rounds != "2" || p.History[0] != "Round 2: the dealer has TH 9C, 19." || !strings.Contains(p.Latest, "19") {
		t.Fatalf("blackjack board after round 2: %+v", p)
	}
	shoot(t, ctx, artifactsDir(t), "blackjack-phone-360.png", 360, 740, true)
	if x, _ := overflow(t, ctx); x > 0 {
		t.Errorf("at 360 px the blackjack page is %d px wider than the screen", x)
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?table=browser-war")); err != nil {
		t.Fatal(err)
	}
	p = read("browser-war", 20*time.Second, "the first round", func(p cardsPage) bool { return p.Conn == "live" && len(p.History) == 1 })
	if p.Other || p.Seats || p.History[0] != "Round 1: seat 1 7S against 7D: tie, surrendered." {
		t.Fatalf("War board: %+v", p)
	}
	if !strings.Contains(strings.Join(p.Facts, "|"), "Ties100% · 1") {
		t.Errorf("War facts %v", p.Facts)
	}
	shoot(t, ctx, artifactsDir(t), "war-desktop-1400x1000.png", 1400, 1000, false)
	if x, _ := overflow(t, ctx); x > 0 {
		t.Errorf("at 1400 px the War page is %d px wider than the screen", x)
	}
}
