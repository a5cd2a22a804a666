//go:build browser

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/testgames"
)

// boardWidths are the widths every demo board is checked at: a phone
// held upright, a small laptop, a desktop.
var boardWidths = []int64{390, 1024, 1440}

// boardsDemoSeed seeds the demo of TestBrowser_RegistryBoards: a fixed
// seed, so that the run is the same every time (its Caribbean deals give
// the pool a prize early).
const boardsDemoSeed = 3

// boardCheck is what the test reads of a demo table's page: the board's
// game, its panels, and the panels and rows that belong elsewhere.
type boardCheck struct {
	Game string `json:"game"`
	Busy string `json:"busy"`
	// Own are the data-panel names of this game's module (from its
	// markup); Missing those of them not drawn, or hidden.
	Own     []string `json:"own"`
	Missing []string `json:"missing"`
	// Foreign are the panels on the page that only another game's module
	// has; WrongRows the visible rows meant for another paytable.
	Foreign   []string `json:"foreign"`
	WrongRows []string `json:"wrongRows"`
	Results   int      `json:"results"`
}

// readBoard imports every game's board module in the page (the list of
// games is the registry's, given by the test) and compares their panels
// with the board drawn.
const readBoard = `(async (games, paytable) => {
	const main = document.getElementById('board');
	const panelsOf = async (g) => {
		const m = await import('./boards/' + g + '.js');
		const t = document.createElement('template');
		t.innerHTML = m.markup;
		return [...t.content.querySelectorAll('[data-panel]')].map((e) => e.dataset.panel);
	};
	const game = main.dataset.game || '';
	const own = game ? await panelsOf(game) : [];
	const others = new Set();
	for (const g of games) {
		if (g === game) continue;
		for (const p of await panelsOf(g)) if (!own.includes(p)) others.add(p);
	}
	const shown = (e) => e && !e.closest('[hidden]') && e.getClientRects().length > 0;
	return {
		game,
		busy: main.getAttribute('aria-busy'),
		own,
		missing: own.filter((p) => !shown(main.querySelector('[data-panel="' + p + '"]'))),
		foreign: [...document.querySelectorAll('[data-panel]')].map((e) => e.dataset.panel).filter((p) => others.has(p)),
		wrongRows: [...document.querySelectorAll('[data-paytable]')].filter((e) => shown(e) && e.dataset.paytable !== paytable).map((e) => e.id || e.className),
		results: document.querySelectorAll('main .sr-only, main .g-drawn').length,
	};
})`

