//go:build browser

package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/ledger"
)

// baccaratState is what the test reads from a baccarat board.
type baccaratState struct {
	Conn     string   `json:"conn"`
	Other    bool     `json:"other"`
	Latest   string   `json:"latest"`
	Beads    []string `json:"beads"`
	Banker   string   `json:"banker"`
	Tie      string   `json:"tie"`
	Naturals string   `json:"naturals"`
}

const readBaccarat = `(() => { try { return ({
	conn: document.getElementById('conn').dataset.state,
	other: document.getElementById('board').dataset.game !== 'baccarat',
	latest: document.querySelector('#b-latest .bead')?.title ?? '',
	beads: [...document.querySelectorAll('#b-plate li .sr-only')].map((e) => e.textContent),
	banker: document.querySelector('#b-split .split-banker .split-pct')?.textContent ?? '',
	tie: document.getElementById('b-tie').textContent,
	naturals: document.getElementById('b-naturals').textContent,
}); } catch (e) { return {}; } })()`

// TestBrowser_BaccaratBoard opens a punto banco table: the page draws the
// baccarat board (the last coup with both points, the player, banker and
// tie shares, naturals, the bead plate) instead of Sic Bo's, follows a new
// coup live, and keeps screenshots of a full bead plate.
func TestBrowser_BaccaratBoard(t *testing.T) {
	chromiumPath(t)
	s := startServer(t, "--public-board")
	const table = "browser-baccarat"
	s.call(ledger.RoleSupervisor, "POST", "/v1/tables", map[string]any{
		"table": table, "paytable": baccarat.IDPuntoBanco, "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"},
		"dealer": "dealer-1",
	})
	coup := func(result string) int64 {
		t.Helper()
		r := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{})
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/close-betting", map[string]any{})
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/result", json.RawMessage(result))
		return r.RoundNumber
	}
	first := coup(`{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`)

	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?table="+table)); err != nil {
		t.Fatal(err)
	}
	wait := func(within time.Duration, what string, ok func(baccaratState) bool) baccaratState {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			p, err := chromedp.Run(ctx, chromedp.Evaluate[baccaratState](readBaccarat))
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
	p := wait(20*time.Second, "the first coup", func(p baccaratState) bool {
		return p.Conn == "live" && len(p.Beads) == 1 && strings.HasPrefix(p.Beads[0], fmt.Sprintf("Round %d: Banker wins, player 0, banker 8", first))
	})
	if p.Other || p.Latest != "Banker 8" || p.Banker != "100%" || !strings.HasPrefix(p.Naturals, "0%") {
		t.Fatalf("after the banker's 8 the page shows %+v", p)
	}
	second := coup(`{"player":["4S","5H"],"banker":["KC","6H"]}`)
	acked := time.Now()
	p = wait(liveDeadline, "the player's natural", func(p baccaratState) bool {
		return len(p.Beads) == 2 && strings.HasPrefix(p.Beads[1], fmt.Sprintf("Round %d: Player wins, player 9, banker 6, natural", second))
	})
	t.Logf("the coup showed %s after the API acknowledged it", time.Since(acked).Round(time.Millisecond))
	if p.Latest != "Player 9, natural" || p.Banker != "50%" || !strings.HasPrefix(p.Naturals, "50% · 1×") {
		t.Fatalf("after the natural the page shows %+v", p)
	}

	// A full bead plate for the screenshots: 50 coups from a shuffled shoe.
	rng := rand.New(rand.NewPCG(16, 1))
	shoe := baccarat.Shoe(8)
	rng.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
	next := 0
	var last int64
	for range 52 {
		c := baccarat.DealPuntoBanco(func() baccarat.Card { next++; return shoe[next-1] })
		last = coup(string(c.JSON()))
	}
	p = wait(20*time.Second, "the 54th coup", func(p baccaratState) bool {
		return len(p.Beads) == 50 && strings.HasPrefix(p.Beads[49], fmt.Sprintf("Round %d:", last))
	})
	if !strings.Contains(p.Tie, "×") {
		t.Errorf("tie share %q", p.Tie)
	}
	dir := artifactsDir(t)
	shoot(t, ctx, dir, "baccarat-phone-360.png", 360, 740, true)
	if x, _ := overflow(t, ctx); x > 0 {
		t.Errorf("at 360 px the page is %d px wider than the screen", x)
	}
	shoot(t, ctx, dir, "baccarat-wall-1920x1080.png", 1920, 1080, false)
	if x, y := overflow(t, ctx); x > 0 || y > 0 {
		t.Errorf("on a 1920×1080 wall the page overflows by %d×%d px", x, y)
	}
}
