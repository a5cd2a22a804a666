package ledger

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/round"
)

// Result is the answer to an accepted command: the stream sequences of its
// events and what the command created. A command retried with the same
// idempotency key gets the same Result, before and after a restart, because
// both are computed from the stored events by the same function.
type Result struct {
	FirstSeq uint64 `json:"first_seq"`
	LastSeq  uint64 `json:"last_seq"`
	Events   int    `json:"events"`

	Table       string `json:"table,omitempty"`
	Round       string `json:"round,omitempty"`
	RoundNumber int64  `json:"round_number,omitempty"`
	Slip        string `json:"slip,omitempty"`
	// Bets are a slip's bets, in the slip's order, each with the id the
	// ledger gave it and its code: a client matches them to what it sent
	// without a second read. For a round's opening, the bets the ledger
	// placed in it (carried halves), with their slips and players.
	Bets   []SlipBet `json:"bets,omitempty"`
	Player string    `json:"player,omitempty"`
	// Balance is the wallet balance after a cashier command or a slip.
	Balance *decimal.Decimal `json:"balance,omitempty"`
	// Currency is the currency of Balance, or of the Settlement.
	Currency string `json:"currency,omitempty"`
	// Settlement is what a result, a cancellation or a correction did to
	// the round's bets; nil for other commands, and for a result that
	// decided no bet.
	Settlement *Settlement `json:"settlement,omitempty"`
}

// SlipBet is one bet of a slip answer, or one the ledger placed itself
// when it opened a round (a bingo session's carried halves), which also
// names its Slip and Player.
type SlipBet struct {
	Bet    string `json:"bet"`
	Code   string `json:"code"`
	Slip   string `json:"slip,omitempty"`
	Player string `json:"player,omitempty"`
}

// Settlement lists the bets a command settled or refunded, with their
// totals, so that a client does not need a second read to learn them. It
// is folded from the command's own bet.settled and bet.refunded events, so
// it is the same for a retried idempotency key, before and after a
// restart. Its cost in memory while the key is remembered is a few short
// strings and two amounts per bet: the same order as the slip answers that
// placed those bets, which the ledger remembers too.
type Settlement struct {
	Bets   []SettledBet     `json:"bets"`
	Totals SettlementTotals `json:"totals"`
}

// SettledBet is one bet's settlement (or refund) in a Settlement. Outcome
// is won, lost or push as the game decided, or refunded. Commission is
// what the house kept of the win (baccarat's banker bet; zero for most
// bets), so that Returned = stake + Win − Commission for every bet of
// every game; Rule is the paytable rule that decided the bet, as the
// bet.settled event records it (RuleRefunded for a refund).
type SettledBet struct {
	Bet        string          `json:"bet"`
	Code       string          `json:"code"`
	Outcome    string          `json:"outcome"`
	Win        decimal.Decimal `json:"win"`
	Returned   decimal.Decimal `json:"returned"`
	Commission decimal.Decimal `json:"commission"`
	Rule       string          `json:"rule"`
}

// OutcomeRefunded is the Outcome of a refunded bet in a Settlement: the
// bet's status in its round (round.BetRefunded).
const OutcomeRefunded = string(round.BetRefunded)

