package events

// Type is the name of an event type. Names are append-only: once a name has
// been written to a stream it is never renamed, reordered or reused.
type Type string

// The names of the event types; the catalog (catalog.go) gives each its
// version and payload. Keep this list append-only.
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
	// A pass's complementary draws, before its round.settled (subject
	// <prefix>.table.<table>: it belongs to the round).
	TypeJackpotDrawn Type = "jackpot.drawn"
	// A pool's draw seed revealed as it is replaced (subject
	// <prefix>.jackpot).
	TypeJackpotDrawSeedRevealed Type = "jackpot.draw_seed_revealed"
	// A player's promotional credits expired (subject <prefix>.cashier).
	TypeCreditsExpired Type = "credits.expired"
	// Table events of games sold in sessions above their rounds (bingo;
	// subject <prefix>.table.<table>).
	TypeSessionOpened Type = "session.opened"
	TypeSessionClosed Type = "session.closed"
)
