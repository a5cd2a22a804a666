package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestReplayCmd_DeuxTableaux: `wagerlog replay round` on a deux tableaux
// coup played with the real ledger against ann's bank prints the coup with
// each side's point, the bank it was settled against, every bet re-settled
// with its tableau and points, and the cagnotte recorded and re-computed.
func TestReplayCmd_DeuxTableaux(t *testing.T) {
	dir := t.TempDir()
	round := func() string {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		l, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New()})
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		d := decimal.RequireFromString
		sup := ledger.Meta{Actor: events.Actor{ID: "sup", Role: ledger.RoleSupervisor}}
		dl := ledger.Meta{Actor: events.Actor{ID: "dl", Role: ledger.RoleDealer}}
		run := func(c ledger.Command) ledger.Result {
			t.Helper()
			r, err := l.Execute(ctx, c)
			if err != nil {
				t.Fatalf("%T: %v", c, err)
			}
			return r
		}
		for _, p := range []string{"ann", "bob"} {
			run(&ledger.Deposit{Meta: ledger.Meta{Actor: events.Actor{ID: "cash", Role: ledger.RoleCashier}}, Player: p, Amount: d("100"), Currency: "EUR"})
		}
		run(&ledger.OpenTable{Meta: sup, Table: "d1", Paytable: baccarat.IDDeuxTableaux1979, Currency: "EUR",
			Limits: map[string]ledger.Limit{"*": {Min: d("1"), Max: d("100")}}, Band: ledger.Limit{Min: d("1"), Max: d("100")}, Dealer: "dl"})
		run(&ledger.StartShoe{Meta: dl, Table: "d1", CutCards: baccarat.CutCardsBehind})
		run(&ledger.TakeBank{Meta: dl, Table: "d1", Player: "ann", Amount: d("50")})
		round := run(&ledger.OpenRound{Meta: dl, Table: "d1"}).Round
		run(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: events.Actor{ID: "fe", Role: ledger.RoleFrontend}}, Table: "d1", Round: round, Player: "bob",
			Bets: []ledger.BetRequest{{Code: "tableau:1", Stake: d("10")}, {Code: "a_caballo", Stake: d("7.01")}}})
		run(&ledger.CloseBetting{Meta: dl, Table: "d1", Round: round})
		// Tableau 1 stands on 7 and ties the banker's 7; tableau 2's 6
		// loses: a caballo's 7.01 plays 3.51 on tableau 1 (the odd cent)
		// and 3.50 on tableau 2, which the bank takes, paying 5% rounded
		// up: 0.18.
		run(&ledger.RecordResult{Meta: dl, Table: "d1", Round: round, Result: []byte(`{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["7H","JC"]}`)})
		return round
	}()
	if _, stderr, err := runMain(t, "rebuild", "--data-dir", dir); err != nil {
		t.Fatalf("rebuild: %v\n%s", err, stderr)
	}
	out, _, err := runMain(t, "replay", "round", round, "--data-dir", dir)
	if err != nil {
		t.Fatalf("replay: %v\n%s", err, out)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{
		"Result tableau 1 4S 3H (7), tableau 2 6C KD (6), banker 7H JC (7)",
		"Bank 50 before the round",
		"tableau:1 10 push 0/10 push 0/10 0 ok tableau:1: 10.00 on tableau 1 pushes (7 each)",
		"a_caballo 7.01 lost 0/3.51 lost 0/3.51 0 ok a_caballo: 3.51 on tableau 1 pushes (7 each); 3.50 on tableau 2 loses (6 against the banker's 7)",
		"1 bank commission 0.18 0.18 cagnotte: 5% of the bank's net win 3.50, rounded up",
		"Transfers ok", "Chain ok", "Settlements ok",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}
