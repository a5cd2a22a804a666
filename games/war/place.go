package war

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// OpenBetsMax bounds the open bets CheckPlacement reads beside a new one.
const OpenBetsMax = 256

// CheckPlacement validates bet b placed after results (b.Since ==
// len(results)) beside the player's open bets of the round (games.Placer).
// main:S and tie:S are placed before the first card, tie:S beside the
// seat's main bet; war:S, the raise, only when the round waits for seat
// S's decision on a tie, for exactly the main bet's stake, once. The raise
// moves from the wallet when placed, just before the dealer records the
// seat's "war" decision. Refusals are *PlacementError (bet_refused).
func (p *Paytable) CheckPlacement(b games.Bet, results []games.Result, open []games.Bet) error {
	bt, err := ParseBet(b.Code)
	if err != nil {
		return err
	}
	if b.Stake.Sign() <= 0 {
		return fmt.Errorf("%w: %s is not positive", ErrBadStake, b.Stake)
	}
	if b.Working {
		return fmt.Errorf("%w: %q: War bets have no working flag", ErrBadBetCode, b.Code)
	}
	if len(open) > OpenBetsMax {
		return refused(b.Code, RuleBetNotNow, "%d open bets, at most %d", len(open), OpenBetsMax)
	}
	if b.Since != len(results) {
		return resultError(RuleResultShape, "a bet placed before result %d is checked after %d results", b.Since, len(results))
	}
	rd, err := p.Fold(results)
	if err != nil {
		return err
	}
	main, twice := decimal.Zero, false
	for _, o := range open {
		ob, err := ParseBet(o.Code)
		if err != nil || ob.seat != bt.seat {
			continue
		}
		if ob.kind == KindMain {
			main = main.Add(o.Stake)
		}
		twice = twice || (ob == bt && o.Since == b.Since)
	}
	code := bt.String()
	switch bt.kind {
	case KindMain, KindTie:
		if len(results) > 0 {
			return refused(code, RuleBetNotNow, "%s is placed before the round's first card", bt.kind)
		}
		if bt.kind == KindMain && main.Sign() > 0 {
			return refused(code, RuleBetNotNow, "seat %d already has a main bet", bt.seat)
		}
		if bt.kind == KindTie && main.Sign() == 0 {
			return refused(code, RuleNoMainBet, "the tie bet goes beside the seat's main bet")
		}
		return nil
	}
	if s := rd.Deciding(); s == nil || s.Number != bt.seat {
		return refused(code, RuleBetNotNow, "the round does not wait for seat %d's decision on a tie", bt.seat)
	}
	if twice {
		return refused(code, RuleBetNotNow, "seat %d already raised", bt.seat)
	}
	if main.Sign() == 0 {
		return refused(code, RuleNoMainBet, "seat %d has no open main bet", bt.seat)
	}
	if !b.Stake.Equal(main) {
		return refused(code, RuleBetStake, "the raise equals the bet, %s, not %s", main, b.Stake)
	}
	return nil
}
