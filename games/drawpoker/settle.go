package drawpoker

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// Outcome is how a deal ends for a seat, its ante and call together:
// games/poker's outcomes.
type Outcome = poker.Outcome

// Judge says how a seat's deal ends: poker.Folded, or as the seat's final
// hand (after its exchange) compares with a dealer who qualifies with
// ace-king or better (poker.Judge).
func Judge(d Deal, s SeatDeal) Outcome {
	return poker.Judge(poker.Round{Player: s.Hand(), Dealer: d.Dealer, Fold: s.Fold})
}

// seat returns a seat's deal.
func seat(res games.Result, n int) (Deal, SeatDeal, error) {
	d, ok := res.(Deal)
	if !ok {
		return Deal{}, SeatDeal{}, resultError(poker.RuleResultShape, "a %T is not a Draw Poker deal", res)
	}
	for _, s := range d.Seats {
		if s.Seat == n {
			return d, s, nil
		}
	}
	return Deal{}, SeatDeal{}, resultError(poker.RuleResultShape, "seat %d has bets and no hand in the deal", n)
}

// Settle settles the ante, the exchange or the call of a seat against the
// round's one deal. Wins are the stake times the line's odds, rounded
// down to the scale with the cut-off part in Residue. The exchange is
// the price of the cards and is always lost; a progressive bet is
// settled with its round (SettleRound); a call on a folded seat is a
// *ResultError (poker.RuleFoldedCall).
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	kind, n, err := ParseBet(b.Code)
	if err != nil {
		return games.Settlement{}, err
	}
	if err := p.checkBet(b, scale); err != nil {
		return games.Settlement{}, err
	}
	if b.Since != 0 || len(results) != 1 {
		return games.Settlement{}, resultError(poker.RuleResultShape, "a Draw Poker bet is settled against the round's one deal (placed before result %d of %d)", b.Since, len(results))
	}
	if kind == BetProgressive {
		return games.Settlement{}, fmt.Errorf("%w: %q is settled with its round against the pool (SettleRound)", ErrBadBetCode, b.Code)
	}
	d, s, err := seat(results[0], n)
	if err != nil {
		return games.Settlement{}, err
	}
	return p.settle(kind, b.Stake, scale, d, s)
}

// checkBet validates a bet's stake and flags.
func (p *Paytable) checkBet(b games.Bet, scale int32) error {
	if err := poker.CheckStake(b.Stake, scale); err != nil {
		return err
	}
	if b.Working {
		return fmt.Errorf("%w: %q: Draw Poker bets have no working flag", ErrBadBetCode, cutCode(b.Code))
	}
	return nil
}

func (p *Paytable) settle(kind string, stake decimal.Decimal, scale int32, d Deal, s SeatDeal) (games.Settlement, error) {
	lost := games.Settlement{Outcome: games.OutcomeLost, Win: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero}
	push := games.Settlement{Outcome: games.OutcomePush, Win: decimal.Zero, Returned: stake, Residue: decimal.Zero}
	won := func(odds poker.Odds, rule string) games.Settlement {
		exact := stake.Mul(odds.Multiple())
		win := exact.RoundDown(scale)
		return games.Settlement{Outcome: games.OutcomeWon, Win: win, Returned: stake.Add(win), Residue: exact.Sub(win), Rule: rule}
	}
	if kind == BetExchange {
		if !s.Exchange.Exchanged() {
			return games.Settlement{}, resultError(RuleExchangeUnpaid, "seat %d paid for an exchange the deal does not record", s.Seat)
		}
		lost.Rule = fmt.Sprintf("exchange paid: %s for %s, the price of the cards", cardsString(s.Exchange.Discard), cardsString(s.Exchange.Draw))
		return lost, nil
	}
	o := Judge(d, s)
	hand, dv := poker.Eval(s.Hand()), poker.Eval(d.Dealer)
	if kind == BetAnte {
		switch o {
		case poker.Folded:
			lost.Rule = "ante lost: the player did not go (folded)"
			return lost, nil
		case poker.DealerNotQualified:
			return won(p.data.Ante, fmt.Sprintf("ante pays %s: the dealer does not qualify (%s, below ace-king)", p.data.Ante, dv)), nil
		case poker.PlayerWins:
			return won(p.data.Ante, fmt.Sprintf("ante pays %s: %s beats the dealer's %s", p.data.Ante, hand, dv)), nil
		case poker.Tie:
			push.Rule = fmt.Sprintf("ante returned: %s ties the dealer", hand)
			return push, nil
		}
		lost.Rule = fmt.Sprintf("ante lost: the dealer's %s beats %s", dv, hand)
		return lost, nil
	}
	switch o {
	case poker.Folded:
		return games.Settlement{}, resultError(poker.RuleFoldedCall, "a call on a seat that folded")
	case poker.DealerNotQualified:
		push.Rule = fmt.Sprintf("call returned: the dealer does not qualify (%s)", dv)
		return push, nil
	case poker.PlayerWins:
		l := p.call[hand.Category()]
		return won(l.Odds, fmt.Sprintf("call pays %s (%s, %s) against the dealer's %s", l.Odds, l.Name, hand, dv)), nil
	case poker.Tie:
		push.Rule = fmt.Sprintf("call returned: %s ties the dealer", hand)
		return push, nil
	}
	lost.Rule = fmt.Sprintf("call lost: the dealer's %s beats %s", dv, hand)
	return lost, nil
}

