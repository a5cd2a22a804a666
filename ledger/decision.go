package ledger

import "github.com/wagerlog/wagerlog/games"

// checkDecision asks a game whose decisions are paid for
// (games.DecisionChecker: a blackjack double or split, a War raise)
// whether result res, after prior, has the bets it needs among the round's
// bets. The bets are those still in play or settled: a taken-down or
// refunded bet plays no part in the round.
func checkDecision(pt games.Paytable, r *Round, res games.Result, prior []games.Result) error {
	dc, ok := pt.(games.DecisionChecker)
	if !ok {
		return nil
	}
	var bets []games.Bet
	for _, b := range r.Bets {
		if b.Status == BetOpen || b.Status == BetSettled {
			bets = append(bets, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		}
	}
	if err := dc.CheckDecision(res, prior, bets); err != nil {
		return errf(ErrInvalidResult, "%v", err)
	}
	return nil
}
