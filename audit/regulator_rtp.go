package audit

import (
	"math"
	"math/big"
	"sort"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// The statistics of the RTP per bet kind (docs/AUDIT.md, "RTP per bet
// kind and its confidence interval").
const (
	// KindBetsMin is the fewest settled bets of a kind whose actual RTP is
	// compared with the theoretical one: below it the normal approximation
	// of the interval does not hold, and a single round's 500% RTP means
	// nothing.
	KindBetsMin = 30
	// kindZ is the normal quantile of a two-sided 95% interval.
	kindZ = 1.959963984540054
	// kindPercentPlaces is the decimals of an interval bound.
	kindPercentPlaces = 2
)

// Significance of a bet kind's actual RTP against its theoretical RTP.
const (
	// SignificanceTooFewBets: fewer than KindBetsMin bets; not significant.
	SignificanceTooFewBets = "too_few_bets"
	// SignificanceConsistent: the interval contains the theoretical RTP;
	// the difference is not significant.
	SignificanceConsistent = "consistent"
	// SignificanceDeviates: the interval excludes the theoretical RTP;
	// the difference is significant at the 5% level.
	SignificanceDeviates = "deviates"
	// SignificanceUnknown: no theoretical RTP to compare with.
	SignificanceUnknown = "no_theoretical_rtp"
)

// KindRTP is the return to player of one bet kind of one paytable on one
// table and currency over the period, with the number of bets, a 95%
// confidence interval of the actual RTP and whether its difference from
// the theoretical RTP is significant.
type KindRTP struct {
	Game         string `json:"game"`
	Paytable     string `json:"paytable"`
	PaytableHash string `json:"paytable_hash"`
	Table        string `json:"table"`
	Currency     string `json:"currency"`
	// Kind is the paytable's bet kind (the key of a stake limit).
	Kind string `json:"kind"`
	// Bets counts the settlements in force; Staked and Returned are
	// theirs.
	Bets     int             `json:"bets"`
	Staked   decimal.Decimal `json:"staked"`
	Returned decimal.Decimal `json:"returned"`
	// ActualRTP is Returned / Staked; TheoreticalRTP the stake-weighted
	// exact RTP of the same bets.
	ActualRTP      *Ratio `json:"actual_rtp,omitempty"`
	TheoreticalRTP *Ratio `json:"theoretical_rtp,omitempty"`
	// Low and High bound the 95% confidence interval of the actual RTP, in
	// percent; nil with fewer than two bets.
	Low  *decimal.Decimal `json:"ci95_low_percent,omitempty"`
	High *decimal.Decimal `json:"ci95_high_percent,omitempty"`
	// Significance is one of the Significance constants; Significant is
	// true for SignificanceDeviates only.
	Significance string `json:"significance"`
	Significant  bool   `json:"significant"`
}

type kindKey struct{ table, paytable, hash, currency, kind string }

// kindAcc accumulates one bet kind's settlements: exact sums for the
// amounts and the theoretical RTP, float sums for the variance (a
// statistic, not money).
type kindAcc struct {
	row              KindRTP
	theo, theoStake  *big.Rat
	n                int
	s, r, ss, rr, rs float64
	staked, returned decimal.Decimal
}

// kind adds (sign 1) or takes back (sign −1) one settlement of a bet of
// code under pt to its kind's row.
func (o *regulatorObserver) kind(pt games.Paytable, g *GameRow, code string, stake, returned decimal.Decimal, sign int, rtp *big.Rat) {
	kind, err := pt.BetKind(code)
	if err != nil {
		kind = code
	}
	k := kindKey{g.Table, g.Paytable, g.PaytableHash, g.Currency, kind}
	a := o.kinds[k]
	if a == nil {
		a = &kindAcc{row: KindRTP{Game: g.Game, Paytable: g.Paytable, PaytableHash: g.PaytableHash, Table: g.Table, Currency: g.Currency, Kind: kind},
			theo: new(big.Rat), theoStake: new(big.Rat), staked: decimal.Zero, returned: decimal.Zero}
		o.kinds[k] = a
	}
	s, r := stake.InexactFloat64(), returned.InexactFloat64()
	f := float64(sign)
	a.n += sign
	a.s += f * s
	a.r += f * r
	a.ss += f * s * s
	a.rr += f * r * r
	a.rs += f * r * s
	if sign < 0 {
		stake, returned = stake.Neg(), returned.Neg()
	}
	a.staked = a.staked.Add(stake)
	a.returned = a.returned.Add(returned)
	if rtp != nil {
		a.theo.Add(a.theo, new(big.Rat).Mul(ratOf(stake), rtp))
		a.theoStake.Add(a.theoStake, ratOf(stake))
	}
}

// kindRows returns the rows of every bet kind, sorted like the games.
func (o *regulatorObserver) kindRows() []KindRTP {
	keys := make([]kindKey, 0, len(o.kinds))
	for k := range o.kinds {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := o.kinds[keys[i]].row, o.kinds[keys[j]].row
		for _, c := range [][2]string{{a.Game, b.Game}, {a.Paytable, b.Paytable}, {a.Table, b.Table}, {a.Currency, b.Currency}, {a.PaytableHash, b.PaytableHash}, {a.Kind, b.Kind}} {
			if c[0] != c[1] {
				return c[0] < c[1]
			}
		}
		return false
	})
	out := make([]KindRTP, 0, len(keys))
	for _, k := range keys {
		a := o.kinds[k]
		if a.n == 0 {
			continue // every settlement reversed and none settled again
		}
		row := a.row
		row.Bets, row.Staked, row.Returned = a.n, a.staked, a.returned
		row.ActualRTP = ratio(ratOf(a.returned), ratOf(a.staked))
		row.TheoreticalRTP = ratio(a.theo, a.theoStake)
		if lo, hi, ok := ratioInterval(a.n, a.s, a.r, a.ss, a.rr, a.rs); ok {
			l := decimal.NewFromFloat(100 * lo).Round(kindPercentPlaces)
			h := decimal.NewFromFloat(100 * hi).Round(kindPercentPlaces)
			row.Low, row.High = &l, &h
		}
		row.Significance = significance(row)
		row.Significant = row.Significance == SignificanceDeviates
		out = append(out, row)
	}
	return out
}

