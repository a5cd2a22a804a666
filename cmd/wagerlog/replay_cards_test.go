package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestReplayRoundCmd_War: `wagerlog replay round` of a War round lists
// each card, burn and decision as a step with ALLOWED ok (the war after
// its raise), the bets it decided and those still open after it.
func TestReplayRoundCmd_War(t *testing.T) {
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
	run(&ledger.Deposit{Meta: ledger.Meta{Actor: events.Actor{ID: "cash", Role: ledger.RoleCashier}}, Player: "ana", Amount: d("100"), Currency: "EUR"})
	run(&ledger.OpenTable{Meta: sup, Table: "w1", Paytable: war.IDChile2010, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: d("1"), Max: d("100")}}, Band: ledger.Limit{Min: d("1"), Max: d("100")}, Dealer: "dl"})
	run(&ledger.StartShoe{Meta: dl, Table: "w1", CutCards: 60})
	round := run(&ledger.OpenRound{Meta: dl, Table: "w1"}).Round
	run(&ledger.PlaceSlip{Meta: fe, Table: "w1", Round: round, Player: "ana", Bets: []ledger.BetRequest{{Code: "main:1", Stake: d("10")}}})
	for i, r := range []string{`{"card":"QS","to":"seat:1"}`, `{"card":"QD","to":"dealer"}`, `{"decision":"war","seat":1}`,
		`{"burn":"2C"}`, `{"burn":"3C"}`, `{"burn":"4C"}`, `{"card":"AS","to":"seat:1"}`, `{"card":"9D","to":"dealer"}`} {
		if i == 2 {
			run(&ledger.PlaceSlip{Meta: fe, Table: "w1", Round: round, Player: "ana", Bets: []ledger.BetRequest{{Code: "war:1", Stake: d("10")}}})
		}
		run(&ledger.CloseBetting{Meta: dl, Table: "w1", Round: round})
		run(&ledger.RecordResult{Meta: dl, Table: "w1", Round: round, Result: []byte(r)})
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
	for _, want := range []string{"STEP SEQ RESULT ALLOWED DECIDED OPEN AFTER", `{"decision":"war","seat":1} ok`, `{"burn":"2C"} ok`, "Chain ok", "Settlements ok"} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(flat, "FAIL") {
		t.Errorf("a step or check failed:\n%s", out)
	}
}
