package ledger

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

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

// PrintRequest asks the ledger to print a slip's bets from a seed, where
// the round's game prints them (games.BetPrinter: bingo cards from a
// seeded generator): items From..To of Series, each at Stake. The printed
// bets are placed as if the slip had listed them, and each one's code
// carries what was printed (a card's numbers), so the stream records it;
// the seed reprints them (docs/games/bingo.md, "Bingo in the ledger").
type PrintRequest struct {
	Series string          `json:"series"`
	From   int             `json:"from"`
	To     int             `json:"to"`
	Seed   uint64          `json:"seed"`
	Stake  decimal.Decimal `json:"stake"`
}

// printSlip returns a copy of slip c with its bets printed by round r's
// game.
func (d *decider) printSlip(r *Round, c *PlaceSlip) (*PlaceSlip, error) {
	if len(c.Bets) > 0 {
		return nil, errf(ErrInvalidRequest, "a slip lists its bets or asks for them printed, not both")
	}
	p := c.Print
	if p.To-p.From+1 > BetsPerSlipMax || p.To < p.From {
		return nil, errf(ErrInvalidRequest, "print %d to %d: 1 to %d bets per slip", p.From, p.To, BetsPerSlipMax)
	}
	pt, err := d.roundPaytable(r)
	if err != nil {
		return nil, err
	}
	printer, ok := pt.(games.BetPrinter)
	if !ok {
		return nil, errf(ErrInvalidRequest, "paytable %s prints no bets", pt.ID())
	}
	codes, err := printer.PrintBets(p.Seed, p.Series, p.From, p.To)
	if err != nil {
		return nil, errf(ErrInvalidRequest, "%v", err)
	}
	out := *c
	out.Print = nil
	out.Bets = make([]BetRequest, len(codes))
	for i, code := range codes {
		out.Bets[i] = BetRequest{Code: code, Stake: p.Stake}
	}
	return &out, nil
}
