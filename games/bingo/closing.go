package bingo

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// SalesClose funds the prize pool when a game's sales close
// (games.SalesCloser; the ledger's side of CloseSales): "the prize money is known and posted to a prize
// pool account when sales close" (docs/games/bingo.md; seed 002 bingo IV, the
// prizes announced before the first ball). Two transfers from the hall
// (the house, which the sales reach at the end of the game) to the pool
// (games.CounterpartyPrizes, prizes:<table>): the line prize and the
// bingo prize, each its percentage of the sales rounded down (Prizes).
// A game with no card sold funds nothing. The announcement is the hall's
// before the first ball (Announcement: the cards sold by series, from
// number to number, and both prizes).
func (p *Paytable) SalesClose(bets []games.Bet, scale int32) (games.SalesClose, error) {
	cards, sales, err := p.Cards(bets, scale)
	if err != nil {
		return games.SalesClose{}, err
	}
	pr, err := p.Prizes(sales, scale)
	if err != nil {
		return games.SalesClose{}, err
	}
	out := games.SalesClose{Announcement: Announcement(cards, pr, scale, false)}
	if len(bets) > 0 {
		out.Transfers = p.closeTransfers(pr)
	}
	return out, nil
}

// closeTransfers are the prizes' transfers to the pool at sales close.
func (p *Paytable) closeTransfers(pr Prizes) []games.Transfer {
	return []games.Transfer{
		{From: games.CounterpartyHouse, To: games.CounterpartyPrizes, Amount: pr.Line,
			Rule: fmt.Sprintf("line prize, %s%% of the sales, posted to the prize pool when sales close", p.data.LinePercent)},
		{From: games.CounterpartyHouse, To: games.CounterpartyPrizes, Amount: pr.Bingo,
			Rule: fmt.Sprintf("bingo prize, %s%% of the sales, posted to the prize pool when sales close", p.data.BingoPercent)},
	}
}

// checkClosed checks that the transfers a game posted at sales close are
// the prizes its cards give: the settlement builds on them.
func (p *Paytable) checkClosed(closed []games.Transfer, pr Prizes) error {
	want := p.closeTransfers(pr)
	same := len(closed) == len(want)
	for i := 0; same && i < len(want); i++ {
		same = closed[i].From == want[i].From && closed[i].To == want[i].To && closed[i].Amount.Equal(want[i].Amount)
	}
	if !same {
		return fmt.Errorf("%w: the prizes posted at sales close (%s) are not the game's %s and %s", ErrBadAmount, sumTransfers(closed), pr.Line, pr.Bingo)
	}
	return nil
}

func sumTransfers(ts []games.Transfer) decimal.Decimal {
	sum := decimal.Zero
	for _, t := range ts {
		sum = sum.Add(t.Amount)
	}
	return sum
}

var _ games.SalesCloser = (*Paytable)(nil)
