package roulette

import (
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// RoundDown names the one rounding policy of roulette settlement, the same
// as Sic Bo's: an exact amount is truncated toward zero to the currency's
// scale, and the part cut off is the Settlement's Residue (never negative,
// below one smallest unit) for the ledger to set aside in the table's
// rounding account. Every catalog payout is a whole multiple of the stake,
// so wins leave no residue; only la partage's half stake can: 0.01 on red
// at scale 2 returns 0.00 on a zero, with a residue of 0.005.
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

// verdict is how a bet ends on a pocket, before any money.
type verdict int

const (
	lose verdict = iota
	win
	half // la partage: an even-money bet on a zero returns half the stake
)

// judge decides bet b on pocket under la partage or not, with a clause
// saying why for the settlement's Rule. Settle and RTP both call it, so the
// exact RTP is the RTP of the settlement code itself.
func judge(b Bet, pocket Pocket, laPartage bool) (verdict, string) {
	landed := fmt.Sprintf("the ball landed in %s, %s", pocket, pocket.Colour())
	switch {
	case b.Covers(pocket):
		return win, landed
	case laPartage && pocket.Green() && b.kind.EvenMoney():
		return half, landed + ": la partage returns half the stake"
	}
	return lose, landed
}

// Settle settles one bet of stake (in a currency with scale decimals, 2 for
// EUR, 0 for CLP) against the pocket the ball landed in under pt:
//
//   - a win: Win is stake × X/Y rounded down to the scale (see RoundDown),
//     Returned is stake + Win, Residue what rounding cut off (zero for
//     every X:1 payout);
//   - la partage (an even-money bet on a zero, when pt has it):
//     OutcomeLost with Win zero, Returned half the stake rounded down to
//     the scale and Residue the part of the half cut off. The house keeps
//     the rest of the stake, and sets the residue aside in the rounding
//     account as for a win: under one policy, Returned + Residue is always
//     the exact amount the rules return, so the rounding account holds
//     everything rounding kept from players, whichever game or outcome;
//   - a loss: Win, Returned and Residue are zero.
//
// Rule says which paytable rule decided the bet and why, for the dispute
// report. Input is checked in this order, and the first failure is
// returned: scale (ErrBadScale), bet code (*BetCodeError wrapping
// ErrBadBetCode or ErrBetNotOffered), stake (ErrBadStake: not positive,
// more decimals than scale, or not below 10^StakeDigitsMax), pocket
// (ErrBadPocket: not a pocket of pt's wheel). Settle is pure and safe for
// concurrent use.
func Settle(pt *Paytable, code string, stake decimal.Decimal, scale int32, pocket Pocket) (games.Settlement, error) {
	if scale < 0 || scale > ScaleMax {
		return games.Settlement{}, fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	o, err := pt.bet(code)
	if err != nil {
		return games.Settlement{}, err
	}
	if err := checkStake(stake, scale); err != nil {
		return games.Settlement{}, err
	}
	if !pt.wheel.has(pocket) {
		return games.Settlement{}, fmt.Errorf("%w: pocket %s is not on the %s wheel of %s", ErrBadPocket, pocket, wheelName(pt.wheel), pt.data.ID)
	}
	zero := decimal.New(0, -scale)
	rule := pt.data.Rules[o.rule]
	v, why := judge(o.bet, pocket, pt.data.LaPartage)
	switch v {
	case win:
		exact := stake.Mul(o.multiple)
		paid := exact.RoundDown(scale)
		return games.Settlement{
			Outcome:  games.OutcomeWon,
			Win:      paid,
			Returned: stake.Add(paid),
			Residue:  exact.Sub(paid),
			Rule:     fmt.Sprintf("%s pays %s (%s)", code, rule.Odds, why),
		}, nil
	case half:
		exact := stake.Mul(decimal.New(5, -1))
		back := exact.RoundDown(scale)
		return games.Settlement{
			Outcome:  games.OutcomeLost,
			Win:      zero,
			Returned: back,
			Residue:  exact.Sub(back),
			Rule:     fmt.Sprintf("%s loses half (%s)", code, why),
		}, nil
	}
	return games.Settlement{
		Outcome:  games.OutcomeLost,
		Win:      zero,
		Returned: zero,
		Residue:  zero,
		Rule:     fmt.Sprintf("%s loses (%s)", code, why),
	}, nil
}

// checkStake returns an error wrapping ErrBadStake unless stake is positive,
// below 10^StakeDigitsMax and has at most scale decimals.
func checkStake(stake decimal.Decimal, scale int32) error { return kit.CheckStake(stake, scale) }
