package jackpot

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// Split is how one progressive bet is collected (seed 004, 6.6
// "Conformación y acumulación de pozos progresivos"): the commission is
// taken first, the rest increments the pools. Commission + Main + Σ
// Reserves = Stake, exactly: nothing is rounded away.
type Split struct {
	Stake decimal.Decimal `json:"stake"`
	// Commission is CommissionPercent of the stake, rounded down to the
	// smallest unit: the casino never takes more than its rate, and the
	// fraction it does not take stays with the players' pools.
	Commission decimal.Decimal `json:"commission"`
	// Main is what the main pool gets: the rest after the commission and
	// the reserves' shares, so every remainder of the split's rounding,
	// less what overflows the ceiling.
	Main decimal.Decimal `json:"main"`
	// Reserves is what each reserve gets, its Percent of the rest rounded
	// down, the first one plus Overflow.
	Reserves []decimal.Decimal `json:"reserves"`
	// Overflow is the part of the main pool's share above its ceiling,
	// moved to the first reserve (included in Reserves[0]).
	Overflow decimal.Decimal `json:"overflow"`
}

// Contribute splits a progressive bet of stake placed by seat (0 when not
// known) into the commission and the pools' increments, given the
// balances before it (the main pool's ceiling depends on them). It
// returns an error wrapping ErrBadAmount for a stake that is not
// positive, has more decimals than the pool's scale or is not below
// 10^AmountDigitsMax, or for bad balances.
func (p *Pool) Contribute(before Balances, stake decimal.Decimal) (Split, error) {
	if err := p.checkAmount("progressive bet", stake, false); err != nil {
		return Split{}, err
	}
	if err := p.CheckBalances(before); err != nil {
		return Split{}, err
	}
	scale := p.params.Scale
	hundred := decimal.NewFromInt(100)
	s := Split{Stake: stake, Reserves: zeros(len(p.params.Reserves)), Overflow: decimal.Zero}
	s.Commission = stake.Mul(p.params.CommissionPercent).Div(hundred).RoundDown(scale)
	rest := stake.Sub(s.Commission)
	s.Main = rest
	for i, r := range p.params.Reserves {
		s.Reserves[i] = rest.Mul(r.Percent).Div(hundred).RoundDown(scale)
		s.Main = s.Main.Sub(s.Reserves[i])
	}
	if c := p.params.Ceiling; c.Sign() > 0 {
		room := decimal.Max(c.Sub(before.Main), decimal.Zero)
		if s.Main.Cmp(room) > 0 {
			s.Overflow = s.Main.Sub(room)
			s.Main = room
			s.Reserves[0] = s.Reserves[0].Add(s.Overflow)
		}
	}
	return s, nil
}

// Movements returns the split as movements out of the stakes, in the
// order: commission, main, reserves; zero amounts are left out.
func (p *Pool) Movements(s Split, seat int) []Movement {
	var ms []Movement
	add := func(m Movement) {
		if m.Amount.Sign() > 0 {
			m.Seat = seat
			ms = append(ms, m)
		}
	}
	add(Movement{Kind: KindCommission, From: AccountStakes, To: AccountCommission, Amount: s.Commission,
		Reason: fmt.Sprintf("%s%% of the progressive bet %s", p.params.CommissionPercent, s.Stake.StringFixed(p.params.Scale))})
	add(Movement{Kind: KindContribution, From: AccountStakes, To: p.MainAccount(), Amount: s.Main})
	for i, r := range s.Reserves {
		if i == 0 && s.Overflow.Sign() > 0 {
			add(Movement{Kind: KindContribution, From: AccountStakes, To: p.ReserveAccount(0), Amount: r.Sub(s.Overflow)})
			add(Movement{Kind: KindContribution, From: AccountStakes, To: p.ReserveAccount(0), Amount: s.Overflow,
				Reason: "over the main pool's ceiling " + p.params.Ceiling.StringFixed(p.params.Scale)})
			continue
		}
		add(Movement{Kind: KindContribution, From: AccountStakes, To: p.ReserveAccount(i), Amount: r})
	}
	return ms
}

// Contributions returns the split's pool increments as the seam carries
// them in games.Settlement.Contributions: the pool of each is
// "<pool>:main" or "<pool>:reserve:<name>", whose ledger account is
// "jackpot:" + that. The commission is not a contribution; it is posted
// to the casino's commission account like games.Settlement.Commission.
func (p *Pool) Contributions(s Split) []games.Contribution {
	var cs []games.Contribution
	if s.Main.Sign() > 0 {
		cs = append(cs, games.Contribution{Pool: p.params.Pool + ":main", Amount: s.Main})
	}
	for i, r := range s.Reserves {
		if r.Sign() > 0 {
			cs = append(cs, games.Contribution{Pool: p.params.Pool + ":reserve:" + p.params.Reserves[i].Name, Amount: r})
		}
	}
	return cs
}

// checkAmount validates an amount of the pool's currency.
func (p *Pool) checkAmount(what string, v decimal.Decimal, zeroOK bool) error {
	scale := p.params.Scale
	switch {
	case v.Sign() < 0 || (v.Sign() == 0 && !zeroOK):
		return fmt.Errorf("%w: %s %s is not positive", ErrBadAmount, what, v)
	case !v.Equal(v.Truncate(scale)):
		return fmt.Errorf("%w: %s %s has more than %d decimals", ErrBadAmount, what, v, scale)
	case v.Cmp(decimal.New(1, AmountDigitsMax)) >= 0:
		return fmt.Errorf("%w: %s %s is not below 10^%d", ErrBadAmount, what, v, AmountDigitsMax)
	}
	return nil
}
