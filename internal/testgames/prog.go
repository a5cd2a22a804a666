package testgames

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wagerlog/wagerlog/games"
)

// Prog: a progressive side bet alone, to test the ledger's pools
// (seed 004 section 6) without a base game. A round is one pass of the table: its one
// result lists the seats' five cards and whether each folded,
// {"seats":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]},{"seat":3,"cards":[…],"fold":true},{"seat":4,"cards":[…],"exchange":true}]};
// "progressive:<seat>" is the seat's progressive bet, settled with
// games.SettlePass against the linked pool.
type Prog struct{}

func (Prog) ID() string                       { return "prog/test" }
func (Prog) Game() string                     { return "prog" }
func (Prog) Version() int                     { return 1 }
func (Prog) Source() string                   { return "ledger tests" }
func (Prog) Hash() string                     { return "prog-test-v1" }
func (Prog) Kinds() []string                  { return []string{"progressive"} }
func (Prog) RoundOver(rs []games.Result) bool { return len(rs) > 0 }
func (Prog) RTP() []games.BetRTP              { return nil }

// ProgressiveBet: every bet of the game is.
func (Prog) ProgressiveBet(code string) bool { _, err := seatOf(code); return err == nil }

func seatOf(code string) (int, error) {
	n, ok := strings.CutPrefix(code, "progressive:")
	seat, err := strconv.Atoi(n)
	if !ok || err != nil || seat < 1 || seat > 12 || strconv.Itoa(seat) != n {
		return 0, errors.New("no such bet: progressive:1..12")
	}
	return seat, nil
}

// BetKind takes progressive:1..12.
func (Prog) BetKind(code string) (string, error) {
	if _, err := seatOf(code); err != nil {
		return "", err
	}
	return "progressive", nil
}

// Pass is a Prog result.
type Pass struct{ Seats []PassSeat }

// PassSeat is one seat's hand in a Pass.
type PassSeat struct {
	Seat  int      `json:"seat"`
	Cards []string `json:"cards"`
	Fold  bool     `json:"fold,omitempty"`
	// Exchange says the seat exchanged cards (draw poker): it forfeits
	// the pool's prizes, not the complementary ones (seed 004, 6.5.1).
	Exchange bool `json:"exchange,omitempty"`
}

func (p Pass) JSON() []byte {
	b, _ := json.Marshal(struct {
		Seats []PassSeat `json:"seats"`
	}{p.Seats})
	return b
}
func (p Pass) String() string { return string(p.JSON()) }
func (p Pass) Equal(o games.Result) bool {
	q, ok := o.(Pass)
	return ok && bytes.Equal(p.JSON(), q.JSON())
}

// ParseResult reads a pass; the cards are checked when it is settled.
func (Prog) ParseResult(raw []byte) (games.Result, error) {
	var v struct {
		Seats []PassSeat `json:"seats"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil || len(v.Seats) == 0 {
		return nil, errors.New(`a pass is {"seats":[{"seat":1,"cards":[5 cards]}]}`)
	}
	return Pass{Seats: v.Seats}, nil
}

// PassJSON writes a pass for tests: seat → cards, folded seats apart.
func PassJSON(seats []PassSeat) json.RawMessage { return Pass{Seats: seats}.JSON() }

// Settle leaves bets open until the round is settled as a whole.
func (Prog) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	if len(rs) <= b.Since {
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	return games.Settlement{}, errors.New("progressive bets are settled with their round")
}

// SettleRound pays the pass from the pool (games.SettlePass).
func (Prog) SettleRound(bets []games.Bet, scale int32, rs []games.Result, funds games.Funds) (games.RoundSettlement, error) {
	pass := rs[len(rs)-1].(Pass)
	hands := make([]games.PoolHand, len(bets))
	for i, b := range bets {
		seat, err := seatOf(b.Code)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		k := slices.IndexFunc(pass.Seats, func(s PassSeat) bool { return s.Seat == seat })
		if k < 0 {
			return games.RoundSettlement{}, fmt.Errorf("seat %d has a progressive bet and no hand", seat)
		}
		h := games.PoolHand{Seat: seat, Bet: b.Stake, Cards: pass.Seats[k].Cards}
		if pass.Seats[k].Fold {
			h.Forfeit = "folded"
		}
		if pass.Seats[k].Exchange {
			h.Forfeit = "exchanged"
		}
		hands[i] = h
	}
	sts, ts, err := games.SettlePass(funds.Pool, bets, hands)
	if err != nil {
		return games.RoundSettlement{}, err
	}
	return games.RoundSettlement{Bets: sts, Transfers: ts}, nil
}
