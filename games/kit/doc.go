// Package kit holds what the game packages share and the generic layers
// never see: the identity, canonical JSON and hash every paytable carries
// (Canon), the "X:Y" odds of a paytable line (Odds), the coded errors
// (Coded), and the plumbing of a `wagerlog settle --jsonl` line (strict
// decoding, stake parsing, error answers). A game package imports kit and
// games; kit imports games only, and no game.
//
// One card model (cards, ranks, suits, parsing, shoes) is games/cards,
// which baccarat, blackjack, War and Caribbean poker all use.
package kit
