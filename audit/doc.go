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
// rounds in progress and the last ledger.FinishedRoundsKept finished rounds
// of each table, the paytables met). What does not fit is recorded as a
// Violation with a stable Kind and the walk goes on, so that a damaged
// stream is described completely, not up to its first fault. Reports are
// observers of the same walk: every report verifies what it reports on and
// carries the result.
//
// The fold never trusts one part of an event to vouch for another: each
// payload implies its money movements (flowsOf), and they must be the
// postings; each settlement names its code, stake, dice and paytable, and
// is settled again; balances an event states must be the folded ones.
// Finance's reconciliation rests on the same split: balances come from the
// postings, flows from what the events say, and every difference between
// the two is a listed discrepancy.
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
// structs); Render writes them as JSON, CSV or a self-contained HTML page
// with inline SVG charts. BuildReport reads the parameters of the CLI and
// the API. Periods are whole days in a time zone (Period, ParsePeriod), and
// a day without events is listed as "no activity".
package audit
