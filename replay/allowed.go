package replay

import (
	"github.com/wagerlog/wagerlog/games"
)

// checkSteps checks each step's result again as the ledger did when it
// recorded it: against the round's earlier results (games.ResultChecker:
// a decision the cards allow, a dealer card his rule allows) and, for a
// decision that adds money, against the bets placed before it
// (games.DecisionChecker: a double, split or War raise placed right before
// its decision). It fills each step's Allowed and Refusal and reports a
// result the rules refuse as a problem: the ledger never records one, so
// it means the log or this build's rules differ from the recording's.
func (st *roundState) checkSteps(out *RoundReplay, problem func(string, ...any)) {
	pt, err := st.paytable(out)
	if err != nil {
		return
	}
	rc, isRC := pt.(games.ResultChecker)
	dc, isDC := pt.(games.DecisionChecker)
	parsed := make([]games.Result, 0, len(st.steps))
	for i := range st.steps {
		s := &st.steps[i]
		res, err := pt.ParseResult(s.Result)
		if err != nil {
			s.Refusal = err.Error()
			problem("result %d %s: %v", i, s.Result, err)
			// The rest cannot be checked after a result that does
			// not parse.
			return
		}
		if isRC {
			err = rc.CheckResult(res, parsed)
		}
		if err == nil && isDC {
			var bets []games.Bet
			for _, b := range st.r.Bets {
				if b.Since > i {
					continue
				}
				if r, ok := st.returnedAt[b.ID]; ok && r <= i {
					continue
				}
				bets = append(bets, gameBet(b))
			}
			err = dc.CheckDecision(res, parsed, bets)
		}
		s.Allowed = err == nil
		if err != nil {
			s.Refusal = err.Error()
			out.Match = false
			problem("result %d %s: the rules refuse it: %v", i, s.Result, err)
		}
		parsed = append(parsed, res)
	}
}
