package war

import (
	"github.com/wagerlog/wagerlog/games"
)

// RuleWarNeedsRaise: a seat goes to war only with its raise, a war:S bet
// placed just before the decision (games.DecisionChecker).
const RuleWarNeedsRaise = "war_needs_raise"

// CheckDecision refuses a "war" decision of seat S unless a war:S bet was
// placed right before it (Since == len(prior)): the raise moves from the
// wallet when the decision is made, and the dealer records the decision
// only once it has. A surrender, a card, a burn and the cut card need no
// bet. It implements games.DecisionChecker; the result is checked against
// prior by CheckResult first.
func (p *Paytable) CheckDecision(r games.Result, prior []games.Result, bets []games.Bet) error {
	wr, ok := r.(Result)
	if !ok || wr.decision != GoToWar {
		return nil
	}
	want := Bet{kind: KindWar, seat: wr.seat}.String()
	for _, b := range bets {
		if b.Code == want && b.Since == len(prior) {
			return nil
		}
	}
	return resultError(RuleWarNeedsRaise, "seat %d goes to war with its raise: place %s (the main bet's stake) before the decision", wr.seat, want)
}
