package ledger

import "github.com/wagerlog/wagerlog/round"

// The round lifecycle lives in the round model: the ledger's state, the
// projections, the round replay and the verifier all move a round's status
// with round.StatusAfter, and the ledger decides which command a status
// allows with the command's declaration (CommandSpec.Rounds). Settling is
// in no command's list: no command acts on a settling round (the ledger
// finishes the work first). docs/ROUNDS.md draws it; its transition
// table is driven cell by cell by TestRound_Transitions.

// Round statuses: the round model's (round.Status).
const (
	RoundBetting   = round.Betting
	RoundClosed    = round.Closed
	RoundPaused    = round.Paused
	RoundSettling  = round.Settling
	RoundSettled   = round.Settled
	RoundCancelled = round.Cancelled
)
