package craps

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// OpenBetsMax bounds the open bets CheckPlacement reads beside a new one:
// a player has at most a few dozen bets up at once.
const OpenBetsMax = 1024

// CheckPlacement validates bet b placed after results (b.Since ==
// len(results)), beside the same player's bets of the round that are still
// open. It implements games.Placer and returns, wrapped:
//
//   - ErrHandOver after a seven-out;
//   - ErrNotNow for pass and don't pass while a point is on, for come,
//     don't come and the pass line's odds on a come-out roll;
//   - ErrNoLineBet for odds without the player's open line bet on that
//     point (pass or don't pass for pass_odds and dont_pass_odds, come or
//     don't come whose own point is P for come_odds:P and
//     dont_come_odds:P);
//   - *OddsLimitError when the odds open behind those line bets would come
//     to more than OddsMultiple times their stakes;
//   - ErrTooManyBets for odds beside more than OpenBetsMax open bets;
//   - ErrBadStake for a stake that is not positive;
//   - the *BetCodeError of BetKind, ErrBadRoll for results that are not
//     rolls or a Since that is not len(results).
//
// The working flag is accepted on every bet: it matters for place, buy,
// hardways and come odds, and every other bet works on every roll anyway.
func (p *Paytable) CheckPlacement(b games.Bet, results []games.Result, open []games.Bet) error {
	pb, err := p.bet(b.Code)
	if err != nil {
		return err
	}
	if b.Stake.Sign() <= 0 {
		// The ledger checks the stake against the currency; the odds cap
		// below needs at least a positive one.
		return fmt.Errorf("%w: %s is not positive", ErrBadStake, b.Stake)
	}
	rs, err := rolls(results)
	if err != nil {
		return err
	}
	if b.Since != len(rs) {
		return fmt.Errorf("%w: a bet placed before roll %d is checked after %d rolls", ErrBadRoll, b.Since, len(rs))
	}
	if _, err := initState(pb, Replay(rs)); err != nil {
		return err
	}
	if !pb.odds() {
		return nil
	}
	if len(open) > OpenBetsMax {
		return fmt.Errorf("%w: %d open bets beside odds, at most %d", ErrTooManyBets, len(open), OpenBetsMax)
	}
	point := Replay(rs).Point
	if pb.kind == KindComeOdds || pb.kind == KindDontComeOdds {
		point = pb.num
	}
	line, taken := decimal.Zero, decimal.Zero
	for _, o := range open {
		ob, err := ParseBet(o.Code)
		if err != nil || o.Since < 0 || o.Since > len(rs) {
			continue // not a bet of this game's: the ledger checked it when placed
		}
		s, _, at, err := replayBet(ob, o.Since, o.Working, rs)
		if err != nil || at >= 0 {
			continue // refused or already decided: it holds no odds
		}
		switch {
		case ob.kind == pb.line() && s.point == point:
			line = line.Add(o.Stake)
		case ob == pb:
			taken = taken.Add(o.Stake)
		}
	}
	if line.Sign() <= 0 {
		return fmt.Errorf("%w: %s needs the player's %s bet on the point %d among the open bets", ErrNoLineBet, pb, pb.line(), point)
	}
	limit := line.Mul(decimal.NewFromInt(int64(p.data.OddsMultiple)))
	if taken.Add(b.Stake).Cmp(limit) > 0 {
		return &OddsLimitError{Code: pb.String(), Multiple: p.data.OddsMultiple, Line: line.String(), Taken: taken.String(), Stake: b.Stake.String()}
	}
	return nil
}

