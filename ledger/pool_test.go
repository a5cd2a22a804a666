package ledger_test

import (
	"encoding/json"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

var finance = events.Actor{ID: "fin-1", Role: ledger.RoleFinance}

// withPools plays Sic Bo and the prog test game, with progressive pools.
func withPools(h *harness) {
	h.l.Close()
	h.opts.Games = games.NewCatalog(sicbo.Game{}, testgames.Game{PT: testgames.Prog{}}).WithPools(jackpot.Parser{})
	h.open()
}

// poolParams returns the catalog pool jp-1 (10% commission, reserve r1
// 20% of the rest, base 1,000.00, reset from the reserve, the seed's
// prizes) under id and version.
func poolParams(t testing.TB, id string, version int) json.RawMessage {
	t.Helper()
	p, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	ps := p.Params()
	ps.Pool, ps.Version = id, version
	q, err := jackpot.New(ps)
	if err != nil {
		t.Fatal(err)
	}
	return q.CanonicalJSON()
}

func configure(id string, params json.RawMessage) *ledger.ConfigurePool {
	return &ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: id, Currency: "EUR", Params: params}
}

func link(pool, table string) *ledger.LinkPool {
	return &ledger.LinkPool{Meta: ledger.Meta{Actor: supervisor}, Pool: pool, Table: table}
}

func unlink(pool, table string) *ledger.UnlinkPool {
	return &ledger.UnlinkPool{Meta: ledger.Meta{Actor: supervisor}, Pool: pool, Table: table, Reason: "table moved"}
}

var (
	royal    = []string{"AS", "KS", "QS", "JS", "TS"}
	quads    = []string{"2H", "2D", "2C", "2S", "9H"}
	straight = []string{"9C", "8C", "7C", "6C", "5C"}
)

