// Package games holds what every game package shares: the shape of a round's
// result and of a bet's settlement. Each game lives in its own subpackage
// (games/sicbo first; craps, baccarat, roulette, bingo, blackjack and
// progressive jackpots later) with its bet types, paytables as data, pure
// settlement functions and exact RTP. Nothing here does I/O.
//
// The ledger settles bets through the interface it declares (ledger.Paytable)
// in terms of the types below, so a new game plugs in without the ledger
// knowing its rules. How the design stretches to the games that come next:
//
//   - Craps bets that stay up over several rolls: Settle returns OutcomeOpen
//     for a roll that does not decide the bet; the ledger keeps the stake in
//     play and offers it to the next roll's Result.
//   - Card games (baccarat, blackjack): Result.Hand carries the hand result
//     as the dealer entered it, and a Settlement may carry a Commission (the
//     5% on banker wins) and OutcomePush (a tie returns the stake).
//   - Progressive jackpots: a Settlement may carry Contributions, shares of a
//     side bet's stake posted to a jackpot pool account instead of the house.
package games
