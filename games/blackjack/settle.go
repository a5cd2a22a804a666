package blackjack

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// Limits on settlement input.
const (
	// ScaleMax is the largest currency scale Settle accepts.
	ScaleMax = 8
	// StakeDigitsMax bounds a stake below 10^StakeDigitsMax.
	StakeDigitsMax = 15
	// stakeExpMin bounds how an amount is written, so that a huge negative
	// exponent cannot cost a long rescale before the scale check refuses it.
	stakeExpMin = -64
)

// HandOutcome is how a hand ends against the dealer.
type HandOutcome string

// Hand outcomes.
const (
	// HandOpen: the cards so far do not decide the hand.
	HandOpen HandOutcome = "open"
	// HandBlackjack: an unsplit natural against a dealer without one;
	// pays the blackjack line (3:2).
	HandBlackjack HandOutcome = "blackjack"
	// HandWin: the hand beats the dealer's, or the dealer busts; pays 1:1.
	HandWin HandOutcome = "win"
	// HandPush: equal totals, or two blackjacks; the stake is returned.
	HandPush HandOutcome = "push"
	// HandLose: the dealer's hand is higher, or he has a blackjack.
	HandLose HandOutcome = "lose"
	// HandBust: the hand went over 21; lost whatever the dealer does.
	HandBust HandOutcome = "bust"
	// HandSurrender: the seat surrendered; half the stake is returned.
	HandSurrender HandOutcome = "surrender"
	// HandVoid: the seat was not dealt in the round; the stake is
	// returned.
	HandVoid HandOutcome = "void"
)

// HandResult returns how hand hand of seat seat ends on the round so far,
// with a reason for the dispute report. A bust or a surrender is decided
// at once, a blackjack as soon as the dealer's second card is not one,
// the rest when the dealer's hand is complete. A dealer's blackjack beats
// every hand but an unsplit natural, doubled and split stakes included
// (the dealer has no hole card to look at first).
func (rd *Round) HandResult(seat, hand int) (HandOutcome, string) {
	s := rd.Seat(seat)
	if s == nil {
		if rd.phase == PhaseFirstCards {
			return HandOpen, "the first cards are being dealt"
		}
		return HandVoid, fmt.Sprintf("seat %d was not dealt in the round", seat)
	}
	if s.Surrendered {
		return HandSurrender, fmt.Sprintf("seat %d surrendered (%s)", seat, s.Hands[0].Cards)
	}
	if hand < 0 || hand >= len(s.Hands) {
		return HandVoid, fmt.Sprintf("seat %d has no hand %d", seat, hand)
	}
	ph := s.Hands[hand]
	t := ph.Cards.Points()
	if t > 21 {
		return HandBust, fmt.Sprintf("%s busts (%d)", ph.Cards, t)
	}
	natural := ph.Cards.Natural() && !ph.Split
	if len(rd.dealer) >= 2 {
		switch {
		case rd.dealer.Natural() && natural:
			return HandPush, fmt.Sprintf("blackjack %s against the dealer's blackjack %s", ph.Cards, rd.dealer)
		case rd.dealer.Natural():
			return HandLose, fmt.Sprintf("the dealer's blackjack %s beats %s (%d)", rd.dealer, ph.Cards, t)
		case natural:
			return HandBlackjack, fmt.Sprintf("blackjack %s (dealer %s)", ph.Cards, rd.dealer)
		}
	}
	if rd.phase != PhaseOver {
		return HandOpen, "the dealer's hand is not complete"
	}
	d := rd.dealer.Points()
	switch {
	case d > 21:
		return HandWin, fmt.Sprintf("%s (%d) against the dealer's bust %s (%d)", ph.Cards, t, rd.dealer, d)
	case t > d:
		return HandWin, fmt.Sprintf("%s (%d) beats the dealer's %s (%d)", ph.Cards, t, rd.dealer, d)
	case t == d:
		return HandPush, fmt.Sprintf("%s (%d) ties the dealer's %s", ph.Cards, t, rd.dealer)
	}
	return HandLose, fmt.Sprintf("%s (%d) loses to the dealer's %s (%d)", ph.Cards, t, rd.dealer, d)
}

