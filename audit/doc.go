// Package audit is what auditors, finance and regulators take away from
// wagerlog: the verification of the stream, portable archives that can be
// checked without a server, and the dispute, reconciliation and regulator
// reports. The standard it answers is GLI-19 (interactive gaming systems);
// docs/AUDIT.md maps every check and every report field to its section.
//
// # One walk
//
// Everything here is one pass over the stream (a walker): it follows the
// hash chain from the zero hash, decodes each event, checks it and folds it
// into a bounded state (balances per account and currency, tables, the
// rounds in progress and the last round.FinishedRoundsKept finished rounds
// of each table, the paytables met). What does not fit is recorded as a
// Violation with a stable Kind and the walk goes on, so that a damaged
// stream is described completely, not up to its first fault. Reports are
// observers of the same walk: every report verifies what it reports on and
// carries the result.
//
// The fold never trusts one part of an event to vouch for another: each
// payload implies its money movements (flowsOf, which turns a settlement
// into postings with posting.SettlementPostings, the ledger's own), and
// they must be the postings; each settlement is settled again as its bet
// was placed against the round's results so far (replay.Resettle, the
// re-settlement the round replay uses too); balances an event states must
// be the folded ones. A round's status moves by the round model's
// lifecycle table (round.StatusAfter), so the verifier cannot drift from the
// ledger on what may happen to a round.
//
// The fold knows no game: a result is its game's JSON, which the round's
// paytable parses and checks (games.Paytable, games.ResultChecker); the
// optional interfaces of the seam (games.Placer, games.Charger,
// games.TakeDowner) check placements, commissions and take-downs where a
// game implements them.
//
// Finance's reconciliation rests on the same split as the fold: balances
// come from the postings, flows from what the events say, and every
// difference between the two is a listed discrepancy.
//
// # Archives
//
// Export writes a range of the stream, byte for byte and with its seals, as
// JSON Lines (optionally gzip'd) between a header and a trailer;
// VerifyArchive checks it anywhere. A seal (ledger.sealed) records the chain
// head and is signed with Ed25519 when the ledger has a key, so an archive
// checked with the public key proves that its events are the ones the
// ledger wrote.
//
// # Reports
//
// Dispute, Reconcile and Regulator build report values (JSON-tagged
// structs). The dispute report's bets come from the one round replay
// engine, replay.Replay, fed with the round's events as the walk passes
// them; the walk adds what only it knows: the players' wallets around the
// round, the chain and the seals. Render writes them as JSON, CSV or a
// self-contained HTML page with inline SVG charts. BuildReport reads the
// parameters of the CLI and the API. Periods are whole days in a time zone (Period, ParsePeriod), and
// a day without events is listed as "no activity".
package audit
