package games

import "github.com/shopspring/decimal"

// Outcome is how a bet ended for one result.
type Outcome string

// Outcomes.
const (
	// OutcomeWon: the stake is returned with a win.
	OutcomeWon Outcome = "won"
	// OutcomeLost: the stake goes to the house.
	OutcomeLost Outcome = "lost"
	// OutcomePush: the stake is returned without a win (card games' ties).
	OutcomePush Outcome = "push"
	// OutcomeOpen: the result did not decide the bet; it stays in play for
	// the next result (craps bets that stay up over several rolls).
	OutcomeOpen Outcome = "open"
)

// Result is a round's result as entered by the dealer. A game reads the
// members that concern it and rejects a Result that does not fit its rules.
type Result struct {
	// Dice are the faces of the dice, in the order entered (Sic Bo: three
	// values 1..6; craps: two per roll).
	Dice []int `json:"dice,omitempty"`
	// Hand is a card game's hand result, in the game's own notation.
	Hand string `json:"hand,omitempty"`
	// Number is a roulette number or a bingo ball.
	Number int `json:"number,omitempty"`
}

// Contribution is a share of a stake that goes to a pool (a progressive
// jackpot) instead of the house.
type Contribution struct {
	Pool   string          `json:"pool"`
	Amount decimal.Decimal `json:"amount"`
}

// Settlement is how one bet is settled against one result.
type Settlement struct {
	Outcome Outcome `json:"outcome"`
	// Win is what the house pays on top of the returned stake, rounded down
	// to the currency's smallest unit.
	Win decimal.Decimal `json:"win"`
	// Returned is what goes back to the player: stake plus Win on a win,
	// the stake on a push, zero on a loss, and zero while Open.
	Returned decimal.Decimal `json:"returned"`
	// Residue is the exact win minus Win: the fraction of the smallest unit
	// that the rounding policy did not pay. Never negative.
	Residue decimal.Decimal `json:"residue"`
	// Rule names the paytable rule that decided the bet, for the dispute
	// report, e.g. "double:2 pays 8:1 (at least two dice show 2)".
	Rule string `json:"rule"`
	// Commission is taken by the house from a win (baccarat's banker bet).
	Commission decimal.Decimal `json:"commission,omitzero"`
	// Contributions go to pools (progressive jackpots).
	Contributions []Contribution `json:"contributions,omitempty"`
}
