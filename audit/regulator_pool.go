package audit

import (
	"slices"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
)

// PoolReport is the regulator's account of one progressive pool over the
// period (seed 004, 6.4.1: every movement of the pool explained; GLI-19
// 2.8.7): the opening balance of its accounts, what came in (contributions
// after the casino's commission, the casino's funding of a shortfall, a
// reset or the base, adjustments and transfers in) and what went out
// (prizes by hand, adjustments and transfers out), the closing balance,
// and the check opening + in − out = closing. Moves between the pool's own
// accounts (a reset from a reserve) are listed and change no total.
type PoolReport struct {
	Pool     string          `json:"pool"`
	Currency string          `json:"currency"`
	Opening  decimal.Decimal `json:"opening"`
	// Bets counts the progressive bets settled; Staked is their total;
	// Commission the casino's share, taken first (not the pool's).
	Bets          int             `json:"bets"`
	Staked        decimal.Decimal `json:"staked"`
	Commission    decimal.Decimal `json:"commission"`
	Contributions decimal.Decimal `json:"contributions"`
	// Prizes by hand category, and their total.
	PrizesByHand []PoolPrizeLine `json:"prizes_by_hand"`
	Prizes       decimal.Decimal `json:"prizes"`
	// ShortfallsFromCasino and ResetsFromCasino are what the tables'
	// houses put into the main pool during passes; BaseFunding what the
	// casino put in at configuration; FromReserves what the reserves moved
	// to the main pool (inside the pool).
	ShortfallsFromCasino decimal.Decimal `json:"shortfalls_from_casino"`
	ResetsFromCasino     decimal.Decimal `json:"resets_from_casino"`
	BaseFunding          decimal.Decimal `json:"base_funding"`
	FromReserves         decimal.Decimal `json:"from_reserves"`
	AdjustmentsIn        decimal.Decimal `json:"adjustments_in"`
	AdjustmentsOut       decimal.Decimal `json:"adjustments_out"`
	TransfersIn          decimal.Decimal `json:"transfers_in"`
	TransfersOut         decimal.Decimal `json:"transfers_out"`
	// ComplementaryPrizes are the complementary prizes by name, apart
	// from the hand prizes (seed 004_11b2de8449360267.txt, 6.5.1
	// "Premios complementarios"), Complementary their total and
	// ComplementaryFromCasino what the tables' houses advanced to pay
	// them; absent for a pool that drew none.
	ComplementaryPrizes     []PoolComplementaryLine `json:"complementary_prizes,omitempty"`
	Complementary           decimal.Decimal         `json:"complementary,omitzero"`
	ComplementaryFromCasino decimal.Decimal         `json:"complementary_from_casino,omitzero"`
	// CreditsReturned are expired promotional credits that came back to
	// the pool (credits.expired; its parameters' credits_expire_to).
	CreditsReturned decimal.Decimal `json:"credits_returned,omitzero"`
	In              decimal.Decimal `json:"in"`
	Out             decimal.Decimal `json:"out"`
	Closing         decimal.Decimal `json:"closing"`
	// Balanced is opening + in − out = closing, the closing balance being
	// the pool's accounts as their postings leave them.
	Balanced bool `json:"balanced"`
}

// PoolPrizeLine is the prizes of one hand category.
type PoolPrizeLine struct {
	Hand   string          `json:"hand"`
	Count  int             `json:"count"`
	Amount decimal.Decimal `json:"amount"`
}

// PoolComplementaryLine is the complementary prizes of one line of a
// pool's complementary paytable.
type PoolComplementaryLine struct {
	Name   string          `json:"name"`
	Count  int             `json:"count"`
	Amount decimal.Decimal `json:"amount"`
}

// poolReports gathers the pools' lines of the regulator report.
type poolReports struct {
	rows   map[string]*PoolReport
	prizes map[string]map[string]*PoolPrizeLine
	comp   map[string]map[string]*PoolComplementaryLine
}

