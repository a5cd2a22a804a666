package audit

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/projections"
)

// ProjectedBalances is the part of the projections store that Verify
// compares with its own fold. *projections.Store implements it.
type ProjectedBalances interface {
	// Balances returns the balances of the accounts whose name starts
	// with prefix, as of the sequence the answer carries.
	Balances(prefix string) (projections.BalanceList, error)
	// Position returns the last applied sequence and the chain hash its
	// event stated: which stream the projections were built from.
	Position() (projections.Position, error)
}

// positionTries bounds the reads of the projections' position and balances
// until both come from the same sequence (a live projector may apply
// between the two reads).
const positionTries = 5

// ProjectionCheck tells how the projections store compared with the fresh
// fold.
type ProjectionCheck struct {
	// Seq is the sequence the projections had applied; the fold was
	// compared with them right after that event.
	Seq uint64 `json:"seq"`
	// Compared is false when Seq was beyond the walked range (the
	// projections are ahead of the stream: they cannot be its); Note says
	// why. A verification whose projections were not compared is not
	// clean (VerdictNotCompared).
	Compared bool   `json:"compared"`
	Balances int    `json:"balances"`
	Note     string `json:"note,omitempty"`
	// Hash is the chain hash the projections recorded for the event at
	// Seq (empty when they recorded none: an older release wrote them).
	Hash string `json:"hash,omitempty"`
}

// projectionCheck is an observer that compares the projections' balances
// and recorded chain hash with the fold and the stream when the walk
// reaches the sequence they were read at.
type projectionCheck struct {
	list projections.BalanceList
	// hash is the chain hash the projections recorded at list.Seq; zero
	// when they recorded none or it could not be read at that sequence.
	hash     events.Hash
	done     bool
	findings []Violation
}

// newProjectionCheck reads the projections' balances and position, from
// the same sequence.
func newProjectionCheck(p ProjectedBalances) (*projectionCheck, error) {
	for range positionTries {
		pos, err := p.Position()
		if err != nil {
			return nil, fmt.Errorf("audit: projections: %w", err)
		}
		list, err := p.Balances("")
		if err != nil {
			return nil, fmt.Errorf("audit: projections: %w", err)
		}
		if pos.Seq == list.Seq {
			pc := &projectionCheck{list: list, hash: pos.Hash}
			// Nothing applied: the empty projections equal the fold
			// before the first event, trivially.
			pc.done = list.Seq == 0
			return pc, nil
		}
	}
	// A projector applied between every pair of reads: compare the last
	// balances read, without their hash.
	list, err := p.Balances("")
	if err != nil {
		return nil, fmt.Errorf("audit: projections: %w", err)
	}
	return &projectionCheck{list: list, done: list.Seq == 0}, nil
}

func (pc *projectionCheck) observe(s *step, f *fold) {
	if pc.done || s.raw.Seq != pc.list.Seq {
		return
	}
	pc.done = true
	pc.compareHash(s)
	pc.compare(f)
}

// compareHash checks that the projections were built from this stream:
// the hash they recorded for their last event must be the one the stream's
// event states. Balances may agree by chance; the hash does not.
func (pc *projectionCheck) compareHash(s *step) {
	if pc.hash.IsZero() {
		return
	}
	stated, err := events.StatedHash(s.raw.Data)
	if err != nil || stated == pc.hash {
		return // a stream event without a hash is the walk's own finding
	}
	pc.findings = append(pc.findings, Violation{Seq: s.raw.Seq, Kind: KindProjectionMismatch, Detail: fmt.Sprintf(
		"the projections were built from another chain: they recorded hash %s for event %d, the stream's event states %s",
		short(pc.hash.String()), s.raw.Seq, short(stated.String()))})
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
	if !pc.hash.IsZero() {
		out.Hash = pc.hash.String()
	}
	switch {
	case pc.list.Seq == 0:
		out.Compared = true
		out.Note = "the projections have applied nothing yet"
	case !pc.done:
		out.Note = fmt.Sprintf("the projections are at sequence %d, ahead of the walked range %s: they cannot be this stream's (rebuild them)", pc.list.Seq, rangeString(w.from, w.to))
	default:
		out.Compared = true
		if pc.hash.IsZero() {
			out.Note = "the projections record no chain hash (an older release wrote them): balances compared, the chain they follow not proven"
		}
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
