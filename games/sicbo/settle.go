package sicbo

import (
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// RoundDown names the one rounding policy of Sic Bo settlement: the exact
// win (stake × X/Y) is truncated toward zero to the currency's scale, and
// the part cut off is reported as the Settlement's Residue (exact win − paid
// win, never negative) for the ledger to post to its rounding account. Only
// the 3:2 bets can produce such a fraction: 0.01 on two_odd_one_even wins
// 0.015, pays 0.01 and leaves a residue of 0.005.
const RoundDown = kit.RoundDown

// Limits on settlement input.
const (
	// ScaleMax is the largest currency scale (decimals of the smallest
	// unit) Settle accepts; 8 covers every fiat currency and bitcoin.
	ScaleMax = 8
	// StakeDigitsMax bounds a stake below 10^StakeDigitsMax, so no amount
	// of a settlement has more than StakeDigitsMax+4 integer digits.
	StakeDigitsMax = kit.StakeDigitsMax
)

// Settle settles one bet of stake (in a currency with scale decimals, 2 for
// EUR, 0 for CLP) against three dice under pt. The bet wins or loses, never
// pushes: on a win, Win is stake × X/Y rounded down to the scale (see
// RoundDown), Returned is stake + Win and Residue what rounding cut off; on
// a loss, all three are zero. Rule says which paytable line decided it and
// why, for the dispute report.
//
// Input is checked in this order, and the first failure is returned:
// scale (ErrBadScale), bet code (*BetCodeError wrapping ErrBadBetCode or
// ErrBetNotOffered), stake (ErrBadStake: not positive, more decimals than
// scale, or not below 10^StakeDigitsMax), dice (ErrBadDice). Settle is pure
// and safe for concurrent use.
func Settle(pt *Paytable, code string, stake decimal.Decimal, scale int32, dice Dice) (games.Settlement, error) {
	if scale < 0 || scale > ScaleMax {
		return games.Settlement{}, fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	b, lines, err := pt.bet(code)
	if err != nil {
		return games.Settlement{}, err
	}
	if err := checkStake(stake, scale); err != nil {
		return games.Settlement{}, err
	}
	if err := dice.Validate(); err != nil {
		return games.Settlement{}, err
	}
	zero := decimal.New(0, -scale)
	lost := func(why string) games.Settlement {
		return games.Settlement{
			Outcome:  games.OutcomeLost,
			Win:      zero,
			Returned: zero,
			Residue:  zero,
			Rule:     fmt.Sprintf("%s loses (%s)", code, why),
		}
	}
	win, hits, why := judge(b, newRoll(dice))
	if !win {
		return lost(why), nil
	}
	l, ok := lineFor(lines, hits)
	if !ok {
		return lost(fmt.Sprintf("%s, but %s pays %s on no line for %d dice", why, pt.data.ID, code, hits)), nil
	}
	exact := stake.Mul(l.multiple)
	paid := exact.RoundDown(scale)
	return games.Settlement{
		Outcome:  games.OutcomeWon,
		Win:      paid,
		Returned: stake.Add(paid).RoundDown(scale),
		Residue:  exact.Sub(paid),
		Rule:     fmt.Sprintf("%s pays %s (%s)", code, l.odds, why),
	}, nil
}

// lineFor picks the line that pays a winning roll with hits matching dice;
// for a kind that does not count dice, its single line.
func lineFor(lines []line, hits int) (line, bool) {
	for _, l := range lines {
		if l.hits == hits {
			return l, true
		}
	}
	return line{}, false
}

// checkStake returns an error wrapping ErrBadStake unless stake is positive,
// below 10^StakeDigitsMax and has at most scale decimals.
func checkStake(stake decimal.Decimal, scale int32) error { return kit.CheckStake(stake, scale) }
