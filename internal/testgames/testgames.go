// Package testgames holds two tiny games that stand in for the games of the
// later issues in the tests of the generic layers (ledger, projections,
// replay, audit): they exercise what Sic Bo does not, with rules simple
// enough to check by hand. They are not in the registry.
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
