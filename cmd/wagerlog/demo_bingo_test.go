package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestRunDemo_BingoRoom runs the demo until its bingo room has finished a
// game: a session opened with its series (single and double cards),
// cards sold before the first ball, then one ball a step
// (round.step_settled), the game settled at its first bingo with the
// prize pool empty (a game left in progress voided first), no warning logged (nothing the demo sent was refused)
// and money conserved.
func TestRunDemo_BingoRoom(t *testing.T) {
	led, store := demoLedger(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs demoLogBuffer
	done := make(chan error, 1)
	go func() {
		done <- runDemo(ctx, led, slog.New(slog.NewTextHandler(&logs, nil)), demoConfig{Interval: 10 * time.Millisecond, Seed: 17})
	}()
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
		if games >= 1 && balls >= 1 && cards >= 1 && sessions >= 1 {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("runDemo returned early: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("in %s the bingo room finished %d games, %d balls, %d sales; log:\n%s", demoWaitMax, games, balls, cards, logs.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("the demo logged warnings:\n%s", logs.String())
	}
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
		if p := s.Balance(ledger.PrizesAccount(DemoBingoTable), demoCurrency); !p.IsZero() {
			t.Errorf("prize pool %s after the games", p)
		}
		sum := decimal.Zero
		for _, b := range s.Balances() {
			sum = sum.Add(b.Balance)
		}
		if !sum.IsZero() {
			t.Errorf("balances add up to %s, want 0", sum)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}
