package ledger

import (
	"github.com/wagerlog/wagerlog/games"
)

// RuleShoeCount is the rule an invalid_result names when a card would be
// dealt more times since its shoe started than the shoe holds it: a shoe
// of N decks holds each card N times, over all the rounds dealt from it.
// A game checks a round's own cards (its rule shoe_copies); the ledger
// checks them against the shoe's earlier rounds.
const RuleShoeCount = "shoe_count"

// keepShoeResults records the results in force of a finished round of the
// table's current shoe (settled, settled again after a correction, or
// cancelled): the cards it took from the shoe. A round of an earlier shoe
// (a late correction) or of a table without a shoe is not kept.
func (t *Table) keepShoeResults(r *Round) {
	if t.Shoe == 0 || r.Number <= t.ShoeRound || len(r.Results) == 0 {
		return
	}
	if t.ShoeResults == nil {
		t.ShoeResults = make(map[string][][]byte)
	}
	t.ShoeResults[r.ID] = r.Results
}

// checkShoeCount refuses results of round r that would deal a card more
// times since the shoe started than the shoe's decks hold it, counting
// the cards of the shoe's other finished rounds (Table.ShoeResults) and
// all, the round's results with the new or corrected one. A game that
// deals no cards from a shoe (games.ShoeCounter) is not checked, nor a
// round of an earlier shoe, whose other rounds the ledger no longer
// holds: the game's own check of the round's cards stands for it.
func checkShoeCount(t *Table, r *Round, pt games.Paytable, all []games.Result) error {
	sc, ok := pt.(games.ShoeCounter)
	if !ok || t.Shoe == 0 || r.Number <= t.ShoeRound {
		return nil
	}
	dealt := map[string]int{}
	for id, raws := range t.ShoeResults {
		if id == r.ID {
			continue
		}
		rs := make([]games.Result, len(raws))
		for i, raw := range raws {
			res, err := pt.ParseResult(raw)
			if err != nil {
				return errf(ErrPaytableChanged, "round %s: result %s does not parse under %s: %v", id, raw, pt.ID(), err)
			}
			rs[i] = res
		}
		for _, c := range sc.ShoeCards(rs) {
			dealt[c]++
		}
	}
	decks := sc.Decks()
	for _, c := range sc.ShoeCards(all) {
		dealt[c]++
		if dealt[c] > decks {
			return errf(ErrInvalidResult, "%s: %s would be dealt %d times since shoe %d started; its %d decks hold it %d times", RuleShoeCount, c, dealt[c], t.Shoe, decks, decks)
		}
	}
	return nil
}
