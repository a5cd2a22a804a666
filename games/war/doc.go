// Package war holds the rules of casino War as the Chilean catalogue of
// games rules it after the amendments of Resolución exenta N°373 of 2010
// (seed 004, War 4.4): bet codes, the round as a state machine, paytables
// as data with a content hash, pure settlement, exact figures by
// enumeration, the board and the auditors' settle lines. It does no I/O
// and keeps no state.
//
// # A round on the seam
//
// A round's results (games.Result), in the order entered:
//
//	{"card":"9S","to":"seat:1"}   one card to each seat, in seat order
//	{"card":"9H","to":"dealer"}   then the dealer's
//	{"decision":"war","seat":1}   each tied seat, in seat order: war or surrender
//	{"burn":"5C"}                 three burned cards before the war
//	{"card":"KD","to":"seat:1"}   a war card to each seat at war, then the dealer's
//	{"cut_card":true}             the cut card came out
//
// Paytable.CheckResult (games.ResultChecker) refuses what the round does
// not allow, with the rule it breaks; RoundOver is true after the dealer's
// card when nobody ties, after the last decision when every tied seat
// surrendered, after the dealer's war card otherwise. The shoe's first
// card, burned, and the cut card's place are a new shuffle's (CheckShuffle),
// a table event; the cut card coming out is a result (ShoeOver).
//
// Bets are main:S and tie:S, placed before the first card, and war:S, the
// raise, placed when the round waits for seat S's decision on a tie
// (games.Placer: exactly the main bet's stake, once), just before the
// dealer records "war": the money moves when the decision is made, and
// CheckDecision (games.DecisionChecker) refuses a "war" without it. A
// surrender settles the main bet as lost with half of it returned
// (Settlement.Returned, rounded down).
package war
