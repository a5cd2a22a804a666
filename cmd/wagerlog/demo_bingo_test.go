package main

import (
	"context"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/testsize"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestRunDemo_BingoRoom runs the demo until its bingo room has finished a
// game: a session opened with its series (single and double cards),
// cards sold before the first ball, then one ball a step
// (round.step_settled), the game settled at its first bingo with the
// prize pool empty (a game left in progress voided first), no warning logged (nothing the demo sent was refused)
// and money conserved. By default it stops at the first ball, the game in
// progress voided; a whole game to its bingo with -tags slow.
func TestRunDemo_BingoRoom(t *testing.T) {
	t.Parallel()
	gamesMin := testsize.Pick(0, 1)
	led, store := demoLedger(t)
	d := startDemo(t, led, 17)
	deadline := time.Now().Add(demoWaitMax)
	games, balls, cards, sessions := 0, 0, 0, 0
	tl := &tail{store: store}
	for {
		tl.read(t, func(e events.Envelope) {
			if e.Table != DemoBingoTable {
				return
			}
			switch e.Type {
			case events.TypeRoundSettled:
				games++
			case events.TypeRoundStepSettled:
				balls++
			case events.TypeBetPlaced:
				cards++
			case events.TypeSessionOpened:
				sessions++
			}
		})
		if games >= gamesMin && balls >= 1 && cards >= 1 && sessions >= 1 {
			break
		}
		select {
		case err := <-d.done:
			t.Fatalf("runDemo returned early: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("in %s the bingo room finished %d games, %d balls, %d sales; log:\n%s", demoWaitMax, games, balls, cards, d.logs.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	d.stop()
	// A game the stop left in progress holds its prizes in the pool once
	// its sales closed: voided, as the demo's next start would, it gives
	// them back.
	var active string
	if err := led.Inspect(context.Background(), func(s *ledger.State) {
		if tv, ok := s.Table(DemoBingoTable); ok {
			active = tv.Active
		}
	}); err != nil {
		t.Fatal(err)
	}
	if active != "" {
		if _, err := led.Execute(context.Background(), &ledger.Cancel{Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: DemoBingoTable, Round: active, Reason: "test stopped the demo"}); err != nil {
			t.Fatal(err)
		}
	}
	err := led.Inspect(context.Background(), func(s *ledger.State) {
		if p := s.Balance(posting.PrizesAccount(DemoBingoTable), demoCurrency); !p.IsZero() {
			t.Errorf("prize pool %s after the games", p)
		}
		booksAddUp(t, s)
	})
	if err != nil {
		t.Fatal(err)
	}
}
