package ledger

import "github.com/wagerlog/wagerlog/events"

// The round lifecycle lives here and only here: the ledger's state, the
// projections, the round replay and the verifier all move a round's status
// with RoundStatusAfter, and the ledger decides which command a status
// allows with the command's declaration (CommandSpec.Rounds). Settling is
// in no command's list: no command acts on a settling round (the ledger
// finishes the work first). docs/ROUNDS.md draws it; its transition
// table is driven cell by cell by TestRound_Transitions.

// Round statuses.
const (
	RoundBetting   = "betting"   // open for bets
	RoundClosed    = "closed"    // no more bets; waiting for a result
	RoundPaused    = "paused"    // a fault; resumes to the status it had
	RoundSettling  = "settling"  // a result recorded; its settlement is being written
	RoundSettled   = "settled"   // every bet settled
	RoundCancelled = "cancelled" // every open bet refunded
)

// RoundFinished reports whether a round in status no longer takes bets,
// results or pauses: settled or cancelled.
func RoundFinished(status string) bool {
	return status == RoundSettled || status == RoundCancelled
}

// RoundStatusAfter returns the status of a round after an event of type t,
// given its status and, for a paused round, the status it had before the
// pause (prior). It returns the new status and prior, and ok == false when
// the event cannot happen to a round in that status (a broken log: the
// ledger never writes one, the verifier reports it). Events that do not
// move the status (bets placed, settled, refunded, taken down, reshakes)
// leave it as it is.
func RoundStatusAfter(status, prior string, t events.Type) (next, nextPrior string, ok bool) {
	switch t {
	case events.TypeRoundOpened:
		return RoundBetting, "", status == ""
	case events.TypeRoundBettingClosed:
		return RoundClosed, "", status == RoundBetting
	case events.TypeRoundPaused:
		return RoundPaused, status, status == RoundBetting || status == RoundClosed
	case events.TypeRoundResumed:
		return prior, "", status == RoundPaused && (prior == RoundBetting || prior == RoundClosed)
	case events.TypeRoundResult:
		return RoundSettling, "", status == RoundClosed
	case events.TypeRoundStepSettled:
		// A result that did not end the round: betting opens again for
		// the next one.
		return RoundBetting, "", status == RoundSettling
	case events.TypeRoundSettled:
		return RoundSettled, "", status == RoundSettling
	case events.TypeRoundCancelled:
		return RoundCancelled, "", status == RoundBetting || status == RoundClosed || status == RoundPaused
	case events.TypeRoundResultCorrected:
		return RoundSettling, "", status == RoundSettled
	case events.TypeBetPlaced:
		return status, prior, status == RoundBetting
	case events.TypeRoundReshake:
		return status, prior, status == RoundClosed
	case events.TypeBetSettled, events.TypeBetSettlementReversed, events.TypeJackpotPassFunded, events.TypeJackpotDrawn:
		return status, prior, status == RoundSettling
	case events.TypeBetRefunded:
		return status, prior, status == RoundCancelled
	case events.TypeBetTakenDown:
		return status, prior, status == RoundBetting
	case events.TypeBingoClaimed:
		return status, prior, status == RoundBetting || status == RoundClosed || status == RoundPaused
	}
	return status, prior, false
}