func (pr *poolReports) row(pool, currency string) *PoolReport {
	if pr.rows == nil {
		pr.rows, pr.prizes = map[string]*PoolReport{}, map[string]map[string]*PoolPrizeLine{}
		pr.comp = map[string]map[string]*PoolComplementaryLine{}
	}
	r := pr.rows[pool]
	if r == nil {
		z := decimal.Zero
		r = &PoolReport{Pool: pool, Currency: currency, Opening: z, Staked: z, Commission: z, Contributions: z, Prizes: z,
			ShortfallsFromCasino: z, ResetsFromCasino: z, BaseFunding: z, FromReserves: z, AdjustmentsIn: z, AdjustmentsOut: z,
			TransfersIn: z, TransfersOut: z, In: z, Out: z, Closing: z, PrizesByHand: []PoolPrizeLine{}}
		pr.rows[pool] = r
		pr.prizes[pool] = map[string]*PoolPrizeLine{}
		pr.comp[pool] = map[string]*PoolComplementaryLine{}
	}
	return r
}

// poolTotal returns a pool's total over its accounts.
//
// Every account of the pool counts, also a reserve an earlier version
// dropped while it held money (a stream written before a new version
// moved such a balance to the main pool): the decommission sweeps it.
func poolTotal(f *fold, p *poolState) decimal.Decimal {
	t := decimal.Zero
	for k, b := range f.balances {
		if k.currency == p.Currency {
			if id, ok := poolOfAccount(k.account); ok && f.pools[id] == p {
				t = t.Add(b)
			}
		}
	}
	return t
}

// start records the opening balance of every pool the period starts with.
func (pr *poolReports) start(f *fold) {
	for id, p := range f.pools {
		pr.row(id, p.Currency).Opening = poolTotal(f, p)
	}
}

// observe adds one event of the period.
func (pr *poolReports) observe(s *step) {
	switch p := s.payload.(type) {
	case *events.BetSettled:
		pool, ok := poolOfAccount(p.Counterparty)
		if !ok {
			return
		}
		r := pr.row(pool, p.Currency)
		r.Bets++
		r.Staked = r.Staked.Add(p.Stake)
		for _, c := range p.Contributions {
			if c.Pool == games.CommissionAccount {
				r.Commission = r.Commission.Add(c.Amount)
			} else {
				r.Contributions = r.Contributions.Add(c.Amount)
			}
		}
		if p.Returned.IsPositive() {
			hand, _, _ := strings.Cut(p.Rule, ":")
			line := pr.prizes[pool][hand]
			if line == nil {
				line = &PoolPrizeLine{Hand: hand, Amount: decimal.Zero}
				pr.prizes[pool][hand] = line
			}
			line.Count++
			line.Amount = line.Amount.Add(p.Returned)
			r.Prizes = r.Prizes.Add(p.Returned)
		}
	case *events.RoundSettled:
		for _, t := range p.Transfers {
			pool, ok := poolOfAccount(t.To)
			if !ok {
				continue
			}
			r := pr.row(pool, p.Currency)
			switch kind, _, _ := strings.Cut(t.Rule, ":"); {
			case posting.IsPoolAccount(t.From):
				r.FromReserves = r.FromReserves.Add(t.Amount)
			case kind == "shortfall":
				r.ShortfallsFromCasino = r.ShortfallsFromCasino.Add(t.Amount)
			default:
				r.ResetsFromCasino = r.ResetsFromCasino.Add(t.Amount)
			}
		}
	case *events.JackpotDrawn:
		r := pr.row(p.Pool, p.Currency)
		for _, z := range p.Prizes {
			line := pr.comp[p.Pool][z.Name]
			if line == nil {
				line = &PoolComplementaryLine{Name: z.Name, Amount: decimal.Zero}
				pr.comp[p.Pool][z.Name] = line
			}
			line.Count++
			line.Amount = line.Amount.Add(z.Amount)
			r.Complementary = r.Complementary.Add(z.Amount)
		}
		for _, t := range p.Advanced {
			r.ComplementaryFromCasino = r.ComplementaryFromCasino.Add(t.Amount)
		}
	case *events.CreditsExpired:
		if pool, ok := poolOfAccount(p.To); ok {
			r := pr.row(pool, p.Currency)
			r.CreditsReturned = r.CreditsReturned.Add(p.Amount)
		}
	case *events.JackpotConfigured:
		r := pr.row(p.Pool, p.Currency)
		r.BaseFunding = r.BaseFunding.Add(p.Funded)
	case *events.JackpotAdjusted:
		r := pr.row(p.Pool, p.Currency)
		if p.Amount.IsNegative() {
			r.AdjustmentsOut = r.AdjustmentsOut.Add(p.Amount.Neg())
		} else {
			r.AdjustmentsIn = r.AdjustmentsIn.Add(p.Amount)
		}
	case *events.JackpotDecommissioned:
		r := pr.row(p.Pool, p.Currency)
		for _, t := range p.Transfers {
			r.TransfersOut = r.TransfersOut.Add(t.Amount)
			if to, ok := poolOfAccount(t.To); ok {
				q := pr.row(to, p.Currency)
				q.TransfersIn = q.TransfersIn.Add(t.Amount)
			}
		}
	}
}

