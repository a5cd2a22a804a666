package round

import "github.com/wagerlog/wagerlog/events"

// Status is a round's lifecycle status. Its values are stored in the
// projections and answered by the API: they never change.
type Status string

// Round statuses. docs/ROUNDS.md draws the lifecycle.
const (
	Betting   Status = "betting"   // open for bets
	Closed    Status = "closed"    // no more bets; waiting for a result
	Paused    Status = "paused"    // a fault; resumes to the status it had
	Settling  Status = "settling"  // a result recorded; its settlement is being written
	Settled   Status = "settled"   // every bet settled
	Cancelled Status = "cancelled" // every open bet refunded
)

// Finished reports whether a round in status s no longer takes bets,
// results or pauses: settled or cancelled.
func (s Status) Finished() bool {
	return s == Settled || s == Cancelled
}

// StatusAfter returns the status of a round after an event of type t,
// given its status and, for a paused round, the status it had before the
// pause (prior). It returns the new status and prior, and ok == false when
// the event cannot happen to a round in that status (a broken log: the
// ledger never writes one, the verifier reports it). Events that do not
// move the status (bets placed, settled, refunded, taken down, reshakes)
// leave it as it is. This is the one lifecycle table; the ledger decides
// which command a status allows with the command's declaration
// (ledger.CommandSpec.Rounds).
func StatusAfter(status, prior Status, t events.Type) (next, nextPrior Status, ok bool) {
	switch t {
	case events.TypeRoundOpened:
		return Betting, "", status == ""
	case events.TypeRoundBettingClosed:
		return Closed, "", status == Betting
	case events.TypeRoundPaused:
		return Paused, status, status == Betting || status == Closed
	case events.TypeRoundResumed:
		return prior, "", status == Paused && (prior == Betting || prior == Closed)
	case events.TypeRoundResult:
		return Settling, "", status == Closed
	case events.TypeRoundStepSettled:
		// A result that did not end the round: betting opens again for
		// the next one.
		return Betting, "", status == Settling
	case events.TypeRoundSettled:
		return Settled, "", status == Settling
	case events.TypeRoundCancelled:
		return Cancelled, "", status == Betting || status == Closed || status == Paused
	case events.TypeRoundResultCorrected:
		return Settling, "", status == Settled
	case events.TypeBetPlaced:
		return status, prior, status == Betting
	case events.TypeRoundReshake:
		return status, prior, status == Closed
	case events.TypeBetSettled, events.TypeBetSettlementReversed, events.TypeJackpotPassFunded, events.TypeJackpotDrawn:
		return status, prior, status == Settling
	case events.TypeBetRefunded:
		return status, prior, status == Cancelled
	case events.TypeBetTakenDown:
		return status, prior, status == Betting
	case events.TypeBingoClaimed:
		return status, prior, status == Betting || status == Closed || status == Paused
	}
	return status, prior, false
}
