package games

import (
	"errors"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// Progressive pools on the seam (seed 004, section 6). A pool belongs to no table:
// its parameters are data a supervisor configures at run time
// (jackpot.configured), parsed and validated by the game package that
// knows pools (games/jackpot) through the PoolParser the catalog was
// built with, and held by the generic layers only as PoolRules.

// PoolRules is one version of a progressive pool's parameters, as the
// generic layers need them. A PoolRules is immutable and safe for
// concurrent use.
type PoolRules interface {
	// ID is the pool's id ("jp-1").
	ID() string
	// Version counts revisions of the pool's parameters, from 1.
	Version() int
	// Hash is the SHA-256 of CanonicalJSON, recorded in
	// jackpot.configured and in every round settled against the pool.
	Hash() string
	// CanonicalJSON is the parameters as the events record them; parsing
	// it again gives rules with the same hash.
	CanonicalJSON() []byte
	// Scale is the decimals of the pool's currency.
	Scale() int32
	// Base is the main pool's base (seed amount).
	Base() decimal.Decimal
	// Accounts are the pool's ledger accounts, the main pool first
	// ("jackpot:<pool>:main"), then the reserves in their order
	// ("jackpot:<pool>:reserve:<name>").
	Accounts() []string
	// Pass collects one pass's progressive bets (each split into the
	// casino's commission and the pool's accounts, in the order of the
	// hands) and pays its prizes, given the pool's balances before the
	// pass (Accounts' order).
	Pass(balances []decimal.Decimal, hands []PoolHand) (PoolPass, error)
}

// PoolHand is one seat's progressive bet and hand in a pass.
type PoolHand struct {
	Seat int
	Bet  decimal.Decimal
	// Cards are the seat's five cards as written ("AS").
	Cards []string
	// Forfeit is "", "folded" or "exchanged" (seed 004, 6.5.1).
	Forfeit string
}

// PoolPass is the settlement of one pass against a pool.
type PoolPass struct {
	// Seats holds each hand's contribution and prize, in the order of
	// the hands given.
	Seats []PoolSeat
	// Movements are the pass's movements other than the prizes, in
	// order: a shortfall covered and the reset, From and To being the
	// pool's accounts or PoolCasino.
	Movements []PoolMovement
}

// PoolSeat is one seat's progressive bet split (Commission + Σ Parts =
// the bet, Parts in Accounts order), its prize (zero when none) and the
// rule that decided it.
type PoolSeat struct {
	Seat       int
	Hand       string
	Commission decimal.Decimal
	Parts      []decimal.Decimal
	Prize      decimal.Decimal
	Rule       string
}

// PoolMovement is money moved within a pool, or between a pool and the casino.
type PoolMovement struct {
	Kind   string
	From   string
	To     string
	Amount decimal.Decimal
	Reason string
}

// PoolCasino names the casino in a PoolMovement: the table's house account
// when a pass needs it (a shortfall, a reset).
const PoolCasino = "casino"

// PoolParser parses a pool's parameters as a supervisor gives them (a
// JSON object), strictly; its errors have an ErrorCode.
type PoolParser interface {
	ParsePool(raw []byte) (PoolRules, error)
}

// Progressive is implemented by a paytable whose tables may be linked to
// a progressive pool: its progressive bets are placed only on a linked
// table, and its rounds are settled together (RoundSettler) with the
// pool's balances in Funds.Pool.
type Progressive interface {
	// ProgressiveBet reports whether code is a progressive bet.
	ProgressiveBet(code string) bool
}

// PoolFunds are a linked pool's rules and balances as a round's last
// result found them.
type PoolFunds struct {
	Rules PoolRules `json:"-"`
	// Balances are the pool's accounts' balances, in Rules.Accounts order.
	Balances []decimal.Decimal `json:"balances"`
}

// ErrNoPools is returned by Catalog.ParsePool when the catalog was built
// without a PoolParser.
var ErrNoPools error = &Sentinel{Msg: "this build has no progressive pools", Code: "invalid_jackpot_params"}

// WithPools returns c with the parser of pool parameters; registry.New
// sets it.
func (c *Catalog) WithPools(p PoolParser) *Catalog {
	c.pools = p
	return c
}

// ParsePool parses a pool's parameters with the catalog's PoolParser.
func (c *Catalog) ParsePool(raw []byte) (PoolRules, error) {
	if c.pools == nil {
		return nil, ErrNoPools
	}
	r, err := c.pools.ParsePool(raw)
	if err != nil {
		if ErrorCode(err) == "" {
			return nil, fmt.Errorf("%w: %v", ErrNoPools, err)
		}
		return nil, err
	}
	if r == nil {
		return nil, errors.New("games: pool parser returned no rules")
	}
	return r, nil
}

// SettlePass settles a pass's progressive bets against the linked pool:
// the one place that maps a games.PoolPass onto settlements and the
// round's transfers, for every game with a progressive bet. bets[i] is
// hands[i]'s progressive bet. Each settlement's Contributions collect the
// whole stake: the casino's commission first (to CommissionAccount, the
// table's commission account), then the pool's accounts (Pool is the
// account without its "jackpot:" prefix). A prize is paid by the pool's
// main account (the Counterparty), Win = Returned = the prize: the
// player keeps only the prize, not the bet (seed 004, 6.6). A shortfall
// or a reset funded by a reserve or by the casino (the table's house) is
// a transfer with its reason.
func SettlePass(funds *PoolFunds, bets []Bet, hands []PoolHand) ([]Settlement, []Transfer, error) {
	if funds == nil || funds.Rules == nil {
		return nil, nil, fmt.Errorf("%w: the table is linked to no pool", ErrNoPools)
	}
	if len(bets) != len(hands) {
		return nil, nil, fmt.Errorf("games: %d progressive bets for %d hands", len(bets), len(hands))
	}
	pass, err := funds.Rules.Pass(funds.Balances, hands)
	if err != nil {
		return nil, nil, err
	}
	accounts := funds.Rules.Accounts()
	main := accounts[0]
	out := make([]Settlement, len(bets))
	for i, s := range pass.Seats {
		// The rule starts with the hand's category, for the regulator's
		// prizes by hand.
		st := Settlement{Outcome: OutcomeLost, Win: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero, Rule: s.Hand + ": " + s.Rule, Counterparty: main}
		if s.Commission.IsPositive() {
			st.Contributions = append(st.Contributions, Contribution{Pool: CommissionAccount, Amount: s.Commission})
		}
		for k, a := range s.Parts {
			if a.IsPositive() {
				st.Contributions = append(st.Contributions, Contribution{Pool: strings.TrimPrefix(accounts[k], PoolAccountPrefix), Amount: a})
			}
		}
		if s.Prize.IsPositive() {
			st.Outcome, st.Win, st.Returned = OutcomeWon, s.Prize, s.Prize
		}
		out[i] = st
	}
	var ts []Transfer
	for _, m := range pass.Movements {
		from := m.From
		if from == PoolCasino {
			from = CounterpartyHouse
		}
		ts = append(ts, Transfer{From: from, To: m.To, Amount: m.Amount, Rule: m.Kind + ": " + m.Reason})
	}
	return out, ts, nil
}

// PoolShortfall is the kind of a pass's transfer that covers a fixed
// prize the main pool cannot (games/jackpot.KindShortfall); SettlePass
// writes a transfer's kind first in its rule ("shortfall: …").
const PoolShortfall = "shortfall"

// PassFunding reports whether t is a pass's shortfall funding: the money
// the ledger writes before the pass's prizes (jackpot.pass_funded).
func PassFunding(t Transfer) bool { return strings.HasPrefix(t.Rule, PoolShortfall+":") }

// PoolAccountPrefix starts every pool account's name.
const PoolAccountPrefix = "jackpot:"
