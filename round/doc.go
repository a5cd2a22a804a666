// Package round holds a round's state and its one fold over the events: the
// lifecycle (the one status table, StatusAfter), the results in force (a
// correction replaces the last one; reshakes are counted, never results),
// the bets with their status and the settlement in force, and what a round
// settled as a whole needs at its last result (the bank's and the linked
// pool's balances then) and what its first close of betting posted.
//
// The ledger, the projections, the verifier (audit) and the round replay
// all fold rounds with Round.Apply and keep only what is theirs: the
// ledger's decisions, the projections' views, the verifier's violations,
// the replay's re-settlement. The fold applies facts: an event that does
// not fit the round (a status the table does not allow, an unknown bet, a
// bet that is not open) is applied as far as it can be and described by
// the error Apply returns, so that the ledger can assert on it and the
// readers can report it.
//
// The package is pure: no I/O, no clock, no storage.
package round
