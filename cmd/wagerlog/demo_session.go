package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/ledger"
)

// demoSessioned is a demoGame sold in sessions above its rounds (bingo):
// the demo opens a session with the game's terms before a round when
// none of its own is open, closes it after sessionGames games, and prices
// every bet as the terms say.
type demoSessioned interface {
	demoGame
	// newSession returns the terms of a session the game starts, and
	// starts numbering its items again; session is the id the demo opens
	// it under.
	newSession(session string) json.RawMessage
	// session is the id of the session the game's items are numbered in,
	// "" before the first.
	session() string
	// price is what the bet code costs in the session.
	price(code string) decimal.Decimal
	// sessionGames is how many games a session runs.
	sessionGames() int
}

// ensureSession opens a session at t before a round when the table has
// none open of this demo's numbering (a session left open by an earlier
// run is closed), or its session ran its games.
func (d *demo) ensureSession(ctx context.Context, t *demoTable, sg demoSessioned) error {
	var open string
	var rounds int
	var number int64
	err := d.led.Inspect(ctx, func(s *ledger.State) {
		if se := s.OpenSessionOf(t.id); se != nil {
			open, rounds = se.ID, se.Rounds
		}
		if tv, ok := s.Table(t.id); ok {
			number = tv.Rounds
		}
	})
	if err != nil {
		return err
	}
	if open != "" && open == sg.session() && rounds < sg.sessionGames() {
		return nil
	}
	if open != "" {
		if _, err := d.led.Execute(ctx, &ledger.CloseSession{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Session: open, Reason: "demo: the session ran its games"}); err != nil {
			return fmt.Errorf("close session %s: %w", open, err)
		}
	}
	id := fmt.Sprintf("demo-%d", number+1)
	if id == open {
		// A session opened by an earlier run before any of its games: a
		// session id is not held twice in a row.
		id += "b"
	}
	if _, err := d.led.Execute(ctx, &ledger.OpenSession{
		Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: t.id, Session: id, Terms: sg.newSession(id),
	}); err != nil {
		return fmt.Errorf("open session %s: %w", id, err)
	}
	return nil
}
