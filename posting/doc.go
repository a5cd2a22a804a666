// Package posting is the chart of accounts and the rules that turn the
// ledger's facts into money movements: the name of every account (a
// player's wallet and credits, a table's money in play, house result,
// rounding, commission, bank, prizes and held halves, a progressive pool's
// accounts, the cashier, the adjustments and the casino), and the postings
// of a bet's settlement, of a round's transfers, of a pool event's
// transfers and of a pass's complementary draws.
//
// The ledger posts what these rules say and the verifier (audit) checks
// the stored postings against the same rules; the projections and the
// round replay name the same accounts. Having one home keeps the write
// side and the read side from drifting apart, and lets the read side
// check the ledger without importing it.
//
// The package is pure: no I/O, no clock, no state.
package posting
