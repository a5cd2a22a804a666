package events

// BingoClaimed records a player's call of a prize on one of their bets
// (bingo's "cantar" of a line or a bingo on a card, seed 002 bingo IV)
// and the verdict of the game's own check against the round's results so
// far. It moves no money and no status: the ledger finds the winners
// itself and pays them at round.settled, so a wrong claim changes nothing
// and the game goes on.
type BingoClaimed struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Bet    string `json:"bet"`
	Player string `json:"player"`
	// Code is the bet's code (the card with its numbers).
	Code string `json:"code"`
	// Prize is what was called: "line" or "bingo".
	Prize string `json:"prize"`
	// Balls is how many results (balls) the round had when it was called.
	Balls int `json:"balls"`
	// Correct is the game's verdict; Reason says why, for the dispute.
	Correct bool   `json:"correct"`
	Reason  string `json:"reason"`
}