// TestBrowser_RegistryBoards runs `serve --demo` and opens, for every
// game of the registry (and the test game of internal/testgames, added
// through registry.With), every demo table it declares, at 390, 1024 and
// 1440 px: the board drawn is the game's own (the module of the game the
// table plays), every panel of it is on the page and visible, no panel
// of another game's board and no row of another paytable shows (punto
// banco shows no deux tableaux rows), the page is never wider than the
// screen, and a screenshot of each is kept in $WAGERLOG_ARTIFACTS. The
// Caribbean table shows its last deal (the dealer's and each seat's hand
// with its rank, folds, who called) beside its pool's amount, last
// winners and this table's last prizes.
func TestBrowser_RegistryBoards(t *testing.T) {
	chromiumPath(t)
	// The registry's games and the test game (internal/testgames): a
	// game added through the registry gets its board drawn like theirs.
	c := registry.With(testgames.HighCard{})
	s := startServerWith(t, c, "--demo", "--demo-interval", "50ms", "--demo-seed", fmt.Sprint(boardsDemoSeed))
	tables, err := demoTables(c)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range c.Games() {
		names = append(names, g.Name())
	}
	gamesJSON, _ := json.Marshal(names)
	// A tab for the whole walk: every table at three widths.
	ctx := browserFor(t, 8*time.Minute)
	dir := artifactsDir(t)
	seen := map[string]bool{}
	start := time.Now()
	for _, dt := range tables {
		game := dt.paytable.Game()
		seen[game] = true
		t.Logf("%s (%s) from %s", dt.ID, game, time.Since(start).Round(time.Millisecond))
		// A few results first, so that every panel has something to draw.
		waitBoard(t, s, dt.ID, 3)
		prized := false
		if dt.Pool != nil {
			prized = waitPrize(t, s, dt.Pool.ID, dt.ID, 30*time.Second)
			t.Logf("%s: its pool paid a prize by %s: %v", dt.ID, time.Since(start).Round(time.Millisecond), prized)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 900, viewportOpts(false)...), chromedp.Navigate(demoLink(s.base, dt.DemoTable))); err != nil {
			t.Fatal(err)
		}
		read := func() boardCheck {
			t.Helper()
			bc, err := chromedp.Run(ctx, chromedp.Evaluate[boardCheck](fmt.Sprintf("%s(%s, %q)", readBoard, gamesJSON, dt.paytable.ID()), chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s: read the board: %v", dt.ID, err)
			}
			return bc
		}
		// A card table's board holds every card of its last 50 rounds, and
		// the demo, dealing every 50 ms, sends it many times a second: on a
		// loaded machine the page takes a while to catch up.
		deadline := time.Now().Add(90 * time.Second)
		bc := read()
		for bc.Game != game || bc.Busy != "false" || len(bc.Missing) > 0 {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the %s board is not drawn within 90 s: %+v", dt.ID, game, bc)
			}
			time.Sleep(100 * time.Millisecond)
			bc = read()
		}
		for _, w := range boardWidths {
			name := fmt.Sprintf("board-%s-%d.png", dt.ID, w)
			shoot(t, ctx, dir, name, w, 900, w < 760)
			bc := read()
			if len(bc.Own) == 0 || len(bc.Missing) > 0 || len(bc.Foreign) > 0 || len(bc.WrongRows) > 0 || bc.Game != game {
				t.Errorf("%s at %d px: game %q, panels %v, missing %v, another game's %v, another paytable's rows %v", dt.ID, w, bc.Game, bc.Own, bc.Missing, bc.Foreign, bc.WrongRows)
			}
			if x, _ := overflow(t, ctx); x > 0 {
				t.Errorf("%s at %d px: the page is %d px wider than the screen", dt.ID, w, x)
			}
			faults, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](boardLayoutFaults))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range faults {
				t.Errorf("%s at %d px: %s", dt.ID, w, f)
			}
		}
		if dt.Pool != nil {
			checkPoolPanel(t, ctx, dt.ID, prized)
		}
		if check, ok := boardExtras[game]; ok {
			check(t, ctx, dt.ID)
		}
	}
	for _, g := range c.Games() {
		if !seen[g.Name()] {
			t.Errorf("no demo table of %s was checked", g.Name())
		}
	}
}

// boardLayoutFaults lists the elements wider than the page or reaching
// past its sides, except inside a box that scrolls or clips them (a wide
// table in its own scroller does not widen the page).
const boardLayoutFaults = `(() => {
	const out = [];
	const W = document.documentElement.clientWidth;
	const clipped = (e) => {
		for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
			if (getComputedStyle(a).overflowX !== 'visible') return true;
		}
		return false;
	};
	for (const e of document.querySelectorAll('body *')) {
		const r = e.getBoundingClientRect();
		if (r.width === 0 || r.height === 0 || e.closest('.sr-only, .skip') || clipped(e)) continue;
		if (r.width > W + 0.5 || r.left < -0.5 || r.right > W + 0.5) {
			const panel = e.closest('[data-panel]');
			out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '') +
				(panel ? ' in ' + panel.dataset.panel : '') + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' of ' + W + ': ' + e.textContent.slice(0, 60));
		}
	}
	return out;
})()`

