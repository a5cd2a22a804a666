package baccarat

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func TestSettlePuntoBanco(t *testing.T) {
	pt, _ := Lookup(IDPuntoBanco)
	bankerWins := Coup{Player: literalHand("4S", "9H", "7D"), Banker: literalHand("KC", "5H", "3S")} // 0 against 8
	playerWins := Coup{Player: literalHand("4S", "3H"), Banker: literalHand("KC", "6H")}             // 7 against 6
	tie := Coup{Player: literalHand("4S", "3H"), Banker: literalHand("KC", "7H")}                    // 7 each
	for _, tt := range []struct {
		name                      string
		bet, stake                string
		scale                     int32
		coup                      Coup
		outcome                   games.Outcome
		win, commission, returned string
	}{
		{"banker wins, issue example", "banker", "10", 2, bankerWins, games.OutcomeWon, "10", "0.50", "19.50"},
		{"banker commission rounded up", "banker", "0.10", 2, bankerWins, games.OutcomeWon, "0.10", "0.01", "0.19"},
		{"banker commission exact", "banker", "1.00", 2, bankerWins, games.OutcomeWon, "1.00", "0.05", "1.95"},
		{"banker commission at scale 0", "banker", "10", 0, bankerWins, games.OutcomeWon, "10", "1", "19"},
		{"banker commission 0.35 takes 1", "banker", "7", 0, bankerWins, games.OutcomeWon, "7", "1", "13"},
		{"player loses to banker", "player", "10", 2, bankerWins, games.OutcomeLost, "0", "0", "0"},
		{"tie loses", "tie", "10", 2, bankerWins, games.OutcomeLost, "0", "0", "0"},
		{"player wins", "player", "10", 2, playerWins, games.OutcomeWon, "10", "0", "20"},
		{"banker loses", "banker", "10", 2, playerWins, games.OutcomeLost, "0", "0", "0"},
		{"tie pays 8:1", "tie", "10", 2, tie, games.OutcomeWon, "80", "0", "90"},
		{"player pushes on a tie", "player", "10", 2, tie, games.OutcomePush, "0", "0", "10"},
		{"banker pushes on a tie", "banker", "10", 2, tie, games.OutcomePush, "0", "0", "10"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := SettlePuntoBanco(pt, tt.bet, dec(tt.stake), tt.scale, tt.coup)
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome != tt.outcome || !s.Win.Equal(dec(tt.win)) || !s.Commission.Equal(dec(tt.commission)) || !s.Returned.Equal(dec(tt.returned)) {
				t.Fatalf("%+v, want %s win %s commission %s returned %s", s, tt.outcome, tt.win, tt.commission, tt.returned)
			}
			if !s.Returned.Equal(dec(tt.stake).Add(s.Win).Sub(s.Commission)) && s.Outcome == games.OutcomeWon {
				t.Errorf("returned %s != stake + win − commission", s.Returned)
			}
			if s.Rule == "" || s.Residue.Sign() != 0 {
				t.Errorf("rule %q residue %s", s.Rule, s.Residue)
			}
		})
	}
}

func TestSettlePuntoBanco_Err(t *testing.T) {
	pt, _ := Lookup(IDPuntoBanco)
	c := Coup{Player: literalHand("4S", "3H"), Banker: literalHand("KC", "6H")}
	bad := Coup{Player: literalHand("4S", "3H", "2C"), Banker: literalHand("KC", "6H")}
	for _, tt := range []struct {
		name, bet, stake string
		scale            int32
		coup             Coup
		want             error
		code             string
	}{
		{"ErrScale", "player", "10", 9, c, ErrBadScale, CodeInvalidScale},
		{"ErrCode", "punto", "10", 2, c, ErrBadBetCode, CodeInvalidBetCode},
		{"ErrOtherForm", "tableau:1", "10", 2, c, ErrBetNotOffered, CodeBetNotOffered},
		{"ErrZero", "player", "0", 2, c, ErrBadStake, CodeInvalidAmount},
		{"ErrNegative", "player", "-1", 2, c, ErrBadStake, CodeInvalidAmount},
		{"ErrDecimals", "player", "0.001", 2, c, ErrBadStake, CodeInvalidAmount},
		{"ErrHuge", "player", "1e15", 2, c, ErrBadStake, CodeInvalidAmount},
		{"ErrCoup", "player", "10", 2, bad, ErrBadResult, CodeInvalidResult},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := SettlePuntoBanco(pt, tt.bet, dec(tt.stake), tt.scale, tt.coup)
			if !errors.Is(err, tt.want) || ErrorCode(err) != tt.code {
				t.Fatalf("%v (code %q), want %v", err, ErrorCode(err), tt.want)
			}
		})
	}
}

func TestSplits(t *testing.T) {
	for _, tt := range []struct {
		stake         string
		scale         int32
		first, second string
		plays, aside  string
	}{
		{"10", 2, "5", "5", "5", "5"},
		{"0.07", 2, "0.04", "0.03", "0.03", "0.04"},
		{"7", 0, "4", "3", "3", "4"},
		{"0.01", 2, "0.01", "0", "0", "0.01"},
	} {
		f, s := SplitACaballo(dec(tt.stake), tt.scale)
		if !f.Equal(dec(tt.first)) || !s.Equal(dec(tt.second)) {
			t.Errorf("a caballo %s: %s + %s", tt.stake, f, s)
		}
		p, a := SplitLine(dec(tt.stake), tt.scale)
		if !p.Equal(dec(tt.plays)) || !a.Equal(dec(tt.aside)) {
			t.Errorf("line %s: plays %s, aside %s", tt.stake, p, a)
		}
	}
}

