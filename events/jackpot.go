package events

import (
	"encoding/json"

	"github.com/shopspring/decimal"
)

// Progressive pools (seed 004, section 6). A pool's accounts
// are jackpot:<pool>:main and jackpot:<pool>:reserve:<name>; the casino's
// side of a pool's funding, adjustments and decommission is the casino
// account.

// JackpotConfigured records a pool's parameters in force from now on: the
// first version creates the pool, and the casino funds its base
// (postings casino → main); a later version replaces them between rounds
// of its linked tables.
type JackpotConfigured struct {
	Pool     string          `json:"pool"`
	Version  int             `json:"version"`
	Hash     string          `json:"hash"`
	Currency string          `json:"currency"`
	Params   json.RawMessage `json:"params"`
	// Accounts are the pool's ledger accounts, the main pool first.
	Accounts []string `json:"accounts"`
	// Funded is what the casino put into the main pool to bring it to
	// its base.
	Funded decimal.Decimal `json:"funded,omitzero"`
	Reason string          `json:"reason,omitempty"`
	// Transfers move the balance of every reserve the new version drops
	// into the main pool, before the base is funded: a pool's money
	// stays in the pool's accounts (added in the version that introduced
	// them; earlier events have none, and their dropped reserves' money
	// is swept by the decommission).
	Transfers []Transfer `json:"transfers,omitempty"`
	// DrawCommitment is the hex SHA-256 of the seed the server draws this
	// version's complementary prizes from (events/jackpot_draw.go);
	// empty for parameters without complementary prizes.
	DrawCommitment string `json:"draw_commitment,omitempty"`
}

// JackpotLinked records that a table's progressive bets go to a pool.
type JackpotLinked struct {
	Pool  string `json:"pool"`
	Table string `json:"table"`
}

// JackpotUnlinked records that a table no longer takes progressive bets
// for a pool.
type JackpotUnlinked struct {
	Pool   string `json:"pool"`
	Table  string `json:"table"`
	Reason string `json:"reason,omitempty"`
}

// JackpotAdjusted records a correction of one of a pool's accounts with a
// reason: a positive Amount comes from the casino, a negative one goes
// back to it.
type JackpotAdjusted struct {
	Pool          string          `json:"pool"`
	Account       string          `json:"account"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	Reason        string          `json:"reason"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// JackpotDecommissioned records that a pool is closed: every account's
// balance moves to another pool's main account (To) or, To empty, to the
// casino.
type JackpotDecommissioned struct {
	Pool     string          `json:"pool"`
	To       string          `json:"to,omitempty"`
	Amount   decimal.Decimal `json:"amount"`
	Currency string          `json:"currency"`
	Reason   string          `json:"reason"`
	// Transfers are the balances moved, one per account that held money,
	// From the pool's account To the receiving account.
	Transfers []Transfer `json:"transfers,omitempty"`
}

// PoolFunds are a pool's balances a round was settled with.
type PoolFunds struct {
	Pool string `json:"pool"`
	Hash string `json:"hash"`
	// Params are the pool's parameters with that hash, so that the round
	// is settled again from its own events (replay.RecordedFunds).
	Params   json.RawMessage   `json:"params"`
	Balances []decimal.Decimal `json:"balances"`
	// Order is how the pass's money was written: PassFundedFirst for a
	// pass whose shortfall funding (jackpot.pass_funded) precedes every
	// prize, so that no pool account is below zero after any event;
	// empty in the streams written before, where the shortfall funding
	// came with round.settled, after the prizes (their balances are
	// checked at the pass's end).
	Order string `json:"order,omitempty"`
	// Funded counts the round's leading transfers that jackpot.pass_funded
	// posted already: round.settled lists every transfer of the pass and
	// posts only the others.
	Funded int `json:"funded,omitzero"`
}

// JackpotSeatClosed records that a supervisor closed a seat of a table
// (seed 004, 6.6: a seat whose bet light is faulty, an irregular play):
// the seat takes no progressive bet until it is reopened. Bets placed
// before stay as they were accepted.
type JackpotSeatClosed struct {
	Table  string `json:"table"`
	Seat   int    `json:"seat"`
	Reason string `json:"reason"`
}

// JackpotSeatReopened records that a closed seat takes progressive bets
// again.
type JackpotSeatReopened struct {
	Table  string `json:"table"`
	Seat   int    `json:"seat"`
	Reason string `json:"reason,omitempty"`
}

// PassFundedFirst is PoolFunds.Order of a pass written funding first.
const PassFundedFirst = "funded_first"

// JackpotPassFunded records the shortfall funding of a pass, written
// after the settlements that only pay into the pool and before the first
// prize: the reserves and then the table's house cover the fixed prizes
// the main pool cannot, so that the main pool never goes below zero
// (seed 004, 6.6; docs/GAMES.md). Its transfers are the first
// PoolFunds.Funded transfers of the round's round.settled.
type JackpotPassFunded struct {
	Table     string     `json:"table"`
	Round     string     `json:"round"`
	Pool      string     `json:"pool"`
	Currency  string     `json:"currency"`
	Transfers []Transfer `json:"transfers"`
}
