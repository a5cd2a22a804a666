package audit

import (
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/replay"
	"github.com/wagerlog/wagerlog/round"
)

// closeSales checks what a round's close of betting posted
// (games.SalesCloser: a bingo game's prizes to the pool when its sales
// close): on the first close, before any result, exactly what the game
// computes again from the bets sold (replay.Reclose); on any later close,
// nothing. The flows were checked against the postings with the others.
func (f *fold) closeSales(r *roundState, p *events.RoundBettingClosed, report reporter) {
	f.carriedBy(r.Table, report)
	if len(r.Results) > 0 || r.SalesClose != nil {
		if len(p.Transfers) > 0 {
			report(KindEventInvalid, "round %s: a close of betting after its sales closed posts transfers %v", r.ID, p.Transfers)
		}
		return
	}
	pt, err := f.paytable(r.Paytable, r.PaytableHash)
	if err != nil {
		return // reported when the round opened
	}
	var bets []games.Bet
	for _, b := range r.Bets {
		if b.Status == round.BetOpen || b.Status == round.BetSettled {
			bets = append(bets, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		}
	}
	_, diff, err := replay.Reclose(pt, bets, r.Scale, p)
	switch {
	case err != nil:
		report(KindPayoutMismatch, "round %s: its sales close cannot be computed again: %v", r.ID, err)
	case diff != "":
		report(KindPayoutMismatch, "round %s at sales close: %s", r.ID, diff)
	}
	r.CloseSales(p)
}

// uncloseSales checks that a cancelled round gives back exactly what its
// sales close posted: the prize pool of a void bingo game ends empty.
func (f *fold) uncloseSales(r *roundState, p *events.RoundCancelled, report reporter) {
	f.carriedBy(r.Table, report)
	if d := replay.Unclose(r.SalesClose, p.Transfers); d != "" {
		report(KindPayoutMismatch, "round %s cancelled: what its sales close posted is not given back: %s", r.ID, d)
	}
}

// checkClosedFunds checks that a round settled as a whole recorded, as
// the transfers its settlement built on, the ones its sales close posted.
func (f *fold) checkClosedFunds(r *roundState, funds *events.Funds, report reporter) {
	if d := replay.TransfersDiff(funds.Closed, r.SalesClose); d != "" {
		report(KindPayoutMismatch, "round %s was settled with sales close transfers that are not the ones posted: %s", r.ID, d)
	}
}