// Settle settles one bet against the round's results (games.Paytable):
//
//   - main:S plays seat S's first hand (hand 0): blackjack 3:2, a win
//     1:1, a push returns the stake, a bust or a lower hand loses, a
//     surrender loses with half the stake returned (rounded down to the
//     smallest unit, the rest the residue).
//   - split:S:H is the stake of the hand the split of hand H made (the
//     hand whose SplitAt is the bet's Since), settled as that hand; a
//     split hand's natural is 21, not a blackjack.
//   - double:S:H is the stake added to hand H, settled as that hand.
//   - insurance:S wins 2:1 when the dealer's two cards are a blackjack.
//   - perfect_pairs:S is settled on the seat's first two cards.
//
// A double or split bet is placed just before its decision, which must be
// the result at Since; if the dealer recorded something else the decision
// was not made and the stake is returned (push). A bet on a seat that was
// not dealt is returned too. The bet is OutcomeOpen while the results do
// not decide it. Input is checked in this order: scale (ErrBadScale), bet
// (ErrBadBetCode), stake (ErrBadStake), results (*ResultError).
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	bt, err := p.checkBet(b.Code, b.Stake, scale)
	if err != nil {
		return games.Settlement{}, err
	}
	if b.Working {
		return games.Settlement{}, fmt.Errorf("%w: %q: blackjack bets have no working flag", ErrBadBetCode, b.Code)
	}
	if b.Since < 0 || b.Since > len(results) {
		return games.Settlement{}, resultError(RuleResultShape, "a bet placed before result %d of a round of %d", b.Since, len(results))
	}
	rd, err := p.Fold(results)
	if err != nil {
		return games.Settlement{}, err
	}
	return p.settle(bt, b.Stake, scale, b.Since, results, rd)
}

func (p *Paytable) settle(bt Bet, stake decimal.Decimal, scale int32, since int, results []games.Result, rd *Round) (games.Settlement, error) {
	zero := decimal.New(0, -scale)
	open := games.Settlement{Outcome: games.OutcomeOpen, Win: zero, Returned: zero, Residue: zero, Rule: "open: the round has not decided the bet"}
	push := func(why string) games.Settlement {
		return games.Settlement{Outcome: games.OutcomePush, Win: zero, Returned: stake, Residue: zero, Rule: fmt.Sprintf("%s: %s, stake returned", bt, why)}
	}
	switch bt.kind {
	case KindMain, KindDouble, KindSplit:
		hand := 0
		if bt.kind != KindMain {
			if since >= len(results) {
				return open, nil
			}
			want := Decide(Double, bt.seat, bt.hand)
			if bt.kind == KindSplit {
				want = Decide(Split, bt.seat, bt.hand)
			}
			if !want.Equal(results[since]) {
				return push(fmt.Sprintf("the next result is %s, not the %s", results[since], want.decision)), nil
			}
			hand = bt.hand
			if bt.kind == KindSplit {
				hand = -1
				if s := rd.Seat(bt.seat); s != nil {
					for n, ph := range s.Hands {
						if ph.SplitAt == since {
							hand = n
						}
					}
				}
			}
		} else if since != 0 {
			return games.Settlement{}, refused(bt.String(), RuleBetNotNow, "a main bet is placed before the round's first card (placed before result %d)", since)
		}
		o, why := rd.HandResult(bt.seat, hand)
		return p.handSettlement(bt, o, why, stake, scale), nil
	case KindInsurance:
		before, err := p.Fold(results[:since])
		if err != nil {
			return games.Settlement{}, err
		}
		if why := insuranceWindow(before, bt.seat); why != "" {
			return push(why), nil
		}
		d := rd.dealer
		if len(d) < 2 {
			return open, nil
		}
		if d.Natural() {
			return won(stake, scale, p.odds[LineInsurance], fmt.Sprintf("insurance pays %s: the dealer has blackjack %s", p.odds[LineInsurance], d)), nil
		}
		return lost(zero, fmt.Sprintf("insurance loses: the dealer has no blackjack (%s)", d)), nil
	case KindPerfectPairs:
		if since != 0 {
			return games.Settlement{}, refused(bt.String(), RuleBetNotNow, "Perfect Pairs is placed before the round's first card (placed before result %d)", since)
		}
		s := rd.Seat(bt.seat)
		if s == nil {
			if rd.phase == PhaseFirstCards {
				return open, nil
			}
			return push(fmt.Sprintf("seat %d was not dealt", bt.seat)), nil
		}
		if len(s.First) < 2 {
			return open, nil
		}
		l := PairOf(s.First[0], s.First[1])
		if l == "" {
			return lost(zero, fmt.Sprintf("Perfect Pairs loses: %s %s is not a pair", s.First[0], s.First[1])), nil
		}
		return won(stake, scale, p.odds[l], fmt.Sprintf("Perfect Pairs: %s %s is a %s, pays %s", s.First[0], s.First[1], lineName(l), p.odds[l])), nil
	}
	return games.Settlement{}, fmt.Errorf("%w: %q", ErrBadBetCode, bt)
}

