package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestRunDemo_CardTables runs the demo until its blackjack and War tables
// have started a shoe and dealt rounds with decisions that add money (a
// double or split, a war raise placed as a bet before its decision): no
// warning logged (no round refused and cancelled), and the books add up
// to zero.
func TestRunDemo_CardTables(t *testing.T) {
	t.Parallel()
	led, store := demoLedger(t)
	d := startDemo(t, led, 18)
	deadline := time.Now().Add(demoWaitMax)
	n := map[string]int{}
	tl := &tail{store: store}
	for {
		tl.read(t, func(e events.Envelope) {
			switch {
			case e.Type == events.TypeTableShoeStarted:
				n[e.Table+" shoe"]++
			case e.Type == events.TypeRoundSettled:
				n[e.Table+" round"]++
			case e.Type == events.TypeBetPlaced && e.Table == DemoBlackjackTable && (strings.Contains(string(e.Payload), `"double:`) || strings.Contains(string(e.Payload), `"split:`)):
				n["double or split"]++
			case e.Type == events.TypeBetPlaced && e.Table == DemoWarTable && strings.Contains(string(e.Payload), `"war:`):
				n["war"]++
			}
		})
		if n[DemoBlackjackTable+" shoe"] >= 1 && n[DemoWarTable+" shoe"] >= 1 && n[DemoBlackjackTable+" round"] >= 3 && n[DemoWarTable+" round"] >= 3 &&
			n["double or split"] >= 1 && n["war"] >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("in %s: %v", demoWaitMax, n)
		}
		time.Sleep(200 * time.Millisecond)
	}
	d.stop()
	err := led.Inspect(context.Background(), func(s *ledger.State) {
		booksAddUp(t, s)
	})
	if err != nil {
		t.Fatal(err)
	}
}
