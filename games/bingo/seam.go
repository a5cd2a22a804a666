package bingo

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// SettleRound settles a game in the ledger (games.RoundSettler): the
// cards' settlements and the transfers of SettleWhole, mapped onto the
// ledger's accounts. Every card's counterparty is the table's prize pool
// (games.CounterpartyPrizes, account prizes:<table>):
//
//   - a card without a prize gives its price to the pool, a winning card
//     gives its price and takes its shares (Returned = the shares; Win =
//     what they exceed the price by), so the pool holds the game's sales
//     less the prizes paid once every card is settled;
//   - the transfers then carry the sales to the hall (pool → house) and
//     fund each prize from them at its fixed percentage (house → pool,
//     line and bingo), the amounts fixed by the sales at close_betting
//     (Prizes): the pool ends the game empty;
//   - a void game returns every price in full (OutcomePush) and moves
//     nothing else.
//
// A game whose prizes were posted to the pool when its sales closed
// (funds.Closed, SalesClose) has one transfer instead: the sales, pool →
// house; a void game gives the prizes back (pool → house). The other
// funds are not used: a bingo game depends on its cards and balls alone.
func (p *Paytable) SettleRound(bets []games.Bet, scale int32, results []games.Result, funds games.Funds) (games.RoundSettlement, error) {
	w, err := p.SettleWhole(bets, scale, results)
	if err != nil {
		return games.RoundSettlement{}, err
	}
	out := games.RoundSettlement{Bets: make([]games.Settlement, len(bets))}
	zero := decimal.New(0, -scale)
	for i, st := range w.Bets {
		st.Counterparty = games.CounterpartyPrizes
		if st.Outcome == games.OutcomeWon {
			// The seam's Win is what is paid on top of the stake; a share
			// below the price is a partial return (Returned < stake).
			st.Win = decimal.Max(zero, st.Returned.Sub(bets[i].Stake))
			if st.Returned.LessThan(bets[i].Stake) {
				st.Outcome = games.OutcomeLost
			}
		}
		out.Bets[i] = st
	}
	g := w.Game
	if len(funds.Closed) > 0 {
		// The prizes reached the pool when sales closed (SalesClose):
		// the settlement carries the sales to the hall, or, in a void
		// game, gives the prizes back to it.
		pr := Prizes{Line: g.Line.Amount, Bingo: g.Bingo.Amount}
		if g.Void != nil {
			var err error
			if pr, err = p.Prizes(g.Sales, scale); err != nil {
				return games.RoundSettlement{}, err
			}
		}
		if err := p.checkClosed(funds.Closed, pr); err != nil {
			return games.RoundSettlement{}, err
		}
		if g.Void != nil {
			out.Transfers = games.ReversedTransfers(funds.Closed)
			return out, nil
		}
		out.Transfers = []games.Transfer{{From: games.CounterpartyPrizes, To: games.CounterpartyHouse, Amount: g.Sales,
			Rule: fmt.Sprintf("the game's sales, %d cards, to the hall (the prizes were posted to the pool when sales closed)", g.Cards)}}
		return out, nil
	}
	if g.Void != nil {
		return out, nil
	}
	out.Transfers = []games.Transfer{
		{From: games.CounterpartyPrizes, To: games.CounterpartyHouse, Amount: g.Sales,
			Rule: fmt.Sprintf("the game's sales, %d cards, to the hall", g.Cards)},
		{From: games.CounterpartyHouse, To: games.CounterpartyPrizes, Amount: g.Line.Amount,
			Rule: fmt.Sprintf("line prize, %s%% of the sales at close_betting, funded from the sales", p.data.LinePercent)},
		{From: games.CounterpartyHouse, To: games.CounterpartyPrizes, Amount: g.Bingo.Amount,
			Rule: fmt.Sprintf("bingo prize, %s%% of the sales at close_betting, funded from the sales", p.data.BingoPercent)},
	}
	return out, nil
}

// CheckPlacement sells a card only before the first ball
// (games.Placer): the cards of a game are announced, and its prizes fixed,
// before the draw starts (seed 002 bingo II).
func (p *Paytable) CheckPlacement(b games.Bet, results []games.Result, _ []games.Bet) error {
	if len(results) > 0 {
		return fmt.Errorf("%w: %q: cards are sold before the first ball; %d balls are drawn", ErrBadBetCode, cut(b.Code), len(results))
	}
	if b.Working {
		return fmt.Errorf("%w: %q: a card has no working flag", ErrBadBetCode, cut(b.Code))
	}
	return nil
}

