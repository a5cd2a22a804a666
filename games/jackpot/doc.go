// Package jackpot holds progressive pools shared by poker tables
// (seeds/004_11b2de8449360267.txt section 6, "Pozos progresivos en
// juegos de cartas"): their parameters as data, how a progressive bet is
// collected into them, how a pass of a linked table is paid from them,
// and the movements that explain every balance. It does no I/O and keeps
// no state: the caller holds the balances and the events.
//
// # Pools and tables
//
// A pool belongs to no table. Tables of one or several poker games (draw,
// Caribbean, Go poker: seed 6.3) are linked to it and unlinked from it by
// events; State folds them and refuses to change the parameters, or to
// unlink a table, while a linked table has a round open, because the
// bets of that round were taken under the parameters in force.
//
// # Parameters
//
// Params (validated by New into an immutable *Pool with a SHA-256 of its
// canonical JSON, pinned in tests) hold the casino's commission, the
// reserve pools and their shares, the main pool's base and optional
// ceiling, the reset rule and the prize table (SeedPrizes is the seed's
// 6.6 "esquema de pago"). A round records the hash; Resolve refuses other
// parameters.
//
// # Money
//
// Contribute splits a progressive bet: the commission first, a percentage
// rounded down to the smallest unit (the casino never takes more than its
// rate); then each reserve's share of the rest, rounded down; the main
// pool gets what remains, so every rounding remainder. Nothing is rounded
// away: commission + main + reserves = bet, exactly. Above a ceiling the
// main pool's share overflows to the first reserve.
//
// PayPass pays one pass under the seed's five rules for several winners
// (see its documentation): fixed prizes first, smallest first, each in
// full; then the percentage prizes from the smallest percentage on, each
// split equally with the indivisible remainder to the lowest seat, capped
// per winner against the winner's own bet. Only the player's five cards
// decide; a seat that folded or exchanged cards (seed 6.5.1) wins
// nothing and its bet stays collected. A fixed prize the main pool cannot
// cover is paid in full from the reserves and then by the casino, and a
// main pool left below its base restarts at it; both are movements that
// say so (docs/games/poker-jackpots.md says why).
//
// Every change of a pool account is a Movement (contribution, commission,
// prize, shortfall, reset, adjustment with a reason, transfer on
// decommission) between the pool's ledger accounts,
// jackpot:<pool>:main and jackpot:<pool>:reserve:<name>, and symbolic
// ones (stakes, commission, casino, seat). Summarize folds a period's
// movements into the regulator report's lines and checks opening + in −
// out = closing.
//
// # Complementary prizes
//
// Params.Complementary declares prizes drawn at random, unrelated to the
// hands (seed 004, 6.5.1 "Premios complementarios"; complementary.go):
// per bet or per pass, a chance Wins in Of, an amount or a multiple of
// the bet, paid in cash or in promotional credits (Params.Promotion, the
// authorisation, and the credits' expiry) from the main pool or a reserve.
// Pool.DrawEvery draws a pass from a seed the caller keeps:
// HMAC-SHA256(seed, DrawMessage(…)) mapped to a uniform integer by
// rejection (Uniform). DrawLine answers a settle line that draws a pass
// again from a revealed seed.
//
// # Errors
//
// Every error wraps one sentinel with a stable code (errors.As finds it as
// games.CodedError): invalid_jackpot_params, invalid_amount, invalid_pass
// (a *PassError naming the seat), jackpot_round_open, table_not_linked,
// table_already_linked, jackpot_params_changed, unknown_pool,
// pool_negative, reason_required; a settle line that is not a request is
// invalid_request.
package jackpot