// CheckDecision validates a deal against the round's bets
// (games.DecisionChecker): a seat exchanged cards exactly when it paid
// for the exchange, and a seat that called did not fold. A deal that
// fails could never be settled, so the ledger refuses it. Every error is
// a *ResultError.
func (p *Paytable) CheckDecision(r games.Result, _ []games.Result, bets []games.Bet) error {
	d, ok := r.(Deal)
	if !ok {
		return resultError(poker.RuleResultShape, "a %T is not a Draw Poker deal", r)
	}
	paid, called := map[int]bool{}, map[int]bool{}
	for _, b := range bets {
		kind, n, err := ParseBet(b.Code)
		if err != nil {
			continue
		}
		paid[n] = paid[n] || kind == BetExchange
		called[n] = called[n] || kind == BetCall
	}
	for _, s := range d.Seats {
		switch {
		case s.Exchange.Exchanged() && !paid[s.Seat]:
			return resultError(RuleExchangeUnpaid, "seat %d exchanged %s without its exchange bet", s.Seat, cardsString(s.Exchange.Discard))
		case !s.Exchange.Exchanged() && paid[s.Seat]:
			return resultError(RuleExchangeUnpaid, "seat %d paid for an exchange the deal does not record", s.Seat)
		case s.Fold && called[s.Seat]:
			return resultError(poker.RuleFoldedCall, "seat %d called and is recorded as folded", s.Seat)
		}
	}
	return nil
}

// SettleRound settles a deal's bets (games.RoundSettler): the ante, the
// exchange and the call of each seat as Settle does, and the progressive
// bets together against the linked pool (games.SettlePass). A seat that
// exchanged cards or folded forfeits its progressive bet, collected into
// the pool with no prize (seed 004, 6.5.1: "Si el jugador opta por
// cambiar cartas, deja de participar en el premio del pozo progresivo";
// "si el jugador decide «no ir», además de su apuesta inicial (ANTE)
// pierde su apuesta al progresivo"); a seat that stood pat and called
// plays for the pool with its five cards as dealt. Every seat with an
// ante either called or folded.
func (p *Paytable) SettleRound(bets []games.Bet, scale int32, results []games.Result, funds games.Funds) (games.RoundSettlement, error) {
	if len(results) != 1 {
		return games.RoundSettlement{}, resultError(poker.RuleResultShape, "a deal is settled against its one result, not %d", len(results))
	}
	if err := p.CheckDecision(results[0], nil, bets); err != nil {
		return games.RoundSettlement{}, err
	}
	out := games.RoundSettlement{Bets: make([]games.Settlement, len(bets))}
	var pass kit.PassBets
	called, anted := map[int]bool{}, map[int]bool{}
	for i, b := range bets {
		kind, n, err := ParseBet(b.Code)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		if err := p.checkBet(b, scale); err != nil {
			return games.RoundSettlement{}, err
		}
		d, s, err := seat(results[0], n)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		switch kind {
		case BetProgressive:
			pass.Add(i, b, poolHand(b, s))
			continue
		case BetCall:
			called[n] = true
		case BetAnte:
			anted[n] = true
		}
		st, err := p.settle(kind, b.Stake, scale, d, s)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		out.Bets[i] = st
	}
	for n := range anted {
		_, s, _ := seat(results[0], n)
		if !s.Fold && !called[n] {
			return games.RoundSettlement{}, resultError(poker.RuleFoldedCall, "seat %d neither called nor folded: a seat without a call folds", n)
		}
	}
	if err := pass.Settle(funds.Pool, &out); err != nil {
		return games.RoundSettlement{}, err
	}
	return out, nil
}

// poolHand is a seat's hand in the pass: its five cards as dealt, judged
// only when it neither folded nor exchanged (the pool's forfeits,
// games/jackpot).
func poolHand(b games.Bet, s SeatDeal) games.PoolHand {
	h := games.PoolHand{Seat: s.Seat, Bet: b.Stake, Cards: s.Dealt.Strings()}
	switch {
	case s.Fold:
		h.Forfeit = jackpot.ForfeitFolded
	case s.Exchange.Exchanged():
		h.Forfeit = jackpot.ForfeitExchanged
	}
	return h
}

// Compile-time checks that the package implements the seam.
var (
	_ games.Paytable        = (*Paytable)(nil)
	_ games.Placer          = (*Paytable)(nil)
	_ games.DecisionChecker = (*Paytable)(nil)
	_ games.RoundSettler    = (*Paytable)(nil)
	_ games.Progressive     = (*Paytable)(nil)
	_ games.Seated          = (*Paytable)(nil)
	_ games.Publisher       = (*Paytable)(nil)
	_ games.Result          = Deal{}
)