// significance compares the interval with the theoretical RTP.
func significance(r KindRTP) string {
	switch {
	case r.Bets < KindBetsMin:
		return SignificanceTooFewBets
	case r.TheoreticalRTP == nil || r.Low == nil:
		return SignificanceUnknown
	case r.TheoreticalRTP.Percent.LessThan(*r.Low) || r.TheoreticalRTP.Percent.GreaterThan(*r.High):
		return SignificanceDeviates
	}
	return SignificanceConsistent
}

// ratioInterval is the 95% confidence interval of the ratio R = Σr / Σs
// (returned over staked) of n bets, by the normal approximation of the
// ratio estimator (the delta method): Var(R) ≈ Σ(rᵢ − R·sᵢ)² / ((n − 1) ·
// n · s̄²). It weighs each bet by its stake, as the actual RTP does, and
// uses the sample's own variance, so it needs no model of the game. The
// lower bound is cut at 0 (an RTP is never negative). ok is false with
// fewer than two bets or no stake.
func ratioInterval(n int, s, r, ss, rr, rs float64) (lo, hi float64, ok bool) {
	if n < 2 || s <= 0 {
		return 0, 0, false
	}
	R := r / s
	sq := rr - 2*R*rs + R*R*ss // Σ(rᵢ − R·sᵢ)²
	if sq < 0 {
		sq = 0 // rounding of a sum that is zero
	}
	mean := s / float64(n)
	se := math.Sqrt(sq/float64(n-1)/float64(n)) / mean
	// An RTP is returned over staked, both never negative: it cannot be
	// below 0. The normal approximation is symmetric and, for a kind that
	// rarely pays much (a 180:1 triple), reaches below 0; the lower bound
	// is cut at 0, the least possible value, which only adds coverage.
	return max(R-kindZ*se, 0), R + kindZ*se, true
}