// handSettlement turns a hand's outcome into the settlement of a stake on
// it. Only the main bet's hand can be a blackjack: a double or split stake
// is on a hand that is not a natural.
func (p *Paytable) handSettlement(bt Bet, o HandOutcome, why string, stake decimal.Decimal, scale int32) games.Settlement {
	zero := decimal.New(0, -scale)
	rule := fmt.Sprintf("%s: %s", bt, why)
	switch o {
	case HandBlackjack:
		return won(stake, scale, p.odds[LineBlackjack], fmt.Sprintf("%s pays %s", rule, p.odds[LineBlackjack]))
	case HandWin:
		return won(stake, scale, p.odds[LineWin], fmt.Sprintf("%s pays %s", rule, p.odds[LineWin]))
	case HandPush, HandVoid:
		return games.Settlement{Outcome: games.OutcomePush, Win: zero, Returned: stake, Residue: zero, Rule: rule + ", stake returned"}
	case HandSurrender:
		exact := stake.Mul(p.surrender)
		back := exact.RoundDown(scale)
		return games.Settlement{Outcome: games.OutcomeLost, Win: zero, Returned: back, Residue: exact.Sub(back),
			Rule: fmt.Sprintf("%s: %s%% of the stake returned (%s, rounded down)", rule, p.surrender.Shift(2), back.StringFixed(scale))}
	case HandLose, HandBust:
		return lost(zero, rule)
	}
	return games.Settlement{Outcome: games.OutcomeOpen, Win: zero, Returned: zero, Residue: zero, Rule: rule}
}

// insuranceWindow returns why insurance for seat is not offered on the
// round so far, or "": after the first two cards, before the first
// decision, when the dealer's first card is an ace, on a dealt seat.
func insuranceWindow(rd *Round, seat int) string {
	switch {
	case rd.phase < PhasePlay:
		return "insurance is offered after every seat has its first two cards"
	case rd.decisions > 0 || rd.phase > PhaseDealer || len(rd.dealer) != 1:
		return "insurance is offered before the first decision"
	case rd.dealer[0].Rank() != 'A':
		return fmt.Sprintf("insurance is offered only when the dealer shows an ace, not %s", rd.dealer[0])
	case rd.Seat(seat) == nil:
		return fmt.Sprintf("seat %d was not dealt", seat)
	}
	return ""
}

// won is a winning settlement: the win rounded down, the residue apart.
func won(stake decimal.Decimal, scale int32, odds Odds, rule string) games.Settlement {
	exact := stake.Mul(odds.Multiple())
	paid := exact.RoundDown(scale)
	return games.Settlement{Outcome: games.OutcomeWon, Win: paid, Returned: stake.Add(paid), Residue: exact.Sub(paid), Rule: rule}
}

func lost(zero decimal.Decimal, rule string) games.Settlement {
	return games.Settlement{Outcome: games.OutcomeLost, Win: zero, Returned: zero, Residue: zero, Rule: rule}
}

// PairOf returns the Perfect Pairs line two cards win, or "" for no pair:
// one rank and one suit is a perfect pair, one rank and one colour a
// coloured pair, one rank and both colours a mixed pair.
func PairOf(a, b cards.Card) Line {
	switch {
	case a.Rank() != b.Rank():
		return ""
	case a.Suit() == b.Suit():
		return LinePerfectPair
	case a.Suit().Red() == b.Suit().Red():
		return LineColouredPair
	}
	return LineMixedPair
}

// lineName names a Perfect Pairs line for a rule.
func lineName(l Line) string {
	switch l {
	case LinePerfectPair:
		return "perfect pair"
	case LineColouredPair:
		return "coloured pair"
	}
	return "mixed pair"
}

// checkBet validates scale, code and stake, in that order.
func (p *Paytable) checkBet(code string, stake decimal.Decimal, scale int32) (Bet, error) {
	if scale < 0 || scale > ScaleMax {
		return Bet{}, fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	b, err := p.bet(code)
	if err != nil {
		return Bet{}, err
	}
	return b, checkStake(stake, scale)
}

// checkStake refuses a stake that is not positive, has more decimals than
// the scale or is not below 10^StakeDigitsMax.
func checkStake(stake decimal.Decimal, scale int32) error {
	switch {
	case stake.Sign() <= 0:
		return fmt.Errorf("%w: stake %s is not positive", ErrBadStake, stake)
	case stake.Exponent() < stakeExpMin || !stake.Equal(stake.Truncate(scale)):
		return fmt.Errorf("%w: stake %s has more than %d decimals", ErrBadStake, stake, scale)
	case stake.Cmp(decimal.New(1, StakeDigitsMax)) >= 0:
		return fmt.Errorf("%w: stake %s is not below 10^%d", ErrBadStake, stake, StakeDigitsMax)
	}
	return nil
}
