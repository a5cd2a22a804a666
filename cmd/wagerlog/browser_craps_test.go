//go:build browser

package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/ledger"
)

// crapsPage is what the test reads from a craps board.
type crapsPage struct {
	Conn    string   `json:"conn"`
	Other   bool     `json:"other"`
	Point   string   `json:"point"`
	Shooter string   `json:"shooter"`
	Made    string   `json:"made"`
	Outs    string   `json:"outs"`
	Rolls   []string `json:"rolls"`
	Totals  []string `json:"totals"`
	Hot     []string `json:"hot"`
}

const readCraps = `(() => { try { return ({
	conn: document.getElementById('conn').dataset.state,
	other: document.getElementById('board').dataset.game !== 'craps',
	point: document.getElementById('c-point').textContent,
	shooter: document.getElementById('c-shooter').textContent,
	made: document.getElementById('c-made').textContent,
	outs: document.getElementById('c-outs').textContent,
	rolls: [...document.querySelectorAll('#c-results .c-roll .sr-only')].map((e) => e.textContent),
	totals: [...document.querySelectorAll('#c-totals .group-count')].map((e) => e.textContent),
	hot: [...document.querySelectorAll('#c-hot .c-chip')].map((e) => e.textContent),
}); } catch (e) { return {}; } })()`

// TestBrowser_CrapsBoard opens a craps table: the page draws the craps
// board (the last rolls with their dice, total and what each did, the
// point and the shooter, points made and seven-outs, each total's count,
// hot and cold) instead of Sic Bo's, follows a roll of the hand in
// progress live, and keeps screenshots of a board of 50 rolls.
func TestBrowser_CrapsBoard(t *testing.T) {
	chromiumPath(t)
	s := startServer(t, "--public-board")
	const table = "browser-craps"
	s.call(ledger.RoleSupervisor, "POST", "/v1/tables", map[string]any{
		"table": table, "paytable": craps.IDPeru1999, "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"},
		"dealer": "dealer-1",
	})
	var round string
	var hand craps.Table
	hands := int64(0)
	roll := func(a, b int) {
		t.Helper()
		if round == "" {
			r := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{})
			round, hand, hands = r.Round, craps.Table{}, r.RoundNumber
		}
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+round+"/close-betting", map[string]any{})
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+round+"/result", map[string]any{"dice": []int{a, b}})
		if hand, _ = hand.Next(craps.Roll{a, b}); hand.Over {
			round = ""
		}
	}
	roll(3, 3)

	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?table="+table)); err != nil {
		t.Fatal(err)
	}
	wait := func(within time.Duration, what string, ok func(crapsPage) bool) crapsPage {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			p, err := chromedp.Run(ctx, chromedp.Evaluate[crapsPage](readCraps))
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
	p := wait(20*time.Second, "the first roll", func(p crapsPage) bool {
		return p.Conn == "live" && len(p.Rolls) == 1 && strings.HasPrefix(p.Rolls[0], "3 and 3, total 6, point set")
	})
	if p.Other || p.Point != "6" || !strings.HasPrefix(p.Shooter, "hand 1 · 1 roll") || len(p.Totals) != 11 || p.Totals[4] != "Total 6: 1×" {
		t.Fatalf("after 3-3 the page shows %+v", p)
	}
	// The hand in progress: a roll shows live, the point made turns the
	// point off; a seven-out ends the hand.
	roll(4, 2)
	acked := time.Now()
	p = wait(liveDeadline, "the point made", func(p crapsPage) bool {
		return len(p.Rolls) == 2 && strings.HasPrefix(p.Rolls[0], "4 and 2, total 6, point made, point 6")
	})
	t.Logf("the roll showed %s after the API acknowledged it", time.Since(acked).Round(time.Millisecond))
	if p.Point != "OFF" || p.Made != "1" || !strings.HasPrefix(p.Shooter, "hand 1 · 2 rolls") {
		t.Fatalf("after the point made the page shows %+v", p)
	}
	roll(4, 5)
	roll(3, 4)
	p = wait(liveDeadline, "the seven-out", func(p crapsPage) bool { return len(p.Rolls) == 4 && strings.Contains(p.Rolls[0], "seven-out") })
	if p.Outs != "1" || p.Point != "OFF" || p.Shooter != "next shooter" {
		t.Fatalf("after the seven-out the page shows %+v", p)
	}

	// A full board for the screenshots: 50 rolls over several hands, seeded.
	rng := rand.New(rand.NewPCG(15, 1))
	for range 46 {
		roll(1+rng.IntN(6), 1+rng.IntN(6))
	}
	p = wait(20*time.Second, "the 50th roll", func(p crapsPage) bool { return len(p.Rolls) == 50 })
	if len(p.Hot) == 0 {
		t.Errorf("no hot total on a board of 50 rolls: %+v", p)
	}
	if round != "" && !strings.HasPrefix(p.Shooter, fmt.Sprintf("hand %d", hands)) {
		t.Errorf("shooter %q, want hand %d", p.Shooter, hands)
	}
	dir := artifactsDir(t)
	shoot(t, ctx, dir, "craps-phone-360.png", 360, 740, true)
	if x, _ := overflow(t, ctx); x > 0 {
		t.Errorf("at 360 px the page is %d px wider than the screen", x)
	}
	shoot(t, ctx, dir, "craps-wall-1920x1080.png", 1920, 1080, false)
	if x, y := overflow(t, ctx); x > 0 || y > 0 {
		t.Errorf("on a 1920×1080 wall the page overflows by %d×%d px", x, y)
	}
}
