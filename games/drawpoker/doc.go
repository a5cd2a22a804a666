// Package drawpoker holds Draw Poker ("Draw Poker o Poker a cinco cartas
// con descarte", seed 004_11b2de8449360267.txt, 6.3.1) against the house,
// with seats and the progressive side bet of seed 004 section 6. It does
// no I/O and keeps no state.
//
// The seed gives only the progressive's rules; the base game is a
// published casino five-card draw against the house (Luckia's;
// docs/games/drawpoker.md cites the sources and marks each reading). The
// player antes and sees five cards; may buy an exchange of one card for
// one more ante (the price of the card, never returned); then calls twice
// the ante or folds ("no ir"), losing the ante. The dealer exchanges
// nothing and qualifies with ace-king or better. A dealer who does not
// qualify pays the ante 1:1 and returns the call; a qualifying dealer who
// loses pays the ante 1:1 and the call by the player's final hand
// (paytable as data: Caribbean poker's usual table); a tie returns both; a
// qualifying dealer who wins takes both.
//
// # Cards, hands, bets
//
// The package is its own game but shares games/poker's cards, hand
// ranking (seed 004, 6.5.1 "Valor de las jugadas" ranks both games
// alike), bet codes of a seat and the exact figures of a deal of five
// cards against five; it adds the exchange:<seat> bet.
//
// # The exchange in the ledger
//
// A round is one deal, and its one result is the dealer's record of it:
// the dealer's five cards and each seat's five cards as dealt, with its
// exchange (the card discarded and its replacement) and its fold. The
// exchange and the call are bets placed before the deal is recorded, the
// exchange first (CheckPlacement); the deal must record an exchange
// exactly for the seats that paid for one (CheckDecision). The hands that
// settle are the hands after the exchanges, proved by the cards.
//
// # The progressive
//
// A seat that exchanges leaves the progressive and loses its progressive
// bet, collected into the pool like any (seed 004, 6.5.1: "Si el jugador
// opta por cambiar cartas, deja de participar en el premio del pozo
// progresivo, en cuyo caso la apuesta al progresivo se pierde"); so does
// a seat that does not go. A seat that stands pat and calls plays for the
// pool with its five cards as dealt, never with the dealer's hand (6.2).
// games/jackpot judges the pass with those forfeits.
//
// # Exact figures
//
// Under the stated strategy "stand pat, call with a pair or better, fold
// everything else", every deal is five cards against five from one deck
// with an ace-king dealer, as at a Caribbean table: the whole hand
// returns exactly 94.5304% of the ante (poker.PairOrBetterCounts, all
// C(52,5)·C(47,5) deals). A strategy that buys cards well does better.
package drawpoker
