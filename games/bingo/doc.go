// Package bingo holds the rules of 90-ball bingo as the Spanish catalogue
// of games of 9 October 1979 rules it ("El juego del bingo",
// seeds/002_7cad45b1f661326b.txt, sections I, II, IV and V): cards, the
// draw, the line and bingo prizes shared among the winning cards, void
// games, the hall's announcements and board. It does no I/O and keeps no
// state but what a caller holds (a Detector).
//
// # Cards
//
// A card ("cartón") is 15 different numbers of 1..90 in three rows of five
// and nine columns (1-9, 10-19, …, 80-90), every column holding one, two or
// three numbers (NewCard; a card that breaks this is a *CardError, code
// invalid_card). Cards are numbered within series (CardID, "A-17"), each
// series with its face value (Series, Session). A double card is two
// halves with the same numbers in the same places, each a unit of play at
// the face value, valid for two consecutive games (Series.Halves).
// GenerateCard prints valid cards deterministically from a recorded seed.
//
// # A game in the ledger
//
// A game is one round; each ball is one result, {"ball":17}. A void (seed
// section V) reads as {"void":"ball_announced_wrong"} and settles every
// card as a push, but the ledger refuses it as a result (CheckResult,
// rule void_by_cancel): there a void game is the round's cancel, by a
// supervisor with its reason. A card sold
// is a bet whose code carries the card's numbers,
// "card:A-17:3,15,41,62,80,7,26,44,58,85,19,33,49,67,90", and whose stake
// is its price, so a game is settled from its bets and results alone.
// When sales close the prizes are fixed as percentages of the game's sales
// (Paytable.Prizes; bingo/es-1979: line 15%, bingo 60%; CloseSales gives
// them as symbolic transfers). Balls are checked as they come
// (CheckResult: 1..90, once; CheckResultWith: not after the bingo).
//
// On the seam (seam.go) a game is a round of the ledger: SettleRound
// (games.RoundSettler) settles every card against the table's prize pool
// and funds the prizes from the sales with round.settled; RoundOverWith
// and TrackRound (games.BetsRoundEnder, games.BetsRoundTracker) end the
// round at the first bingo; CheckPlacement (games.Placer) sells cards
// before the first ball only; SaleKey and SalesMax (games.Seller) sell a
// card number once and at most CardsMax cards a game; CheckClaim
// (games.Claimer) checks a player's call; PrintBets (games.BetPrinter)
// prints cards from a seed. docs/games/bingo.md, "Bingo in the ledger".
//
// # Winners and shared prizes
//
// The ledger finds the winners itself: every card that completes a row on
// the ball where the game's first line appears shares the line prize;
// every card that completes its 15 numbers on the ball of the first bingo
// shares the bingo prize, which ends the game. A Detector does this one
// ball at a time in O(cards holding the ball), from an index of number →
// (card, row) cells and counters per row and card. Players' calls
// ("cantar") are checked against it (Detector.Check) and never pay: a wrong
// call changes nothing. A prize is divided among its winning cards in
// proportion to their prices ("distribución proporcional"), each share
// rounded down to the currency's smallest unit, and the indivisible
// remainder goes to the first winning card in card-number order (Divide),
// so the prize pool ends every game empty.
//
// # Settlement: per card and per game
//
// Paytable.Settle (the per-bet seam) can say of a card alone only that it
// is in play (OutcomeOpen) or refunded (a void game): what it wins is a
// share that depends on every other card. SettleGame and
// Paytable.SettleWhole settle a whole game: each card's settlement and the
// transfers between symbolic accounts (stakes, prize_pool, punter, house)
// that carry it out. The hall's revenue is the sales less the prizes.
//
// # Errors
//
// Every error wraps one sentinel (ErrBadCard, ErrBadResult, ErrBadBetCode,
// ErrBadAmount, ErrBadScale, ErrDuplicateCard, ErrTooManyCards,
// ErrBadSeries, ErrGameNotOver, ErrRoundSettlement, ErrUnknownPaytable,
// ErrBadPaytable) and, but for ErrBadPaytable, has an ErrorCode that
// errors.As finds: invalid_card, invalid_result, invalid_bet_code,
// invalid_amount, invalid_scale, duplicate_card, too_many_cards,
// invalid_series, game_not_over, round_settlement_required,
// unknown_paytable. docs/games/bingo.md lists the sources, the readings of
// the seed, the default prize shares and the limits.
package bingo
