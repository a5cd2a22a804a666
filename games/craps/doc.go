// Package craps holds the settlement rules of craps: bet codes, the
// table's state derived from the rolls, paytables as data, pure settlement
// of bets that stay up over several rolls, placement and take-down rules,
// the buy and lay commission, exact RTP and the 50-roll board. It does no
// I/O and keeps no state; the ledger settles bets through the games seam
// (games.Paytable and the optional games.Placer, games.Charger,
// games.TakeDowner, games.ResultChecker and games.Stater), the
// projections draw the 50-roll board (Game.Board, one entry per roll),
// and the auditors' tools recompute a bet with SettleSequence.
//
// # Rounds, rolls and bets
//
// A round is one shooter's hand: the rolls (Roll, {"dice":[3,4]}) from the
// first come-out roll to the seven-out. A die that leaves the table is a
// "no roll" and is recorded as no result, like a Sic Bo reshake. The
// table's point at any moment is a fold of the hand's rolls (Replay,
// Table.Next): a 4, 5, 6, 8, 9 or 10 on a come-out roll sets the point,
// the point rolled again makes it (the next roll comes out), a 7 while a
// point is on is the seven-out and ends the hand (RoundOver). A bet placed
// after Since rolls reads the table's state from results[:Since] and plays
// on results[Since:]; Settle answers games.OutcomeOpen while those rolls
// do not decide it. Every bet that works is decided by a seven-out, and
// every bet works while a point is on, so no bet outlives its hand.
//
// # Bet codes
//
// One spelling everywhere: pass, dont_pass, come, dont_come, pass_odds,
// dont_pass_odds, come_odds:P and dont_come_odds:P (P the come bet's own
// point), field, any_seven, any_craps, two, three, eleven, twelve, big6,
// big8, hard:N (4, 6, 8, 10), place:N, buy:N, place_lose:N and lay:N (N a
// point number). The kind, the part before ':', keys the table's stake
// limits.
//
// # Sources
//
// The payouts transcribe the Peruvian regulation of 23 December 1999
// (seeds/003_79f68ae152380a01.txt): art. 6 one-roll bets, art. 7 big 6
// and 8, art. 8 hardways, art. 9 place and buy (5% of the stake), art. 10
// place-to-lose and lay (5% of what the bet could win), arts. 11-12 odds.
// The line bets and the table's course are in articles the seed does not
// carry; the standard rules apply, and docs/games/craps.md ("Rules
// taken from outside the seed") lists every rule taken from outside the seed.
//
// # Money
//
// A win is stake × X/Y rounded down to the currency's scale (RoundDown);
// the part cut off is the Residue, truncated to ResidueScale decimals when
// Y has a factor other than 2 and 5 (7:6, 5:11). The buy and lay
// commission is charged when the bet is placed (Charge), rounded up to the
// scale, and never returned; Settle never reports it.
//
// # Errors
//
// Every error wraps one of the sentinels of errors.go, and each sentinel
// (and *BetCodeError, *OddsLimitError) has an ErrorCode for the API.
package craps
