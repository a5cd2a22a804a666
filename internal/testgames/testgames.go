// Package testgames holds tiny games that stand in for the games of the
// later issues in the tests of the generic layers (ledger, projections,
// replay, audit): they exercise what Sic Bo does not, with rules simple
// enough to check by hand. They are not in the registry. HighCard
// (highcard.go) is complete as a registry game is, down to its settle
// line, demo and board module: the edges' tests add it to the registry's
// games (registry.With) to show that a new game needs no edge changed.
package testgames

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
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

// Game is a games.Game over one paytable.
type Game struct{ PT games.Paytable }

// Name returns the paytable's game.
func (g Game) Name() string { return g.PT.Game() }

// Paytables returns the one paytable.
func (g Game) Paytables() []games.Paytable { return []games.Paytable{g.PT} }

// Board counts the faces of the board's results.
func (g Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	var s FaceStats
	s.GameName = g.Name()
	for _, e := range entries {
		if f, ok := e.Result.(Face); ok {
			s.Faces[f-1]++
		}
	}
	return s
}

// FaceStats counts each face on a test game's board.
type FaceStats struct {
	GameName string `json:"-"`
	Faces    [6]int `json:"faces"`
}

// BoardGame names the game.
func (s FaceStats) BoardGame() string { return s.GameName }

// Face is the result of both test games: {"face":N}, 1..6.
type Face int

// JSON encodes the face.
func (f Face) JSON() []byte { return fmt.Appendf(nil, `{"face":%d}`, int(f)) }

// String writes the face.
func (f Face) String() string { return fmt.Sprint(int(f)) }

// Equal compares faces.
func (f Face) Equal(o games.Result) bool { g, ok := o.(Face); return ok && g == f }

func parseFace(raw []byte) (games.Result, error) {
	var v struct {
		Face int `json:"face"`
	}
	if err := json.Unmarshal(raw, &v); err != nil || v.Face < 1 || v.Face > 6 {
		return nil, errors.New(`a face is {"face":1..6}`)
	}
	return Face(v.Face), nil
}

func lostBet(code string) games.Settlement {
	return games.Settlement{Outcome: games.OutcomeLost, Win: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero, Rule: code + " loses"}
}

func wonBet(code string, stake, win decimal.Decimal) games.Settlement {
	return games.Settlement{Outcome: games.OutcomeWon, Win: win, Returned: stake.Add(win), Residue: decimal.Zero, Rule: code + " wins"}
}

// Coin: odd faces are heads. "heads" pays 1:1 less a 5% commission
// on the win; "side" sends 10% of the stake to pool "p1" and pays 2:1 on
// heads.
type Coin struct{}

func (Coin) ID() string                                   { return "coin/test" }
func (Coin) Game() string                                 { return "coin" }
func (Coin) Version() int                                 { return 1 }
func (Coin) Source() string                               { return "ledger tests" }
func (Coin) Hash() string                                 { return "coin-test-v1" }
func (Coin) Kinds() []string                              { return []string{"heads", "side"} }
func (Coin) ParseResult(raw []byte) (games.Result, error) { return parseFace(raw) }
func (Coin) RoundOver(rs []games.Result) bool             { return len(rs) > 0 }
func (Coin) RTP() []games.BetRTP                          { return nil }

func (Coin) BetKind(code string) (string, error) {
	if code == "heads" || code == "side" {
		return code, nil
	}
	return "", errors.New("no such bet")
}

