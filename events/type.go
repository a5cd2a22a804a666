package events

// Type is the name of an event type. Names are append-only: once a name has
// been written to a stream it is never renamed, reordered or reused.
type Type string

// The event catalog. Keep this list append-only.
const (
	// Cashier events (subject <prefix>.cashier).
	TypeWalletDeposited Type = "wallet.deposited"
	TypeWalletWithdrawn Type = "wallet.withdrawn"
	TypeWalletAdjusted  Type = "wallet.adjusted"

	// Table events (subject <prefix>.table.<table>).
	TypeTableOpened        Type = "table.opened"
	TypeTableLimitsChanged Type = "table.limits_changed"
	TypeTableClosed        Type = "table.closed"

	// Round events (subject <prefix>.table.<table>).
	TypeRoundOpened           Type = "round.opened"
	TypeBetPlaced             Type = "bet.placed"
	TypeRoundBettingClosed    Type = "round.betting_closed"
	TypeRoundReshake          Type = "round.reshake"
	TypeRoundResult           Type = "round.result"
	TypeBetSettled            Type = "bet.settled"
	TypeRoundSettled          Type = "round.settled"
	TypeRoundPaused           Type = "round.paused"
	TypeRoundResumed          Type = "round.resumed"
	TypeRoundCancelled        Type = "round.cancelled"
	TypeBetRefunded           Type = "bet.refunded"
	TypeRoundResultCorrected  Type = "round.result_corrected"
	TypeBetSettlementReversed Type = "bet.settlement_reversed"

	// Integrity events (subject <prefix>.seal).
	TypeLedgerSealed Type = "ledger.sealed"

	// Round events of games whose rounds have several results (subject
	// <prefix>.table.<table>), added with the game seam.
	TypeRoundStepSettled Type = "round.step_settled"
	TypeBetTakenDown     Type = "bet.taken_down"

	// Table events of player-banked games (subject <prefix>.table.<table>).
	TypeTableBankTaken    Type = "table.bank_taken"
	TypeTableBankReleased Type = "table.bank_released"

	// Table events of games dealt from a shoe (subject <prefix>.table.<table>).
	TypeTableShoeStarted Type = "table.shoe_started"
	// Round events of games whose players call their wins (bingo's
	// "cantar"; subject <prefix>.table.<table>).
	TypeBingoClaimed Type = "bingo.claimed"
	// Progressive pool events (subject <prefix>.jackpot): a pool belongs
	// to no table.
	TypeJackpotConfigured     Type = "jackpot.configured"
	TypeJackpotLinked         Type = "jackpot.linked"
	TypeJackpotUnlinked       Type = "jackpot.unlinked"
	TypeJackpotAdjusted       Type = "jackpot.adjusted"
	TypeJackpotDecommissioned Type = "jackpot.decommissioned"
	// A pass's shortfall funding, before its prizes (subject
	// <prefix>.table.<table>: it belongs to the round).
	TypeJackpotPassFunded Type = "jackpot.pass_funded"
	// A seat of a table closed to, and reopened to, progressive bets
	// (subject <prefix>.table.<table>).
	TypeJackpotSeatClosed   Type = "jackpot.seat_closed"
	TypeJackpotSeatReopened Type = "jackpot.seat_reopened"
	// Table events of games sold in sessions above their rounds (bingo;
	// subject <prefix>.table.<table>).
	TypeSessionOpened Type = "session.opened"
	TypeSessionClosed Type = "session.closed"
)

// currentVersions holds the schema version written for each type today. It is
// a read-only table, not a registry: nothing adds to it at run time.
var currentVersions = map[Type]int{
	TypeWalletDeposited:       1,
	TypeWalletWithdrawn:       1,
	TypeWalletAdjusted:        1,
	TypeTableOpened:           1,
	TypeTableLimitsChanged:    1,
	TypeTableClosed:           1,
	TypeRoundOpened:           1,
	TypeBetPlaced:             1,
	TypeRoundBettingClosed:    1,
	TypeRoundReshake:          1,
	TypeRoundResult:           1,
	TypeBetSettled:            1,
	TypeRoundSettled:          1,
	TypeRoundPaused:           1,
	TypeRoundResumed:          1,
	TypeRoundCancelled:        1,
	TypeBetRefunded:           1,
	TypeRoundResultCorrected:  1,
	TypeBetSettlementReversed: 1,
	TypeLedgerSealed:          1,
	TypeRoundStepSettled:      1,
	TypeBetTakenDown:          1,
	TypeTableBankTaken:        1,
	TypeTableBankReleased:     1,
	TypeTableShoeStarted:      1,
	TypeBingoClaimed:          1,
	TypeJackpotConfigured:     1,
	TypeJackpotLinked:         1,
	TypeJackpotUnlinked:       1,
	TypeJackpotAdjusted:       1,
	TypeJackpotDecommissioned: 1,
	TypeJackpotPassFunded:     1,
	TypeJackpotSeatClosed:     1,
	TypeJackpotSeatReopened:   1,
	TypeSessionOpened:         1,
	TypeSessionClosed:         1,
}

// Types returns every known event type, in catalog order.
func Types() []Type {
	return []Type{
		TypeWalletDeposited, TypeWalletWithdrawn, TypeWalletAdjusted,
		TypeTableOpened, TypeTableLimitsChanged, TypeTableClosed,
		TypeRoundOpened, TypeBetPlaced, TypeRoundBettingClosed, TypeRoundReshake,
		TypeRoundResult, TypeBetSettled, TypeRoundSettled, TypeRoundPaused,
		TypeRoundResumed, TypeRoundCancelled, TypeBetRefunded,
		TypeRoundResultCorrected, TypeBetSettlementReversed,
		TypeLedgerSealed,
		TypeRoundStepSettled, TypeBetTakenDown,
		TypeTableBankTaken, TypeTableBankReleased,
		TypeTableShoeStarted,
		TypeBingoClaimed,
		TypeJackpotConfigured, TypeJackpotLinked, TypeJackpotUnlinked, TypeJackpotAdjusted, TypeJackpotDecommissioned,
		TypeSessionOpened, TypeSessionClosed,
		TypeJackpotPassFunded, TypeJackpotSeatClosed, TypeJackpotSeatReopened,
	}
}

// Known reports whether t is in the catalog.
func (t Type) Known() bool {
	_, ok := currentVersions[t]
	return ok
}

// CurrentVersion returns the schema version written today for t, or 0 when t
// is not in the catalog.
func (t Type) CurrentVersion() int { return currentVersions[t] }
