// Package ledger is wagerlog's domain core: money and accounts, tables,
// rounds and bets, the commands that change them, and the sequencer that turns
// commands into events on the log.
//
// # How a command becomes a fact
//
// Every write goes through one Ledger, whose single goroutine owns the
// in-memory State. Commands wait in a bounded queue (a full queue answers
// ErrOverloaded at once). The goroutine takes as many queued commands as are
// waiting (group commit), validates each against the state as it stands after
// the earlier ones, turns the accepted ones into events (each with balanced
// postings and chained to its predecessor by hash), appends them to the Log in
// atomic batches that carry the expected last stream sequence, and answers
// each command only once its events are stored.
//
// If the append fails because another writer appended first (fencing), the
// ledger reloads its state from the log and decides the commands again; if it
// fails for another reason, the state is reloaded and every command whose
// events did not reach the log is answered ErrUnavailable, so a client can
// retry with its idempotency key.
//
// Validation happens before an event is raised; applying an event only
// applies a fact and cannot fail for business reasons. The same apply code
// runs for live commands and for replay at start-up, so a restarted ledger has
// the same state and gives the same answers to retried idempotency keys.
// A round's part of the state is the round model's (package round): its
// status, results in force and bets are folded by round.Round.Apply, the
// same fold the projections, the round replay and the verifier use; the
// ledger adds only what it needs to decide and to finish its work.
//
// # Work that spans batches
//
// A round can hold more bets than one atomic batch carries. Settling,
// cancelling or correcting such a round is written as several batches; the
// state remembers which bets are done, and after a crash between two batches
// Open finishes the work (each remaining bet exactly once) before it accepts
// the first command.
//
// # Accounts
//
// Postings move money between named accounts: player wallets, money in
// play per table, the house result per table, the external cashier,
// supervisor adjustments and rounding residue per table. Package posting
// names them and turns a settlement into postings, for the ledger and the
// verifier alike. A bet moves
// its stake from the wallet into play; settlement moves it to the house on a
// loss, or back to the wallet with the win from the house on a win; a refund
// returns it. This is TigerBeetle's pending → post / void, written as events.
//
// The package imports only the standard library, decimal, uuid, errcode,
// events, games, round and posting. It talks to storage through the Log
// interface and to game rules through the Paytable interface, both
// declared here.
package ledger
