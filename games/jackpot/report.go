package jackpot

import (
	"strings"

	"github.com/shopspring/decimal"
)

// Report is a pool's lines of the regulator report for one period
// (seed 004 section 6; GLI-19 2.8.7 and 2.9): opening balance, what came in, what went
// out, closing balance, and the check that opening + in − out = closing.
// The commission is reported beside the pool: it is taken from the bets
// before they reach it.
type Report struct {
	Pool    string   `json:"pool"`
	Opening Balances `json:"opening"`
	// Bets is the progressive bets collected: Commission plus
	// Contributions.
	Bets          decimal.Decimal `json:"bets"`
	Commission    decimal.Decimal `json:"commission"`
	Contributions decimal.Decimal `json:"contributions"`
	// PrizesByHand sums the prizes by winning category.
	PrizesByHand map[string]decimal.Decimal `json:"prizes_by_hand"`
	Prizes       decimal.Decimal            `json:"prizes"`
	// Resets is what restarting the main pool at its base moved into it,
	// from the reserves (inside the pool) and from the casino (into it).
	ResetsFromReserves decimal.Decimal `json:"resets_from_reserves"`
	ResetsFromCasino   decimal.Decimal `json:"resets_from_casino"`
	// Shortfalls is what covering fixed prizes the main pool could not
	// pay moved into it, from the reserves and from the casino.
	ShortfallsFromReserves decimal.Decimal `json:"shortfalls_from_reserves"`
	ShortfallsFromCasino   decimal.Decimal `json:"shortfalls_from_casino"`
	// AdjustmentsIn and AdjustmentsOut are the adjustments, each with its
	// reason in the movements.
	AdjustmentsIn  decimal.Decimal `json:"adjustments_in"`
	AdjustmentsOut decimal.Decimal `json:"adjustments_out"`
	// TransfersIn and TransfersOut are decommission transfers.
	TransfersIn  decimal.Decimal `json:"transfers_in"`
	TransfersOut decimal.Decimal `json:"transfers_out"`
	// In and Out are what entered and left the pool's accounts as a whole
	// (moves between its own accounts are neither).
	In      decimal.Decimal `json:"in"`
	Out     decimal.Decimal `json:"out"`
	Closing Balances        `json:"closing"`
	// Balanced is the check: Opening.Total() + In − Out = Closing.Total(),
	// with Closing folded from the movements account by account, and no
	// account negative.
	Balanced bool `json:"balanced"`
}

// Summarize reports the pool over the movements of a period, from its
// opening balances. Movements that touch none of the pool's accounts but
// the commission are ignored (another pool's).
func (p *Pool) Summarize(opening Balances, ms []Movement) Report {
	z := decimal.Zero
	r := Report{Pool: p.params.Pool, Opening: opening.Clone(), PrizesByHand: map[string]decimal.Decimal{},
		Bets: z, Commission: z, Contributions: z, Prizes: z, ResetsFromReserves: z, ResetsFromCasino: z,
		ShortfallsFromReserves: z, ShortfallsFromCasino: z, AdjustmentsIn: z, AdjustmentsOut: z, TransfersIn: z, TransfersOut: z, In: z, Out: z}
	var mine []Movement
	for _, m := range ms {
		_, fromPool := p.balance(opening, m.From)
		_, toPool := p.balance(opening, m.To)
		if m.Kind == KindCommission {
			r.Commission = r.Commission.Add(m.Amount)
			r.Bets = r.Bets.Add(m.Amount)
			continue
		}
		if !fromPool && !toPool {
			continue
		}
		mine = append(mine, m)
		switch {
		case toPool && !fromPool:
			r.In = r.In.Add(m.Amount)
		case fromPool && !toPool:
			r.Out = r.Out.Add(m.Amount)
		}
		casino := m.From == AccountCasino
		switch m.Kind {
		case KindContribution:
			r.Contributions = r.Contributions.Add(m.Amount)
			r.Bets = r.Bets.Add(m.Amount)
		case KindPrize:
			r.Prizes = r.Prizes.Add(m.Amount)
			r.PrizesByHand[m.Hand] = r.PrizesByHand[m.Hand].Add(m.Amount)
		case KindReset:
			if casino {
				r.ResetsFromCasino = r.ResetsFromCasino.Add(m.Amount)
			} else {
				r.ResetsFromReserves = r.ResetsFromReserves.Add(m.Amount)
			}
		case KindShortfall:
			if casino {
				r.ShortfallsFromCasino = r.ShortfallsFromCasino.Add(m.Amount)
			} else {
				r.ShortfallsFromReserves = r.ShortfallsFromReserves.Add(m.Amount)
			}
		case KindAdjustment:
			if toPool {
				r.AdjustmentsIn = r.AdjustmentsIn.Add(m.Amount)
			} else {
				r.AdjustmentsOut = r.AdjustmentsOut.Add(m.Amount)
			}
		case KindTransfer:
			if toPool {
				r.TransfersIn = r.TransfersIn.Add(m.Amount)
			} else {
				r.TransfersOut = r.TransfersOut.Add(m.Amount)
			}
		}
	}
	r.Closing = p.Apply(opening, mine)
	r.Balanced = opening.Total().Add(r.In).Sub(r.Out).Equal(r.Closing.Total()) && !negative(r.Closing)
	return r
}

func negative(b Balances) bool {
	if b.Main.Sign() < 0 {
		return true
	}
	for _, r := range b.Reserves {
		if r.Sign() < 0 {
			return true
		}
	}
	return false
}

// IsPoolAccount reports whether a ledger account is a pool's account
// ("jackpot:<pool>:main", "jackpot:<pool>:reserve:<name>").
func IsPoolAccount(account string) bool { return strings.HasPrefix(account, "jackpot:") }
