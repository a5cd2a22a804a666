package replay

import (
	"fmt"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// Reclose computes again what a round's first close of betting posts and
// announces under pt (games.SalesCloser: a bingo game's prizes to the
// pool, the hall's announcement) from the bets sold, and compares it with
// what round.betting_closed recorded: "" when they agree. A game that
// posts nothing at close must record nothing. The round replay and the
// verifier both call it.
func Reclose(pt games.Paytable, bets []games.Bet, scale int32, p *events.RoundBettingClosed) (recomputed games.SalesClose, diff string, err error) {
	if sc, ok := pt.(games.SalesCloser); ok {
		if recomputed, err = sc.SalesClose(bets, scale); err != nil {
			return recomputed, "", err
		}
	}
	diff = TransfersDiff(p.Transfers, recomputed.Transfers)
	if diff == "" && p.Announcement != recomputed.Announcement {
		diff = fmt.Sprintf("recorded announcement %q; re-computed %q", p.Announcement, recomputed.Announcement)
	}
	return recomputed, diff, nil
}

// Unclose is what a cancelled round posts back of the transfers its
// sales close posted (games.ReversedTransfers), compared with what
// round.cancelled recorded: "" when they agree.
func Unclose(closed []games.Transfer, recorded []events.Transfer) string {
	return TransfersDiff(recorded, games.ReversedTransfers(closed))
}

// recloseSales checks a round's close of betting in the round replay: the
// first one, before any result, against what the game computes again
// from the bets placed (out.SalesClosed); any later one posts nothing.
func (st *roundState) recloseSales(out *RoundReplay, p *events.RoundBettingClosed, betProblem func(string, ...any)) {
	if len(st.r.Results) > 0 || out.SalesClosed != nil {
		if len(p.Transfers) > 0 {
			betProblem("round %s: a close of betting after its sales closed posts transfers %v", out.Round, p.Transfers)
		}
		return
	}
	pt, err := st.paytable(out)
	if err != nil {
		return // reported by the settlement
	}
	if _, ok := pt.(games.SalesCloser); !ok && len(p.Transfers) == 0 {
		return
	}
	bets := make([]games.Bet, 0, len(st.r.Bets))
	for _, b := range st.r.Bets {
		bets = append(bets, gameBet(b))
	}
	re, diff, err := Reclose(pt, bets, out.Scale, p)
	if err != nil {
		betProblem("round %s: its sales close cannot be computed again: %v", out.Round, err)
		return
	}
	out.Announcement = p.Announcement
	out.SalesClosed = &TransfersCheck{Recorded: append([]events.Transfer{}, p.Transfers...), Recomputed: eventTransfers(re.Transfers), Match: diff == ""}
	if diff != "" {
		betProblem("round %s at sales close: %s", out.Round, diff)
	}
}

// closedFunds checks that a round settled as a whole built on the
// transfers its sales close posted.
func closedFunds(out *RoundReplay, f *events.Funds, betProblem func(string, ...any)) {
	var posted []events.Transfer
	if out.SalesClosed != nil {
		posted = out.SalesClosed.Recorded
	}
	if d := TransfersDiff(f.Closed, round.GameTransfers(posted)); d != "" {
		betProblem("round %s was settled with sales close transfers that are not the ones posted: %s", out.Round, d)
	}
}

func eventTransfers(ts []games.Transfer) []events.Transfer {
	out := []events.Transfer{}
	for _, t := range ts {
		out = append(out, events.Transfer{From: t.From, To: t.To, Amount: t.Amount, Rule: t.Rule})
	}
	return out
}

// uncloseSales checks that a cancelled round gave back what its sales
// close posted.
func uncloseSales(out *RoundReplay, p *events.RoundCancelled, betProblem func(string, ...any)) {
	var posted []events.Transfer
	if out.SalesClosed != nil {
		posted = out.SalesClosed.Recorded
	}
	if d := Unclose(round.GameTransfers(posted), p.Transfers); d != "" {
		betProblem("round %s cancelled: what its sales close posted is not given back: %s", out.Round, d)
	}
}
