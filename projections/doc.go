// Package projections holds everything users read: state derived from the
// event stream and kept in one bbolt file, which can be deleted and rebuilt
// from the stream at any time with the same answers. It is the only package
// that imports bbolt.
//
// The projections are: balances per account and currency; the tables; the
// statistics board of each table (its last 50 completed rounds with their
// statistics, seed 001); every round with its status, the sequences of its
// events (the round index replay uses), its bets and totals; each player's
// bet history ("registro de apuestas") and wallet history, newest first and
// paged; and daily totals per table, currency and bet code, with days cut at
// midnight of a configured time zone. docs/PROJECTIONS.md describes the keys.
//
// The package knows no game. Results are kept as their games' JSON; a
// round's status moves by the round model's one lifecycle table
// (round.StatusAfter); and what a board shows is computed when it is
// read, by the table's game from Options.Games (games.Game.Board for the
// statistics, games.BoardRower for the members of each row).
//
// # Damaged files
//
// The file is derived data, so a record that does not decode is an
// operating error, never a panic: the query or batch that meets it fails
// with a *DamagedError (ErrDamaged), and a Projector with a Repair rebuilds
// the file from the stream and follows on.
//
// # Folds and the store
//
// The folds (fold.go, board.go) are pure: they turn one decoded event into
// changes of records, reading the records as they stood through a small
// loader interface. The Store runs them for a batch of events inside one
// bbolt write transaction and stores the last applied sequence in that same
// transaction, so a crash at any point leaves the file at the end of a whole
// batch: the projector resumes after it and nothing is skipped or applied
// twice. With the sequence it stores the chain hash that event states
// (Position): the proof, checked at start by replay.OpenOrRebuild, that the
// file follows this stream and not one it is ahead of or beside. Apply skips events it has already applied and refuses a batch that
// would leave a gap.
//
// # Reading
//
// Every answer carries Seq, the last sequence applied when it was read; all
// of one answer comes from one read transaction. A client that has just
// written can call WaitFor with the sequence its write returned to read its
// own writes. Subscribe tells a live dashboard when a board changed.
//
// # Following the stream
//
// A Projector is the one long-lived consumer: it follows the stream (any
// Source; events/jetstream.Store is one) from the store's next sequence and
// applies each batch, reports its Lag, and reloads the file when a rebuild
// (package replay) has swapped a new one in.
package projections
