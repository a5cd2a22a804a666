// Package sicbo holds the settlement rules of Sic Bo: bet codes, paytables
// as data, a pure settlement function and exact RTP. It does no I/O and
// keeps no state; the ledger settles bets through it and the auditors'
// tools (wagerlog settle, wagerlog paytable) recompute payouts with it.
//
// # Bet codes
//
// One spelling everywhere (API, events, reports, CLI): small, big, odd,
// even, any_triple, all_odd, all_even, two_odd_one_even, two_even_one_odd,
// single:N, double:N, triple:N (N in 1..6), total:T (T in 4..17), combo:A-B
// (A<B), three_singles:A-B-C (A<B<C), double_single:P-Q (a pair of P and
// one Q, P≠Q), four_numbers:A-B-C-D (1-2-3-4, 2-3-4-5, 2-3-5-6 or 3-4-5-6).
// Only this canonical spelling parses: combo:2-1 is refused with the hint
// "write combo:1-2", because a code is a key and one bet must have one name.
//
// # Paytables
//
// A paytable (Data) is an id, a version, a source and lines (Rule): a bet
// code or a whole kind, for the kinds that pay by how many dice match the
// dice count, and odds "X:Y". A winning bet wins X/Y times its stake and
// gets the stake back (seed 000: "el jugador que gana conserva su
// apuesta"). Variants are data, not code: another casino's totals are other
// total:T lines; a combination that pays more when one of its numbers shows
// twice is a combo line with Hits 3. The content hash (hex SHA-256 of
// CanonicalJSON: the data with its rules sorted) goes into the events, so a
// bet is always settled with the paytable it was accepted under.
//
// The catalog (Paytables, Lookup) holds sicbo/clm-2016, the
// Castilla-La Mancha order of 6 May 2016, art. 6
// (seeds/000_8c58734ec760ed9a.txt), and sicbo/live, the live-dealer rules
// page (seeds/001_5ab03e8824b694bc.txt).
//
// # Readings of the seeds
//
// Where the texts are ambiguous the package takes the reading that the
// payout odds make sensible; each one is tested, and docs/games/sicbo.md
// lists them with their house edges:
//
//   - Small and big lose on any triple. Seed 000 words it as small losing
//     on triples 1, 2 and 3 and big on triples 4, 5 and 6; the other
//     triples total 12..18 (small) or 3..9 (big) and lose anyway, so both
//     wordings are the same rule. Seed 001 says so of small, big, odd and
//     even. Their RTP is 210/216 = 97.22%, seed 001's stated maximum.
//   - Seed 000's "Doble específico" (8:1) is double:N and wins on two or
//     three dice ("si se convierte en un triple, también gana"); its "Par
//     igual" (5:1) is the two-dice combination combo:A-B.
//   - Seed 001's "Doble Específico" (5:1, "15 tipos") is the combination
//     combo:A-B, and its "Par" (10:1, "al menos 2 de los 3 dados") is
//     double:N. Both combinations win when one of their numbers shows
//     twice (A-A-B): 30/216 winning outcomes, 16.67% edge at 5:1.
//   - Seed 001's "4 Números" wins when the three dice are three different
//     numbers of the group: 24/216 at 7:1, an 11.11% edge. "Any three dice
//     inside the group" (64/216) would return 512/216 > 100%.
//   - The number bet (single:N) pays 1:1, 2:1 or 3:1 by how many dice show
//     N, under both seeds.
//   - sicbo/clm-2016 offers no odd, even, all_odd, all_even,
//     two_odd_one_even, two_even_one_odd, three_singles, double_single or
//     four_numbers: those codes are ErrBetNotOffered under it.
//
// # Money
//
// Stakes and wins are decimals. The scale (decimals of the currency's
// smallest unit) is an argument of Settle; a stake with more decimals is
// refused. One rounding policy, RoundDown, applies everywhere: the win is
// truncated toward zero to the scale and the part cut off is the
// Settlement's Residue, which the ledger posts to its rounding account.
// Only the 3:2 bets produce residues.
//
// # Errors
//
// Settle, BetKind and ParseBet return a *BetCodeError (wrapping
// ErrBadBetCode or ErrBetNotOffered) for a bad or unoffered code,
// ErrBadStake, ErrBadScale and ErrBadDice for bad amounts and results.
// ErrorCode maps each to the API's stable code (invalid_bet_code,
// bet_not_offered, invalid_amount, invalid_scale, invalid_dice,
// unknown_paytable); the same code is the ErrorCode method of the sentinels
// and of *BetCodeError, which errors.As finds for a caller that knows no
// Sic Bo (the ledger).
package sicbo
