package craps

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// SettleAnswer is the answer to one line of `wagerlog settle --jsonl`
// for craps: the bet's state after the rolls.
type SettleAnswer struct {
	// Outcome is won, lost, push or open.
	Outcome games.Outcome `json:"outcome"`
	// DecidedAt is the 0-based index of the roll that decided the bet;
	// nil (absent) while it is open.
	DecidedAt *int `json:"decided_at,omitempty"`
	// Win, Returned and Residue are the settlement's (zero while open).
	Win      decimal.Decimal `json:"win"`
	Returned decimal.Decimal `json:"returned"`
	// Commission is what placing the bet cost on top of the stake: charged
	// on every buy and lay bet, whatever the outcome, zero on the others.
	Commission decimal.Decimal `json:"commission"`
	Residue    decimal.Decimal `json:"residue"`
	// Rule says which rule decided the bet, or why it is still up.
	Rule string `json:"rule"`
}

// SettleSequence answers the auditors' settle line
//
//	{"paytable":"craps/peru-1999","bet":"place:6","stake":"12","point":null,"working":false,"rolls":[[3,3],[2,5]]}
//
// exactly: the bet is placed with the table in the given state (point nil
// for a come-out roll, else the table's point), then the rolls happen in
// order and the table's point moves with them. For pass_odds and
// dont_pass_odds, point is the line bet's point (the table's, since the
// line bet came out with it); for come_odds:P and dont_come_odds:P, P is
// the come bet's own point and point the table's. Rolls after the one that
// decided the bet do not change the answer.
//
// It returns, wrapped, ErrBadPoint for a point that is not 4, 5, 6, 8, 9
// or 10, ErrBadRoll for a die outside 1..6, ErrHandTooLong for more than
// HandRollsMax rolls, ErrNotNow for a bet the table's state does not take
// (pass with a point on, come on a come-out), and the errors of Settle.
func SettleSequence(pt *Paytable, code string, stake decimal.Decimal, scale int32, point *int, working bool, dice [][2]int) (SettleAnswer, error) {
	var prior []Roll
	if point != nil {
		p := *point
		if !IsPoint(p) {
			return SettleAnswer{}, fmt.Errorf("%w: %d, want null (come-out) or 4, 5, 6, 8, 9, 10", ErrBadPoint, p)
		}
		prior = []Roll{pointRoll(p)}
	}
	if len(dice) > HandRollsMax-len(prior) {
		return SettleAnswer{}, fmt.Errorf("%w: %d rolls, at most %d", ErrHandTooLong, len(dice), HandRollsMax-len(prior))
	}
	rs := make([]Roll, 0, len(prior)+len(dice))
	rs = append(rs, prior...)
	for i, d := range dice {
		r := Roll(d)
		if err := r.Validate(); err != nil {
			return SettleAnswer{}, fmt.Errorf("roll %d: %w", i, err)
		}
		rs = append(rs, r)
	}
	s, at, err := settle(pt, code, stake, scale, len(prior), working, rs)
	if err != nil {
		return SettleAnswer{}, err
	}
	a := SettleAnswer{
		Outcome:    s.Outcome,
		Win:        s.Win,
		Returned:   s.Returned,
		Commission: pt.Charge(games.Bet{Code: code, Stake: stake, Working: working}, scale),
		Residue:    s.Residue,
		Rule:       s.Rule,
	}
	if at >= 0 {
		a.DecidedAt = &at
	}
	return a, nil
}

// pointRoll returns a roll that sets point p on a come-out roll, to stand
// for the hand's past in SettleSequence: only its total matters.
func pointRoll(p int) Roll {
	if p <= 7 {
		return Roll{1, p - 1}
	}
	return Roll{p - 6, 6}
}
