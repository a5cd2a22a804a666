// Package crash is wagerlog's crash suite: `wagerlog serve` runs as a child
// process on a data directory while several clients drive it through the
// HTTP API (a cashier, a dealer per table with a supervisor, frontends
// placing bet slips, some of them invalid), and is killed with SIGKILL at
// random moments, again and again, then restarted on the same directory.
// Its tests carry the build tag `crash` and run with
//
//	go test -tags crash -count=1 -timeout 30m -v ./test/crash/
//
// (.ci/run does). The seed and the number of cycles are flags:
// -crash.seed and -crash.cycles.
//
// Some kills fall at a random moment of the load, others a few
// milliseconds after a result, a correction or a cancellation on a round
// with more than a thousand bets, whose settlement (or refunds) the ledger
// writes in several atomic batches (a settlement also over several group
// commits, in chunks of 256 events with other tables' commands between
// them), so that a kill can fall between two of them; the restarted ledger
// must then write exactly what is missing.
//
// After every kill, with the server stopped, the suite opens the embedded
// JetStream store in-process and reads the whole stream:
//
//   - every write the server acknowledged (2xx) is in the stream exactly
//     once: as many events under its actor and idempotency key as its
//     answer counted, at the sequences its answer gave; no event id is
//     stored twice; the sequences have no gap and one hash chain runs
//     through them; a refused write left no event;
//   - money is conserved: per currency the balances folded from the
//     postings sum to zero, the cashier's balance is what the deposits and
//     withdrawals make, and no wallet is ever below zero;
//   - the audit's verification finds no violation: package audit's Verify
//     in-process, and `wagerlog verify` (exit status 0) when the binary
//     has that command;
//   - what a restart wrote on its own is only the rest of the work a kill
//     interrupted, under the keys of the commands that started it;
//   - `wagerlog rebuild` builds a fresh projections file from the stream.
//
// It then restarts the server (a restart that wrote, finishing interrupted
// work, is killed again, idle, and the checks run on the longer stream, so
// that the rebuild and the server see the same one) and, once its
// projections have caught up (min_seq), compares every query answer the
// API gives (balances, tables, boards, round lists, rounds, player bets,
// wallet histories, daily totals) with the same query on the rebuilt file,
// as canonical JSON; the balances must also equal the folded ones, and
// each table's in-play account must hold exactly the stakes of the open
// bets of its round in progress. The requests whose outcome the kill left
// unknown (connection reset, EOF, refused) are sent again with the same
// idempotency key and body: a command that reached the stream must answer
// its original result, one that did not gets a fresh outcome.
// Acknowledged writes (the cycle's, and a sample of the older ones) are
// sent again too and must get the identical answer. Before the next load,
// the projections must reach the ledger's last sequence.
//
// A SIGKILL ends the process, not the machine: what the process wrote is in
// the kernel's page cache and survives it, with or without fsync. The suite
// checks the promise "acknowledged means stored" against process crashes;
// a power loss needs fsync=always (the default), which a process kill
// cannot tell apart from fsync=interval.
//
// TestCrash_TornTail kills the server while it writes deposits (or once
// the projections have caught up, so that they hold the last event) and
// tears the stream's last record: it cuts the end of the last message
// block and removes the stream's index, which a kill leaves behind the
// blocks, so that the server recovers its state from the blocks and
// drops the torn record. The stream then ends before the projections.
// `wagerlog verify --projections` must not call that clean (exit status
// 3); the restarted server must never be ready with projections ahead of
// its stream, must say it rebuilt them, must project the next write, and
// must leave projections that replay.Prove shows to be its stream's (at
// or behind its end, with the chain hash of the stream's event at their
// sequence). A server that refuses to start on a damaged tail is accepted:
// it answers nothing.
//
// TestCrash_PoolRoyalFlush links a Caribbean poker table to a progressive
// pool and deals a royal flush to seat 1, a few times, killing the server
// right after the result is acknowledged, at a random moment around the
// time a result takes, or as soon as /healthz shows the result stored
// (its answer perhaps not sent); after the restart the dealer sends the
// result again with the same key. A Caribbean round holds at most 21
// bets, so its pass is one atomic batch; a kill between two batches of a
// pass is ledger.TestLedger_PoolCrashMidPass's. Besides the checks above, the round must hold one
// settlement per bet, one round.settled, one prize out of the main pool
// (all of it: its balance at the result plus the pass's contributions)
// and one restart of the pool at its base.
//
// The figures of a run (cycles, acknowledged writes, unknown outcomes and
// how they resolved, restart time to ready) are logged on a line starting
// with "crash summary:".
package crash
