package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
)

// DemoDrawPokerTable is the Draw Poker demo table, linked to DemoPool
// beside the Caribbean one.
const DemoDrawPokerTable = "demo-drawpoker"

// TestRunDemo_DrawPokerTable runs the demo until its Draw Poker table is
// linked to the demo pool the Caribbean table shares (configured once)
// and has settled deals with exchanges bought, calls, folds and
// progressive bets: no pool account below zero at each poll, both tables
// linked to the one pool, and the books adding up to zero.
func TestRunDemo_DrawPokerTable(t *testing.T) {
	led, store := demoLedger(t)
	d := startDemo(t, led, 20)
	deadline := time.Now().Add(demoWaitMax)
	n := map[string]int{}
	tl := &tail{store: store}
	poolOK := func(s *ledger.State) {
		for _, b := range s.Balances() {
			if strings.HasPrefix(b.Account, games.PoolAccountPrefix+DemoPool) && b.Balance.IsNegative() {
				t.Errorf("pool account %s is %s", b.Account, b.Balance)
			}
		}
	}
	for {
		tl.read(t, func(e events.Envelope) {
			p := string(e.Payload)
			switch {
			case e.Type == events.TypeJackpotConfigured && strings.Contains(p, DemoPool):
				n["configured"]++
			case e.Type == events.TypeJackpotLinked && (e.Table == DemoDrawPokerTable || strings.Contains(p, DemoDrawPokerTable)):
				n["linked"]++
			case e.Table != DemoDrawPokerTable:
			case e.Type == events.TypeRoundSettled:
				n["deal"]++
			case e.Type == events.TypeRoundResult && strings.Contains(p, `"fold":true`):
				n["fold"]++
			case e.Type == events.TypeRoundResult && strings.Contains(p, `"exchange":`):
				n["exchange"]++
			case e.Type == events.TypeBetPlaced:
				for _, code := range []string{"ante:", "exchange:", "call:", "progressive:"} {
					if strings.Contains(p, `"`+code) {
						n[code]++
					}
				}
			}
		})
		if err := led.Inspect(context.Background(), poolOK); err != nil {
			t.Fatal(err)
		}
		if n["configured"] == 1 && n["linked"] == 1 && n["deal"] >= 10 && n["fold"] >= 1 && n["exchange"] >= 1 && n["exchange:"] >= 1 && n["call:"] >= 1 && n["progressive:"] >= 1 {
			break
		}
		if time.Now().After(deadline) || n["configured"] > 1 || n["linked"] > 1 {
			t.Fatalf("in %s: %v", demoWaitMax, n)
		}
		time.Sleep(200 * time.Millisecond)
	}
	d.stop()
	err := led.Inspect(context.Background(), func(s *ledger.State) {
		poolOK(s)
		booksAddUp(t, s)
		if s.PoolOf(DemoDrawPokerTable) != DemoPool || s.PoolOf(DemoCaribbeanTable) != DemoPool {
			t.Errorf("%s is linked to %q and %s to %q, want both to %s", DemoDrawPokerTable, s.PoolOf(DemoDrawPokerTable), DemoCaribbeanTable, s.PoolOf(DemoCaribbeanTable), DemoPool)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
