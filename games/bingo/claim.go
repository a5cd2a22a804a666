package bingo

import (
	"fmt"
	"slices"
)

// Claim is a player's call ("cantar") of a line or a bingo on a card.
// Seed 002 bingo IV: the caller stops the game when a player calls, the
// card is checked against the balls, and "si de la comprobación efectuada
// resultasen fallos o inexactitudes en alguno de los números del cartón,
// el juego se reanudará". The ledger records a claim and its verdict, but
// never pays on it: it finds the winners itself from the cards and the
// balls, so a wrong claim changes nothing, and a winning card whose player
// did not call still wins (the seed's "¿Alguna línea más? ¿Algún bingo
// más?" is the hall asking for those cards).
type Claim struct {
	Card  CardID `json:"card"`
	Prize Prize  `json:"prize"`
}

// ClaimVerdict is a claim checked against the draw.
type ClaimVerdict struct {
	Claim
	// Balls is how many balls had been drawn when the claim was checked.
	Balls int `json:"balls"`
	// Correct is true when the card is among the prize's winners.
	Correct bool `json:"correct"`
	// Reason says why, for the dispute report: the ball that won, the
	// numbers still missing, or the earlier ball that won the prize.
	Reason string `json:"reason"`
}

// Check checks a claim against the balls drawn so far. A claim is correct
// when the card is one of the prize's winners: it completed the line on
// the ball where the game's first line appeared, or its 15 numbers on the
// ball of the first bingo. A claim of a card not in play, of a prize that
// is not a line or a bingo, of numbers not all drawn, or of a line or
// bingo completed after another card had won the prize is wrong, and
// Reason says which. It finds the card by id in O(cards): calls are rare
// beside balls.
func (d *Detector) Check(c Claim) ClaimVerdict {
	v := ClaimVerdict{Claim: c, Balls: len(d.balls)}
	i := slices.IndexFunc(d.cards, func(k Card) bool { return k.ID == c.Card })
	if i < 0 {
		v.Reason = fmt.Sprintf("card %s is not in play in this game", c.Card)
		return v
	}
	var a Award
	switch c.Prize {
	case PrizeLine:
		a = d.line
	case PrizeBingo:
		a = d.bingo
	default:
		v.Reason = fmt.Sprintf("%q is not a prize; a claim is a line or a bingo", cut(string(c.Prize)))
		return v
	}
	if a.Won() && slices.Contains(a.Cards, i) {
		v.Correct = true
		v.Reason = fmt.Sprintf("card %s completed the %s on ball %d (number %d)", c.Card, c.Prize, a.Index, a.Ball)
		return v
	}
	complete := d.cardDone(i)
	if c.Prize == PrizeLine {
		complete = d.rowDone(i)
	}
	switch {
	case complete && a.Won():
		v.Reason = fmt.Sprintf("the %s was won on ball %d (number %d) by other cards; card %s completed it later", c.Prize, a.Index, a.Ball, c.Card)
	case c.Prize == PrizeLine:
		v.Reason = fmt.Sprintf("card %s has no complete line: its closest row misses %v", c.Card, d.closestRow(i))
	default:
		v.Reason = fmt.Sprintf("card %s misses %v", c.Card, d.Missing(i, -1))
	}
	return v
}

// closestRow returns the missing numbers of card i's row with the fewest.
func (d *Detector) closestRow(i int) []int {
	best := 0
	for r := 1; r < Rows; r++ {
		if d.rowLeft[i*Rows+r] < d.rowLeft[i*Rows+best] {
			best = r
		}
	}
	return d.Missing(i, best)
}
