package ledger_test

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
)

// coinTable is a tiny game that exercises what Sic Bo does not: a
// commission on wins (like baccarat's banker bet) and a side bet whose stake
// feeds a jackpot pool. It stands in for the games that come next, to show
// that the settlement interface carries them and that their postings balance.
type coinTable struct{}

func (coinTable) ID() string      { return "coin/test" }
func (coinTable) Game() string    { return "coin" }
func (coinTable) Hash() string    { return "coin-test-v1" }
func (coinTable) Kinds() []string { return []string{"heads", "side"} }

func (coinTable) BetKind(code string) (string, error) {
	if code == "heads" || code == "side" {
		return code, nil
	}
	return "", errors.New("no such bet")
}

// The coin is thrown as a die: odd is heads. (Events carry dice today; a card
// game's hand result would add a member to round.result, see docs/GAMES.md.)
func (coinTable) ValidateResult(r games.Result) error {
	if len(r.Dice) != 3 || r.Dice[0] < 1 || r.Dice[0] > 6 {
		return errors.New("one die, then two zeros")
	}
	return nil
}

func heads(r games.Result) bool { return r.Dice[0]%2 == 1 }

// Settle: "heads" pays 1:1 less a 5% commission on the win; "side" sends 10%
// of the stake to pool "p1" and pays 2:1 on heads.
func (coinTable) Settle(code string, stake decimal.Decimal, scale int32, r games.Result) (games.Settlement, error) {
	lost := games.Settlement{Outcome: games.OutcomeLost, Win: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero, Rule: code + " loses"}
	switch code {
	case "heads":
		if !heads(r) {
			return lost, nil
		}
		return games.Settlement{
			Outcome: games.OutcomeWon, Win: stake, Returned: stake.Add(stake), Residue: decimal.Zero,
			Commission: stake.Mul(decimal.RequireFromString("0.05")).Truncate(scale), Rule: "heads pays 1:1, 5% commission",
		}, nil
	case "side":
		st := lost
		if heads(r) {
			st = games.Settlement{Outcome: games.OutcomeWon, Win: stake.Add(stake), Returned: stake.Mul(decimal.NewFromInt(3)), Residue: decimal.Zero, Rule: "side pays 2:1"}
		}
		st.Contributions = []games.Contribution{{Pool: "p1", Amount: stake.Div(decimal.NewFromInt(10)).Truncate(scale)}}
		return st, nil
	}
	return games.Settlement{}, errors.New("no such bet")
}

// TestLedger_CommissionAndJackpot settles a commission bet and a jackpot
// side bet, then corrects the result, and checks every account.
func TestLedger_CommissionAndJackpot(t *testing.T) {
	h := newHarness(t)
	h.l.Close()
	sicbo := h.opts.Paytables
	h.opts.Paytables = func(id string) (ledger.Paytable, error) {
		if id == "coin/test" {
			return coinTable{}, nil
		}
		return sicbo(id)
	}
	h.open()
	h.deposit("ann", "100")
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: "c1", Paytable: "coin/test", Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: dealer.ID,
	})
	round := h.openRound("c1")
	h.bet("c1", round, "ann", b("heads", "20"), b("side", "10"))
	h.closeBetting("c1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: games.Result{Dice: []int{1, 0, 0}}})

	want := map[string]string{
		// 100 − 30 + (20 + 20) − 1 (commission) + 30 (side 2:1 returns 3×10)
		ledger.WalletAccount("ann"):    "139",
		ledger.CommissionAccount("c1"): "1",
		ledger.JackpotAccount("p1"):    "1",
		ledger.InPlayAccount("c1"):     "0",
		// house pays heads' win 20 and the side's return above the 9 left
		// after the contribution: 30 − 9 = 21
		ledger.HouseAccount("c1"): "-41",
	}
	for acc, w := range want {
		if got := h.balance(acc); !got.Equal(dec(w)) {
			t.Errorf("after heads: %s = %s, want %s", acc, got, w)
		}
	}

	// The dealer entered the wrong hand: tails. Both bets lose; the pool
	// keeps its contribution, the commission is given back with the win.
	h.must(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "c1", Round: round, Result: games.Result{Dice: []int{2, 0, 0}}, Reason: "wrong hand entered"})
	want = map[string]string{
		ledger.WalletAccount("ann"):    "70",
		ledger.CommissionAccount("c1"): "0",
		ledger.JackpotAccount("p1"):    "1",
		ledger.InPlayAccount("c1"):     "0",
		ledger.HouseAccount("c1"):      "29",
	}
	for acc, w := range want {
		if got := h.balance(acc); !got.Equal(dec(w)) {
			t.Errorf("after the correction: %s = %s, want %s", acc, got, w)
		}
	}
}