func (Coin) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	heads := rs[0].(Face)%2 == 1
	switch b.Code {
	case "heads":
		if !heads {
			return lostBet(b.Code), nil
		}
		st := wonBet(b.Code, b.Stake, b.Stake)
		st.Commission = b.Stake.Mul(decimal.RequireFromString("0.05")).Truncate(scale)
		st.Returned = st.Returned.Sub(st.Commission)
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

// Race: a round is thrown until a 6 comes. "next:N" is decided by the
// next throw (5:1 on N); "hold" wins 1:1 when a 2 comes before the 6 and
// loses on the 6, is taken only once the round has a throw, costs a 10%
// commission rounded up when placed, can be taken down, and may be placed
// "working" (the flag has no effect here but must reach the game).
type Race struct{}

func (Race) ID() string                                   { return "race/test" }
func (Race) Game() string                                 { return "race" }
func (Race) Version() int                                 { return 1 }
func (Race) Source() string                               { return "ledger tests" }
func (Race) Hash() string                                 { return "race-test-v1" }
func (Race) Kinds() []string                              { return []string{"next", "hold"} }
func (Race) ParseResult(raw []byte) (games.Result, error) { return parseFace(raw) }
func (Race) RTP() []games.BetRTP                          { return nil }

func (Race) RoundOver(rs []games.Result) bool {
	return len(rs) > 0 && rs[len(rs)-1].(Face) == 6
}

func (Race) BetKind(code string) (string, error) {
	switch code {
	case "hold", "next:1", "next:2", "next:3", "next:4", "next:5", "next:6":
		return code[:4], nil
	}
	return "", errors.New("no such bet")
}

func (Race) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	mine := rs[b.Since:]
	if len(mine) == 0 {
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	if b.Code == "hold" {
		for _, r := range mine {
			switch r.(Face) {
			case 2:
				return wonBet(b.Code, b.Stake, b.Stake), nil
			case 6:
				return lostBet(b.Code), nil
			}
		}
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	if fmt.Sprintf("next:%d", mine[0].(Face)) == b.Code {
		return wonBet(b.Code, b.Stake, b.Stake.Mul(decimal.NewFromInt(5))), nil
	}
	return lostBet(b.Code), nil
}

type raceError struct{ msg string }

func (e raceError) Error() string     { return e.msg }
func (e raceError) ErrorCode() string { return "bet_refused" }

func (Race) CheckPlacement(b games.Bet, rs []games.Result, open []games.Bet) error {
	if b.Code == "hold" && len(rs) == 0 {
		return raceError{"hold is taken once the round has a throw"}
	}
	if b.Working && b.Code != "hold" {
		return raceError{"only hold may be working"}
	}
	return nil
}

func (Race) Charge(b games.Bet, scale int32) decimal.Decimal {
	if b.Code != "hold" {
		return decimal.Zero
	}
	return b.Stake.Div(decimal.NewFromInt(10)).RoundUp(scale)
}

func (Race) CheckTakeDown(b games.Bet, rs []games.Result, open []games.Bet) error {
	if b.Code != "hold" {
		return raceError{b.Code + " cannot be taken down"}
	}
	return nil
}

// FaceJSON is a test game's result body.
func FaceJSON(n int) json.RawMessage { return Face(n).JSON() }

// Pot: prizes shared among the winners (bingo's shape). Each bet picks a
// face ("pick:N"); one throw decides the round. The round's stakes make
// the pot; a 10% rake goes to the table's commission account; the rest is
// shared among the bets that picked the face thrown, in proportion to
// their stakes, rounded down to the smallest unit, the remainder to the
// first winner. With no winner the house keeps the pot. A winner whose
// share is below its stake gets it back as a partial return.
type Pot struct{}

func (Pot) ID() string                                   { return "pot/test" }
func (Pot) Game() string                                 { return "pot" }
func (Pot) Version() int                                 { return 1 }
func (Pot) Source() string                               { return "ledger tests" }
func (Pot) Hash() string                                 { return "pot-test-v1" }
func (Pot) Kinds() []string                              { return []string{"pick"} }
func (Pot) ParseResult(raw []byte) (games.Result, error) { return parseFace(raw) }
func (Pot) RoundOver(rs []games.Result) bool             { return len(rs) > 0 }
func (Pot) RTP() []games.BetRTP                          { return nil }

// BetKind takes pick:1..6.
func (Pot) BetKind(code string) (string, error) {
	if len(code) == 6 && code[:5] == "pick:" && code[5] >= '1' && code[5] <= '6' {
		return "pick", nil
	}
	return "", errors.New("no such bet")
}

// Settle refuses: the pot's bets are settled together.
func (Pot) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	if len(rs) <= b.Since {
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	return games.Settlement{}, errors.New("pot bets are settled with their round")
}

// SettleRound shares the pot.
func (Pot) SettleRound(bets []games.Bet, scale int32, rs []games.Result, _ games.Funds) (games.RoundSettlement, error) {
	face := rs[len(rs)-1].(Face)
	pot, winning := decimal.Zero, decimal.Zero
	for _, b := range bets {
		pot = pot.Add(b.Stake)
		if b.Code == fmt.Sprintf("pick:%d", face) {
			winning = winning.Add(b.Stake)
		}
	}
	out := games.RoundSettlement{Bets: make([]games.Settlement, len(bets))}
	for i, b := range bets {
		out.Bets[i] = lostBet(b.Code)
		out.Bets[i].Counterparty = games.CounterpartyPrizes
	}
	if winning.IsZero() {
		out.Transfers = []games.Transfer{{From: games.CounterpartyPrizes, To: games.CounterpartyHouse, Amount: pot, Rule: "no winner: the house keeps the pot"}}
		return out, nil
	}
	prize := pot.Sub(pot.Mul(decimal.New(10, -2))).RoundDown(scale) // a 10% rake
	paid, first := decimal.Zero, -1
	for i, b := range bets {
		if b.Code != fmt.Sprintf("pick:%d", face) {
			continue
		}
		share := prize.Mul(b.Stake).Div(winning).RoundDown(scale)
		out.Bets[i].Returned = share
		paid = paid.Add(share)
		if first < 0 {
			first = i
		}
	}
	// The indivisible remainder goes to the first winner.
	out.Bets[first].Returned = out.Bets[first].Returned.Add(prize.Sub(paid))
	for i, b := range bets {
		st := &out.Bets[i]
		if st.Returned.IsZero() {
			continue
		}
		st.Rule = b.Code + " shares the pot"
		if st.Returned.GreaterThanOrEqual(b.Stake) {
			st.Outcome, st.Win = games.OutcomeWon, st.Returned.Sub(b.Stake)
		}
	}
	out.Transfers = []games.Transfer{{From: games.CounterpartyPrizes, To: games.CommissionAccount, Amount: pot.Sub(prize), Rule: "the rake: 10% of the pot"}}
	return out, nil
}

// Duel: a player-banked game. A player holds the bank; the punters bet
// "high" (a throw of 4..6 wins 1:1 from the bank, 1..3 loses to it). When
// the bank wins more than it loses in a round, 5% of its net win (rounded
// up) goes to the house as its only revenue (the cagnotte of chemin de fer).
type Duel struct{}

func (Duel) ID() string                                   { return "duel/test" }
func (Duel) Game() string                                 { return "duel" }
func (Duel) Version() int                                 { return 1 }
func (Duel) Source() string                               { return "ledger tests" }
func (Duel) Hash() string                                 { return "duel-test-v1" }
func (Duel) Kinds() []string                              { return []string{"high"} }
func (Duel) ParseResult(raw []byte) (games.Result, error) { return parseFace(raw) }
func (Duel) RoundOver(rs []games.Result) bool             { return len(rs) > 0 }
func (Duel) RTP() []games.BetRTP                          { return nil }

// PlayerBanked marks the duel as played against a player's bank.
func (Duel) PlayerBanked() {}

// BetKind takes "high".
func (Duel) BetKind(code string) (string, error) {
	if code == "high" {
		return code, nil
	}
	return "", errors.New("no such bet")
}

// Settle settles one bet against the bank.
func (Duel) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	if len(rs) <= b.Since {
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	st := lostBet(b.Code)
	if rs[len(rs)-1].(Face) >= 4 {
		st = wonBet(b.Code, b.Stake, b.Stake)
	}
	st.Counterparty = games.CounterpartyBank
	return st, nil
}

// SettleRound settles the bets one by one, then takes the cagnotte from
// the bank's net win.
func (d Duel) SettleRound(bets []games.Bet, scale int32, rs []games.Result, funds games.Funds) (games.RoundSettlement, error) {
	out := games.RoundSettlement{Bets: make([]games.Settlement, len(bets))}
	net := decimal.Zero
	for i, b := range bets {
		st, err := d.Settle(b, scale, rs)
		if err != nil {
			return out, err
		}
		out.Bets[i] = st
		if st.Outcome == games.OutcomeWon {
			net = net.Sub(st.Win)
		} else {
			net = net.Add(b.Stake)
		}
	}
	// The bank covers every win: the ledger keeps a round's stakes
	// within the bank, and even money cannot pay out more.
	if net.Neg().GreaterThan(funds.Bank) {
		return out, fmt.Errorf("the bank of %s cannot pay %s", funds.Bank, net.Neg())
	}
	if net.IsPositive() {
		out.Transfers = []games.Transfer{{From: games.CounterpartyBank, To: games.CommissionAccount, Amount: net.Mul(decimal.New(5, -2)).RoundUp(scale), Rule: "cagnotte: 5% of the bank's net win"}}
	}
	return out, nil
}

// Shoe: Coin dealt from a shoe (games.Shoed): one deck, a cut card that
// leaves 10..40 cards behind it, and a 6 stands for the cut card coming
// out (the shoe is over after the round). It stands in for baccarat à
// deux tableaux, blackjack and War.
type Shoe struct{ Coin }

func (Shoe) ID() string   { return "shoe/test" }
func (Shoe) Game() string { return "shoe" }
func (Shoe) Hash() string { return "shoe-test-v1" }
func (Shoe) Decks() int   { return 1 }

// CheckCut allows 10..40 cards behind the cut card.
func (Shoe) CheckCut(cards int) error {
	if cards < 10 || cards > 40 {
		return fmt.Errorf("the cut card leaves %d cards behind it, want 10..40", cards)
	}
	return nil
}

// ShoeOver reports a 6 among the round's results.
func (Shoe) ShoeOver(rs []games.Result) bool {
	for _, r := range rs {
		if r.(Face) == 6 {
			return true
		}
	}
	return false
}