// CheckTakeDown validates taking bet b down after results: the stake goes
// back to the player, a charged commission does not. It implements
// games.TakeDowner. Place, buy, place_lose, lay, big 6/8, hardways and all
// odds may be taken down between rolls, and don't pass and don't come once
// on their point (docs/games/craps.md; they are the player's favourite then, and the
// house is glad to see them go). Pass and come never (once on a point
// they are the house's favourite), nor one-roll bets. It returns, wrapped,
// ErrNoTakeDown for those, ErrBetDecided for a bet the rolls decided,
// ErrHandOver after a seven-out, the *BetCodeError of BetKind, and
// ErrBadRoll for results that are not rolls or a Since beyond them.
//
// The odds stand behind their line bet (seed 003_79f68ae152380a01.txt,
// art. 12): a don't bet with odds behind it is refused (ErrNoTakeDown),
// the player takes the odds down first (see docs/games/craps.md).
func (p *Paytable) CheckTakeDown(b games.Bet, results []games.Result, open []games.Bet) error {
	pb, err := p.bet(b.Code)
	if err != nil {
		return err
	}
	rs, err := rolls(results)
	if err != nil {
		return err
	}
	if b.Since < 0 || b.Since > len(rs) {
		return fmt.Errorf("%w: a bet placed before roll %d of a hand of %d", ErrBadRoll, b.Since, len(rs))
	}
	if Replay(rs).Over {
		return fmt.Errorf("%w: the shooter sevened out", ErrHandOver)
	}
	s, _, at, err := replayBet(pb, b.Since, b.Working, rs)
	if err != nil {
		return err
	}
	if at >= 0 {
		return fmt.Errorf("%w: %s was decided by roll %d", ErrBetDecided, pb, b.Since+at)
	}
	switch {
	case pb.kind == KindPass || pb.kind == KindCome:
		return fmt.Errorf("%w: %s is never taken down", ErrNoTakeDown, pb)
	case (pb.kind == KindDontPass || pb.kind == KindDontCome) && s.point == 0:
		return fmt.Errorf("%w: %s is taken down only once on its point", ErrNoTakeDown, pb)
	case pb.oneRoll():
		return fmt.Errorf("%w: %s is a one-roll bet", ErrNoTakeDown, pb)
	}
	// Odds stand behind their line bet: a don't bet comes down only
	// after its odds, so no odds are left behind nothing.
	if pb.kind == KindDontPass || pb.kind == KindDontCome {
		behind := Bet{kind: KindDontPassOdds}
		if pb.kind == KindDontCome {
			behind = Bet{kind: KindDontComeOdds, num: s.point}
		}
		for _, o := range open {
			if o.Code == behind.String() {
				return fmt.Errorf("%w: take %s down before %s", ErrNoTakeDown, behind, pb)
			}
		}
	}
	return nil
}

// Charge returns the commission charged when b is placed, rounded up to
// the currency's scale (in the house's favour): CommissionPercent of the
// stake of a buy bet, of what a lay bet could win at its line's odds
// before rounding (seed 003, arts. 9 and 10). It is zero for every other
// bet, and for a bet Settle would refuse (bad code, stake or scale). It
// implements games.Charger; the ledger posts it to the table's commission
// account, never to the house's win, and never returns it.
func (p *Paytable) Charge(b games.Bet, scale int32) decimal.Decimal {
	if scale < 0 || scale > ScaleMax {
		return decimal.Zero
	}
	zero := decimal.New(0, -scale)
	if !strings.HasPrefix(b.Code, "buy:") && !strings.HasPrefix(b.Code, "lay:") {
		return zero // the common case, without parsing the code
	}
	pb, err := p.bet(b.Code)
	if err != nil || checkStake(b.Stake, scale) != nil {
		return zero
	}
	// base·pct/100 in smallest units, rounded up.
	num := new(big.Int).Mul(b.Stake.Shift(scale).BigInt(), big.NewInt(int64(p.data.CommissionPercent)))
	den := big.NewInt(100)
	if pb.kind == KindLay {
		o := p.lineFor(pb, 0).odds
		num.Mul(num, big.NewInt(o.Win))
		den.Mul(den, big.NewInt(o.Per))
	}
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	if r.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return decimal.NewFromBigInt(q, -scale)
}

// CommissionRate returns the commission charged on placing a bet per unit
// staked, exactly, before rounding: 1/20 for buy, 1/20·X/Y for lay, 0 for
// every other bet of the paytable (and for codes it does not offer).
func (p *Paytable) CommissionRate(code string) *big.Rat {
	pb, err := p.bet(code)
	if err != nil || (pb.kind != KindBuy && pb.kind != KindLay) {
		return new(big.Rat)
	}
	r := big.NewRat(int64(p.data.CommissionPercent), 100)
	if pb.kind == KindLay {
		r.Mul(r, p.lineFor(pb, 0).odds.Rat())
	}
	return r
}
