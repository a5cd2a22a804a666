package blackjack

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// OpenBetsMax bounds the open bets CheckPlacement reads beside a new one.
const OpenBetsMax = 256

// CheckPlacement validates bet b placed after results (b.Since ==
// len(results)), beside the same player's open bets of the round (the
// slip's earlier bets included). It implements games.Placer; the money of
// a decision moves from the wallet when the bet is placed, just before the
// dealer records the decision. It returns a *PlacementError (code
// bet_refused) when:
//
//   - main:S or perfect_pairs:S comes after the round's first card, or a
//     second main bet on the seat;
//   - perfect_pairs:S has no main:S beside it, or the seat's Perfect Pairs
//     stakes would fall outside PerfectPairsMinPercent..MaxPercent of it;
//   - insurance:S is not between the deal and the first decision, the
//     dealer's first card is not an ace, or the seat's insurance would
//     exceed InsuranceMaxPercent of main:S;
//   - double:S:H or split:S:H is not on the hand whose turn it is and
//     that awaits a decision, the cards do not allow it (the rule of the
//     refusal is the one CheckResult gives the decision), the stake is not
//     the hand's (the main bet's: "each with the original stake"), or the
//     hand already has that bet.
//
// It returns the errors of BetKind and ErrBadStake for a stake that is
// not positive, and a *ResultError when the results do not fold.
func (p *Paytable) CheckPlacement(b games.Bet, results []games.Result, open []games.Bet) error {
	bt, err := p.bet(b.Code)
	if err != nil {
		return err
	}
	if b.Stake.Sign() <= 0 {
		return fmt.Errorf("%w: %s is not positive", ErrBadStake, b.Stake)
	}
	if b.Working {
		return fmt.Errorf("%w: %q: blackjack bets have no working flag", ErrBadBetCode, b.Code)
	}
	if len(open) > OpenBetsMax {
		return refused(b.Code, RuleBetNotNow, "%d open bets, at most %d", len(open), OpenBetsMax)
	}
	rd, err := p.Fold(results)
	if err != nil {
		return err
	}
	if b.Since != len(results) {
		return resultError(RuleResultShape, "a bet placed before result %d is checked after %d results", b.Since, len(results))
	}
	main, others, twice := decimal.Zero, decimal.Zero, false
	for _, o := range open {
		ob, err := ParseBet(o.Code)
		if err != nil || ob.seat != bt.seat {
			continue
		}
		switch {
		case ob.kind == KindMain:
			main = main.Add(o.Stake)
		case ob.kind == bt.kind:
			others = others.Add(o.Stake)
			// A hand splits again after a split (a new split:S:H), but
			// one decision takes one bet.
			twice = twice || (ob == bt && o.Since == b.Since)
		}
	}
	code := bt.String()
	switch bt.kind {
	case KindMain:
		if len(results) > 0 {
			return refused(code, RuleBetNotNow, "a main bet is placed before the round's first card")
		}
		if main.Sign() > 0 {
			return refused(code, RuleBetNotNow, "seat %d already has a main bet", bt.seat)
		}
		return nil
	case KindPerfectPairs:
		if len(results) > 0 {
			return refused(code, RuleBetNotNow, "Perfect Pairs is placed before the round's first card")
		}
		return p.sideLimit(code, main, others.Add(b.Stake), p.ppMin, p.ppMax, "Perfect Pairs")
	case KindInsurance:
		if why := insuranceWindow(rd, bt.seat); why != "" {
			rule := RuleBetNotNow
			if rd.phase == PhasePlay && len(rd.dealer) == 1 && rd.dealer[0].Rank() != 'A' {
				rule = RuleInsuranceAce
			}
			return refused(code, rule, "%s", why)
		}
		return p.sideLimit(code, main, others.Add(b.Stake), decimal.Zero, p.insMax, "insurance")
	}
	// A double or a split: the hand whose turn it is, owing no card.
	seat, hand, card, ok := rd.Turn()
	if !ok || seat != bt.seat || hand != bt.hand || card {
		return refused(code, RuleBetNotNow, "seat %d hand %d is not the hand awaiting a decision", bt.seat, bt.hand)
	}
	if twice {
		return refused(code, RuleBetNotNow, "seat %d hand %d already has a %s bet for this decision", bt.seat, bt.hand, bt.kind)
	}
	d := Double
	if bt.kind == KindSplit {
		d = Split
	}
	trial := *rd
	trial.seats = cloneSeats(rd.seats)
	if err := trial.Apply(Decide(d, bt.seat, bt.hand)); err != nil {
		return refused(code, BrokenRule(err), "%v", err)
	}
	if main.Sign() == 0 {
		// The main bet is decided only by a bust or a surrender, after
		// which its hand takes no decision; a later hand of a split seat
		// has the split stake, equal to the main bet's.
		for _, o := range open {
			if ob, err := ParseBet(o.Code); err == nil && ob.seat == bt.seat && ob.kind == KindSplit {
				main = o.Stake
			}
		}
	}
	if main.Sign() == 0 {
		return refused(code, RuleNoMainBet, "seat %d has no open main or split bet", bt.seat)
	}
	if !b.Stake.Equal(main) {
		return refused(code, RuleBetStake, "a %s stakes the hand's original stake %s, not %s", bt.kind, main, b.Stake)
	}
	return nil
}

// sideLimit checks a side bet's total on the seat against percentages of
// the seat's main bet.
func (p *Paytable) sideLimit(code string, main, total, lo, hi decimal.Decimal, name string) error {
	if main.Sign() == 0 {
		return refused(code, RuleNoMainBet, "%s needs the seat's main bet", name)
	}
	if total.Cmp(main.Mul(lo)) < 0 || total.Cmp(main.Mul(hi)) > 0 {
		return refused(code, RuleBetStake, "%s of %s on a main bet of %s: between %s%% and %s%% of it", name, total, main, lo.Shift(2), hi.Shift(2))
	}
	return nil
}

// cloneSeats copies seats deeply enough for a trial Apply.
func cloneSeats(in []*Seat) []*Seat {
	out := make([]*Seat, len(in))
	for i, s := range in {
		c := *s
		c.Hands = make([]*PlayerHand, len(s.Hands))
		for j, h := range s.Hands {
			hc := *h
			hc.Cards = append(Hand(nil), h.Cards...)
			c.Hands[j] = &hc
		}
		c.order = append([]int(nil), s.order...)
		c.First = append(c.First[:0:0], s.First...)
		out[i] = &c
	}
	return out
}
