// Package roulette holds the settlement rules of roulette on the French
// single-zero and the American double-zero wheel: bet codes, the table
// layout, paytables as data, a pure settlement function, exact RTP and the
// statistics board. It does no I/O and keeps no state; the ledger settles
// bets through it (as a games.Paytable) and the auditors' tools
// (wagerlog settle, wagerlog paytable) recompute payouts with it.
//
// # Sources
//
// Seed 004 (seeds/004_11b2de8449360267.txt) is Resolución Exenta N°373 of
// 19 August 2010 of Chile's Superintendencia de Casinos de Juego, which
// amends the Catálogo de Juegos. Its considerando 7, Título II "Categorías
// de Juegos de Ruletas", makes four changes: points 1 and 3 correct the
// dozen of the "Ruleta Francesa" (numeral 1.4, literal a, posibilidad N°7)
// and of the "Ruleta Americana" (numeral 2.5, literal b, posibilidad N°2)
// to "los doce números que integran una docena" (the catalogue had said "una
// columna"); point 2 renames "cuadro y parejas" to "cuadros y medio pleno"
// in the French payment order (numeral 1.6); point 4 adds the "Línea
// Especial" to the American payment order of the multiple bets (numeral
// 2.7), before "Línea". Everything else (the layout, the payouts, the
// colours, la partage) the seed does not restate, and this package takes
// the standard rule; docs/games/roulette.md lists each such decision.
//
// # Pockets and results
//
// A result is a Pocket: 0, 00 (American only) or 1..36, written as a
// string everywhere ("0", "00", "17"), because "00" is not a number. The
// JSON of a result is {"pocket":"17"}; ParseResult reads it strictly (exact
// member name, no unknown or duplicate member, a string without leading
// zeros, a pocket of the paytable's wheel). Red are 1, 3, 5, 7, 9, 12, 14,
// 16, 18, 19, 21, 23, 25, 27, 30, 32, 34 and 36; the zeros are green and
// neither red nor black, odd nor even, low nor high, in no dozen or column.
//
// # Bet codes
//
// One spelling everywhere (API, events, reports, CLI), numbers ascending
// with 00 right after 0, no leading zeros: straight:N, split:A-B (two
// pockets next to each other on the layout: 1-2, 1-4, and at the zeros
// 0-1, 0-2, 0-3 on the single-zero layout, 0-1, 0-2, 0-00, 00-2, 00-3 on
// the double-zero one), street:N (N = 1, 4, ..., 34), trio:0-1-2,
// trio:0-2-3 (single zero), trio:0-00-2, trio:00-2-3 (double zero),
// corner:A-B-C-D (the four numbers of a square), first_four:0-1-2-3
// (single zero), top_line:0-00-1-2-3 (double zero), six_line:N (N = 1, 4,
// ..., 31), dozen:D and column:C (1..3), red, black, odd, even, low (1-18),
// high (19-36). ParseBet accepts a bet of either layout; a paytable refuses
// the other wheel's bets with ErrBetNotOffered. Only the canonical spelling
// parses: split:2-1 is refused with the hint "write split:1-2".
//
// # Paytables
//
// A paytable (Data) is an id, a version, a source, the wheel's pockets, the
// la partage flag and one rule per kind with its odds "X:Y": a winning bet
// wins X/Y times its stake and gets the stake back. Which pockets a bet
// covers is code, not data: the standard layout of 12 rows of three with
// the zeros at the head (layout.go). The content hash (hex SHA-256 of
// CanonicalJSON: the data with its rules sorted by kind) goes into the
// events, so a bet is always settled with the paytable it was accepted
// under. The catalog holds roulette/american, roulette/french and
// roulette/french-la-partage.
//
// # Money
//
// Stakes are decimals; the scale (decimals of the currency's smallest unit)
// is an argument of Settle, and a stake with more decimals is refused. One
// rounding policy, RoundDown: an exact amount is truncated toward zero to
// the scale, and the part cut off is the Settlement's Residue. Every
// catalog payout is a whole multiple, so wins have no residue; la
// partage's half stake (OutcomeLost with Returned = half the stake rounded
// down) reports the cut-off fraction as Residue, which the ledger sets
// aside in the table's rounding account, so that Returned + Residue is
// always exactly what the rules return.
//
// # Errors
//
// Settle, BetKind and ParseBet return a *BetCodeError (wrapping
// ErrBadBetCode or ErrBetNotOffered) for a bad or unoffered code,
// ErrBadStake, ErrBadScale and ErrBadPocket for bad amounts and results.
// Their API codes are invalid_bet_code, bet_not_offered, invalid_amount,
// invalid_scale and invalid_result; Lookup's unknown id wraps
// games.ErrUnknownPaytable (unknown_paytable). ErrorCode(err) returns the
// code, and errors.As finds it as a games.CodedError through any wrapping.
package roulette
