package poker

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// Limits on amounts.
const (
	// ScaleMax is the most decimals a currency may have.
	ScaleMax = 8
	// StakeDigitsMax bounds a stake: below 10^15.
	StakeDigitsMax = 15
)

func checkScale(scale int32) error {
	if scale < 0 || scale > ScaleMax {
		return fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	return nil
}

// CheckStake validates a stake for a currency of scale decimals: positive,
// no more decimals than the scale, below 10^StakeDigitsMax. It returns an
// error wrapping ErrBadStake or ErrBadScale.
func CheckStake(stake decimal.Decimal, scale int32) error {
	if err := checkScale(scale); err != nil {
		return err
	}
	switch {
	case stake.Sign() <= 0:
		return fmt.Errorf("%w: stake %s is not positive", ErrBadStake, stake)
	case !stake.Equal(stake.Truncate(scale)):
		return fmt.Errorf("%w: stake %s has more than %d decimals", ErrBadStake, stake, scale)
	case stake.Cmp(decimal.New(1, StakeDigitsMax)) >= 0:
		return fmt.Errorf("%w: stake %s is not below 10^%d", ErrBadStake, stake, StakeDigitsMax)
	}
	return nil
}

// Outcome is how a round ends for the player, the two bets together.
type Outcome string

// Outcomes of a round.
const (
	// Folded: the player did not call and loses the ante.
	Folded Outcome = "folded"
	// DealerNotQualified: the dealer has less than ace-king; the ante
	// wins, the call is returned.
	DealerNotQualified Outcome = "dealer_not_qualified"
	// PlayerWins: the dealer qualifies and the player's hand is higher;
	// the ante wins and the call is paid by the player's hand.
	PlayerWins Outcome = "player_wins"
	// Tie: the dealer qualifies with an equal hand; both bets are
	// returned.
	Tie Outcome = "tie"
	// DealerWins: the dealer qualifies with a higher hand; both bets lose.
	DealerWins Outcome = "dealer_wins"
)

// Judge says how a round ends: Folded, or as the player's hand compares
// with a qualifying dealer's.
func Judge(r Round) Outcome {
	if r.Fold {
		return Folded
	}
	pv, dv := Eval(r.Player), Eval(r.Dealer)
	switch {
	case dv < AceKing:
		return DealerNotQualified
	case pv > dv:
		return PlayerWins
	case pv == dv:
		return Tie
	}
	return DealerWins
}

// Settle settles the ante or the call against the round's one result.
// Wins are the stake times the line's odds, rounded down to the scale with
// the cut-off part in Residue (no line of the catalog makes one). A call
// on a folded round is a *ResultError (RuleFoldedCall): a folded player
// placed none.
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	kind, seat, err := ParseBet(b.Code)
	if err != nil {
		return games.Settlement{}, err
	}
	if err := CheckStake(b.Stake, scale); err != nil {
		return games.Settlement{}, err
	}
	if b.Working {
		return games.Settlement{}, fmt.Errorf("%w: %q: poker bets have no working flag", ErrBadBetCode, b.Code)
	}
	if b.Since != 0 || len(results) != 1 {
		return games.Settlement{}, resultError(RuleResultShape, "a poker bet is settled against the round's one result (placed before result %d of %d)", b.Since, len(results))
	}
	if kind == BetProgressive {
		return games.Settlement{}, fmt.Errorf("%w: %q is settled with its round against the pool (SettleRound)", ErrBadBetCode, b.Code)
	}
	r, err := seatRound(results[0], seat)
	if err != nil {
		return games.Settlement{}, err
	}
	return p.settle(kind, b.Stake, scale, r)
}

