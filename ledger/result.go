package ledger

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// Result is the answer to an accepted command: the stream sequences of its
// events and what the command created. A command retried with the same
// idempotency key gets the same Result, before and after a restart, because
// both are computed from the stored events by the same function.
type Result struct {
	FirstSeq uint64 `json:"first_seq"`
	LastSeq  uint64 `json:"last_seq"`
	Events   int    `json:"events"`

	Table       string   `json:"table,omitempty"`
	Round       string   `json:"round,omitempty"`
	RoundNumber int64    `json:"round_number,omitempty"`
	Slip        string   `json:"slip,omitempty"`
	Bets        []string `json:"bets,omitempty"`
	Player      string   `json:"player,omitempty"`
	// Balance is the wallet balance after a cashier command or a slip.
	Balance  *decimal.Decimal `json:"balance,omitempty"`
	Currency string           `json:"currency,omitempty"`
}

// add folds one stored event of the command into the result.
func (r *Result) add(e *events.Envelope, payload any) {
	if r.Events == 0 || e.Seq < r.FirstSeq {
		r.FirstSeq = e.Seq
	}
	if e.Seq > r.LastSeq {
		r.LastSeq = e.Seq
	}
	r.Events++
	if r.Events > 1 {
		// The first event of a command says what it did; the rest are
		// settlements or refunds that follow from it.
		return
	}
	r.Table = e.Table
	r.Round = e.Round
	switch p := payload.(type) {
	case *events.WalletDeposited:
		r.setWallet(p.Player, p.BalanceAfter, p.Currency)
	case *events.WalletWithdrawn:
		r.setWallet(p.Player, p.BalanceAfter, p.Currency)
	case *events.WalletAdjusted:
		r.setWallet(p.Player, p.BalanceAfter, p.Currency)
	case *events.RoundOpened:
		r.RoundNumber = p.Number
	case *events.BetPlaced:
		r.Slip = p.Slip
		r.setWallet(p.Player, p.BalanceAfter, p.Currency)
		r.Bets = make([]string, len(p.Bets))
		for i, b := range p.Bets {
			r.Bets[i] = b.Bet
		}
	}
}

func (r *Result) setWallet(player string, balance decimal.Decimal, currency string) {
	r.Player = player
	// Keep the balance as the stored event reads back (an in-memory
	// 100.00 is decoded as 100), so that the live answer and the one
	// rebuilt from the log after a restart are identical, not only equal.
	b := decimal.RequireFromString(balance.String())
	r.Balance = &b
	r.Currency = currency
}
