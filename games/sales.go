package games

// The interfaces below carry games whose round is a sale of numbered items
// and whose end depends on what was sold (bingo: cards sold before the
// first ball, the game over at the first card completed). They are
// optional like the others; docs/ARCHITECTURE.md ("The game seam") lists
// them.

// BetsRoundEnder is implemented by a paytable whose round ends on a
// result that depends on the bets placed, not on the results alone: a
// bingo game ends on the ball that completes the first card. RoundOverOf
// is the one place that asks it.
type BetsRoundEnder interface {
	// RoundOverWith reports whether a round with these bets (placement
	// order, the ones still in play or settled) and results is over.
	RoundOverWith(bets []Bet, results []Result) bool
}

// RoundOverOf reports whether a round is over under pt: RoundOverWith for
// a BetsRoundEnder, else RoundOver. The ledger, the verifier and the
// replay all ask it, so they agree on where a round ends.
func RoundOverOf(pt Paytable, bets []Bet, results []Result) bool {
	if e, ok := pt.(BetsRoundEnder); ok {
		return e.RoundOverWith(bets, results)
	}
	return pt.RoundOver(results)
}

// Seller is implemented by a paytable whose bets are items sold once per
// round: a bingo card of a series and number is sold once in a game, and a
// game holds at most so many cards. The ledger refuses at placement a bet
// whose key another bet of the round holds, and a slip that would take the
// round over SalesMax bets, so a round never holds a sale its settlement
// would refuse.
type Seller interface {
	// SaleKey returns the key of a bet code BetKind accepted ("A-17" for
	// a card): at most one bet of a round holds it.
	SaleKey(code string) string
	// SalesMax is the most bets a round may hold.
	SalesMax() int
}
