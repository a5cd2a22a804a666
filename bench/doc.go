// Package bench measures wagerlog end to end in one process: the figures
// of `wagerlog bench` (docs/BENCHMARKS.md) and the aims they are held to.
//
// Run opens a fresh event store (the embedded JetStream server in a
// temporary directory, fsync on every write, or an external server), a
// ledger on it, and goes through its phases in order, each timed:
//
//  1. ingest: concurrent clients place one-bet slips through
//     ledger.Execute, each answered only after its event is stored, while
//     one dealer per table opens, closes and settles rounds, so that the
//     stream holds what a casino writes (bets and their settlements);
//  2. raw append: JetStream atomic batches of the same size and the same
//     event size as the ledger's group commits produced, no ledger: the
//     ceiling the ledger is compared with;
//  3. fill, read and rebuild: the ledger writes on until the stream holds
//     Config.Events events; then one plain ordered-consumer read of the
//     stream (nothing decoded) against a projection rebuild of it;
//  4. round replay of a settled round of the ingest phase;
//  5. board reads on the rebuilt projections;
//  6. HTTP: the real api.Server on a loopback listener, the projector
//     following the stream, concurrent keep-alive clients placing slips;
//  7. the process's peak resident memory.
//
// The package only orchestrates: every figure comes from the real ledger,
// store, projections, replay and API packages. It prints progress, never
// the report: cmd/wagerlog renders the Report as a table or as JSON.
package bench
