package jackpot

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// Adjust corrects one of the pool's accounts (account is MainAccount or a
// ReserveAccount) by delta with a reason: a positive delta comes from the
// casino, a negative one goes back to it (Washington WAC 230-15-685: a
// progressive is reduced only to correct a malfunction or recover seed
// money, and every adjustment is documented). It returns the movement and
// the balances after it, or an error wrapping ErrBadReason for an empty
// reason, ErrBadAmount for a zero or badly written delta or an unknown
// account, and ErrPoolNegative when the account would go below zero.
func (p *Pool) Adjust(b Balances, account string, delta decimal.Decimal, reason string) (Movement, Balances, error) {
	if strings.TrimSpace(reason) == "" {
		return Movement{}, Balances{}, fmt.Errorf("%w: an adjustment says why", ErrBadReason)
	}
	if err := p.CheckBalances(b); err != nil {
		return Movement{}, Balances{}, err
	}
	if err := p.checkAmount("adjustment", delta.Abs(), false); err != nil {
		return Movement{}, Balances{}, err
	}
	bal, ok := p.balance(b, account)
	if !ok {
		return Movement{}, Balances{}, fmt.Errorf("%w: %q is not an account of pool %s", ErrBadAmount, cut(account), p.params.Pool)
	}
	if bal.Add(delta).Sign() < 0 {
		return Movement{}, Balances{}, fmt.Errorf("%w: %s holds %s, the adjustment is %s", ErrPoolNegative, account, bal, delta)
	}
	m := Movement{Kind: KindAdjustment, From: AccountCasino, To: account, Amount: delta, Reason: reason}
	if delta.Sign() < 0 {
		m.From, m.To, m.Amount = account, AccountCasino, delta.Neg()
	}
	return m, p.Apply(b, []Movement{m}), nil
}

// Decommission empties the pool into another pool's main account (GLI-19
// A.6.5: the contributions of a decommissioned jackpot go to another
// one), one KindTransfer movement per account that holds money. to is the
// receiving pool's MainAccount. It returns an error wrapping ErrBadReason
// for an empty reason or a receiving account of this pool.
func (p *Pool) Decommission(b Balances, to, reason string) ([]Movement, error) {
	if strings.TrimSpace(reason) == "" {
		return nil, fmt.Errorf("%w: a decommission says why", ErrBadReason)
	}
	if _, own := p.balance(b, to); own || !strings.HasPrefix(to, "jackpot:") {
		return nil, fmt.Errorf("%w: %q is not another pool's account", ErrBadReason, cut(to))
	}
	if err := p.CheckBalances(b); err != nil {
		return nil, err
	}
	var ms []Movement
	if b.Main.Sign() > 0 {
		ms = append(ms, Movement{Kind: KindTransfer, From: p.MainAccount(), To: to, Amount: b.Main, Reason: reason})
	}
	for i, r := range b.Reserves {
		if r.Sign() > 0 {
			ms = append(ms, Movement{Kind: KindTransfer, From: p.ReserveAccount(i), To: to, Amount: r, Reason: reason})
		}
	}
	return ms, nil
}

// balance returns the balance of one of the pool's accounts.
func (p *Pool) balance(b Balances, account string) (decimal.Decimal, bool) {
	if account == p.MainAccount() {
		return b.Main, true
	}
	for i := range p.params.Reserves {
		if account == p.ReserveAccount(i) && i < len(b.Reserves) {
			return b.Reserves[i], true
		}
	}
	return decimal.Decimal{}, false
}