// TestLedger_PoolLifecycle configures a pool, links two tables, pays a pass
// with a four of a kind and a royal flush and a folded seat, resets the
// main pool from the reserve and the casino, adjusts the pool and
// decommissions it into another, and checks every refusal and account.
func TestLedger_PoolLifecycle(t *testing.T) {
	h := newHarness(t)
	withPools(h)
	for _, p := range []string{"p1", "p3", "p5"} {
		h.deposit(p, "100")
	}
	h.openTestTable("t1", "prog/test")
	h.openTestTable("t2", "prog/test")
	h.openTable("s1", "sicbo/live")
	main, r1 := "jackpot:jp-1:main", "jackpot:jp-1:reserve:r1"

	bad := poolParams(t, "jp-1", 1)
	h.refuse(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: dealer}, Pool: "jp-1", Currency: "EUR", Params: bad}, "forbidden")
	h.refuse(configure("jp-1", json.RawMessage(`{"pool":"jp-1"}`)), "invalid_jackpot_params")
	h.refuse(configure("jp-1", json.RawMessage(`{"pool":"jp-1","surprise":1}`)), "invalid_jackpot_params")
	h.refuse(configure("jp-2", bad), "invalid_request")
	h.refuse(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Currency: "XYZ", Params: bad}, "unknown_currency")
	h.must(configure("jp-1", bad))
	h.wantBalances(map[string]string{main: "1000", r1: "0", posting.AccountCasino: "-1000"})
	h.refuse(configure("jp-1", bad), "invalid_request") // same version

	round := h.openRound("t1")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "t1", Round: round, Player: "p1",
		Bets: []ledger.BetRequest{b("progressive:1", "10")}}, "table_not_linked")
	h.refuse(link("jp-1", "t1"), "round_in_progress")
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Round: round, Reason: "not linked"})

	h.refuse(link("jp-9", "t1"), "pool_not_found")
	h.refuse(link("jp-1", "s1"), "invalid_request") // Sic Bo has no progressive bet
	h.refuse(&ledger.LinkPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Table: "t1"}, "forbidden")
	h.must(link("jp-1", "t1"))
	h.must(link("jp-1", "t2"))
	h.refuse(link("jp-1", "t1"), "table_already_linked")

	// A pass: seat 1 a royal flush (10), seat 3 four of a kind (1), seat 5
	// a royal... folded (10). Each bet: 10% commission, 20% of the rest to
	// r1, the rest to main: 10 → 1 + 1.80 + 7.20; 1 → 0.10 + 0.18 + 0.72.
	round = h.openRound("t1")
	h.bet("t1", round, "p1", b("progressive:1", "10"))
	h.bet("t1", round, "p3", b("progressive:3", "1"))
	h.bet("t1", round, "p5", b("progressive:5", "10"))
	h.refuse(configure("jp-1", poolParams(t, "jp-1", 2)), "jackpot_round_open")
	h.refuse(unlink("jp-1", "t1"), "jackpot_round_open")
	h.closeBetting("t1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round, Result: testgames.PassJSON([]testgames.PassSeat{
		{Seat: 1, Cards: royal}, {Seat: 3, Cards: quads}, {Seat: 5, Cards: straight, Fold: true},
	})})
	// main 1000 + 7.20 + 0.72 + 7.20 = 1015.12; r1 3.78. Fixed prize
	// first (rule 5): 500 × 1 → 515.12 left; the royal flush takes 100%
	// of it. The main pool restarts at 1000: 3.78 from r1, 996.22 from
	// the casino (the table's house).
	want := map[string]string{
		main: "1000", r1: "0",
		posting.CommissionAccount("t1"): "2.10",
		posting.HouseAccount("t1"):      "-996.22",
		posting.WalletAccount("p1"):     "605.12",
		posting.WalletAccount("p3"):     "599",
		posting.WalletAccount("p5"):     "90",
		posting.InPlayAccount("t1"):     "0",
	}
	h.wantBalances(want)
	h.restart()
	h.wantBalances(want)
	var settled *events.RoundSettled
	for _, e := range h.eventsOf(round) {
		if e.Type == events.TypeRoundSettled {
			p, err := events.DecodePayload(&e)
			if err != nil {
				t.Fatal(err)
			}
			settled = p.(*events.RoundSettled)
		}
	}
	if settled == nil || settled.Funds == nil || settled.Funds.Pool == nil || settled.Funds.Pool.Pool != "jp-1" ||
		!settled.Funds.Pool.Balances[0].Equal(dec("1000")) || len(settled.Transfers) != 2 {
		t.Fatalf("round.settled = %+v", settled)
	}

	// Adjustments and the decommission.
	adj := func(account, amount, reason string) *ledger.AdjustPool {
		return &ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Account: account, Amount: dec(amount), Reason: reason}
	}
	h.refuse(adj(main, "50", ""), "invalid_request")
	h.refuse(adj("wallet:p1", "50", "x"), "invalid_request")
	h.refuse(adj(main, "-1000.01", "meter"), "pool_negative")
	h.refuse(adj(main, "0.001", "meter"), "invalid_amount")
	h.must(adj(main, "50", "seed money topped up"))
	h.must(adj(r1, "20", "reserve funded"))
	h.refuse(&ledger.DecommissionPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Reason: "closing"}, "pool_in_use")
	h.must(unlink("jp-1", "t1"))
	h.must(unlink("jp-1", "t2"))
	h.refuse(unlink("jp-1", "t2"), "table_not_linked")
	h.must(configure("jp-2", poolParams(t, "jp-2", 1)))
	h.refuse(&ledger.DecommissionPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", To: "jp-1", Reason: "closing"}, "invalid_request")
	h.must(&ledger.DecommissionPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", To: "jp-2", Reason: "game withdrawn"})
	h.wantBalances(map[string]string{main: "0", r1: "0", "jackpot:jp-2:main": "2070", posting.AccountCasino: "-2070"})
	h.refuse(link("jp-1", "t1"), "pool_decommissioned")
	h.refuse(adj(main, "1", "late"), "pool_decommissioned")
	h.restart()
	h.refuse(link("jp-1", "t1"), "pool_decommissioned")
	h.must(link("jp-2", "t1"))
}

// openCaribbean opens a Caribbean stud table with a progressive bet of 1.
func (h *harness) openCaribbean(table string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: "poker/caribbean", Currency: "EUR",
		Limits: map[string]ledger.Limit{"ante": {Min: dec("1"), Max: dec("100")}, "call": {Min: dec("2"), Max: dec("200")}, "progressive": {Min: dec("1"), Max: dec("1")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("200")}, Dealer: dealer.ID,
	})
}

