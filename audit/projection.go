package audit

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/projections"
)

// ProjectedBalances is the part of the projections store that Verify
// compares with its own fold. *projections.Store implements it.
type ProjectedBalances interface {
	// Balances returns the balances of the accounts whose name starts
	// with prefix, as of the sequence the answer carries.
	Balances(prefix string) (projections.BalanceList, error)
}

// ProjectionCheck tells how the projections store compared with the fresh
// fold.
type ProjectionCheck struct {
	// Seq is the sequence the projections had applied; the fold was
	// compared with them right after that event.
	Seq uint64 `json:"seq"`
	// Compared is false when Seq was outside the walked range (the
	// projections lag behind it or are ahead of it); Note says why.
	Compared bool   `json:"compared"`
	Balances int    `json:"balances"`
	Note     string `json:"note,omitempty"`
}

// projectionCheck is an observer that compares the projections' balances
// with the fold when the walk reaches the sequence they were read at.
type projectionCheck struct {
	list     projections.BalanceList
	done     bool
	findings []Violation
}

func newProjectionCheck(p ProjectedBalances, to uint64) (*projectionCheck, error) {
	list, err := p.Balances("")
	if err != nil {
		return nil, fmt.Errorf("audit: projections: %w", err)
	}
	pc := &projectionCheck{list: list}
	if list.Seq == 0 {
		pc.done = true // nothing applied, nothing to compare
	}
	return pc, nil
}

func (pc *projectionCheck) observe(s *step, f *fold) {
	if pc.done || s.raw.Seq != pc.list.Seq {
		return
	}
	pc.done = true
	pc.compare(f)
}

// compare checks every projected balance against the fold, every non-zero
// folded balance against the projections, and that each currency of the
// projections sums to zero.
func (pc *projectionCheck) compare(f *fold) {
	seq := pc.list.Seq
	add := func(format string, args ...any) {
		pc.findings = append(pc.findings, Violation{Seq: seq, Kind: KindProjectionMismatch, Detail: fmt.Sprintf(format, args...)})
	}
	seen := map[acct]bool{}
	sums := map[string]decimal.Decimal{}
	for _, b := range pc.list.Balances {
		k := acct{b.Account, b.Currency}
		seen[k] = true
		sums[b.Currency] = sums[b.Currency].Add(b.Balance)
		if got := f.balances[k]; !got.Equal(b.Balance) {
			add("the projections hold %s %s %s, the stream gives %s", b.Account, b.Balance, b.Currency, got)
		}
	}
	if !pc.list.Truncated {
		for _, k := range sortedAccts(f.balances) {
			if v := f.balances[k]; !seen[k] && !v.IsZero() {
				add("the projections have no balance for %s, the stream gives %s %s", k.account, v, k.currency)
			}
		}
		for _, c := range sortedKeys(sums) {
			if !sums[c].IsZero() {
				pc.findings = append(pc.findings, Violation{Seq: seq, Kind: KindCurrencySumNonzero, Detail: fmt.Sprintf("the projections' balances in %s sum to %s", c, sums[c])})
			}
		}
	}
}

// result adds the findings to the walk's violations and says what was
// compared.
func (pc *projectionCheck) result(w *walker) *ProjectionCheck {
	out := &ProjectionCheck{Seq: pc.list.Seq, Balances: len(pc.list.Balances)}
	switch {
	case pc.list.Seq == 0:
		out.Note = "the projections have applied nothing yet"
	case !pc.done:
		out.Note = fmt.Sprintf("the projections are at sequence %d, outside the walked range %s", pc.list.Seq, rangeString(w.from, w.to))
	default:
		out.Compared = true
		if pc.list.Truncated {
			out.Note = fmt.Sprintf("only the first %d balances were compared", projections.BalancesMax)
		}
	}
	for _, v := range pc.findings {
		w.vs.add(v.Seq, v.Kind, "%s", v.Detail)
	}
	return out
}

// sortedAccts returns the accounts of a balance map in order.
func sortedAccts(m map[acct]decimal.Decimal) []acct {
	keys := make([]string, 0, len(m))
	byKey := make(map[string]acct, len(m))
	for k := range m {
		s := k.currency + "\x00" + k.account
		keys = append(keys, s)
		byKey[s] = k
	}
	out := make([]acct, 0, len(m))
	for _, s := range sortedStrings(keys) {
		out = append(out, byKey[s])
	}
	return out
}
