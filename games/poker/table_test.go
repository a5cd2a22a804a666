package poker_test

import (
	"fmt"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/poker"
)

func table(t *testing.T) *poker.Paytable {
	t.Helper()
	pt, err := poker.Lookup(poker.IDCaribbean)
	if err != nil {
		t.Fatal(err)
	}
	return pt
}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// TestDeal_Parse reads a deal with seats strictly and writes it back in
// seat order; a card dealt twice, a seat twice or out of range, and
// mixed shapes are refused.
func TestDeal_Parse(t *testing.T) {
	pt := table(t)
	raw := `{"dealer":["2H","2D","5C","7S","9H"],"seats":[{"seat":3,"cards":["AS","KS","QS","JS","TS"]},{"seat":1,"cards":["3C","4C","8D","JH","KD"],"fold":true}]}`
	r, err := pt.ParseResult([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"dealer":["2H","2D","5C","7S","9H"],"seats":[{"seat":1,"cards":["3C","4C","8D","JH","KD"],"fold":true},{"seat":3,"cards":["AS","KS","QS","JS","TS"]}]}`
	if string(r.JSON()) != want {
		t.Fatalf("JSON %s", r.JSON())
	}
	back, err := pt.ParseResult(r.JSON())
	if err != nil || !back.Equal(r) {
		t.Fatalf("round trip: %v", err)
	}
	for _, bad := range []string{
		`{"dealer":["2H","2D","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","4C","8D","JH","KD"]}]}`,
		`{"dealer":["2H","2D","5C","7S","9H"],"seats":[{"seat":8,"cards":["3C","4C","8D","JH","KD"]}]}`,
		`{"dealer":["2H","2D","5C","7S","9H"],"seats":[{"seat":1,"cards":["3C","4C","8D","JH","KD"]},{"seat":1,"cards":["3D","4D","8C","JC","KC"]}]}`,
		`{"dealer":["2H","2D","5C","7S","9H"],"seats":[]}`,
		`{"player":["3C","4C","8D","JH","KD"],"dealer":["2H","2D","5C","7S","9H"],"seats":[{"seat":1,"cards":["3D","4D","8C","JC","KC"]}]}`,
		`{"dealer":["2H","2D","5C","7S","9H"],"seats":[{"seat":1,"cards":["3C","4C","8D","JH","KD"],"bonus":1}]}`,
	} {
		if _, err := pt.ParseResult([]byte(bad)); poker.ErrorCode(err) != poker.CodeInvalidResult {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// TestSettleRound_TableWithProgressive settles a deal of three seats:
// seat 1 folds (ante and progressive lost), seat 3's royal flush wins the
// call 100:1 against a qualifying dealer and the main pool, seat 5's
// four of a kind the fixed 500×; the pool's movements follow
// games/jackpot.
func TestSettleRound_TableWithProgressive(t *testing.T) {
	pt := table(t)
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	deal, err := pt.ParseResult([]byte(`{"dealer":["AH","KD","5C","7S","9H"],"seats":[` +
		`{"seat":1,"cards":["3C","4C","8D","JH","KC"],"fold":true},` +
		`{"seat":3,"cards":["AS","KS","QS","JS","TS"]},` +
		`{"seat":5,"cards":["2H","2D","2C","2S","9D"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	bets := []games.Bet{
		{Code: "ante:1", Stake: d("10")}, {Code: "progressive:1", Stake: d("1")},
		{Code: "ante:3", Stake: d("10")}, {Code: "call:3", Stake: d("20")}, {Code: "progressive:3", Stake: d("1")},
		{Code: "ante:5", Stake: d("10")}, {Code: "call:5", Stake: d("20")}, {Code: "progressive:5", Stake: d("1")},
	}
	funds := games.Funds{Pool: &games.PoolFunds{Rules: jackpot.Rules{Pool: pool}, Balances: []decimal.Decimal{d("1000"), d("0")}}}
	set, err := pt.SettleRound(bets, 2, []games.Result{deal}, funds)
	if err != nil {
		t.Fatal(err)
	}
	// Each progressive bet of 1: commission 0.10, reserve 0.18, main
	// 0.72; main 1002.16 before the prizes. Seat 5's 500 first (rule 5),
	// then seat 3 takes 100% of the 502.16 left (seat 1 folded).
	want := []struct {
		outcome  games.Outcome
		returned string
	}{
		{games.OutcomeLost, "0"}, {games.OutcomeLost, "0"},
		{games.OutcomeWon, "20"}, {games.OutcomeWon, "2020"}, {games.OutcomeWon, "502.16"},
		{games.OutcomeWon, "20"}, {games.OutcomeWon, "420"}, {games.OutcomeWon, "500"},
	}
	for i, w := range want {
		if st := set.Bets[i]; st.Outcome != w.outcome || !st.Returned.Equal(d(w.returned)) {
			t.Errorf("%s: %s returns %s (%s), want %s %s", bets[i].Code, st.Outcome, st.Returned, st.Rule, w.outcome, w.returned)
		}
	}
	for _, i := range []int{1, 4, 7} {
		cs := set.Bets[i].Contributions
		if len(cs) != 3 || cs[0].Pool != games.CommissionAccount || !cs[0].Amount.Equal(d("0.10")) ||
			cs[1].Pool != "jp-1:main" || !cs[1].Amount.Equal(d("0.72")) || cs[2].Pool != "jp-1:reserve:r1" || !cs[2].Amount.Equal(d("0.18")) {
			t.Errorf("%s contributions %+v", bets[i].Code, cs)
		}
		if set.Bets[i].Counterparty != "jackpot:jp-1:main" {
			t.Errorf("%s counterparty %q", bets[i].Code, set.Bets[i].Counterparty)
		}
	}
	// The main pool restarts at its base: 0.54 from r1, 999.46 from the casino.
	if len(set.Transfers) != 2 || set.Transfers[0].From != "jackpot:jp-1:reserve:r1" || !set.Transfers[0].Amount.Equal(d("0.54")) ||
		set.Transfers[1].From != games.CounterpartyHouse || !set.Transfers[1].Amount.Equal(d("999.46")) {
		t.Errorf("transfers %+v", set.Transfers)
	}

	// A progressive bet at a table linked to no pool, and a seat that
	// neither called nor folded, are refused.
	if _, err := pt.SettleRound(bets, 2, []games.Result{deal}, games.Funds{}); err == nil {
		t.Error("settled a progressive bet without a pool")
	}
	if _, err := pt.SettleRound([]games.Bet{{Code: "ante:3", Stake: d("10")}}, 2, []games.Result{deal}, games.Funds{}); poker.ErrorCode(err) != poker.CodeInvalidResult {
		t.Errorf("an ante without a call or a fold: %v", err)
	}
}

// TestCheckPlacement_Seats takes an ante, a call of twice it and a
// progressive bet per seat, and refuses a progressive bet without an ante
// on its seat.
func TestCheckPlacement_Seats(t *testing.T) {
	pt := table(t)
	open := []games.Bet{{Code: "ante:2", Stake: d("5")}}
	for _, c := range []struct {
		bet games.Bet
		ok  bool
	}{
		{games.Bet{Code: "call:2", Stake: d("10")}, true},
		{games.Bet{Code: "progressive:2", Stake: d("1")}, true},
		{games.Bet{Code: "progressive:3", Stake: d("1")}, false},
		{games.Bet{Code: "call:2", Stake: d("9")}, false},
		{games.Bet{Code: "ante:2", Stake: d("5")}, false},
		{games.Bet{Code: "ante:3", Stake: d("5")}, true},
	} {
		if err := pt.CheckPlacement(c.bet, nil, open); (err == nil) != c.ok {
			t.Errorf("%s %s: %v", c.bet.Code, c.bet.Stake, err)
		}
	}
}

// TestBoard_Deal counts a deal's seats as hands on the board.
func TestBoard_Deal(t *testing.T) {
	pt := table(t)
	deal, err := pt.ParseResult([]byte(`{"dealer":["AH","KD","5C","7S","9H"],"seats":[` +
		`{"seat":1,"cards":["3C","4C","8D","JH","KC"],"fold":true},{"seat":2,"cards":["2H","2D","2C","2S","9D"]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	b := poker.Board([]games.BoardEntry{{Result: deal, Over: true}})
	if b.Rounds != 2 || b.DealerQualified.Count != 2 || b.Outcomes[poker.Folded].Count != 1 || b.Outcomes[poker.PlayerWins].Count != 1 ||
		b.PlayerHands["four_of_a_kind"].Count != 1 {
		t.Fatalf("board %+v", b)
	}
}

// BenchmarkSettleRound_SevenSeats settles a deal of seven seats, each
// with an ante, a call and a progressive bet, against the catalog pool.
func BenchmarkSettleRound_SevenSeats(b *testing.B) {
	pt, err := poker.Lookup(poker.IDCaribbean)
	if err != nil {
		b.Fatal(err)
	}
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		b.Fatal(err)
	}
	deal, err := pt.ParseResult([]byte(`{"dealer":["AH","KD","5C","7S","9H"],"seats":[` +
		`{"seat":1,"cards":["AS","KS","QS","JS","TS"]},{"seat":2,"cards":["2H","2D","2C","2S","9D"]},` +
		`{"seat":3,"cards":["3H","3D","3C","4S","4D"]},{"seat":4,"cards":["6H","7H","8H","TH","QH"]},` +
		`{"seat":5,"cards":["5D","6D","7D","8D","9C"]},{"seat":6,"cards":["JC","QC","KC","6C","8C"],"fold":true},` +
		`{"seat":7,"cards":["TD","JD","QD","KH","4H"]}]}`))
	if err != nil {
		b.Fatal(err)
	}
	var bets []games.Bet
	for s := 1; s <= 7; s++ {
		bets = append(bets, games.Bet{Code: fmt.Sprintf("ante:%d", s), Stake: d("10")}, games.Bet{Code: fmt.Sprintf("progressive:%d", s), Stake: d("1")})
		if s != 6 {
			bets = append(bets, games.Bet{Code: fmt.Sprintf("call:%d", s), Stake: d("20")})
		}
	}
	funds := games.Funds{Pool: &games.PoolFunds{Rules: jackpot.Rules{Pool: pool}, Balances: []decimal.Decimal{d("25000"), d("800")}}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := pt.SettleRound(bets, 2, []games.Result{deal}, funds); err != nil {
			b.Fatal(err)
		}
	}
}
