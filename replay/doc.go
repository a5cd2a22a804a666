// Package replay reads the stream again, from its start or event by event:
// it rebuilds the projections into a new file and swaps it in, replays one
// disputed round (its events in order, each bet re-settled from first
// principles and compared with what was paid, the chain hashes checked),
// and computes every balance as of a sequence or a time.
//
// # Rebuild and the swap
//
// Rebuild builds the projections from sequence 1 into path+".rebuild" and,
// once it holds every event the stream had when the rebuild started, renames
// it over path (atomic on POSIX) and syncs the directory. Until then the old
// file is untouched and a running server keeps answering from it. A server's
// projections.Projector notices within a second (projections.LagPollInterval)
// that the path names a new file, reopens it and follows the stream on from
// its position, so no restart is needed. A crash during a rebuild leaves the
// old file in place and a stale .rebuild file that the next rebuild removes.
// OpenOrRebuild opens a projections file, first rebuilding it when an older
// release wrote it with another layout (an upgrade), or when Prove cannot
// show that it belongs to the stream: the file records the sequence and
// chain hash of the last event it applied, and the stream's event at that
// sequence must state the same hash. A file ahead of the stream (a store
// restored beside newer projections, a torn tail the store dropped) or on
// another chain is so rebuilt before a server answers from it; serve
// starts with it.
//
// # One round
//
// Round finds a round's events through the round index of the projections
// (no scan of the stream), fetches each by sequence, checks each event's
// hash and its link to the event before it, and hands them to Replay.
//
// Replay is the one round replay engine: the dispute report (package
// audit) feeds it the round's events from its walk of the stream. It moves
// the round's status by the round model's lifecycle table
// (round.StatusAfter), keeps the round's results in force (several
// for a round of several results, the last one replaced by a correction),
// and re-settles every settlement with Resettle: the bet as it was placed
// (code, stake, the results before it, its working flag), under the
// round's paytable (looked up by id, refused if its hash differs from the
// recorded one), against the results so far, comparing the outcome, win,
// amount returned, residue, commission and pool contributions with the
// recorded ones. A refund, or a take-down between two results, must end a
// bet still open. The verifier calls Resettle too, so the replay, the
// dispute report and verify never disagree on what a bet should have paid.
package replay
