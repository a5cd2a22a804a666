package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/drawpoker"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestReplayRoundCmd_DrawPoker: a Draw Poker deal played with the real
// ledger at a table linked to a pool (seat 1 stands pat with a flush and
// wins the pool's flush prize, seat 2 buys a card and forfeits its
// progressive bet, seat 3 does not go and forfeits it) replays through
// the games interfaces: `wagerlog replay round` re-settles every bet and
// finds the chain and the settlements right; a deal that records an
// exchange nobody paid for is refused and writes nothing.
func TestReplayRoundCmd_DrawPoker(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	c := registry.New()
	l, err := ledger.Open(ctx, st, ledger.Options{Games: c})
	if err != nil {
		t.Fatal(err)
	}
	d := decimal.RequireFromString
	sup := ledger.Meta{Actor: events.Actor{ID: "sup", Role: ledger.RoleSupervisor}}
	dl := ledger.Meta{Actor: events.Actor{ID: "dl", Role: ledger.RoleDealer}}
	fe := ledger.Meta{Actor: events.Actor{ID: "fe", Role: ledger.RoleFrontend}}
	run := func(cmd ledger.Command) ledger.Result {
		t.Helper()
		r, err := l.Execute(ctx, cmd)
		if err != nil {
			t.Fatalf("%T: %v", cmd, err)
		}
		return r
	}
	for _, p := range []string{"ana", "ben", "cat"} {
		run(&ledger.Deposit{Meta: ledger.Meta{Actor: events.Actor{ID: "cash", Role: ledger.RoleCashier}}, Player: p, Amount: d("100"), Currency: "EUR"})
	}
	run(&ledger.OpenTable{Meta: sup, Table: "dp1", Paytable: drawpoker.IDExchangeOne, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: d("1"), Max: d("100")}}, Band: ledger.Limit{Min: d("1"), Max: d("100")}, Dealer: "dl"})
	params, err := c.DemoPoolParams("jp-dp")
	if err != nil {
		t.Fatal(err)
	}
	run(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: events.Actor{ID: "fin", Role: ledger.RoleFinance}}, Pool: "jp-dp", Currency: "EUR", Params: params, Reason: "test"})
	run(&ledger.LinkPool{Meta: sup, Pool: "jp-dp", Table: "dp1"})
	round := run(&ledger.OpenRound{Meta: dl, Table: "dp1"}).Round
	slip := func(player string, bets ...ledger.BetRequest) {
		run(&ledger.PlaceSlip{Meta: fe, Table: "dp1", Round: round, Player: player, Bets: bets})
	}
	bet := func(code, stake string) ledger.BetRequest { return ledger.BetRequest{Code: code, Stake: d(stake)} }
	slip("ana", bet("ante:1", "5"), bet("progressive:1", "1"))
	slip("ben", bet("ante:2", "5"), bet("progressive:2", "1"))
	slip("cat", bet("ante:3", "5"), bet("progressive:3", "1"))
	slip("ben", bet("exchange:2", "5"))
	slip("ana", bet("call:1", "10"))
	slip("ben", bet("call:2", "10"))
	run(&ledger.CloseBetting{Meta: dl, Table: "dp1", Round: round})
	seats := `{"seat":1,"cards":["2H","5H","7H","9H","JH"]},{"seat":2,"cards":["KS","3S","6S","8S","TS"]` +
		`%s},{"seat":3,"cards":["9D","TD","JD","8D","7D"],"fold":true}`
	dealer := `{"dealer":["QC","QD","3C","4D","8C"],"seats":[`
	// Seat 2 paid for an exchange: a deal without it is refused.
	unpaid := dealer + strings.Replace(seats, "%s", "", 1) + `]}`
	if _, err := l.Execute(ctx, &ledger.RecordResult{Meta: dl, Table: "dp1", Round: round, Result: []byte(unpaid)}); err == nil || !strings.Contains(err.Error(), drawpoker.RuleExchangeUnpaid) {
		t.Fatalf("a deal without seat 2's exchange: %v", err)
	}
	deal := dealer + strings.Replace(seats, "%s", `,"exchange":{"discard":["TS"],"draw":["4S"]}`, 1) + `]}`
	run(&ledger.RecordResult{Meta: dl, Table: "dp1", Round: round, Result: []byte(deal)})
	// Ana staked 16: ante 10 + call 60 (a flush, 5:1) + the flush prize of
	// 50 bets. Ben staked 21 and still has a flush after his exchange: ante
	// 10 + call 60, no prize. Cat staked 6 and folded.
	err = l.Inspect(ctx, func(s *ledger.State) {
		for p, want := range map[string]string{"ana": "204", "ben": "149", "cat": "94"} {
			if got := s.Balance(posting.WalletAccount(p), "EUR"); !got.Equal(d(want)) {
				t.Errorf("%s has %s, want %s", p, got, want)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
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
	for _, want := range []string{"Chain ok", "Settlements ok", "exchange:2", "exchanged", "progressive:1"} {
		if !strings.Contains(flat, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(flat, "FAIL") {
		t.Errorf("a check failed:\n%s", out)
	}
}
