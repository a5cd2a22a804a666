// Package poker holds Caribbean poker, the base game of the progressive
// of seed 004 section 6, and the five-card hand ranking that both the base game and
// the progressive (games/jackpot) settle with. It does no I/O and keeps no
// state.
//
// # Cards and hands
//
// A card is the games/cards card, written rank then suit, "9H", "TS" (ten
// is T), as in baccarat; poker reads its rank ace high (High) and numbers
// the deck twos first (CardAt), the order its demos deal by. A hand is
// five distinct cards.
// Eval ranks a hand into a Value: a Category (high card … royal flush, the
// seed's order for the top five: seeds/004_11b2de8449360267.txt, 6.5.1
// "Valor de las jugadas") and the ranks that break ties. No suit ranks
// above another; A-2-3-4-5 is the lowest straight (the seed's lowest
// straight flush is "del As al 5"). The counts of every category over all
// C(52,5) hands are tested against the known figures.
//
// # Caribbean poker
//
// The player antes, sees five cards, and either folds, losing the ante,
// or calls twice the ante. The dealer qualifies with ace-king or better.
// A dealer who does not qualify pays the ante 1:1 and returns the call; a
// qualifying dealer who loses pays the ante 1:1 and the call by the
// player's hand (paytable as data: royal flush 100:1, straight flush 50:1
// … pair and ace-king 1:1); a tie returns both; a qualifying dealer who
// wins takes both. A round's result is one player's and the dealer's five
// cards, and whether the player folded:
// {"player":[…],"dealer":[…],"fold":true}. CheckPlacement (games.Placer)
// takes one ante and one call of exactly twice it.
//
// # Exact figures
//
// EnumerateDeals counts, for every player hand, the dealer hands from the
// other 47 cards by how they settle, exactly, by inclusion–exclusion over
// tables of hands by the cards they hold (all C(52,5)·C(47,5) deals in
// about half a minute instead of 4·10¹² comparisons). Under the stated
// strategy "call with a pair or better", whose counts are pinned
// (PairOrBetterCounts), the catalog paytable returns 94.5304% of the ante
// over a whole hand (house edge 5.4696%); the best strategy that reads
// only the player's cards has 5.3163%; the optimal strategy, which also
// reads the dealer's up card, 5.2243% (OptimalAnteRTP, by suit classes;
// see docs/games/poker-jackpots.md).
//
// # Errors
//
// Every error wraps one sentinel (ErrBadResult, ErrBadBetCode, ErrBadStake,
// ErrBadScale, ErrBetRefused, ErrUnknownPaytable, ErrBadPaytable) and, but
// for ErrBadPaytable, has an ErrorCode that errors.As finds:
// invalid_result, invalid_bet_code, invalid_amount, invalid_scale,
// bet_refused, unknown_paytable.
package poker
