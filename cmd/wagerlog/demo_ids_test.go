package main

import (
	"testing"

	"github.com/wagerlog/wagerlog/games/registry"
)

// The ids of the demo tables the tests watch, as their games declare them
// (games.Demoer); the README and docs/DASHBOARD.md link them, so a test
// that finds one missing (TestDemoTables_Registry) catches a broken link.
const (
	DemoTable          = "demo-1"
	DemoRouletteTable  = "demo-roulette"
	DemoBaccaratTable  = "demo-baccarat"
	DemoCrapsTable     = "demo-craps"
	DemoBingoTable     = "demo-bingo"
	DemoBlackjackTable = "demo-blackjack"
	DemoWarTable       = "demo-war"
	DemoDeuxTable      = "demo-deux"
	DemoCaribbeanTable = "demo-caribbean"
	DemoPool           = "demo-jp"
)

// TestDemoTables_Registry: every game of the registry declares at least
// one demo table with a paytable of its own, no id twice, and the ids
// the docs link are among them.
func TestDemoTables_Registry(t *testing.T) {
	c := registry.New()
	tables, err := demoTables(c)
	if err != nil {
		t.Fatal(err)
	}
	byGame := map[string]int{}
	ids := map[string]bool{}
	for _, dt := range tables {
		byGame[dt.paytable.Game()]++
		ids[dt.ID] = true
		if len(dt.Limits) == 0 {
			t.Errorf("%s: no limits", dt.ID)
		}
	}
	for _, g := range c.Games() {
		if byGame[g.Name()] == 0 {
			t.Errorf("game %s has no demo table", g.Name())
		}
	}
	for _, id := range []string{DemoTable, DemoRouletteTable, DemoBaccaratTable, DemoCrapsTable, DemoBingoTable, DemoBlackjackTable, DemoWarTable, DemoDeuxTable, DemoCaribbeanTable} {
		if !ids[id] {
			t.Errorf("no demo table %s", id)
		}
	}
}
