package registry_test

import (
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// TestNew_Edges: every game of the registry declares what the edges need
// of it — demo tables on its own paytables, each with a player and stake
// limits within the demo band, and a board module that exports a render
// function and panels named for the game — and the catalog gives a demo
// pool parameters its pool parser takes under the pool's id.
func TestNew_Edges(t *testing.T) {
	c := registry.New()
	ids := map[string]bool{}
	for _, g := range c.Games() {
		dg, ok := g.(games.Demoer)
		if !ok {
			t.Errorf("%s declares no demo table", g.Name())
			continue
		}
		tables := dg.DemoTables()
		if len(tables) == 0 {
			t.Errorf("%s: no demo table", g.Name())
		}
		for _, dt := range tables {
			if ids[dt.ID] {
				t.Errorf("demo table %s twice", dt.ID)
			}
			ids[dt.ID] = true
			pt, err := c.Paytable(dt.Paytable)
			if err != nil || pt.Game() != g.Name() || dt.Player == nil {
				t.Errorf("%s: paytable %s (%v), player %v", dt.ID, dt.Paytable, err, dt.Player)
				continue
			}
			band := games.DemoBand()
			for kind, l := range dt.Limits {
				if l.Min.LessThan(band.Min) || l.Max.GreaterThan(band.Max) || l.Min.GreaterThan(l.Max) {
					t.Errorf("%s: limit %s %s..%s outside the band", dt.ID, kind, l.Min, l.Max)
				}
			}
			if dt.Pool != nil {
				raw, err := c.DemoPoolParams(dt.Pool.ID)
				if err != nil {
					t.Fatalf("%s: pool %s: %v", dt.ID, dt.Pool.ID, err)
				}
				rules, err := c.ParsePool(raw)
				if err != nil || rules.ID() != dt.Pool.ID {
					t.Errorf("%s: pool %s parses as %v, %v", dt.ID, dt.Pool.ID, rules, err)
				}
			}
		}
		bv, ok := g.(games.BoardViewer)
		if !ok {
			t.Errorf("%s ships no board module", g.Name())
			continue
		}
		js := string(bv.BoardModule())
		for _, want := range []string{"export function render(", "export const markup", "export const classes", `data-panel="` + g.Name() + "-"} {
			if !strings.Contains(js, want) {
				t.Errorf("%s's board module lacks %q", g.Name(), want)
			}
		}
	}
}