// waitPrize waits up to within until a pool has paid a prize at a table,
// and reports whether it has. A prize needs a flush or better: on a
// loaded machine the demo may deal too few hands for one, and the test
// then checks the panel's empty lists instead.
func waitPrize(t testing.TB, s *server, pool, table string, within time.Duration) bool {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		var ps []json.RawMessage
		res, err := http.Get(s.base + "/v1/pools/" + pool + "/tables/" + table + "/prizes")
		if err == nil {
			err = json.NewDecoder(res.Body).Decode(&ps)
			res.Body.Close()
		}
		if err == nil && len(ps) > 0 {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// poolPanel is what the test reads of the pool's panel.
type poolPanel struct {
	Hidden  bool     `json:"hidden"`
	Main    string   `json:"main"`
	Winners []string `json:"winners"`
	Prizes  []string `json:"prizes"`
}

// checkPoolPanel checks the pool beside a board: its amount, and its last
// winners and the table's last prizes (each naming the table) once the
// pool paid one there (prized), or the lists saying there is none yet.
func checkPoolPanel(t testing.TB, ctx context.Context, table string, prized bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		p, err := chromedp.Run(ctx, chromedp.Evaluate[poolPanel](`({
			hidden: document.getElementById('pool').hidden,
			main: document.getElementById('pool-main').textContent,
			winners: [...document.querySelectorAll('#pool-winners li')].map((e) => e.textContent),
			prizes: [...document.querySelectorAll('#pool-table-prizes li')].map((e) => e.textContent),
		})`))
		if err != nil {
			t.Fatal(err)
		}
		ok := !p.Hidden && p.Main != "–" && strings.Contains(p.Main, ".") && len(p.Winners) > 0 && len(p.Prizes) > 0
		for _, pr := range p.Prizes {
			if prized {
				ok = ok && strings.Contains(pr, table)
			} else {
				ok = ok && strings.HasPrefix(pr, "No prize")
			}
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the pool's panel shows %+v", table, p)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// boardExtras are the checks of a board beyond its panels, by game.
var boardExtras = map[string]func(t testing.TB, ctx context.Context, table string){
	"poker": checkDeals,
}

// dealPage is what the test reads of the last deal on a Caribbean board.
type dealPage struct {
	Dealer     string   `json:"dealer"`
	DealerHand string   `json:"dealerHand"`
	Seats      []string `json:"seats"`
	Hands      []string `json:"hands"`
	Acts       []string `json:"acts"`
	Deals      int      `json:"deals"`
}

// checkDeals checks the last deal of a Caribbean board: the dealer's five
// cards and hand, and each seat's five cards, hand, and call or fold.
func checkDeals(t testing.TB, ctx context.Context, table string) {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[dealPage](`({
		dealer: [...document.querySelectorAll('#p-latest .p-dealer .k-card')].map((e) => e.textContent).join(' '),
		dealerHand: document.querySelector('#p-latest .p-dealer .p-hand')?.textContent ?? '',
		seats: [...document.querySelectorAll('#p-latest .p-seat')].map((e) => [...e.querySelectorAll('.k-card')].length + ' cards'),
		hands: [...document.querySelectorAll('#p-latest .p-seat .p-hand')].map((e) => e.textContent),
		acts: [...document.querySelectorAll('#p-latest .p-seat .p-act')].map((e) => e.textContent),
		deals: document.querySelectorAll('#p-history .p-row').length,
	})`))
	if err != nil {
		t.Fatal(err)
	}
	ok := len(strings.Fields(p.Dealer)) == 5 && p.DealerHand != "" && len(p.Seats) > 0 && len(p.Hands) == len(p.Seats) && len(p.Acts) == len(p.Seats) && p.Deals >= 3
	for i := range p.Seats {
		ok = ok && p.Seats[i] == "5 cards" && p.Hands[i] != "" && (p.Acts[i] == "call" || p.Acts[i] == "fold")
	}
	if !ok {
		t.Errorf("%s: the last deal shows %+v", table, p)
	}
}
