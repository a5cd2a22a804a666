// Package cards is the French-suited playing card of the card games under
// games/: its one spelling ("AS", "TD", "9H": rank then suit, ten written
// T), and the shoe of several decks that the exact figures enumerate and
// the simulations deal from. It is pure (no I/O, no state) and knows no
// game: blackjack counts an ace 1 or 11, War ranks it above the king,
// baccarat counts tens and faces 0, poker ranks the ace high, each in its
// own package.
//
// Every card game under games/ uses it: baccarat, blackjack, War,
// Caribbean poker and Draw Poker. A game that writes the ranks in its own
// order (poker lists them the two first, the ace last) parses with
// ParseIn, so that its refusals read as its players expect from the one
// parser.
package cards
