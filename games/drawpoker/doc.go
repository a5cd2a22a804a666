// Package drawpoker holds Draw Poker ("Draw Poker o Poker a cinco cartas
// con descarte", seed 004_11b2de8449360267.txt, 6.3.1) against the house,
// with seats and the progressive side bet of seed 004 section 6. It does
// no I/O and keeps no state.
//
// The seed gives only the progressive's rules; the base game is the
// published casino five-card draw against the house, Caribbean Draw Poker
// (docs/games/drawpoker.md cites the sources and marks each reading). The
// player antes, sees five cards, and folds ("no ir"), losing the ante, or
// calls twice the ante and may then exchange up to two cards; the dealer
// may exchange up to two cards too, and qualifies with a pair of eights
// or better. A dealer who does not qualify pays the ante 1:1 and returns
// the call; a qualifying dealer who loses pays the ante 1:1 and the call
// by the player's final hand (paytable as data); a tie returns both; a
// qualifying dealer who wins takes both.
//
// # Cards, hands, bets
//
// The package is its own game but shares games/poker's cards, hand
// ranking, bet codes of a seat ("ante:3", "call:3", "progressive:3"),
// placement checks and exact enumeration of deals: a Draw Poker hand is
// ranked as a Caribbean one (seed 004, 6.5.1 "Valor de las jugadas"
// ranks both alike), and a second copy of any of them would drift.
//
// # The exchange in the ledger
//
// A round is one deal, and its one result is the dealer's record of it:
// the dealer's five cards and each seat's five cards as dealt, with each
// seat's decision — a fold, or the exchange (the cards discarded and their
// replacements, in order) — and the dealer's own exchange. The call bet
// is placed before the deal is recorded, as at a Caribbean table; the
// hands that settle are the hands after the exchanges. This keeps a round
// one result, like Caribbean poker's, and the exchange is recorded with
// the cards that prove it, which a separate decision command would not
// add to.
//
// # The progressive
//
// A seat that exchanges cards leaves the progressive and loses its
// progressive bet, collected into the pool like any (seed 004, 6.5.1:
// "Si el jugador opta por cambiar cartas, deja de participar en el premio
// del pozo progresivo, en cuyo caso la apuesta al progresivo se pierde");
// so does a seat that folds ("no ir"). A seat that stands pat plays for
// the pool with its five cards as dealt, never with the dealer's hand
// (6.2). games/jackpot judges the pass with those forfeits.
//
// # Exact figures
//
// Under the stated strategy "stand pat, call with a pair or better, fold
// everything else; the dealer stands pat" the base game's return is an
// exact enumeration of every (player, dealer) deal from one deck
// (poker.EnumerateDealsQualifying with the pair of eights), pinned in
// PairOrBetterCounts and recomputed by a slow test.
package drawpoker
