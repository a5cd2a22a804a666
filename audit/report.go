package audit

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// Header heads every report (GLI-19 2.9: operator, title, interval,
// generation time).
type Header struct {
	Title    string  `json:"title"`
	Operator string  `json:"operator,omitempty"`
	Period   *Period `json:"period,omitempty"`
	// GeneratedAt is when the report was made, by the system clock.
	GeneratedAt time.Time `json:"generated_at"`
	// Through is the last stream sequence the report read: the report
	// holds every event up to it and nothing after.
	Through uint64 `json:"through_seq"`
}

// VerificationSummary is the verification a report ran on the stream it
// read (the same walk: every report verifies what it reports on).
type VerificationSummary struct {
	// Clean is true when the whole walk, 1..Through, found no violation.
	Clean   bool        `json:"clean"`
	Through uint64      `json:"through_seq"`
	Events  uint64      `json:"events"`
	Head    string      `json:"head"`
	Seals   SealSummary `json:"seals"`
	// Counts counts every violation of the walk by kind.
	Counts []KindCount `json:"counts"`
	// Violations are those that concern the report's subject (the
	// period's events, the round's events) or the whole stream (Seq 0).
	Violations []Violation `json:"violations"`
	// Other counts the violations elsewhere in the stream.
	Other int `json:"other,omitempty"`
}

// summary builds the verification summary of a finished walk, listing the
// violations for which concerns is true.
func (w *walker) summary(concerns func(seq uint64) bool) VerificationSummary {
	s := VerificationSummary{
		Clean: w.vs.total() == 0, Through: w.chain.Seq(), Events: w.read,
		Seals: w.seals, Counts: w.vs.sortedCounts(), Violations: []Violation{},
	}
	if s.Through > 0 {
		s.Head = w.chain.Head().String()
	}
	for _, v := range w.vs.list {
		if v.Seq == 0 || concerns(v.Seq) {
			s.Violations = append(s.Violations, v)
		} else {
			s.Other++
		}
	}
	s.Other += w.vs.more
	return s
}

// walkAll walks the whole stream as it is now with the given observer.
func walkAll(ctx context.Context, src Source, opts Options, obs ...observer) (*walker, error) {
	last, err := src.LastSeq(ctx)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	w := newWalker(opts, walkStart{complete: true}, 1, last)
	w.observers = obs
	if err := w.run(ctx, src, 1); err != nil {
		return nil, fmt.Errorf("audit: read 1..%d: %w", last, err)
	}
	return w, nil
}

// rtpCache computes and keeps the exact theoretical RTP of bets.
type rtpCache map[string]*big.Rat

// rtpCacheMax bounds the cache: bet codes times paytables.
const rtpCacheMax = 10_000

// of returns the exact RTP of one bet code under pt (nil for a code the
// paytable does not list).
func (c rtpCache) of(pt games.Paytable, code string) *big.Rat {
	if r, ok := c.ofSale(pt, code); ok {
		return r
	}
	k := pt.ID() + "\x00" + pt.Hash() + "\x00" + code
	if r, ok := c[k]; ok {
		return r
	}
	if len(c)+len(pt.Kinds()) >= rtpCacheMax {
		if r := rtpOf(pt, code); r != nil {
			return r
		}
		return ofCodeKind(pt, code)
	}
	// One call computes every bet of the paytable: keep them all.
	var r *big.Rat
	for _, b := range pt.RTP() {
		c[pt.ID()+"\x00"+pt.Hash()+"\x00"+b.Code] = b.RTP
		if b.Code == code {
			r = b.RTP
		}
	}
	if r == nil {
		r = ofCodeKind(pt, code) // a seat's bet (rtpsale.go)
	}
	c[k] = r
	return r
}

func rtpOf(pt games.Paytable, code string) *big.Rat {
	for _, b := range pt.RTP() {
		if b.Code == code {
			return b.RTP
		}
	}
	return nil
}

// Ratio is an exact ratio shown as a percentage: Percent is rounded half
// away from zero to PercentPlaces decimals; Exact is the reduced fraction
// ("35/36"), empty when there is no denominator.
type Ratio struct {
	Percent decimal.Decimal `json:"percent"`
	Exact   string          `json:"exact,omitempty"`
}

// PercentPlaces is the number of decimals of a report's percentages.
const PercentPlaces = 4

func ratio(num, den *big.Rat) *Ratio {
	if den == nil || den.Sign() == 0 || num == nil {
		return nil
	}
	q := new(big.Rat).Quo(num, den)
	return &Ratio{
		Percent: decimal.NewFromBigRat(new(big.Rat).Mul(q, big.NewRat(100, 1)), PercentPlaces),
		Exact:   q.RatString(),
	}
}

func ratOf(d decimal.Decimal) *big.Rat { return d.Rat() }

// exactAmount writes an exact amount of a currency of scale decimals: a
// decimal with at least scale decimals when it has a finite decimal form
// ("0.005", "41.70"), else a reduced fraction of the unit ("4997/120").
// A residue of a 7:6 payout (a sixth of a cent) has no finite decimal
// form, and a report never cuts it.
func exactAmount(r *big.Rat, scale int32) string {
	if r == nil {
		r = new(big.Rat)
	}
	if n, exact := r.FloatPrec(); exact {
		return r.FloatString(max(n, int(scale)))
	}
	return r.RatString()
}