// close computes the totals and the check with the closing balances.
func (pr *poolReports) close(f *fold) []PoolReport {
	out := []PoolReport{}
	ids := make([]string, 0, len(pr.rows))
	for id := range pr.rows {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		r := pr.rows[id]
		if p := f.pools[id]; p != nil {
			r.Closing = poolTotal(f, p)
		}
		r.In = r.Contributions.Add(r.ShortfallsFromCasino).Add(r.ResetsFromCasino).Add(r.BaseFunding).Add(r.AdjustmentsIn).Add(r.TransfersIn).Add(r.ComplementaryFromCasino).Add(r.CreditsReturned)
		r.Out = r.Prizes.Add(r.AdjustmentsOut).Add(r.TransfersOut).Add(r.Complementary)
		r.Balanced = r.Opening.Add(r.In).Sub(r.Out).Equal(r.Closing)
		hands := make([]string, 0, len(pr.prizes[id]))
		for h := range pr.prizes[id] {
			hands = append(hands, h)
		}
		sort.Strings(hands)
		for _, h := range hands {
			r.PrizesByHand = append(r.PrizesByHand, *pr.prizes[id][h])
		}
		names := make([]string, 0, len(pr.comp[id]))
		for n := range pr.comp[id] {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			r.ComplementaryPrizes = append(r.ComplementaryPrizes, *pr.comp[id][n])
		}
		out = append(out, *r)
	}
	return out
}

// poolTables writes the pools' lines (CSV and PDF): one row per pool, and
// its prizes by hand.
func (r *RegulatorReport) poolTables(c *csvSections) {
	ri := r.render
	c.header("pools", "pool", "currency", "opening", "bets", "staked", "commission", "contributions", "prizes",
		"shortfalls_from_casino", "resets_from_casino", "base_funding", "from_reserves", "adjustments_in", "adjustments_out",
		"transfers_in", "transfers_out", "in", "out", "closing", "balanced")
	for _, p := range r.Pools {
		cur := p.Currency
		balanced := "false"
		if p.Balanced {
			balanced = "true"
		}
		c.row("pools", p.Pool, cur, ri.amount(p.Opening, cur), ints(p.Bets), ri.amount(p.Staked, cur), ri.amount(p.Commission, cur),
			ri.amount(p.Contributions, cur), ri.amount(p.Prizes, cur), ri.amount(p.ShortfallsFromCasino, cur), ri.amount(p.ResetsFromCasino, cur),
			ri.amount(p.BaseFunding, cur), ri.amount(p.FromReserves, cur), ri.amount(p.AdjustmentsIn, cur), ri.amount(p.AdjustmentsOut, cur),
			ri.amount(p.TransfersIn, cur), ri.amount(p.TransfersOut, cur), ri.amount(p.In, cur), ri.amount(p.Out, cur), ri.amount(p.Closing, cur), balanced)
	}
	c.header("pool_prizes", "pool", "currency", "hand", "count", "amount")
	for _, p := range r.Pools {
		for _, l := range p.PrizesByHand {
			c.row("pool_prizes", p.Pool, p.Currency, l.Hand, ints(l.Count), ri.amount(l.Amount, p.Currency))
		}
	}
	// Complementary prizes apart from the hand prizes, in a section of
	// their own when a pool drew any.
	if !r.ComplementaryPrizes() {
		return
	}
	c.header("pool_complementary", "pool", "currency", "prize", "count", "amount")
	for _, p := range r.Pools {
		for _, l := range p.ComplementaryPrizes {
			c.row("pool_complementary", p.Pool, p.Currency, l.Name, ints(l.Count), ri.amount(l.Amount, p.Currency))
		}
	}
}

// ComplementaryPrizes reports whether any pool of the period paid
// complementary prizes: the reports then list them apart from the hand
// prizes.
func (r *RegulatorReport) ComplementaryPrizes() bool {
	return slices.ContainsFunc(r.Pools, func(p PoolReport) bool { return len(p.ComplementaryPrizes) > 0 })
}