func TestSettleDeux(t *testing.T) {
	pt, _ := Lookup(IDDeuxTableaux1979)
	// Tableau 1 has 7, tableau 2 has 6, the banker 1: both tableaux win.
	both := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("6C", "KD")}, Banker: literalHand("3H", "KC", "8D")}
	// Tableau 1 has 7, tableau 2 has 2 (drew), the banker 5: 1 wins, 2 loses.
	split := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("2C", "KD", "KS")}, Banker: literalHand("5H", "KC")}
	// Tableau 1 ties the banker's 5, tableau 2 loses.
	tied := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "AH", "KC"), literalHand("2C", "KD", "KS")}, Banker: literalHand("5H", "KC")}
	void2 := split
	void2.Void = &Void{[2]bool{false, true}, VoidLostUnseen}
	for _, tt := range []struct {
		name, bet, stake string
		coup             DeuxCoup
		outcome          games.Outcome
		win, returned    string
	}{
		{"tableau 1 wins, issue example", "tableau:1", "10", both, games.OutcomeWon, "10", "20"},
		{"tableau 2 wins", "tableau:2", "10", both, games.OutcomeWon, "10", "20"},
		{"tableau 2 loses", "tableau:2", "10", split, games.OutcomeLost, "0", "0"},
		{"a caballo, both win", "a_caballo", "10", both, games.OutcomeWon, "10", "20"},
		{"a caballo, one each", "a_caballo", "10", split, games.OutcomePush, "0", "10"},
		{"a caballo, odd unit on tableau 1", "a_caballo", "0.07", split, games.OutcomeWon, "0.01", "0.08"},
		{"a caballo, tie and loss", "a_caballo", "10", tied, games.OutcomeLost, "0", "5"},
		{"line 1 wins half", "line:1", "10", split, games.OutcomeWon, "5", "15"},
		{"line 2 loses half", "line:2", "10", split, games.OutcomeLost, "0", "5"},
		{"tie pushes", "tableau:1", "10", tied, games.OutcomePush, "0", "10"},
		{"void tableau returns", "tableau:2", "10", void2, games.OutcomePush, "0", "10"},
		{"void tableau, a caballo", "a_caballo", "10", void2, games.OutcomeWon, "5", "15"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := SettleDeux(pt, tt.bet, dec(tt.stake), 2, tt.coup)
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome != tt.outcome || !s.Win.Equal(dec(tt.win)) || !s.Returned.Equal(dec(tt.returned)) {
				t.Fatalf("%+v, want %s win %s returned %s", s, tt.outcome, tt.win, tt.returned)
			}
			if s.Commission.Sign() != 0 || s.Rule == "" {
				t.Errorf("commission %s rule %q", s.Commission, s.Rule)
			}
			// The generic seam settles the same.
			g, err := pt.Settle(games.Bet{Code: tt.bet, Stake: dec(tt.stake)}, 2, []games.Result{tt.coup})
			if err != nil || g.Outcome != s.Outcome || !g.Returned.Equal(s.Returned) {
				t.Errorf("Paytable.Settle: %+v, %v", g, err)
			}
		})
	}
	if _, err := SettleDeux(pt, "banker", dec("10"), 2, both); !errors.Is(err, ErrBetNotOffered) {
		t.Errorf("banker under deux tableaux: %v", err)
	}
}

func TestPaytable_SettleSeam(t *testing.T) {
	pb, _ := Lookup(IDPuntoBanco)
	dt, _ := Lookup(IDDeuxTableaux1979)
	c := Coup{Player: literalHand("4S", "3H"), Banker: literalHand("KC", "6H")}
	d := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("6C", "KD")}, Banker: literalHand("3H", "KC", "8D")}
	bet := games.Bet{Code: "player", Stake: dec("10")}
	for name, f := range map[string]func() error{
		"two results": func() error { _, err := pb.Settle(bet, 2, []games.Result{c, c}); return err },
		"since": func() error {
			_, err := pb.Settle(games.Bet{Code: "player", Stake: dec("1"), Since: 1}, 2, []games.Result{c})
			return err
		},
		"working": func() error {
			_, err := pb.Settle(games.Bet{Code: "player", Stake: dec("1"), Working: true}, 2, []games.Result{c})
			return err
		},
		"deux result": func() error { _, err := pb.Settle(bet, 2, []games.Result{d}); return err },
		"pb result": func() error {
			_, err := dt.Settle(games.Bet{Code: "tableau:1", Stake: dec("1")}, 2, []games.Result{c})
			return err
		},
	} {
		if err := f(); ErrorCode(err) == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
	if s, err := pb.Settle(bet, 2, []games.Result{c}); err != nil || s.Outcome != games.OutcomeWon {
		t.Errorf("player 7 against 6: %+v, %v", s, err)
	}
	if pb.RoundOver(nil) || !pb.RoundOver([]games.Result{c}) {
		t.Error("a round is over after its coup")
	}
}
