package war

import "github.com/wagerlog/wagerlog/games"

// ShoeCards lists the cards a round's results took from the shoe, in the
// order dealt: every card to a seat or to the dealer and every card
// burned before a war. It implements games.ShoeCounter; results of
// another game are skipped.
func (p *Paytable) ShoeCards(results []games.Result) []string {
	var out []string
	for _, r := range results {
		if wr, ok := r.(Result); ok && wr.Card().Valid() {
			out = append(out, wr.Card().String())
		}
	}
	return out
}

var _ games.ShoeCounter = (*Paytable)(nil)
