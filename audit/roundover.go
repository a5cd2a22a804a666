package audit

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
)

// roundOver reports whether round r is over with results under pt, as the
// ledger decided it: from the bets in play or settled when the game's end
// depends on them (games.RoundOverOf, a bingo game's first bingo).
func roundOver(pt games.Paytable, r *roundState, results []games.Result) bool {
	if _, ok := pt.(games.BetsRoundEnder); !ok {
		return pt.RoundOver(results)
	}
	var bets []games.Bet
	for _, b := range r.Bets {
		if b.Status == ledger.BetOpen || b.Status == ledger.BetSettled {
			bets = append(bets, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		}
	}
	return games.RoundOverOf(pt, bets, results)
}
