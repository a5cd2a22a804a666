package jackpot

import (
	"fmt"
	"slices"

	"github.com/shopspring/decimal"
)

// Kinds of movement. Every change of a pool account is one movement, so
// that the account's history explains its balance (seed 004, 6.4.1
// "Sistema informático del progresivo"; GLI-19 A.6.5).
const (
	// KindCommission: the casino's commission on a progressive bet,
	// stakes → commission.
	KindCommission = "commission"
	// KindContribution: the rest of the bet, stakes → main or a reserve
	// (with Reason "over the ceiling" for what overflows the main pool).
	KindContribution = "contribution"
	// KindPrize: a prize, main → seat.
	KindPrize = "prize"
	// KindShortfall: a reserve or the casino covers what the main pool
	// lacks to pay a fixed prize in full, reserve → main or casino →
	// main.
	KindShortfall = "shortfall"
	// KindReset: the main pool restarts at its base, reserve → main or
	// casino → main.
	KindReset = "reset"
	// KindAdjustment: a correction with a reason, casino → pool or pool →
	// casino.
	KindAdjustment = "adjustment"
	// KindTransfer: a decommissioned pool's balance moves to another
	// pool.
	KindTransfer = "transfer"
)

// Movement is one movement of money into, out of or between a pool's
// accounts, between the ledger accounts of Pool (MainAccount,
// ReserveAccount) and the symbolic ones (AccountStakes, AccountCommission,
// AccountCasino, AccountSeat).
type Movement struct {
	Kind   string          `json:"kind"`
	From   string          `json:"from"`
	To     string          `json:"to"`
	Amount decimal.Decimal `json:"amount"`
	// Seat is the seat a contribution, a prize or a shortfall belongs to,
	// 0 for none.
	Seat int `json:"seat,omitzero"`
	// Hand is the winning category of a prize (or of the fixed prize a
	// shortfall covers).
	Hand string `json:"hand,omitempty"`
	// Reason says why, for the dispute report and the regulator.
	Reason string `json:"reason,omitempty"`
}

// Balances are a pool's accounts: the main pool and the reserves, in the
// parameters' order.
type Balances struct {
	Main     decimal.Decimal   `json:"main"`
	Reserves []decimal.Decimal `json:"reserves"`
}

// Total is the main pool plus every reserve.
func (b Balances) Total() decimal.Decimal {
	t := b.Main
	for _, r := range b.Reserves {
		t = t.Add(r)
	}
	return t
}

// Clone returns a copy that shares nothing with b.
func (b Balances) Clone() Balances {
	return Balances{Main: b.Main, Reserves: slices.Clone(b.Reserves)}
}

// Opening returns the balances of a new pool: everything zero. The base is
// not there yet: the casino funds it with a reset movement (Restart).
func (p *Pool) Opening() Balances {
	return Balances{Main: decimal.Zero, Reserves: zeros(len(p.params.Reserves))}
}

func zeros(n int) []decimal.Decimal {
	z := make([]decimal.Decimal, n)
	for i := range z {
		z[i] = decimal.Zero
	}
	return z
}

// Apply returns the balances after movements, moving each amount out of
// its From and into its To where they are the pool's accounts. It is the
// fold the regulator report checks against: it does not validate.
func (p *Pool) Apply(b Balances, ms []Movement) Balances {
	b = b.Clone()
	for _, m := range ms {
		p.move(&b, m.From, m.Amount.Neg())
		p.move(&b, m.To, m.Amount)
	}
	return b
}

func (p *Pool) move(b *Balances, account string, amount decimal.Decimal) {
	if account == p.MainAccount() {
		b.Main = b.Main.Add(amount)
		return
	}
	for i := range p.params.Reserves {
		if account == p.ReserveAccount(i) {
			b.Reserves[i] = b.Reserves[i].Add(amount)
		}
	}
}

// CheckBalances validates balances of this pool: one per reserve, none
// negative, none with more decimals than the scale or not below
// 10^AmountDigitsMax. Its errors wrap ErrBadAmount.
func (p *Pool) CheckBalances(b Balances) error {
	if len(b.Reserves) != len(p.params.Reserves) {
		return fmt.Errorf("%w: %d reserve balances for a pool with %d reserves", ErrBadAmount, len(b.Reserves), len(p.params.Reserves))
	}
	if err := p.checkAmount("main pool", b.Main, true); err != nil {
		return err
	}
	for i, r := range b.Reserves {
		if err := p.checkAmount("reserve "+p.params.Reserves[i].Name, r, true); err != nil {
			return err
		}
	}
	return nil
}
