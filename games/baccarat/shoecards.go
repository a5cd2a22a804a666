package baccarat

import "github.com/wagerlog/wagerlog/games"

// ShoeCards lists the cards a coup took from the shoe: tableau 1's,
// tableau 2's and the banker's, a void tableau's included (they left the
// shoe, seen or not). It implements games.ShoeCounter; results of another
// game are skipped.
func (Deux) ShoeCards(results []games.Result) []string {
	var out []string
	for _, r := range results {
		c, ok := r.(DeuxCoup)
		if !ok {
			continue
		}
		for _, h := range [][]Card{c.Tableaux[0], c.Tableaux[1], c.Banker} {
			for _, card := range h {
				out = append(out, card.String())
			}
		}
	}
	return out
}

var _ games.ShoeCounter = Deux{}
