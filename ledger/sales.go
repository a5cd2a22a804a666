package ledger

import "github.com/wagerlog/wagerlog/games"

// roundDerived is derived from a round's bets and results: the sale keys
// of a games.Seller and where a games.BetsRoundEnder's round ends.
type roundDerived struct {
	sales *saleIndex
	end   games.RoundEnd
}

func (r *Round) derivedData() *roundDerived {
	if r.derived == nil {
		r.derived = &roundDerived{}
	}
	return r.derived
}

// saleIndex is the keys of a round's bets under its paytable's
// games.Seller, built from the round's bets and extended as bets are
// placed: bets only append, so n says how many it covers. It is a cache
// of r.Bets, never checkpointed; a round restored without it builds it
// again on its next placement.
type saleIndex struct {
	n    int
	keys map[string]struct{}
}

// checkSales refuses a slip that sells again an item the round holds (a
// card of a series and number) or that takes the round over the
// paytable's SalesMax bets.
func checkSales(r *Round, s games.Seller, codes []string) error {
	if len(r.Bets)+len(codes) > s.SalesMax() {
		return errf(ErrBetRefused, "round %s holds %d bets; %d more would be over the game's limit of %d", r.ID, len(r.Bets), len(codes), s.SalesMax())
	}
	d := r.derivedData()
	if d.sales == nil || d.sales.n > len(r.Bets) {
		d.sales = &saleIndex{keys: make(map[string]struct{}, len(r.Bets))}
	}
	idx := d.sales
	for _, b := range r.Bets[idx.n:] {
		idx.keys[s.SaleKey(b.Code)] = struct{}{}
	}
	idx.n = len(r.Bets)
	slip := make(map[string]struct{}, len(codes))
	for _, c := range codes {
		k := s.SaleKey(c)
		if _, sold := idx.keys[k]; sold {
			return errf(ErrBetRefused, "%s is already sold in round %s", k, r.ID)
		}
		if _, twice := slip[k]; twice {
			return errf(ErrBetRefused, "%s is twice in the slip", k)
		}
		slip[k] = struct{}{}
	}
	return nil
}

// roundOver reports whether round r is over with results res: the game
// decides, from the bets in play or settled when its end depends on them
// (games.RoundOverOf).
func roundOver(pt games.Paytable, r *Round, res []games.Result) bool {
	if _, ok := pt.(games.BetsRoundEnder); !ok {
		return pt.RoundOver(res)
	}
	return r.derivedData().end.Over(pt, [2]int{len(r.Bets), r.Open}, func() []games.Bet { return gameBets(r) }, res)
}

// gameBets are round r's bets in play or settled, as its game settles
// them, in placement order.
func gameBets(r *Round) []games.Bet {
	var out []games.Bet
	for _, b := range r.Bets {
		if b.Status == BetOpen || b.Status == BetSettled {
			out = append(out, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		}
	}
	return out
}
