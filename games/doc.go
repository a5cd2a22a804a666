// Package games is the seam between the generic layers of wagerlog (ledger,
// projections, replay, audit, api) and the rules of each game. It declares
// what a game provides (Game, Paytable, Result, BoardStats) and what a
// settlement is; each game lives in its own subpackage (games/sicbo,
// games/roulette, …) with its bet codes, paytables as data, pure settlement
// and exact RTP, and games/registry lists them. Nothing here does I/O, and
// nothing outside a game's package reads inside its results.
//
// A round is a sequence of results. A bet is placed before one of them and
// is settled against the results from there on: Sic Bo and roulette decide
// every bet on the first result; a craps bet stays OutcomeOpen over rolls
// until its number or a seven comes. docs/ARCHITECTURE.md ("The game seam")
// says how the games of the later issues fit: table state across rounds,
// actions on placed bets, commissions at placement, shared pools and prizes,
// player-banked games.
package games
