package games

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/shopspring/decimal"
)

// PoolDrawer is implemented by PoolRules that may declare complementary
// prizes (seed 004_11b2de8449360267.txt, 6.5.1 "Premios
// complementarios"): prizes drawn at random for a pass's progressive
// bets, unrelated to the hands. The ledger draws them with the secret
// seed whose commitment the pool recorded, and the verifier and the
// dispute replay draw them again once the seed is revealed.
type PoolDrawer interface {
	// Complementary reports whether the parameters declare
	// complementary prizes, and so need a draw seed.
	Complementary() bool
	// Draw draws the complementary prizes of pass (a round's id) for its
	// qualifying bets, in the order given, with seed. It returns the
	// prizes won, in the order of the paytable's lines.
	Draw(seed []byte, pass string, bets []PoolDrawBet) ([]PoolPrizeDrawn, error)
}

// PoolDrawBet is a progressive bet that qualifies for a pass's
// complementary prizes: every progressive bet, also one whose seat
// exchanged cards or did not go.
type PoolDrawBet struct {
	Bet    string
	Player string
	Seat   int
	Stake  decimal.Decimal
}

// PoolPrizeDrawn is one complementary prize won: which line of the
// paytable (Prize, from 0, and its Name), the winning bet, the value
// drawn (below the line's chance, out of Of), and the Amount paid as
// Pay ("cash") from the pool's Account.
type PoolPrizeDrawn struct {
	Prize   int
	Name    string
	Bet     string
	Player  string
	Seat    int
	Value   uint64
	Of      uint64
	Amount  decimal.Decimal
	Pay     string
	Account string
	// ExpiryDays and ExpireTo, for a prize paid in credits, are how many
	// days the player's credits last after it (0: for ever) and where
	// they go when they expire: the pool's main account or "casino".
	ExpiryDays int
	ExpireTo   string
}

// DrawCommitment returns the commitment of a draw seed: its hex SHA-256,
// recorded before the seed draws anything and checked against the seed
// when it is revealed.
func DrawCommitment(seed []byte) string {
	sum := sha256.Sum256(seed)
	return hex.EncodeToString(sum[:])
}
