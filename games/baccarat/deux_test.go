package baccarat

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

// TestDeux_SettleRound: the seam's round settlement is SettleCoup's: the
// same bets' settlements, each against the bank, and the cagnotte as the
// one transfer bank → commission; the rest of SettleCoup's transfers are
// what the ledger's postings make of each settlement.
func TestDeux_SettleRound(t *testing.T) {
	d := DeuxTableaux()
	split := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("2C", "KD", "KS")}, Banker: literalHand("5H", "KC")} // 1 wins, 2 loses
	bets := []games.Bet{{Code: "tableau:1", Stake: dec("10")}, {Code: "tableau:2", Stake: dec("30")}, {Code: "line:2", Stake: dec("0.15")}}
	rs, err := d.SettleRound(bets, 2, []games.Result{split}, games.Funds{Bank: dec("100")})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := SettleCoup(d.Paytable, dec("100"), bets, 2, split)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range rs.Bets {
		want := cs.Bets[i]
		want.Counterparty = games.CounterpartyBank
		if s.Outcome != want.Outcome || !s.Returned.Equal(want.Returned) || !s.Win.Equal(want.Win) || s.Rule != want.Rule || s.Counterparty != games.CounterpartyBank {
			t.Errorf("bet %d: %+v, want %+v", i, s, want)
		}
	}
	// The bank wins 30 + 0.07 and loses 10: 5% of 20.07 is 1.0035, 1.01.
	if len(rs.Transfers) != 1 || rs.Transfers[0].From != games.CounterpartyBank || rs.Transfers[0].To != games.CommissionAccount ||
		!rs.Transfers[0].Amount.Equal(dec("1.01")) || !cs.Cagnotte.Equal(dec("1.01")) {
		t.Fatalf("transfers %+v, SettleCoup's cagnotte %s", rs.Transfers, cs.Cagnotte)
	}
	// No cagnotte when the bank loses.
	rs, err = d.SettleRound(bets[:1], 2, []games.Result{split}, games.Funds{Bank: dec("10")})
	if err != nil || len(rs.Transfers) != 0 {
		t.Fatalf("a losing bank: %+v %v", rs.Transfers, err)
	}

	for _, tt := range []struct {
		name    string
		bets    []games.Bet
		results []games.Result
		bank    string
		want    error
	}{
		{"shares above the bank", bets, []games.Result{split}, "40.06", ErrBetsExceedBank},
		{"two results", bets, []games.Result{split, split}, "100", ErrBadResult},
		{"a punto banco coup", bets, []games.Result{Coup{Player: literalHand("4S", "3H"), Banker: literalHand("5H", "KC", "2C")}}, "100", ErrBadResult},
		{"a bet placed after a result", []games.Bet{{Code: "tableau:1", Stake: dec("1"), Since: 1}}, []games.Result{split}, "100", ErrBadBetCode},
		{"a punto banco bet", []games.Bet{{Code: "banker", Stake: dec("1")}}, []games.Result{split}, "100", ErrBetNotOffered},
	} {
		if _, err := d.SettleRound(tt.bets, 2, tt.results, games.Funds{Bank: dec(tt.bank)}); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
}

// TestDeux_Seam: the bank is the counterparty of a bet settled alone, the
// cut card leaves exactly 10 cards (seed 002), the coup with the cut card
// ends the shoe, a void play names its reason, and the exact figures are
// the paytable's.
func TestDeux_Seam(t *testing.T) {
	d := DeuxTableaux()
	coup := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("6C", "KD")}, Banker: literalHand("9H", "KC")}
	s, err := d.Settle(games.Bet{Code: "tableau:1", Stake: dec("10")}, 2, []games.Result{coup})
	if err != nil || s.Counterparty != games.CounterpartyBank || s.Outcome != games.OutcomeLost {
		t.Fatalf("a bet alone: %+v %v", s, err)
	}
	for n := 0; n <= 20; n++ {
		if err := d.CheckCut(n); (err == nil) != (n == CutCardsBehind) {
			t.Errorf("CheckCut(%d) = %v", n, err)
		}
	}
	cut := coup
	cut.CutCard = true
	if d.ShoeOver([]games.Result{coup}) || !d.ShoeOver([]games.Result{cut}) || d.ShoeOver(nil) {
		t.Error("ShoeOver does not follow the cut card")
	}
	void := coup
	void.Void = &Void{Tableaux: [2]bool{true, false}, Reason: VoidLostUnseen}
	if d.VoidReason(coup) != "" || d.VoidReason(void) != VoidLostUnseen || d.VoidReason(Coup{}) != "" {
		t.Error("VoidReason")
	}
	want, got := d.Paytable.RTP(), d.RTP()
	again := d.RTP()
	if len(got) != len(want) || len(got) != 5 {
		t.Fatalf("RTP %v, want %v", got, want)
	}
	for i := range want {
		if got[i].Code != want[i].Code || got[i].RTP.Cmp(want[i].RTP) != 0 || again[i].RTP.Cmp(want[i].RTP) != 0 || got[i].RTP == again[i].RTP {
			t.Errorf("RTP %d: %+v then %+v, want %+v (each call its own copy)", i, got[i], again[i], want[i])
		}
	}
}
