// Package kit holds what the game packages share and the generic layers
// never see: the identity, canonical JSON and hash every paytable carries
// (Canon, its checks CheckIdentity and BadPaytable), the "X:Y" odds of a
// paytable line (Odds), the percentages the games print (RatPercent,
// Percent100), the lines of a paytable keyed by name (Rule,
// IndexRules), the catalog plumbing (Paytables, MustBuild), the coded
// errors each declared once (ErrBadBetCode, ResultError, PlacementError,
// BetCodeError, …), the fold-based round questions of a dealt card game
// (Rounds), the progressive bets a poker round settles together
// (PassBets), and the plumbing of a `wagerlog settle --jsonl` line (strict
// decoding, stake parsing, error answers, and the answer of a line that
// settles a seat's several hands or bets: SeatAnswer). A game package
// imports kit and games; kit imports games only, and no game.
//
// One card model (cards, ranks, suits, parsing, shoes) is games/cards,
// which baccarat, blackjack, War, Caribbean poker and Draw Poker use.
package kit
