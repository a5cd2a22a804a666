package craps

import (
	"fmt"
	"math/big"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// RoundDown names the rounding policy of craps settlement, Sic Bo's: the
// exact win (stake × X/Y) is truncated toward zero to the currency's
// scale, and the part cut off is the Settlement's Residue (never negative,
// below one smallest unit) for the ledger to post to the table's rounding
// account. Odds whose Y has a factor other than 2 and 5 (7:6, 5:11, 2:3,
// 5:6) cut off a fraction that no decimal holds: the Residue is then
// itself truncated to ResidueScale decimals. It is exact for every other
// Y up to OddsPerMax at every scale up to ScaleMax.
const RoundDown = kit.RoundDown

// Limits on settlement input.
const (
	// ScaleMax is the largest currency scale (decimals of the smallest
	// unit) Settle accepts.
	ScaleMax = 8
	// ResidueScale is the number of decimals a Residue is truncated to:
	// 1/64, the longest decimal fraction of a Y up to OddsPerMax, needs 6
	// decimals past the scale, and 8+6 < 16.
	ResidueScale = 16
	// StakeDigitsMax bounds a stake below 10^StakeDigitsMax.
	StakeDigitsMax = kit.StakeDigitsMax
)

// Settle settles one bet against the hand's rolls: the bet was placed
// after results[:b.Since], which give the table's state when it was placed,
// and plays on results[b.Since:]. It returns OutcomeOpen while those rolls
// do not decide it. The commission of buy and lay bets is charged when
// they are placed (Charge) and is not part of the settlement.
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	rs, err := rolls(results)
	if err != nil {
		return games.Settlement{}, err
	}
	s, _, err := settle(p, b.Code, b.Stake, scale, b.Since, b.Working, rs)
	return s, err
}

// settle is Settle on rolls; it also returns the index in rs[since:] of
// the roll that decided the bet, -1 while it is open.
//
// Input is checked in this order, and the first failure is returned:
// scale (ErrBadScale), bet code (*BetCodeError), stake (ErrBadStake),
// since (ErrBadRoll when outside 0..len(rs)), the table when the bet was
// placed (ErrHandOver, ErrNotNow).
func settle(p *Paytable, code string, stake decimal.Decimal, scale int32, since int, working bool, rs []Roll) (games.Settlement, int, error) {
	if scale < 0 || scale > ScaleMax {
		return games.Settlement{}, -1, fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	b, err := p.bet(code)
	if err != nil {
		return games.Settlement{}, -1, err
	}
	if err := checkStake(stake, scale); err != nil {
		return games.Settlement{}, -1, err
	}
	if since < 0 || since > len(rs) {
		return games.Settlement{}, -1, fmt.Errorf("%w: a bet placed before roll %d of a hand of %d", ErrBadRoll, since, len(rs))
	}
	prev, last, at, err := replayBet(b, since, working, rs)
	if err != nil {
		return games.Settlement{}, -1, err
	}
	if at >= 0 {
		return p.money(b, prev, last, rs[since+at], stake, scale), at, nil
	}
	zero := decimal.New(0, -scale)
	why := b.String() + " stays up: no roll yet"
	if len(rs) > since {
		why = b.String() + " stays up (" + explain(b, prev, last, rs[len(rs)-1]) + ")"
	}
	return games.Settlement{Outcome: games.OutcomeOpen, Win: zero, Returned: zero, Residue: zero, Commission: zero, Rule: why}, -1, nil
}

// replayBet plays a bet placed after rs[:since] over rs[since:] until a
// roll decides it. It returns the deciding decision, the bet's state
// before that roll and the roll's index in rs[since:]; for a bet still
// open, the last roll's decision (zero without rolls), the bet's state
// now and -1. It returns ErrHandOver or ErrNotNow when the table did not
// take the bet.
func replayBet(b Bet, since int, working bool, rs []Roll) (state, decision, int, error) {
	t := Replay(rs[:since])
	s, err := initState(b, t)
	if err != nil {
		return state{}, decision{}, -1, err
	}
	var last decision
	for i, r := range rs[since:] {
		prev := s
		s, last = step(b, s, t, working, r)
		if last.v != vOpen {
			return prev, last, i, nil
		}
		if t, _ = t.Next(r); t.Over {
			// Every bet that works is decided by a seven-out, and every
			// bet works while a point is on: an open bet here is a bug.
			panic(fmt.Sprintf("craps: %s open after the seven-out %s", b, r))
		}
	}
	return s, last, -1, nil
}

// money turns a decision into a settlement: a win pays stake × X/Y of the
// paying line rounded down (RoundDown), a push returns the stake, a loss
// returns nothing.
func (p *Paytable) money(b Bet, s state, d decision, r Roll, stake decimal.Decimal, scale int32) games.Settlement {
	zero := decimal.New(0, -scale)
	why := explain(b, s, d, r)
	out := games.Settlement{Win: zero, Returned: zero, Residue: zero, Commission: zero}
	switch d.v {
	case vLost:
		out.Outcome = games.OutcomeLost
		out.Rule = b.String() + " loses (" + why + ")"
	case vPush:
		out.Outcome = games.OutcomePush
		out.Returned = stake.RoundDown(scale)
		out.Rule = b.String() + " is returned (" + why + ")"
	case vWon:
		l := p.lineFor(b, d.key)
		win, residue, exact := payout(stake, scale, l.odds)
		out.Outcome = games.OutcomeWon
		out.Win = win
		out.Returned = stake.Add(win).RoundDown(scale)
		out.Residue = residue
		if exact.Cmp(residue.Rat()) != 0 {
			out.ResidueExact = exact
		}
		out.Rule = b.String() + " pays " + l.odds.String() + " (" + why + ")"
	}
	return out
}

// payout returns stake × X/Y truncated to scale, and the residue cut off,
// itself truncated to ResidueScale decimals, and exactly (a fraction of
// the unit). The arithmetic is on whole smallest units, so 7:6 of 0.12 is
// exactly 0.14 with no residue.
func payout(stake decimal.Decimal, scale int32, o Odds) (win, residue decimal.Decimal, exact *big.Rat) {
	units := stake.Shift(scale).BigInt() // exact: checkStake refused more decimals
	num := new(big.Int).Mul(units, big.NewInt(o.Win))
	q, rem := new(big.Int).QuoRem(num, big.NewInt(o.Per), new(big.Int))
	win = decimal.NewFromBigInt(q, -scale)
	// rem/Per of a smallest unit, in units of 10^-ResidueScale.
	fine := new(big.Int).Mul(rem, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(ResidueScale-scale)), nil))
	fine.Quo(fine, big.NewInt(o.Per))
	residue = decimal.NewFromBigInt(fine, -ResidueScale)
	if residue.IsZero() {
		residue = decimal.New(0, -scale)
	}
	// rem/Per of a smallest unit, which is 10^-scale of the unit.
	exact = new(big.Rat).SetFrac(rem, new(big.Int).Mul(big.NewInt(o.Per), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
	return win, residue, exact
}

// checkStake returns an error wrapping ErrBadStake unless stake is
// positive, below 10^StakeDigitsMax and has at most scale decimals.
func checkStake(stake decimal.Decimal, scale int32) error { return kit.CheckStake(stake, scale) }
