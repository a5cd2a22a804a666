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

// TestRunDemo_CaribbeanTable runs the demo until its Caribbean poker table
// is linked to the demo pool (configured once, by finance) and has settled
// deals with antes, calls, folds and progressive bets: no warning logged
// (nothing the demo sent was refused), every account of the pool never
// below zero at each poll, and the books (players, table, pool and the
// casino's funding of its base) adding up to zero.
func TestRunDemo_CaribbeanTable(t *testing.T) {
	t.Parallel()
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
				if e.Actor.Role != ledger.RoleFinance {
					t.Errorf("the pool configured by %v", e.Actor)
				}
			case e.Type == events.TypeJackpotLinked && e.Table == DemoCaribbeanTable || e.Type == events.TypeJackpotLinked && strings.Contains(p, DemoCaribbeanTable):
				n["linked"]++
			case e.Table != DemoCaribbeanTable:
			case e.Type == events.TypeRoundSettled:
				n["deal"]++
			case e.Type == events.TypeRoundResult && strings.Contains(p, `"fold":true`):
				n["fold"]++
			case e.Type == events.TypeBetPlaced:
				for _, code := range []string{"ante:", "call:", "progressive:"} {
					if strings.Contains(p, `"`+code) {
						n[code]++
					}
				}
			}
		})
		if err := led.Inspect(context.Background(), poolOK); err != nil {
			t.Fatal(err)
		}
		if n["configured"] == 1 && n["linked"] == 1 && n["deal"] >= 10 && n["fold"] >= 1 && n["ante:"] >= 1 && n["call:"] >= 1 && n["progressive:"] >= 1 {
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
		if s.PoolOf(DemoCaribbeanTable) != DemoPool {
			t.Errorf("%s is linked to %q, want %s", DemoCaribbeanTable, s.PoolOf(DemoCaribbeanTable), DemoPool)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
