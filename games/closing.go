package games

// SalesCloser is implemented by a paytable whose round moves money as a
// whole when its sales close, before any result: a bingo game's line and
// bingo prizes are fixed percentages of its sales, announced before the
// first ball and posted to the table's prize pool then (seed 002 bingo IV). The
// ledger calls CloseSales at a round's first close of betting and posts
// the transfers with round.betting_closed, with the hall's announcement; a cancel posts them back with
// round.cancelled; the settlement gets them as Funds.Closed; the verifier
// and the replay compute them again from the round's bets.
type SalesCloser interface {
	// SalesClose returns what a round with these bets (every bet sold,
	// in placement order) posts and announces when its sales close, in a
	// currency with scale decimals. Its error has an ErrorCode.
	SalesClose(bets []Bet, scale int32) (SalesClose, error)
}

// SalesClose is what a round's sales close records.
type SalesClose struct {
	// Transfers are posted with the close; nil when it moves nothing.
	Transfers []Transfer
	// Announcement is what the hall announces then, in the regulation's
	// words (bingo: the cards sold by series, from number to number, and
	// the line and bingo prizes, seed 002 bingo IV).
	Announcement string
}

// ReversedTransfers returns the transfers that undo ts, last first: what a
// cancelled round posts back of the transfers it posted when its sales
// closed. The rule says what is undone.
func ReversedTransfers(ts []Transfer) []Transfer {
	if len(ts) == 0 {
		return nil
	}
	out := make([]Transfer, len(ts))
	for i, t := range ts {
		out[len(ts)-1-i] = Transfer{From: t.To, To: t.From, Amount: t.Amount, Rule: "returned, the round is void: " + t.Rule}
	}
	return out
}