// SaleKey is a card's id, "A-17" (games.Seller): a card number is sold
// once per series in a game, whatever numbers the code carries.
func (p *Paytable) SaleKey(code string) string {
	_, rest, _ := strings.Cut(code, ":")
	id, _, _ := strings.Cut(rest, ":")
	return id
}

// SalesMax is the most cards a game may hold, the paytable's CardsMax
// (games.Seller).
func (p *Paytable) SalesMax() int { return p.data.CardsMax }

// The seam's optional interfaces bingo implements.
var (
	_ games.RoundSettler   = (*Paytable)(nil)
	_ games.Placer         = (*Paytable)(nil)
	_ games.Seller         = (*Paytable)(nil)
	_ games.BetsRoundEnder = (*Paytable)(nil)
)

// CheckClaim checks a player's call of prize ("line" or "bingo") on the
// card of bets[bet] against the balls drawn so far (games.Claimer): the
// card must be among the prize's winners (Detector.Check). It replays the
// draw over every card, O(cards), as calls are rare beside balls.
func (p *Paytable) CheckClaim(bets []games.Bet, results []games.Result, bet int, prize string) (games.ClaimVerdict, error) {
	if prize != string(PrizeLine) && prize != string(PrizeBingo) {
		return games.ClaimVerdict{}, fmt.Errorf("%w: %q is not a prize; a claim is a line or a bingo", ErrBadClaim, cut(prize))
	}
	if bet < 0 || bet >= len(bets) {
		return games.ClaimVerdict{}, fmt.Errorf("%w: bet %d of %d", ErrBadClaim, bet, len(bets))
	}
	d, err := ReadDraw(results)
	if err != nil {
		return games.ClaimVerdict{}, err
	}
	det, err := p.detector(bets)
	if err != nil {
		return games.ClaimVerdict{}, err
	}
	for _, b := range d.Balls {
		if _, err := det.Draw(b); err != nil {
			return games.ClaimVerdict{}, err
		}
	}
	c, err := ParseBetCode(bets[bet].Code)
	if err != nil {
		return games.ClaimVerdict{}, err
	}
	v := det.Check(Claim{Card: c.ID, Prize: Prize(prize)})
	return games.ClaimVerdict{Correct: v.Correct, Reason: v.Reason}, nil
}

// TrackRound returns a tracker of a game with these cards
// (games.BetsRoundTracker): each ball drawn on one Detector, O(cards
// holding the ball), instead of RoundOverWith's replay over every card.
func (p *Paytable) TrackRound(bets []games.Bet) (games.RoundTracker, error) {
	det, err := p.detector(bets)
	if err != nil {
		return nil, err
	}
	return &tracker{det: det}, nil
}

// tracker follows a game ball by ball.
type tracker struct {
	det  *Detector
	void bool
}

// Add draws a ball, or ends the game on a void.
func (t *tracker) Add(r games.Result) (bool, error) {
	if t.void {
		return true, resultError(RuleGameOver, "%s after a void", r)
	}
	switch v := r.(type) {
	case Ball:
		if _, err := t.det.Draw(int(v)); err != nil {
			return false, err
		}
		return t.det.Over() || len(t.det.balls) == NumbersMax, nil
	case Void:
		t.void = true
		return true, nil
	}
	return false, resultError(RuleResultShape, "%T is not a bingo ball", r)
}

var _ games.BetsRoundTracker = (*Paytable)(nil)

// PrintBets returns the bet codes of cards from..to of series as
// GenerateCard prints them from seed (games.BetPrinter). A series or a
// range that is not valid is ErrBadSeries.
func (p *Paytable) PrintBets(seed uint64, series string, from, to int) ([]string, error) {
	if !validSeries(series) {
		return nil, fmt.Errorf("%w: series %q is one to three capital letters then up to six digits", ErrBadSeries, cut(series))
	}
	if from < 1 || to < from || to > CardNumberMax || to-from >= p.data.CardsMax {
		return nil, fmt.Errorf("%w: cards %d to %d of series %s: want 1 ≤ from ≤ to ≤ %d", ErrBadSeries, from, to, series, CardNumberMax)
	}
	cards := GenerateSeries(seed, series, from, to)
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.BetCode()
	}
	return out, nil
}

var _ games.BetPrinter = (*Paytable)(nil)
