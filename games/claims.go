package games

// Claimer is implemented by a paytable whose players call their wins
// (bingo's "cantar" of a line or a bingo). The ledger records each call
// with the game's verdict (event bingo.claimed) but never pays on it: the
// winners are found from the bets and results at the round's settlement,
// so a wrong call changes nothing.
type Claimer interface {
	// CheckClaim checks the call of prize on bets[bet], after results
	// (the round's bets in play or settled, in placement order). A prize
	// the game does not have is an error with an ErrorCode.
	CheckClaim(bets []Bet, results []Result, bet int, prize string) (ClaimVerdict, error)
}

// ClaimVerdict is a call checked by its game.
type ClaimVerdict struct {
	// Correct is true when the bet is among the prize's winners.
	Correct bool
	// Reason says why, for the dispute report.
	Reason string
}
