package events

import (
	"time"

	"github.com/shopspring/decimal"
)

// Complementary prizes of progressive pools (seed
// 004_11b2de8449360267.txt, 6.5.1 "Premios complementarios"): drawn from
// a secret seed whose commitment (hex SHA-256) jackpot.configured
// records before the seed draws anything, and revealed by
// jackpot.draw_seed_revealed when the seed is replaced, so that every
// draw can be done again (docs/GAMES.md, "Complementary prizes").

// JackpotDrawn records the complementary draws of one pass, written
// before the pass's round.settled: the progressive bets that qualified
// (every one, also a seat that exchanged or folded), the commitment of
// the seed drawn with, and the prizes won. Its postings pay each prize
// from the pool's account to the winner's wallet, after the table's house
// advances what the account lacks (Advanced).
type JackpotDrawn struct {
	Table    string `json:"table"`
	Round    string `json:"round"`
	Pool     string `json:"pool"`
	Version  int    `json:"version"`
	Hash     string `json:"hash"`
	Currency string `json:"currency"`
	// Commitment is the hex SHA-256 of the seed the draws came from.
	Commitment string `json:"commitment"`
	// Bets are the qualifying bets, in the order they were drawn for.
	Bets []DrawnBet `json:"bets"`
	// Prizes are the prizes won, in the order drawn.
	Prizes []DrawnPrize `json:"prizes,omitempty"`
	// Advanced are what the table's house put into a paying account that
	// could not cover the prizes drawn on it.
	Advanced []Transfer `json:"advanced,omitempty"`
}

// DrawnBet is a progressive bet that qualified for a pass's draws.
type DrawnBet struct {
	Bet    string          `json:"bet"`
	Player string          `json:"player"`
	Seat   int             `json:"seat"`
	Stake  decimal.Decimal `json:"stake"`
}

// DrawnPrize is one complementary prize won.
type DrawnPrize struct {
	// Prize is the line of the pool's complementary paytable, from 0.
	Prize  int    `json:"prize"`
	Name   string `json:"name"`
	Bet    string `json:"bet"`
	Player string `json:"player"`
	Seat   int    `json:"seat"`
	// Value is the value drawn, out of Of.
	Value  uint64          `json:"value"`
	Of     uint64          `json:"of"`
	Amount decimal.Decimal `json:"amount"`
	// Pay is how the prize is paid ("cash"), From the pool's account To
	// the player's account.
	Pay  string `json:"pay"`
	From string `json:"from"`
	To   string `json:"to"`
	// Expires, for credits that expire, is when the player's credits
	// expire from this prize on, and ExpireTo the account they then go to
	// (the pool's main account, or the casino).
	Expires  time.Time `json:"expires,omitzero"`
	ExpireTo string    `json:"expire_to,omitempty"`
}

// CreditsExpired records a player's promotional credits expired (seed
// 004_11b2de8449360267.txt, 6.5.1; the pool's parameters say when and
// where): their whole balance moves from credits:<player> to To, the pool's
// main account or the casino; nothing disappears.
type CreditsExpired struct {
	Player   string          `json:"player"`
	Currency string          `json:"currency"`
	Amount   decimal.Decimal `json:"amount"`
	To       string          `json:"to"`
	// Expired is when they expired: the last prize's expiry.
	Expired time.Time `json:"expired"`
}

// JackpotDrawSeedRevealed records that a pool's draw seed is replaced and
// reveals it: its SHA-256 is Commitment, the one recorded when it was
// put in force. Next is the commitment of the seed in force from now on,
// empty when none (the pool is decommissioned, or a new version of its
// parameters records its own in jackpot.configured).
type JackpotDrawSeedRevealed struct {
	Pool       string `json:"pool"`
	Commitment string `json:"commitment"`
	// Seed is the seed, hex.
	Seed   string `json:"seed"`
	Next   string `json:"next,omitempty"`
	Reason string `json:"reason,omitempty"`
}