// TestLedger_CaribbeanProgressive plays Caribbean poker (the registry's
// poker/caribbean) at two tables linked to one pool: antes, calls, folds
// and progressive bets; a deal the game cannot settle is refused with
// nothing written.
func TestLedger_CaribbeanProgressive(t *testing.T) {
	h := newHarness(t)
	for _, p := range []string{"ann", "bob"} {
		h.deposit(p, "1000")
	}
	h.openCaribbean("c1")
	h.openCaribbean("c2")
	h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
	h.must(link("jp-1", "c1"))
	h.must(link("jp-1", "c2"))

	// c1: ann on seat 1 antes 10, calls 20 and plays the progressive;
	// bob on seat 2 antes 5 with the progressive, and folds.
	round := h.openRound("c1")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: "bob",
		Bets: []ledger.BetRequest{b("progressive:2", "1")}}, "bet_refused") // no ante on seat 2
	h.bet("c1", round, "ann", b("ante:1", "10"), b("call:1", "20"), b("progressive:1", "1"))
	h.bet("c1", round, "bob", b("ante:2", "5"), b("progressive:2", "1"))
	h.closeBetting("c1", round)
	seq := h.lastSeq()
	// Bob neither called nor folded: refused, nothing written.
	h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: json.RawMessage(
		`{"dealer":["AH","KD","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","2D","2C","2S","9D"]},{"seat":2,"cards":["3C","4C","8D","JH","KC"]}]}`)}, "invalid_result")
	if h.lastSeq() != seq {
		t.Fatalf("a refused result wrote events: %d → %d", seq, h.lastSeq())
	}
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: json.RawMessage(
		`{"dealer":["AH","KD","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","2D","2C","2S","9D"]},{"seat":2,"cards":["3C","4C","8D","JH","KC"],"fold":true}]}`)})
	// ann: four of a kind beats the dealer's ace-king: ante 1:1 (+10), call
	// 20:1 (+400), progressive 500 × 1; bob loses 5 + 1. Pool: 1000 +
	// 2 × 0.72 = 1001.44 − 500 = 501.44, below the base: it restarts at
	// 1000 with r1's 0.36 and 498.20 from c1's house; commission 0.20.
	want := map[string]string{
		posting.WalletAccount("ann"):    "1909", // 1000 − 31 + 20 + 420 + 500
		posting.WalletAccount("bob"):    "994",
		"jackpot:jp-1:main":             "1000",
		"jackpot:jp-1:reserve:r1":       "0",
		posting.CommissionAccount("c1"): "0.20",
		posting.InPlayAccount("c1"):     "0",
		posting.HouseAccount("c1"):      "-903.20", // pays 410 to ann, takes bob's ante 5, funds 498.20
	}
	h.wantBalances(want)

	// c2: bob's royal flush takes the main pool; the dealer does not
	// qualify (ante 1:1, call returned). The pool restarts at its base.
	round = h.openRound("c2")
	h.bet("c2", round, "bob", b("ante:4", "10"), b("call:4", "20"), b("progressive:4", "1"))
	h.closeBetting("c2", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c2", Round: round, Result: json.RawMessage(
		`{"dealer":["2H","4D","6C","8S","TH"],"seats":[{"seat":4,"cards":["AS","KS","QS","JS","TS"]}]}`)})
	// main 1000 + 0.72 = 1000.72 paid to bob; r1's 0.18 and 999.82 from
	// c2's house bring it back to 1000.
	want = map[string]string{
		posting.WalletAccount("bob"): "2003.72", // 994 − 31 + 20 (ante 1:1) + 20 (call returned) + 1000.72
		"jackpot:jp-1:main":          "1000",
		"jackpot:jp-1:reserve:r1":    "0",
		posting.HouseAccount("c2"):   "-1009.82", // the ante's 10 and the reset's 999.82
	}
	h.wantBalances(want)
	h.restart()
	h.wantBalances(want)
}
