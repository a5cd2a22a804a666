package audit

import (
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// roundOver reports whether round r is over with results under pt, as the
// ledger decided it: from the bets in play or settled when the game's end
// depends on them (games.RoundOverOf, a bingo game's first bingo).
func roundOver(pt games.Paytable, r *roundState, results []games.Result) bool {
	if _, ok := pt.(games.BetsRoundEnder); !ok {
		return pt.RoundOver(results)
	}
	inPlay := 0
	for _, b := range r.Bets {
		if b.Status == round.BetOpen || b.Status == round.BetSettled {
			inPlay++
		}
	}
	return r.end.Over(pt, [2]int{len(r.Bets), inPlay}, func() []games.Bet {
		var bets []games.Bet
		for _, b := range r.Bets {
			if b.Status == round.BetOpen || b.Status == round.BetSettled {
				bets = append(bets, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
			}
		}
		return bets
	}, results)
}

// claim checks a bingo.claimed: the bet is an open bet of the round, the
// round had the results the claim states, and the game, asked again
// (games.Claimer), gives the recorded verdict.
func (f *fold) claim(r *roundState, p *events.BingoClaimed, report reporter) {
	if p.Balls != len(r.Results) {
		report(KindEventInvalid, "round %s: claim after %d results, the round has %d", r.ID, p.Balls, len(r.Results))
	}
	var bets []games.Bet
	at := -1
	for _, b := range r.Bets {
		if b.Status != round.BetOpen && b.Status != round.BetSettled {
			continue
		}
		if b.ID == p.Bet {
			at = len(bets)
			checkBetMatches(b, p.Player, p.Code, b.Stake, report)
		}
		bets = append(bets, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
	}
	if at < 0 {
		report(KindEventInvalid, "round %s: claim on bet %s, not a bet in play", r.ID, p.Bet)
		return
	}
	pt, err := f.paytable(r.Paytable, r.PaytableHash)
	if err != nil {
		return
	}
	cl, ok := pt.(games.Claimer)
	results, known := f.results(r)
	switch {
	case !ok:
		report(KindEventInvalid, "round %s: claim under %s, which takes no claims", r.ID, pt.ID())
	case known:
		v, err := cl.CheckClaim(bets, results, at, p.Prize)
		if err != nil {
			report(KindEventInvalid, "round %s: claim of %s on bet %s: %v", r.ID, p.Prize, p.Bet, err)
		} else if v.Correct != p.Correct {
			report(KindPayoutMismatch, "round %s: claim of %s on bet %s recorded correct=%t, the game says %t (%s)", r.ID, p.Prize, p.Bet, p.Correct, v.Correct, v.Reason)
		}
	}
}