func (p *Paytable) settle(code string, stake decimal.Decimal, scale int32, r Round) (games.Settlement, error) {
	o := Judge(r)
	lost := games.Settlement{Outcome: games.OutcomeLost, Win: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero}
	push := games.Settlement{Outcome: games.OutcomePush, Win: decimal.Zero, Returned: stake, Residue: decimal.Zero}
	won := func(odds Odds, rule string) games.Settlement {
		exact := stake.Mul(odds.Multiple())
		win := exact.RoundDown(scale)
		return games.Settlement{Outcome: games.OutcomeWon, Win: win, Returned: stake.Add(win), Residue: exact.Sub(win), Rule: rule}
	}
	hand := Eval(r.Player)
	if code == BetAnte {
		switch o {
		case Folded:
			lost.Rule = "ante lost: the player folded"
			return lost, nil
		case DealerNotQualified:
			return won(p.data.Ante, fmt.Sprintf("ante pays %s: the dealer does not qualify (%s, below ace-king)", p.data.Ante, Eval(r.Dealer))), nil
		case PlayerWins:
			return won(p.data.Ante, fmt.Sprintf("ante pays %s: %s beats the dealer's %s", p.data.Ante, hand, Eval(r.Dealer))), nil
		case Tie:
			push.Rule = fmt.Sprintf("ante returned: %s ties the dealer", hand)
			return push, nil
		}
		lost.Rule = fmt.Sprintf("ante lost: the dealer's %s beats %s", Eval(r.Dealer), hand)
		return lost, nil
	}
	switch o {
	case Folded:
		return games.Settlement{}, resultError(RuleFoldedCall, "a call on a round the player folded")
	case DealerNotQualified:
		push.Rule = fmt.Sprintf("call returned: the dealer does not qualify (%s)", Eval(r.Dealer))
		return push, nil
	case PlayerWins:
		l := p.call[hand.Category()]
		return won(l.Odds, fmt.Sprintf("call pays %s (%s, %s) against the dealer's %s", l.Odds, l.Name, hand, Eval(r.Dealer))), nil
	case Tie:
		push.Rule = fmt.Sprintf("call returned: %s ties the dealer", hand)
		return push, nil
	}
	lost.Rule = fmt.Sprintf("call lost: the dealer's %s beats %s", Eval(r.Dealer), hand)
	return lost, nil
}

// CheckPlacement validates a bet placed in a round (b.Since must be 0)
// beside the player's open bets of the round, seat by seat: one ante; one
// call, only beside the ante and exactly CallMultiple times it; one
// progressive bet, only beside the ante (the side bet goes with a hand);
// no working flag (Settle has none). Another player's bets on the seat
// are the ledger's to refuse (BetSeat, games.Seated). Its errors wrap ErrBetRefused, ErrBadBetCode or ErrBadStake.
func (p *Paytable) CheckPlacement(b games.Bet, results []games.Result, open []games.Bet) error {
	kind, seat, err := ParseBet(b.Code)
	if err != nil {
		return err
	}
	if len(results) != 0 || b.Since != 0 {
		return fmt.Errorf("%w: the round's result is recorded; no more bets", ErrBetRefused)
	}
	if b.Working {
		// Settle refuses the flag: a bet taken with it could never be
		// settled.
		return fmt.Errorf("%w: %q: poker bets have no working flag", ErrBetRefused, cards.Cut(b.Code))
	}
	var ante *games.Bet
	for i, o := range open {
		ok, os, err := ParseBet(o.Code)
		if err != nil || os != seat {
			continue
		}
		if ok == kind {
			return fmt.Errorf("%w: a second %s on seat %d in the round", ErrBetRefused, kind, seat)
		}
		if ok == BetAnte {
			ante = &open[i]
		}
	}
	if kind == BetAnte {
		return nil
	}
	if ante == nil {
		return fmt.Errorf("%w: a %s without an ante on seat %d", ErrBetRefused, kind, seat)
	}
	if kind == BetProgressive {
		return nil
	}
	if want := ante.Stake.Mul(decimal.NewFromInt(p.data.CallMultiple)); !b.Stake.Equal(want) {
		return fmt.Errorf("%w: the call is %d times the ante, %s, not %s", ErrBetRefused, p.data.CallMultiple, want, b.Stake)
	}
	return nil
}
