package war

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// Limits on settlement input.
const (
	// ScaleMax is the largest currency scale Settle accepts.
	ScaleMax = 8
	// StakeDigitsMax bounds a stake below 10^StakeDigitsMax.
	StakeDigitsMax = 15
	stakeExpMin    = -64
)

// Settle settles one bet against the round's results (games.Paytable):
//
//   - main:S wins 1:1 when the seat's card is higher than the dealer's
//     (aces high) and loses when lower. On a tie it surrenders, lost with
//     half the stake returned (rounded down, the rest the residue), or
//     goes to war and pushes when the seat's war card is equal or higher,
//     losing when lower.
//   - war:S is the raise: 1:1 when the war card is equal or higher, lost
//     when lower. It is placed just before the seat's "war" decision,
//     which must be the result at Since; otherwise it is returned.
//   - tie:S wins 10:1 when the seat's card ties the dealer's.
//
// A bet on a seat that was not dealt is returned. Bets are OutcomeOpen
// until the results decide them. Input is checked in this order: scale,
// bet, stake, results.
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	bt, err := p.checkBet(b.Code, b.Stake, scale)
	if err != nil {
		return games.Settlement{}, err
	}
	if b.Working {
		return games.Settlement{}, fmt.Errorf("%w: %q: War bets have no working flag", ErrBadBetCode, b.Code)
	}
	if b.Since < 0 || b.Since > len(results) {
		return games.Settlement{}, resultError(RuleResultShape, "a bet placed before result %d of a round of %d", b.Since, len(results))
	}
	if bt.kind != KindWar && b.Since != 0 {
		return games.Settlement{}, refused(bt.String(), RuleBetNotNow, "%s is placed before the round's first card (placed before result %d)", bt.kind, b.Since)
	}
	rd, err := p.Fold(results)
	if err != nil {
		return games.Settlement{}, err
	}
	return p.settle(bt, b.Stake, scale, b.Since, results, rd), nil
}

func (p *Paytable) settle(bt Bet, stake decimal.Decimal, scale int32, since int, results []games.Result, rd *Round) games.Settlement {
	zero := decimal.New(0, -scale)
	open := games.Settlement{Outcome: games.OutcomeOpen, Win: zero, Returned: zero, Residue: zero, Rule: "open: the round has not decided the bet"}
	push := func(why string) games.Settlement {
		return games.Settlement{Outcome: games.OutcomePush, Win: zero, Returned: stake, Residue: zero, Rule: fmt.Sprintf("%s: %s, stake returned", bt, why)}
	}
	s := rd.Seat(bt.seat)
	switch {
	case s == nil && rd.phase == PhaseDeal:
		return open
	case s == nil:
		return push(fmt.Sprintf("seat %d was not dealt", bt.seat))
	case rd.phase == PhaseDeal:
		return open
	}
	cards := fmt.Sprintf("seat %s, dealer %s", s.Card, rd.dealer)
	if bt.kind == KindTie {
		if rd.Tied(s) {
			return won(stake, scale, p.odds[LineTie], fmt.Sprintf("%s pays %s: a tie (%s)", bt, p.odds[LineTie], cards))
		}
		return lost(zero, fmt.Sprintf("%s loses: no tie (%s)", bt, cards))
	}
	if bt.kind == KindWar {
		if since >= len(results) {
			return open
		}
		if want := Decide(GoToWar, bt.seat); !want.Equal(results[since]) {
			return push(fmt.Sprintf("the next result is %s, not seat %d going to war", results[since], bt.seat))
		}
	}
	if !rd.Tied(s) {
		if rankOf(s.Card) > rankOf(rd.dealer) {
			return won(stake, scale, p.odds[LineMain], fmt.Sprintf("%s pays %s: the higher card (%s)", bt, p.odds[LineMain], cards))
		}
		return lost(zero, fmt.Sprintf("%s loses: the dealer's card is higher (%s)", bt, cards))
	}
	switch s.Decision {
	case "":
		return open
	case Surrender:
		exact := stake.Mul(p.surrender)
		back := exact.RoundDown(scale)
		return games.Settlement{Outcome: games.OutcomeLost, Win: zero, Returned: back, Residue: exact.Sub(back),
			Rule: fmt.Sprintf("%s: surrender on a tie (%s): %s%% of the stake returned (%s, rounded down)", bt, cards, p.surrender.Shift(2), back.StringFixed(scale))}
	}
	if !rd.dealerWar.Valid() {
		return open
	}
	war := fmt.Sprintf("war: seat %s, dealer %s", s.WarCard, rd.dealerWar)
	if rankOf(s.WarCard) >= rankOf(rd.dealerWar) {
		if bt.kind == KindWar {
			return won(stake, scale, p.odds[LineWar], fmt.Sprintf("%s pays %s: the war card is equal or higher (%s)", bt, p.odds[LineWar], war))
		}
		return push(fmt.Sprintf("the war card is equal or higher (%s), the bet pushes", war))
	}
	return lost(zero, fmt.Sprintf("%s loses: the dealer's war card is higher (%s)", bt, war))
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

// checkBet validates scale, code and stake, in that order.
func (p *Paytable) checkBet(code string, stake decimal.Decimal, scale int32) (Bet, error) {
	if scale < 0 || scale > ScaleMax {
		return Bet{}, fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	b, err := ParseBet(code)
	if err != nil {
		return Bet{}, err
	}
	switch {
	case stake.Sign() <= 0:
		return Bet{}, fmt.Errorf("%w: stake %s is not positive", ErrBadStake, stake)
	case stake.Exponent() < stakeExpMin || !stake.Equal(stake.Truncate(scale)):
		return Bet{}, fmt.Errorf("%w: stake %s has more than %d decimals", ErrBadStake, stake, scale)
	case stake.Cmp(decimal.New(1, StakeDigitsMax)) >= 0:
		return Bet{}, fmt.Errorf("%w: stake %s is not below 10^%d", ErrBadStake, stake, StakeDigitsMax)
	}
	return b, nil
}
