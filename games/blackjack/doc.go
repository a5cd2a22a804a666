// Package blackjack holds the rules of blackjack with the Perfect Pairs
// side bet as the Chilean catalogue of games rules them after the
// amendments of Resolución exenta N°373 of 2010 (seed 004): bet codes, the
// round as a state machine of the deal, paytables as data with a content
// hash, pure settlement, the exact figures of the bets that do not depend
// on play, a basic-strategy simulation of the main bet, the board and the
// auditors' settle lines. It does no I/O and keeps no state.
//
// # A round on the seam
//
// A round is one deal of a shoe. Its results (games.Result) are every card
// and every decision, in the order the dealer enters them:
//
//	{"card":"8S","to":"seat:1"}              a card to seat 1's first hand
//	{"card":"9H","to":"dealer"}              a card to the dealer
//	{"card":"5D","to":"seat:1","hand":1}     to the hand a split made
//	{"decision":"double","seat":1,"hand":0}  hit, stand, double, split, surrender
//	{"cut_card":true}                        the cut card came out
//
// Paytable.CheckResult (games.ResultChecker) folds the round so far
// (Round) and refuses what the state of the deal does not allow, with the
// rule it breaks: the first card to each seat in seat order, one to the
// dealer, a second to each seat; then the seats play in order, each hand
// left to right (a split hand's new half right after it); a decision only
// on the hand whose turn it is (no hit on 21 or a bust, double only on two
// cards, split only a pair, surrender only as the first decision); then
// the dealer draws below 17 and stands on 17 (soft 17 is a table setting).
// The dealer has no hole card: his second card comes after the seats
// play, and his blackjack beats every hand but a player's blackjack,
// doubled and split stakes included. RoundOver is true when his hand is
// complete; ShoeOver when the cut card came out during the round (the pass
// is finished and the next round is dealt from a new shuffle, a table
// event checked by CheckShuffle).
//
// Bets (games.Bet) are main:S (the seat's first hand), perfect_pairs:S
// and, placed between results, insurance:S, double:S:H and split:S:H.
// Paytable.CheckPlacement (games.Placer) takes a double or split only on
// the hand whose turn it is, when the cards allow the decision, for the
// hand's original stake; the money moves from the wallet when the bet is
// placed, and the dealer records the decision as the next result;
// CheckDecision (games.DecisionChecker) refuses the decision without that
// bet, so the ledger never plays a double or split that was not paid for.
// Settle settles each bet on its own hand: the split bet is the new hand's
// stake, the double bet the stake added to its hand. A double or split
// whose decision the dealer did not record next is returned. Surrender
// settles the main bet as lost with half the stake in Settlement.Returned
// (rounded down, the rest the residue). Bets are decided as early as the
// cards allow (a bust at once, Perfect Pairs on the seat's second card,
// insurance and blackjacks on the dealer's second card), the rest when the
// round is over.
//
// # Money
//
// A win is stake × X/Y rounded down to the currency's scale (blackjack 3:2
// leaves a residue on an odd number of units); a surrender returns the
// paytable's share rounded down. docs/games/blackjack.md lists the
// readings of the seed and the figures.
package blackjack
