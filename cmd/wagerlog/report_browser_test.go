//go:build browser

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
)

// The widths every report must fit, in CSS pixels.
const (
	// screenWidth is the 1400 px screen.
	screenWidth = 1400
	// printWidth is A4 landscape between the print CSS's 10 mm margins:
	// (297 − 20) mm at 96 px to the inch.
	printWidth = 1046
)

// layoutCheck is what the page says about its own layout.
type layoutCheck struct {
	Width     int      `json:"width"`
	Wide      []string `json:"wide"`
	WideCount int      `json:"wideCount"`
	Overlaps  []string `json:"overlaps"`
	Wrapped   []string `json:"wrapped"`
	// Broken are words of table cells laid out over two lines (a break
	// after a hyphen, a dash or a slash is between two words).
	Broken      []string `json:"broken"`
	BrokenCount int      `json:"brokenCount"`
}

// checkLayout finds every element wider than the page (or reaching past
// its edge), every pair of chart labels that overlap, and every dice cell
// that wraps.
const checkLayout = `(() => {
	const W = document.documentElement.clientWidth;
	const name = (e) => e.tagName.toLowerCase() + '.' + (e.className.baseVal ?? e.className);
	const wide = [];
	for (const e of document.body.querySelectorAll('*')) {
		const r = e.getBoundingClientRect();
		if (r.width > 0 && (r.right > W + 0.5 || r.left < -0.5)) wide.push(name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right) + ': ' + e.textContent.slice(0, 40));
	}
	const overlaps = [];
	for (const svg of document.querySelectorAll('svg.chart')) {
		const ls = [...svg.querySelectorAll('text.chart-label')].map((t) => [t.textContent, t.getBoundingClientRect()]);
		for (let i = 1; i < ls.length; i++) {
			if (ls[i][1].left < ls[i-1][1].right - 0.5) overlaps.push(svg.getAttribute('aria-label') + ': ' + ls[i-1][0] + ' / ' + ls[i][0]);
		}
	}
	const wrapped = [];
	for (const e of document.querySelectorAll('.dice')) {
		const r = document.createRange();
		r.selectNodeContents(e);
		if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) wrapped.push(e.textContent);
	}
	const broken = [];
	for (const cell of document.querySelectorAll('td, th')) {
		const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
		for (let n = walker.nextNode(); n; n = walker.nextNode()) {
			// A text on one line breaks no word: most cells, checked at once.
			const whole = document.createRange();
			whole.selectNodeContents(n);
			if (new Set([...whole.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size < 2) continue;
			// A line may break between words and after a hyphen, a dash or
			// a slash (demo-/baccarat); never inside a part.
			for (const m of n.textContent.matchAll(/[^\s\-\u2013\/]+/g)) {
				const r = document.createRange();
				r.setStart(n, m.index);
				r.setEnd(n, m.index + m[0].length);
				if (new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top))).size > 1) broken.push(m[0]);
			}
		}
	}
	return {width: W, wide: wide.slice(0, 8), wideCount: wide.length, overlaps: overlaps.slice(0, 8), wrapped: wrapped.slice(0, 8), broken: broken.slice(0, 8), brokenCount: broken.length};
})()`

// reportStream fills a stream in dir with the demo table's play: rounds of
// up to a dozen bets, on today's date.
func reportStream(t *testing.T, dir string, rounds int) (busiest string) {
	t.Helper()
	ctx := t.Context()
	store, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	led, err := ledger.Open(ctx, store, ledger.Options{Games: registry.New()})
	if err != nil {
		t.Fatal(err)
	}
	defer led.Close()
	runDemoFor(t, led, store, rounds, 7)
	bets := map[string]int{}
	for _, e := range readEvents(t, store) {
		if e.Type == events.TypeBetSettled {
			bets[e.Round]++
			if bets[e.Round] > bets[busiest] {
				busiest = e.Round
			}
		}
	}
	return busiest
}

// TestBrowser_ReportsFitThePage renders every report as HTML, from a real
// stream and from the golden files, and loads each in Chromium: at a
// 1400 px screen and at A4 landscape print width, no element is wider
// than the page, no two chart labels overlap, no dice cell wraps and no
// word of a table cell is broken over two lines.
func TestBrowser_ReportsFitThePage(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	round := reportStream(t, data, 40)
	month := "month:" + time.Now().UTC().Format("2006-01")
	// A year to date: hundreds of days in the tables and the charts.
	ytd := "ytd:" + time.Now().UTC().Format(time.DateOnly)
	var pages []string
	for name, args := range map[string][]string{
		"dispute":       {"report", "dispute", round},
		"reconcile":     {"report", "reconcile", "--period", month},
		"regulator":     {"report", "regulator", "--period", month, "--large-win", "EUR=40"},
		"regulator-ytd": {"report", "regulator", "--period", ytd},
		"reconcile-ytd": {"report", "reconcile", "--period", ytd},
	} {
		out := filepath.Join(dir, name+".html")
		var stderr bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: &stderr, Stderr: &stderr}
		if err := m.Run(t.Context(), append(args, "--data-dir", data, "--format", "html", "--out", out)); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr.String())
		}
		pages = append(pages, out)
	}
	generated := len(pages)
	golden, err := filepath.Glob(filepath.Join("..", "..", "audit", "testdata", "*.html"))
	if err != nil || len(golden) == 0 {
		t.Fatalf("golden reports: %v %v", golden, err)
	}
	for _, g := range golden {
		abs, err := filepath.Abs(g)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, abs)
	}
	media := func(m string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: m})
			return err
		})
	}
	for _, page := range pages {
		for _, view := range []struct {
			name  string
			media string
			width int64
		}{{"screen 1400 px", "screen", screenWidth}, {"A4 landscape print", "print", printWidth}} {
			err := chromedp.Do(ctx,
				chromedp.EmulateViewport(view.width, 900, chromedp.EmulateLandscape),
				media(view.media),
				chromedp.Navigate("file://"+page),
			)
			if err != nil {
				t.Fatal(err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[layoutCheck](checkLayout))
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%s at %s", filepath.Base(page), view.name)
			if got.Width != int(view.width) {
				t.Errorf("%s: the page is %d px wide, want %d", where, got.Width, view.width)
			}
			if got.WideCount > 0 {
				t.Errorf("%s: %d elements reach past the page: %v", where, got.WideCount, got.Wide)
			}
			if len(got.Overlaps) > 0 {
				t.Errorf("%s: chart labels overlap: %v", where, got.Overlaps)
			}
			if len(got.Wrapped) > 0 {
				t.Errorf("%s: dice wrap: %v", where, got.Wrapped)
			}
			if got.BrokenCount > 0 {
				t.Errorf("%s: %d words of table cells are broken over two lines: %v", where, got.BrokenCount, got.Broken)
			}
		}
	}
	// The browser's own "Save as PDF", with the page size the print CSS
	// asks for, as an operator would print a report.
	art := artifactsDir(t)
	for _, page := range pages[:generated] {
		if err := chromedp.Do(ctx, media("print"), chromedp.Navigate("file://"+page)); err != nil {
			t.Fatal(err)
		}
		doc, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPreferCSSPageSize(), chromedp.PDFPrintBackground()))
		if err != nil {
			t.Fatalf("print %s: %v", filepath.Base(page), err)
		}
		if !bytes.HasPrefix(doc, []byte("%PDF-")) {
			t.Fatalf("print %s: not a PDF", filepath.Base(page))
		}
		out := filepath.Join(art, strings.TrimSuffix(filepath.Base(page), ".html")+"-printed.pdf")
		if err := os.WriteFile(out, doc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