// SettlementTotals add up a Settlement's bets: Returned is what went back
// to the wallets (Refunded of it by refunds), Residue what the rounding
// policy did not pay.
type SettlementTotals struct {
	Bets     int             `json:"bets"`
	Staked   decimal.Decimal `json:"staked"`
	Won      decimal.Decimal `json:"won"`
	Returned decimal.Decimal `json:"returned"`
	Refunded decimal.Decimal `json:"refunded"`
	Residue  decimal.Decimal `json:"residue"`
	// Commission adds up the bets' Commission: Returned = Staked + Won −
	// Commission for a settlement of settled and refunded bets.
	Commission decimal.Decimal `json:"commission"`
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
	// The first event of a command says what it did; the rest are
	// settlements or refunds that follow from it.
	switch p := payload.(type) {
	case *events.BetSettled:
		r.settle(SettledBet{Bet: p.Bet, Code: p.Code, Outcome: p.Outcome, Win: p.Win, Returned: p.Returned, Commission: p.Commission, Rule: p.Rule}, p.Currency, p.Stake, p.Residue)
	case *events.BetRefunded:
		r.settle(SettledBet{Bet: p.Bet, Code: p.Code, Outcome: OutcomeRefunded, Win: decimal.Zero, Returned: p.Stake, Commission: decimal.Zero, Rule: round.RuleRefunded}, p.Currency, p.Stake, decimal.Zero)
	}
	if r.Events > 1 {
		// A round's opening places the bets carried into it (a bingo
		// session's held halves): the answer lists them, so that the
		// opener sees what the round starts with.
		if p, ok := payload.(*events.BetPlaced); ok && r.RoundNumber != 0 {
			for _, b := range p.Bets {
				r.Bets = append(r.Bets, SlipBet{Bet: b.Bet, Code: b.Code, Slip: p.Slip, Player: p.Player})
			}
		}
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
		r.Bets = make([]SlipBet, len(p.Bets))
		for i, b := range p.Bets {
			r.Bets[i] = SlipBet{Bet: b.Bet, Code: b.Code}
		}
	}
}

// settle adds one bet's settlement or refund to the result.
func (r *Result) settle(b SettledBet, currency string, stake, residue decimal.Decimal) {
	if r.Settlement == nil {
		z := decimal.Zero
		r.Settlement = &Settlement{Bets: []SettledBet{}, Totals: SettlementTotals{Staked: z, Won: z, Returned: z, Refunded: z, Residue: z, Commission: z}}
	}
	s := r.Settlement
	b.Win, b.Returned, b.Commission = asStored(b.Win), asStored(b.Returned), asStored(b.Commission)
	s.Bets = append(s.Bets, b)
	t := &s.Totals
	t.Bets++
	t.Staked = asStored(t.Staked.Add(stake))
	t.Won = asStored(t.Won.Add(b.Win))
	t.Returned = asStored(t.Returned.Add(b.Returned))
	if b.Outcome == OutcomeRefunded {
		t.Refunded = asStored(t.Refunded.Add(b.Returned))
	}
	t.Residue = asStored(t.Residue.Add(residue))
	t.Commission = asStored(t.Commission.Add(b.Commission))
	r.Currency = currency
}

// asStored returns d as the stored event reads it back (an in-memory
// 100.00 is decoded as 100), so that the live answer and the one rebuilt
// from the log after a restart are identical, not only equal.
//
// It was a tenth of the answer's cost as a String and a parse: a
// coefficient of up to 18 digits is read back as decimal.NewFromString
// builds it (decimal.New of the coefficient without the fraction's trailing
// zeros, at exponent 0 for an integer), without spelling it first;
// TestAsStored_SameAsStringParse holds the two to the same values.
func asStored(d decimal.Decimal) decimal.Decimal {
	const digitsMax = 17 // with a sign, the 18 characters NewFromString reads as an int64
	if digits, exp := d.NumDigits(), d.Exponent(); digits <= digitsMax && decimal.TrimTrailingZeros && !decimal.UseScientificNotation {
		c := d.CoefficientInt64()
		switch {
		case exp >= 0 && int(exp)+digits <= digitsMax:
			for ; exp > 0; exp-- {
				c *= 10
			}
			return decimal.New(c, 0)
		case exp < 0:
			for exp < 0 && c%10 == 0 {
				c /= 10
				exp++
			}
			return decimal.New(c, exp)
		}
	}
	return decimal.RequireFromString(d.String())
}

func (r *Result) setWallet(player string, balance decimal.Decimal, currency string) {
	r.Player = player
	b := asStored(balance)
	r.Balance = &b
	r.Currency = currency
}
