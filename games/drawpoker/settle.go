package drawpoker

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/poker"
)

// Outcome is how a deal ends for a seat, its ante and call together:
// games/poker's outcomes, with the pair of eights as the dealer's
// qualification.
type Outcome = poker.Outcome

// Judge says how a seat's deal ends: poker.Folded, or as the seat's final
// hand compares with a dealer's final hand that qualifies with a pair of
// eights or better.
func Judge(player, dealer poker.Hand, fold bool) Outcome {
	if fold {
		return poker.Folded
	}
	pv, dv := poker.Eval(player), poker.Eval(dealer)
	switch {
	case dv < PairOfEights:
		return poker.DealerNotQualified
	case pv > dv:
		return poker.PlayerWins
	case pv == dv:
		return poker.Tie
	}
	return poker.DealerWins
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

// Settle settles the ante or the call of a seat against the round's one
// deal. Wins are the stake times the line's odds, rounded down to the
// scale with the cut-off part in Residue. A progressive bet is settled
// with its round (SettleRound); a call on a folded seat is a
// *ResultError (poker.RuleFoldedCall).
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	kind, n, err := parseBet(b.Code)
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
	return p.settle(kind, b.Stake, scale, s.Hand(), d.DealerHand(), s.Fold)
}

// checkBet validates a bet's stake and flags.
func (p *Paytable) checkBet(b games.Bet, scale int32) error {
	if err := poker.CheckStake(b.Stake, scale); err != nil {
		return err
	}
	if b.Working {
		return fmt.Errorf("%w: %q: Draw Poker bets have no working flag", ErrBadBetCode, b.Code)
	}
	return nil
}

func (p *Paytable) settle(kind string, stake decimal.Decimal, scale int32, player, dealer poker.Hand, fold bool) (games.Settlement, error) {
	o := Judge(player, dealer, fold)
	lost := games.Settlement{Outcome: games.OutcomeLost, Win: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero}
	push := games.Settlement{Outcome: games.OutcomePush, Win: decimal.Zero, Returned: stake, Residue: decimal.Zero}
	won := func(odds poker.Odds, rule string) games.Settlement {
		exact := stake.Mul(odds.Multiple())
		win := exact.RoundDown(scale)
		return games.Settlement{Outcome: games.OutcomeWon, Win: win, Returned: stake.Add(win), Residue: exact.Sub(win), Rule: rule}
	}
	hand, dv := poker.Eval(player), poker.Eval(dealer)
	if kind == BetAnte {
		switch o {
		case poker.Folded:
			lost.Rule = "ante lost: the player did not go (folded)"
			return lost, nil
		case poker.DealerNotQualified:
			return won(p.data.Ante, fmt.Sprintf("ante pays %s: the dealer does not qualify (%s, below a pair of eights)", p.data.Ante, dv)), nil
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

// SettleRound settles a deal's bets (games.RoundSettler): the ante and
// the call of each seat as Settle does, and the progressive bets together
// against the linked pool (games.SettlePass). A seat that folded or
// exchanged cards forfeits its progressive bet, collected into the pool
// with no prize (seed 004, 6.5.1); a seat that stood pat plays for the
// pool with its five cards as dealt. Every seat with an ante either
// called or folded; a seat that exchanged called.
func (p *Paytable) SettleRound(bets []games.Bet, scale int32, results []games.Result, funds games.Funds) (games.RoundSettlement, error) {
	if len(results) != 1 {
		return games.RoundSettlement{}, resultError(poker.RuleResultShape, "a deal is settled against its one result, not %d", len(results))
	}
	out := games.RoundSettlement{Bets: make([]games.Settlement, len(bets))}
	var pbets []games.Bet
	var hands []games.PoolHand
	var at []int
	called, anted := map[int]bool{}, map[int]bool{}
	for i, b := range bets {
		kind, n, err := parseBet(b.Code)
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
			h := games.PoolHand{Seat: n, Bet: b.Stake, Cards: s.Dealt.Strings()}
			switch {
			case s.Fold:
				h.Forfeit = jackpot.ForfeitFolded
			case s.Exchange.Exchanged():
				h.Forfeit = jackpot.ForfeitExchanged
			}
			pbets, hands, at = append(pbets, b), append(hands, h), append(at, i)
			continue
		case BetCall:
			called[n] = true
		case BetAnte:
			anted[n] = true
		}
		st, err := p.settle(kind, b.Stake, scale, s.Hand(), d.DealerHand(), s.Fold)
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
	if len(pbets) > 0 {
		sts, ts, err := games.SettlePass(funds.Pool, pbets, hands)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		for k, i := range at {
			out.Bets[i] = sts[k]
		}
		out.Transfers = ts
	}
	return out, nil
}

// Compile-time checks that the package implements the seam.
var (
	_ games.Paytable     = (*Paytable)(nil)
	_ games.Placer       = (*Paytable)(nil)
	_ games.RoundSettler = (*Paytable)(nil)
	_ games.Progressive  = (*Paytable)(nil)
	_ games.Seated       = (*Paytable)(nil)
	_ games.Result       = Deal{}
)
