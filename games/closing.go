package games

// SalesCloser is implemented by a paytable whose round moves money as a
// whole when its sales close, before any result: a bingo game's line and
// bingo prizes are fixed percentages of its sales, announced before the
// first ball and posted to the table's prize pool then (issue #17). The
// ledger calls CloseSales at a round's first close of betting and posts
// the transfers with round.betting_closed; a cancel posts them back with
// round.cancelled; the settlement gets them as Funds.Closed; the verifier
// and the replay compute them again from the round's bets.
type SalesCloser interface {
	// ClosingTransfers returns the transfers a round with these bets (every
	// bet sold, in placement order) posts when its sales close, in a
	// currency with scale decimals; nil when it moves nothing. Its error
	// has an ErrorCode.
	ClosingTransfers(bets []Bet, scale int32) ([]Transfer, error)
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
