package ledger_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// Two tiny games stand in for the games of the later issues, to show that
// the seam carries what Sic Bo does not and that their postings balance:
//
//   - coin: a commission on wins (baccarat's banker bet) and a side bet
//     whose stake feeds a jackpot pool shared by tables;
//   - race: a round of several results (a craps hand): bets that stay open
//     over results, betting between results, a bet the game refuses in the
//     round's state, a commission charged at placement, a working flag, and
//     a bet taken down between results.

// testGame is a games.Game over one paytable.
type testGame struct{ pt games.Paytable }

func (g testGame) Name() string                                      { return g.pt.Game() }
func (g testGame) Paytables() []games.Paytable                       { return []games.Paytable{g.pt} }
func (g testGame) Board(entries []games.BoardEntry) games.BoardStats { return nil }

// face is the result of both test games: {"face":N}, 1..6.
type face int

func (f face) JSON() []byte              { return fmt.Appendf(nil, `{"face":%d}`, int(f)) }
func (f face) String() string            { return fmt.Sprint(int(f)) }
func (f face) Equal(o games.Result) bool { g, ok := o.(face); return ok && g == f }
func parseFace(raw []byte) (games.Result, error) {
	var v struct {
		Face int `json:"face"`
	}
	if err := json.Unmarshal(raw, &v); err != nil || v.Face < 1 || v.Face > 6 {
		return nil, errors.New(`a face is {"face":1..6}`)
	}
	return face(v.Face), nil
}

func lostBet(code string) games.Settlement {
	return games.Settlement{Outcome: games.OutcomeLost, Win: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero, Rule: code + " loses"}
}

func wonBet(code string, stake, win decimal.Decimal) games.Settlement {
	return games.Settlement{Outcome: games.OutcomeWon, Win: win, Returned: stake.Add(win), Residue: decimal.Zero, Rule: code + " wins"}
}

// coinTable: odd faces are heads. "heads" pays 1:1 less a 5% commission
// on the win; "side" sends 10% of the stake to pool "p1" and pays 2:1 on
// heads.
type coinTable struct{}

func (coinTable) ID() string                                   { return "coin/test" }
func (coinTable) Game() string                                 { return "coin" }
func (coinTable) Version() int                                 { return 1 }
func (coinTable) Source() string                               { return "ledger tests" }
func (coinTable) Hash() string                                 { return "coin-test-v1" }
func (coinTable) Kinds() []string                              { return []string{"heads", "side"} }
func (coinTable) ParseResult(raw []byte) (games.Result, error) { return parseFace(raw) }
func (coinTable) RoundOver(rs []games.Result) bool             { return len(rs) > 0 }
func (coinTable) RTP() []games.BetRTP                          { return nil }

func (coinTable) BetKind(code string) (string, error) {
	if code == "heads" || code == "side" {
		return code, nil
	}
	return "", errors.New("no such bet")
}

func (coinTable) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	heads := rs[0].(face)%2 == 1
	switch b.Code {
	case "heads":
		if !heads {
			return lostBet(b.Code), nil
		}
		st := wonBet(b.Code, b.Stake, b.Stake)
		st.Commission = b.Stake.Mul(decimal.RequireFromString("0.05")).Truncate(scale)
		return st, nil
	case "side":
		st := lostBet(b.Code)
		if heads {
			st = wonBet(b.Code, b.Stake, b.Stake.Add(b.Stake))
		}
		st.Contributions = []games.Contribution{{Pool: "p1", Amount: b.Stake.Div(decimal.NewFromInt(10)).Truncate(scale)}}
		return st, nil
	}
	return games.Settlement{}, errors.New("no such bet")
}

// raceTable: a round is thrown until a 6 comes. "next:N" is decided by the
// next throw (5:1 on N); "hold" wins 1:1 when a 2 comes before the 6 and
// loses on the 6, is taken only once the round has a throw, costs a 10%
// commission rounded up when placed, can be taken down, and may be placed
// "working" (the flag has no effect here but must reach the game).
type raceTable struct{}

func (raceTable) ID() string                                   { return "race/test" }
func (raceTable) Game() string                                 { return "race" }
func (raceTable) Version() int                                 { return 1 }
func (raceTable) Source() string                               { return "ledger tests" }
func (raceTable) Hash() string                                 { return "race-test-v1" }
func (raceTable) Kinds() []string                              { return []string{"next", "hold"} }
func (raceTable) ParseResult(raw []byte) (games.Result, error) { return parseFace(raw) }
func (raceTable) RTP() []games.BetRTP                          { return nil }

