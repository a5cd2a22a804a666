package drawpoker

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
)

// poolFunds is the catalog's example pool (games/jackpot, IDPool1: a 10%
// commission, a reserve of 20% of the rest, a flush pays 50 bets) with
// 1000.00 in its main account.
func poolFunds(t *testing.T) games.Funds {
	t.Helper()
	pool, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	return games.Funds{Pool: &games.PoolFunds{Rules: jackpot.Rules{Pool: pool}, Balances: []decimal.Decimal{d("1000.00"), d("0")}}}
}

// TestSettleRound_PoolForfeits is seed 004, 6.5.1 at one table: seat 1
// stands pat with a flush and wins the pool's flush prize; seat 2 was
// dealt a flush and exchanged a card (its final hand is still a flush)
// and seat 4 bought a full house with its exchange: both left the
// progressive, their bets collected into the pool with no prize; seat 3
// was dealt a straight flush and did not go ("no ir"): it loses the ante
// and the progressive bet, collected, no prize. The base game pays each
// seat by its final hand.
func TestSettleRound_PoolForfeits(t *testing.T) {
	pt := catalog(t)
	deal := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[`+
		`{"seat":1,"cards":["2H","5H","7H","9H","JH"]},`+
		`{"seat":2,"cards":["KS","3S","6S","8S","TS"],"exchange":{"discard":["TS"],"draw":["4S"]}},`+
		`{"seat":3,"cards":["9D","TD","JD","8D","7D"],"fold":true},`+
		`{"seat":4,"cards":["AH","AD","2D","2S","6C"],"exchange":{"discard":["6C"],"draw":["AS"]}}]}`)
	bet := func(code, stake string) games.Bet { return games.Bet{Code: code, Stake: d(stake)} }
	bets := []games.Bet{
		bet("ante:1", "5"), bet("progressive:1", "1"), bet("call:1", "10"),
		bet("ante:2", "5"), bet("progressive:2", "1"), bet("exchange:2", "5"), bet("call:2", "10"),
		bet("ante:3", "5"), bet("progressive:3", "1"),
		bet("ante:4", "5"), bet("progressive:4", "1"), bet("exchange:4", "5"), bet("call:4", "10"),
	}
	got, err := pt.SettleRound(bets, 2, []games.Result{deal}, poolFunds(t))
	if err != nil {
		t.Fatal(err)
	}
	// What each bet returns to the wallet, by the rules (the flush and the
	// full house beat the dealer's queens: call 5:1 and 7:1, ante 1:1;
	// the pool's flush prize is 50 bets).
	want := map[string]struct {
		outcome  games.Outcome
		returned string
	}{
		"ante:1": {games.OutcomeWon, "10"}, "progressive:1": {games.OutcomeWon, "50"}, "call:1": {games.OutcomeWon, "60"},
		"ante:2": {games.OutcomeWon, "10"}, "progressive:2": {games.OutcomeLost, "0"}, "exchange:2": {games.OutcomeLost, "0"}, "call:2": {games.OutcomeWon, "60"},
		"ante:3": {games.OutcomeLost, "0"}, "progressive:3": {games.OutcomeLost, "0"},
		"ante:4": {games.OutcomeWon, "10"}, "progressive:4": {games.OutcomeLost, "0"}, "exchange:4": {games.OutcomeLost, "0"}, "call:4": {games.OutcomeWon, "80"},
	}
	for i, b := range bets {
		st, w := got.Bets[i], want[b.Code]
		if st.Outcome != w.outcome || !st.Returned.Equal(d(w.returned)) {
			t.Errorf("%s: %s returning %s (%s), want %s returning %s", b.Code, st.Outcome, st.Returned, st.Rule, w.outcome, w.returned)
		}
		if !strings.HasPrefix(b.Code, BetProgressive) {
			continue
		}
		// Every progressive bet is collected whole: commission and pool
		// shares add up to the bet, forfeited or not.
		sum := decimal.Zero
		for _, c := range st.Contributions {
			sum = sum.Add(c.Amount)
		}
		if !sum.Equal(b.Stake) {
			t.Errorf("%s: contributions %v add up to %s, want the bet %s", b.Code, st.Contributions, sum, b.Stake)
		}
	}
	for code, reason := range map[string]string{"progressive:2": "exchanged", "progressive:3": "fold", "progressive:4": "exchanged"} {
		for i, b := range bets {
			if b.Code == code && !strings.Contains(got.Bets[i].Rule, reason) {
				t.Errorf("%s: rule %q does not say %q", code, got.Bets[i].Rule, reason)
			}
		}
	}
}

// TestSettleRound_PrizeOnTheDealtHand: a seat that stands pat plays for
// the pool with the five cards it was dealt, whatever the dealer holds
// (seed 004, 6.2, and 6.5.1 "Reglas del croupier": the dealer's hand has
// no effect on the progressive), even when the dealer does not qualify.
func TestSettleRound_PrizeOnTheDealtHand(t *testing.T) {
	pt := catalog(t)
	deal := mustDeal(t, `{"dealer":["QC","JD","3C","4D","8C"],"seats":[{"seat":1,"cards":["6S","6H","6D","2C","2H"]}]}`)
	bets := []games.Bet{{Code: "ante:1", Stake: d("5")}, {Code: "progressive:1", Stake: d("2")}, {Code: "call:1", Stake: d("10")}}
	got, err := pt.SettleRound(bets, 2, []games.Result{deal}, poolFunds(t))
	if err != nil {
		t.Fatal(err)
	}
	// A full house pays 100 bets; the dealer does not qualify: the ante
	// wins 1:1 and the call is returned.
	for i, want := range []string{"10", "200", "10"} {
		if !got.Bets[i].Returned.Equal(d(want)) {
			t.Errorf("%s: returns %s (%s), want %s", bets[i].Code, got.Bets[i].Returned, got.Bets[i].Rule, want)
		}
	}
}

// TestSettleRound_Err: a round the ledger could not settle is refused
// with its rule, whole.
func TestSettleRound_Err(t *testing.T) {
	pt := catalog(t)
	deal := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["2H","5H","7H","9H","JH"],"exchange":{"discard":["2H"],"draw":["AH"]}}]}`)
	tests := map[string][]games.Bet{
		RuleExchangeUnpaid: {{Code: "ante:1", Stake: d("5")}, {Code: "call:1", Stake: d("10")}},
		"folded_no_call":   {{Code: "ante:1", Stake: d("5")}, {Code: "exchange:1", Stake: d("5")}},
	}
	for rule, bets := range tests {
		if _, err := pt.SettleRound(bets, 2, []games.Result{deal}, poolFunds(t)); BrokenRule(err) != rule {
			t.Errorf("%v: %v, want rule %s", bets, err, rule)
		}
	}
	// A seat with bets and no hand.
	pat := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["2H","5H","7H","9H","JH"]}]}`)
	if _, err := pt.SettleRound([]games.Bet{{Code: "ante:2", Stake: d("5")}}, 2, []games.Result{pat}, poolFunds(t)); BrokenRule(err) != "result_shape" {
		t.Errorf("a seat without a hand: %v", err)
	}
}
