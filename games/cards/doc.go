// Package cards is the French-suited playing card of the card games under
// games/: its one spelling ("AS", "TD", "9H": rank then suit, ten written
// T), and the shoe of several decks that the exact figures enumerate and
// the simulations deal from. It is pure (no I/O, no state) and knows no
// game: blackjack counts an ace 1 or 11, War ranks it above the king,
// baccarat counts tens and faces 0, each in its own package.
//
// games/blackjack and games/war use it; games/baccarat has its own copy of
// the card and is to move onto this package.
package cards