func (raceTable) RoundOver(rs []games.Result) bool {
	return len(rs) > 0 && rs[len(rs)-1].(face) == 6
}

func (raceTable) BetKind(code string) (string, error) {
	switch code {
	case "hold", "next:1", "next:2", "next:3", "next:4", "next:5", "next:6":
		return code[:4], nil
	}
	return "", errors.New("no such bet")
}

func (raceTable) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	mine := rs[b.Since:]
	if len(mine) == 0 {
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	if b.Code == "hold" {
		for _, r := range mine {
			switch r.(face) {
			case 2:
				return wonBet(b.Code, b.Stake, b.Stake), nil
			case 6:
				return lostBet(b.Code), nil
			}
		}
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	if fmt.Sprintf("next:%d", mine[0].(face)) == b.Code {
		return wonBet(b.Code, b.Stake, b.Stake.Mul(decimal.NewFromInt(5))), nil
	}
	return lostBet(b.Code), nil
}

type raceError struct{ msg string }

func (e raceError) Error() string     { return e.msg }
func (e raceError) ErrorCode() string { return "bet_refused" }

func (raceTable) CheckPlacement(b games.Bet, rs []games.Result, open []games.Bet) error {
	if b.Code == "hold" && len(rs) == 0 {
		return raceError{"hold is taken once the round has a throw"}
	}
	if b.Working && b.Code != "hold" {
		return raceError{"only hold may be working"}
	}
	return nil
}

func (raceTable) Charge(b games.Bet, scale int32) decimal.Decimal {
	if b.Code != "hold" {
		return decimal.Zero
	}
	return b.Stake.Div(decimal.NewFromInt(10)).RoundUp(scale)
}

func (raceTable) CheckTakeDown(b games.Bet, rs []games.Result) error {
	if b.Code != "hold" {
		return raceError{b.Code + " cannot be taken down"}
	}
	return nil
}

func faceJSON(n int) json.RawMessage { return face(n).JSON() }

// withTestGames reopens the harness's ledger with the test games beside Sic
// Bo.
func withTestGames(h *harness) {
	h.l.Close()
	h.opts.Games = games.NewCatalog(sicbo.Game{}, testGame{coinTable{}}, testGame{raceTable{}})
	h.open()
}

func (h *harness) openTestTable(table, paytable string) {
	h.t.Helper()
	h.must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: dealer.ID,
	})
}

// TestLedger_CommissionAndJackpot settles a commission bet and a jackpot
// side bet, then corrects the result, and checks every account.
func TestLedger_CommissionAndJackpot(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	h.deposit("ann", "100")
	h.openTestTable("c1", "coin/test")
	round := h.openRound("c1")
	h.bet("c1", round, "ann", b("heads", "20"), b("side", "10"))
	h.closeBetting("c1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: faceJSON(1)})

	h.wantBalances(map[string]string{
		// 100 − 30 + (20 + 20) − 1 (commission) + 30 (side 2:1 returns 3×10)
		ledger.WalletAccount("ann"):    "139",
		ledger.CommissionAccount("c1"): "1",
		ledger.JackpotAccount("p1"):    "1",
		ledger.InPlayAccount("c1"):     "0",
		// house pays heads' win 20 and the side's return above the 9 left
		// after the contribution: 30 − 9 = 21
		ledger.HouseAccount("c1"): "-41",
	})

	// The dealer entered the wrong face: tails. Both bets lose; the pool
	// keeps its contribution, the commission is given back with the win.
	h.refuse(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "c1", Round: round, Result: faceJSON(1), Reason: "same face"}, "invalid_request")
	h.must(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "c1", Round: round, Result: faceJSON(2), Reason: "wrong face entered"})
	h.wantBalances(map[string]string{
		ledger.WalletAccount("ann"):    "70",
		ledger.CommissionAccount("c1"): "0",
		ledger.JackpotAccount("p1"):    "1",
		ledger.InPlayAccount("c1"):     "0",
		ledger.HouseAccount("c1"):      "29",
	})
}

