package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestReplayCmd_BingoGame replays a bingo game with `wagerlog replay
// round`: every ball as a step, each card's prize with the ball it was won
// on and the split of the prize, a call with its verdict, and the game
// re-settled to the cent, and the sales close with the prizes it posted
// and the hall's announcement.
func TestReplayCmd_BingoGame(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	l, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New()})
	if err != nil {
		t.Fatal(err)
	}
	d := decimal.RequireFromString
	sup := ledger.Meta{Actor: events.Actor{ID: "sup", Role: ledger.RoleSupervisor}}
	dl := ledger.Meta{Actor: events.Actor{ID: "dl", Role: ledger.RoleDealer}}
	fe := ledger.Meta{Actor: events.Actor{ID: "fe", Role: ledger.RoleFrontend}}
	run := func(c ledger.Command) ledger.Result {
		t.Helper()
		r, err := l.Execute(ctx, c)
		if err != nil {
			t.Fatalf("%T: %v", c, err)
		}
		return r
	}
	card := func(id string, rows [][]int) string {
		cid, _ := bingo.ParseCardID(id)
		c, err := bingo.NewCard(cid, rows)
		if err != nil {
			t.Fatal(err)
		}
		return c.BetCode()
	}
	x := [][]int{{1, 12, 23, 34, 45}, {5, 56, 67, 78, 89}, {15, 26, 37, 48, 59}}
	z := [][]int{{3, 13, 24, 35, 46}, {7, 57, 68, 79, 90}, {17, 28, 39, 49, 60}}
	run(&ledger.Deposit{Meta: ledger.Meta{Actor: events.Actor{ID: "cash", Role: ledger.RoleCashier}}, Player: "ana", Amount: d("100"), Currency: "EUR"})
	run(&ledger.OpenTable{Meta: sup, Table: "g1", Paytable: bingo.IDEs1979, Currency: "EUR",
		Limits: map[string]ledger.Limit{"card": {Min: d("1"), Max: d("10")}}, Band: ledger.Limit{Min: d("1"), Max: d("100")}, Dealer: "dl"})
	round := run(&ledger.OpenRound{Meta: dl, Table: "g1"}).Round
	slip := run(&ledger.PlaceSlip{Meta: fe, Table: "g1", Round: round, Player: "ana",
		Bets: []ledger.BetRequest{{Code: card("A-1", x), Stake: d("3")}, {Code: card("A-2", x), Stake: d("1")}, {Code: card("B-1", z), Stake: d("2")}}})
	for i, n := range []int{1, 12, 23, 34, 45, 3, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
		if i == 5 {
			run(&ledger.Claim{Meta: dl, Table: "g1", Round: round, Bet: slip.Bets[2].Bet, Prize: "line"})
		}
		run(&ledger.CloseBetting{Meta: dl, Table: "g1", Round: round})
		run(&ledger.RecordResult{Meta: dl, Table: "g1", Round: round, Result: bingo.Ball(n).JSON()})
	}
	l.Close()
	st.Close()

	if _, stderr, err := runMain(t, "rebuild", "--data-dir", dir); err != nil {
		t.Fatalf("rebuild: %v\n%s", err, stderr)
	}
	out, _, err := runMain(t, "replay", "round", round, "--data-dir", dir)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		"Settlements ok", "Chain ok",
		`15 52 {"ball":59}`,
		"line on ball 5 (number 45): 0.68 of 0.90 shared by 2 cards in proportion to their price, with the indivisible remainder 0.01",
		"bingo on ball 16 (number 59): 0.90 of 3.60 shared by 2 cards",
		"no prize: the line went on ball 5, the bingo on ball 16",
		"line 5 results wrong: card B-1 has no complete line",
		// The sales close: the prizes posted to the pool before the
		// first ball, re-computed from the cards sold, and the hall's
		// announcement (seed 002 bingo IV).
		// Sales of 6.00: 15% to the line, 60% to the bingo.
		"SALES CLOSE FROM TO RECORDED RECOMPUTED RULE 1 prizes 0.9 0.9 line prize, 15% of the sales",
		"2 prizes 3.6 3.6 bingo prize, 60% of the sales",
		"Sales close ok",
		"Announcement Cartones vendidos 3, de la serie A del número 1 al 2 y de la serie B del número 1 al 1. Premio de línea 0.90, premio de bingo 3.60. Comienza la partida.",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}
