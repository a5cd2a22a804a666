package blackjack

import (
	"github.com/wagerlog/wagerlog/games"
)

// RuleDecisionNeedsBet: a double or a split is recorded only after its
// bet (double:S:H, split:S:H) was placed right before it
// (games.DecisionChecker).
const RuleDecisionNeedsBet = "decision_needs_bet"

// CheckDecision refuses a double or split decision on seat S hand H unless
// a double:S:H or split:S:H bet was placed right before it (Since ==
// len(prior)): the stake the decision adds moves from the wallet when the
// decision is made, and the dealer records the decision only once it has.
// Hit, stand, surrender and the cards need no bet. When several players
// bet on one seat, the decision needs one such bet; a player on the seat
// who did not follow it plays the hand with his main bet alone. It
// implements games.DecisionChecker; the result is checked against prior
// by CheckResult first.
func (p *Paytable) CheckDecision(r games.Result, prior []games.Result, bets []games.Bet) error {
	br, ok := r.(Result)
	if !ok || (br.decision != Double && br.decision != Split) {
		return nil
	}
	kind := KindDouble
	if br.decision == Split {
		kind = KindSplit
	}
	want := Bet{kind: kind, seat: br.seat, hand: br.hand}.String()
	for _, b := range bets {
		if b.Code == want && b.Since == len(prior) {
			return nil
		}
	}
	return resultError(RuleDecisionNeedsBet, "seat %d hand %d: a %s is recorded after its bet %s (the hand's stake), placed just before it", br.seat, br.hand, br.decision, want)
}
