package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/testsize"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestRunDemo_DeuxTable runs the demo until its deux tableaux table has
// had its bank taken by two players (one given up in between), started two
// shoes (the first ended by its cut card) and settled coups with bets on
// both tableaux, a caballo and the line: no warning logged (nothing the
// demo sent was refused), the bank never below zero at each poll, and
// the books adding up to zero. By default it stops sooner: the bank taken
// once, the first shoe, 8 coups and every kind of bet; the whole run with
// -tags slow.
func TestRunDemo_DeuxTable(t *testing.T) {
	t.Parallel()
	full := testsize.Full()
	led, store := demoLedger(t)
	d := startDemo(t, led, 19)
	deadline := time.Now().Add(demoWaitMax)
	n := map[string]int{}
	bankers := map[string]bool{}
	tl := &tail{store: store}
	for {
		tl.read(t, func(e events.Envelope) {
			if e.Table != DemoDeuxTable {
				return
			}
			p := string(e.Payload)
			switch e.Type {
			case events.TypeTableBankTaken:
				n["taken"]++
				for _, pl := range demoPlayers() {
					if strings.Contains(p, `"`+pl+`"`) {
						bankers[pl] = true
					}
				}
			case events.TypeTableBankReleased:
				n["released"]++
			case events.TypeTableShoeStarted:
				n["shoe"]++
			case events.TypeRoundSettled:
				n["coup"]++
			case events.TypeRoundResult:
				if strings.Contains(p, `cut_card`) {
					n["cut card"]++
				}
			case events.TypeBetPlaced:
				for _, code := range []string{"tableau:1", "tableau:2", "a_caballo", "line:"} {
					if strings.Contains(p, `"`+code) {
						n[code]++
					}
				}
			}
		})
		if err := led.Inspect(context.Background(), func(s *ledger.State) {
			if bank := s.Balance(posting.BankAccount(DemoDeuxTable), demoCurrency); bank.IsNegative() {
				t.Errorf("the bank is %s", bank)
			}
		}); err != nil {
			t.Fatal(err)
		}
		banks := n["taken"] >= 2 && n["released"] >= 1 && len(bankers) >= 2 && n["shoe"] >= 2 && n["cut card"] >= 1 && n["coup"] >= 20
		if !full {
			banks = n["taken"] >= 1 && len(bankers) >= 1 && n["shoe"] >= 1 && n["coup"] >= 8
		}
		if banks && n["tableau:1"] >= 1 && n["tableau:2"] >= 1 && n["a_caballo"] >= 1 && n["line:"] >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("in %s: %v, bankers %v", demoWaitMax, n, bankers)
		}
		time.Sleep(200 * time.Millisecond)
	}
	d.stop()
	err := led.Inspect(context.Background(), func(s *ledger.State) {
		booksAddUp(t, s)
		if bank := s.Balance(posting.BankAccount(DemoDeuxTable), demoCurrency); bank.IsNegative() {
			t.Errorf("the bank is %s", bank)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
