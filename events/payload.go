package events

import (
	"time"

	"github.com/shopspring/decimal"
)

// Money amounts are decimal strings in JSON ("10.50"); each payload names its
// currency. Balances before and after are recorded on every wallet movement
// (GLI-19 2.8.5 asks for them).

// WalletDeposited is a deposit from the external cashier into a wallet.
type WalletDeposited struct {
	Player        string          `json:"player"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	Reference     string          `json:"reference,omitempty"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// WalletWithdrawn is a withdrawal from a wallet to the external cashier.
type WalletWithdrawn struct {
	Player        string          `json:"player"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	Reference     string          `json:"reference,omitempty"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// WalletAdjusted is a supervisor's correction of a wallet balance. Amount is
// signed: positive credits the wallet, negative debits it.
type WalletAdjusted struct {
	Player        string          `json:"player"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	Reason        string          `json:"reason"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// Limit is a minimum and maximum stake.
type Limit struct {
	Min decimal.Decimal `json:"min"`
	Max decimal.Decimal `json:"max"`
}

// TableOpened opens a table for a game under one paytable.
type TableOpened struct {
	Table        string `json:"table"`
	Game         string `json:"game"`
	Paytable     string `json:"paytable"`
	PaytableHash string `json:"paytable_hash"`
	Currency     string `json:"currency"`
	// Scale is the number of decimals the currency allows (2 for EUR).
	Scale int32 `json:"scale"`
	// Limits maps a bet kind (the bet code before any ':', for example
	// "small" or "total") or "*" (any other kind) to its stake limits.
	Limits map[string]Limit `json:"limits"`
	// Band is the authorised fluctuation band: every limit must lie within
	// it, now and after any change (seed 000, art. 4.2).
	Band   Limit  `json:"band"`
	Dealer string `json:"dealer"`
}

// TableLimitsChanged announces new limits between rounds; they apply from
// round number EffectiveFromRound on (seed 000, art. 4.2: "previa
// información a los jugadores").
type TableLimitsChanged struct {
	Table              string           `json:"table"`
	Before             map[string]Limit `json:"before"`
	After              map[string]Limit `json:"after"`
	EffectiveFromRound int64            `json:"effective_from_round"`
	Reason             string           `json:"reason,omitempty"`
}

// TableClosed closes a table. No round may be open.
type TableClosed struct {
	Table  string `json:"table"`
	Reason string `json:"reason,omitempty"`
}

// RoundOpened opens a round for betting.
type RoundOpened struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// BettingWindow is the announced length of the betting countdown; the
	// dealer's close-betting command is what actually closes it.
	BettingWindow time.Duration `json:"betting_window_ns,omitempty"`
	Paytable      string        `json:"paytable"`
	PaytableHash  string        `json:"paytable_hash"`
}

// PlacedBet is one bet of a slip.
type PlacedBet struct {
	Bet   string          `json:"bet"`
	Code  string          `json:"code"`
	Stake decimal.Decimal `json:"stake"`
}

// BetPlaced is a bet slip: one player's bets on one round, accepted together.
// Each stake moves from the wallet into the table's in-play account.
type BetPlaced struct {
	Slip          string          `json:"slip"`
	Player        string          `json:"player"`
	Table         string          `json:"table"`
	Round         string          `json:"round"`
	Currency      string          `json:"currency"`
	Bets          []PlacedBet     `json:"bets"`
	Total         decimal.Decimal `json:"total"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// RoundBettingClosed is the dealer's "no more bets".
type RoundBettingClosed struct {
	Table  string          `json:"table"`
	Round  string          `json:"round"`
	Bets   int             `json:"bets"`
	Staked decimal.Decimal `json:"staked"`
}

// Reshake reasons (seed 001: dice overlapping or not flat, fewer than three
// dice fell).
const (
	ReshakeOverlapping = "dice_overlapping"
	ReshakeNotFlat     = "dice_not_flat"
	ReshakeFewerDice   = "fewer_than_three"
	ReshakeOther       = "other"
)

// RoundReshake records that the dice were shaken again without a result.
type RoundReshake struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
	Note   string `json:"note,omitempty"`
}

// RoundResult is the result as the dealer entered it.
type RoundResult struct {
	Table string `json:"table"`
	Round string `json:"round"`
	Dice  [3]int `json:"dice"`
}

// Bet outcomes.
const (
	OutcomeWon  = "won"
	OutcomeLost = "lost"
)

// BetSettled is the settlement of one bet under the paytable it was accepted
// with. Returned is what goes back to the wallet (stake plus win, or zero);
// Residue is the fraction of the currency's smallest unit that the rounding
// policy did not pay, posted to the table's rounding account.
type BetSettled struct {
	Table        string          `json:"table"`
	Round        string          `json:"round"`
	Slip         string          `json:"slip"`
	Bet          string          `json:"bet"`
	Player       string          `json:"player"`
	Code         string          `json:"code"`
	Stake        decimal.Decimal `json:"stake"`
	Currency     string          `json:"currency"`
	Dice         [3]int          `json:"dice"`
	Outcome      string          `json:"outcome"`
	Win          decimal.Decimal `json:"win"`
	Returned     decimal.Decimal `json:"returned"`
	Residue      decimal.Decimal `json:"residue"`
	Rule         string          `json:"rule"`
	Paytable     string          `json:"paytable"`
	PaytableHash string          `json:"paytable_hash"`
	// Correction counts result corrections: 0 for the first settlement.
	Correction int `json:"correction"`
	// Commission is what the house keeps of the win (baccarat's banker
	// bet); Contributions are the shares of the stake that went to
	// jackpot pools. Sic Bo has neither, and they are omitted.
	Commission    decimal.Decimal `json:"commission,omitzero"`
	Contributions []Contribution  `json:"contributions,omitempty"`
}

// Contribution is a share of a stake posted to a jackpot pool.
type Contribution struct {
	Pool   string          `json:"pool"`
	Amount decimal.Decimal `json:"amount"`
}

// RoundSettled closes a round once every bet is settled, with its totals.
type RoundSettled struct {
	Table      string          `json:"table"`
	Round      string          `json:"round"`
	Dice       [3]int          `json:"dice"`
	Bets       int             `json:"bets"`
	Staked     decimal.Decimal `json:"staked"`
	Won        decimal.Decimal `json:"won"`
	Returned   decimal.Decimal `json:"returned"`
	Residue    decimal.Decimal `json:"residue"`
	Correction int             `json:"correction"`
}

// RoundPaused pauses a round on a fault; the supervisor is informed (seed
// 001, "Manejo de errores").
type RoundPaused struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
}

// RoundResumed resumes a paused round where it was.
type RoundResumed struct {
	Table string `json:"table"`
	Round string `json:"round"`
	Note  string `json:"note,omitempty"`
}

// RoundCancelled cancels a round; every bet is refunded by a BetRefunded
// event that follows it.
type RoundCancelled struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Reason   string          `json:"reason"`
	Bets     int             `json:"bets"`
	Refunded decimal.Decimal `json:"refunded"`
}

// BetRefunded voids a bet: its stake goes back from in-play to the wallet.
type BetRefunded struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Slip     string          `json:"slip"`
	Bet      string          `json:"bet"`
	Player   string          `json:"player"`
	Code     string          `json:"code"`
	Stake    decimal.Decimal `json:"stake"`
	Currency string          `json:"currency"`
}

// RoundResultCorrected records a supervisor's correction of a wrongly entered
// result. Every bet's settlement is reversed (BetSettlementReversed) and
// settled again (BetSettled with the new Correction number).
type RoundResultCorrected struct {
	Table      string `json:"table"`
	Round      string `json:"round"`
	Before     [3]int `json:"before"`
	After      [3]int `json:"after"`
	Reason     string `json:"reason"`
	Correction int    `json:"correction"`
}

// BetSettlementReversed undoes one earlier settlement with compensating
// postings: the stake goes back into play and the win back to the house.
type BetSettlementReversed struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Slip     string          `json:"slip"`
	Bet      string          `json:"bet"`
	Player   string          `json:"player"`
	Code     string          `json:"code"`
	Stake    decimal.Decimal `json:"stake"`
	Currency string          `json:"currency"`
	Win      decimal.Decimal `json:"win"`
	Returned decimal.Decimal `json:"returned"`
	Residue  decimal.Decimal `json:"residue"`
	// Correction is the number of the correction that reversed it.
	Correction int `json:"correction"`
}

// LedgerSealed records the chain head at a point of the stream, optionally
// signed with Ed25519. The signature covers SealMessage(FromSeq, ToSeq, Head).
type LedgerSealed struct {
	FromSeq   uint64 `json:"from_seq"`
	ToSeq     uint64 `json:"to_seq"`
	Count     uint64 `json:"count"`
	Head      Hash   `json:"head"`
	KeyID     string `json:"key_id,omitempty"`
	Signature string `json:"signature,omitempty"`
}

// newPayload returns a new zero payload for t, or nil for an unknown type.
func newPayload(t Type) any {
	switch t {
	case TypeWalletDeposited:
		return new(WalletDeposited)
	case TypeWalletWithdrawn:
		return new(WalletWithdrawn)
	case TypeWalletAdjusted:
		return new(WalletAdjusted)
	case TypeTableOpened:
		return new(TableOpened)
	case TypeTableLimitsChanged:
		return new(TableLimitsChanged)
	case TypeTableClosed:
		return new(TableClosed)
	case TypeRoundOpened:
		return new(RoundOpened)
	case TypeBetPlaced:
		return new(BetPlaced)
	case TypeRoundBettingClosed:
		return new(RoundBettingClosed)
	case TypeRoundReshake:
		return new(RoundReshake)
	case TypeRoundResult:
		return new(RoundResult)
	case TypeBetSettled:
		return new(BetSettled)
	case TypeRoundSettled:
		return new(RoundSettled)
	case TypeRoundPaused:
		return new(RoundPaused)
	case TypeRoundResumed:
		return new(RoundResumed)
	case TypeRoundCancelled:
		return new(RoundCancelled)
	case TypeBetRefunded:
		return new(BetRefunded)
	case TypeRoundResultCorrected:
		return new(RoundResultCorrected)
	case TypeBetSettlementReversed:
		return new(BetSettlementReversed)
	case TypeLedgerSealed:
		return new(LedgerSealed)
	}
	return nil
}
