package round

// RuleRefunded is the Rule a settlement answer, a round's replay and a
// dispute report give a refunded bet (BetRefunded): its stake went back
// whole, no rule of the game decided it.
const RuleRefunded = "refunded: the stake returned"

// RuleTakenDown is the rule a round's replay and dispute report name for
// a bet taken down between two results (BetTakenDown): its stake went
// back whole at the player's request, no rule of the game decided it.
const RuleTakenDown = "taken down: the stake returned"

// FinishedRoundsKept is how many finished rounds per table stay in the
// ledger's memory with their bets, so that their results can be
// corrected: twice the statistics board's 50, so that every round on the
// board can still be corrected even on a table with many cancelled
// rounds. It is the ledger's default and the most its options allow, and
// the verifier (audit) holds a stream to it: an event for a round that
// more than FinishedRoundsKept rounds of its table have finished after is
// refused by the ledger, so a stream that holds one was not written by it.
const FinishedRoundsKept = 100