// TestLedger_RoundOfSeveralResults drives a race round over three throws:
// bets placed between throws, a bet that stays open over a throw, one the
// game refuses before the first throw, a commission at placement, a take
// down, then the round's end; the balances after every step, the events,
// and the same state after a restart (rebuilt from the events alone).
func TestLedger_RoundOfSeveralResults(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	h.deposit("ann", "100")
	h.deposit("bob", "100")
	h.openTestTable("r1", "race/test")
	round := h.openRound("r1")

	// Before the first throw: hold is refused by the game, next:3 taken;
	// a working flag is refused by the game for next bets.
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "ann", Bets: []ledger.BetRequest{b("hold", "10")}}, "bet_refused")
	h.refuse(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "ann", Bets: []ledger.BetRequest{{Code: "next:3", Stake: dec("10"), Working: true}}}, "bet_refused")
	h.bet("r1", round, "ann", b("next:3", "10"))
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: faceJSON(3)})
	h.wantStatus(round, ledger.RoundBetting)
	h.wantBalances(map[string]string{ledger.WalletAccount("ann"): "150", ledger.InPlayAccount("r1"): "0"})

	// Between throws: two holds (10% commission each, rounded up), one
	// of them working; bob takes his down; a next bet cannot be taken down.
	h.bet("r1", round, "ann", ledger.BetRequest{Code: "hold", Stake: dec("10"), Working: true})
	slip := h.bet("r1", round, "bob", b("hold", "15"), b("next:4", "5"))
	h.wantBalances(map[string]string{
		ledger.WalletAccount("ann"):    "139",  // 150 − 10 − 1
		ledger.WalletAccount("bob"):    "78.5", // 100 − 15 − 5 − 1.50
		ledger.CommissionAccount("r1"): "2.5",
		ledger.InPlayAccount("r1"):     "30",
	})
	h.refuse(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "bob", Bet: slip.Bets[1]}, "bet_refused")
	h.refuse(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "ann", Bet: slip.Bets[0]}, "bet_not_found")
	h.must(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "r1", Round: round, Player: "bob", Bet: slip.Bets[0]})
	h.wantBalances(map[string]string{ledger.WalletAccount("bob"): "93.5", ledger.CommissionAccount("r1"): "2.5", ledger.InPlayAccount("r1"): "15"})

	// Throw 5: next:4 loses, ann's hold stays open (its stake in play).
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: faceJSON(5)})
	rd := h.wantStatus(round, ledger.RoundBetting)
	if rd.Open != 1 {
		t.Fatalf("%d bets open after the second throw, want ann's hold", rd.Open)
	}
	h.wantBalances(map[string]string{ledger.InPlayAccount("r1"): "10", ledger.HouseAccount("r1"): "-45"})

	// Throw 6 ends the round: the hold loses.
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: faceJSON(6)})
	h.wantStatus(round, ledger.RoundSettled)
	want := map[string]string{
		ledger.WalletAccount("ann"):    "139",
		ledger.WalletAccount("bob"):    "93.5",
		ledger.CommissionAccount("r1"): "2.5",
		ledger.InPlayAccount("r1"):     "0",
		ledger.HouseAccount("r1"):      "-35", // −50 (next:3) +5 (next:4) +10 (hold)
	}
	h.wantBalances(want)
	n := countTypes(h.eventsOf(round))
	if n[events.TypeRoundResult] != 3 || n[events.TypeRoundStepSettled] != 2 || n[events.TypeRoundSettled] != 1 ||
		n[events.TypeBetSettled] != 3 || n[events.TypeBetTakenDown] != 1 {
		t.Fatalf("events %v", n)
	}

	// The state is rebuilt from the events alone.
	h.restart()
	h.wantBalances(want)
	rd = h.wantStatus(round, ledger.RoundSettled)
	if len(rd.Results) != 3 || rd.Open != 0 {
		t.Fatalf("after a restart: %d results, %d open", len(rd.Results), rd.Open)
	}
}

// TestLedger_CancelRefundsOpenBetsOnly cancels a race round after one
// throw: the bet that throw decided stays settled, the open ones are
// refunded; the commission charged at placement is not.
func TestLedger_CancelRefundsOpenBetsOnly(t *testing.T) {
	h := newHarness(t)
	withTestGames(h)
	h.deposit("ann", "100")
	h.openTestTable("r1", "race/test")
	round := h.openRound("r1")
	h.bet("r1", round, "ann", b("next:1", "10"))
	h.closeBetting("r1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "r1", Round: round, Result: faceJSON(2)})
	h.bet("r1", round, "ann", b("hold", "20.05"))
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "r1", Round: round, Reason: "wheel fault"})
	h.wantStatus(round, ledger.RoundCancelled)
	h.wantBalances(map[string]string{
		ledger.WalletAccount("ann"):    "87.99", // 100 − 10 (lost) − 2.01 (2.005 rounded up, kept)
		ledger.CommissionAccount("r1"): "2.01",
		ledger.InPlayAccount("r1"):     "0",
		ledger.HouseAccount("r1"):      "10",
	})
}
