package audit

import (
	"math"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

func TestRatioInterval(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		// 100 even-money bets of 1, half won (returned 2), half lost: the
		// RTP is 100%, each return's deviation from it is ±1, so the
		// standard error is sqrt(100/99/100) ≈ 0.1005.
		n, s, r, ss, rr, rs := 100, 0.0, 0.0, 0.0, 0.0, 0.0
		for i := range n {
			ret := 0.0
			if i%2 == 0 {
				ret = 2
			}
			s, r, ss, rr, rs = s+1, r+ret, ss+1, rr+ret*ret, rs+ret
		}
		lo, hi, ok := ratioInterval(n, s, r, ss, rr, rs)
		se := math.Sqrt(100.0 / 99 / 100)
		if !ok || math.Abs(lo-(1-kindZ*se)) > 1e-9 || math.Abs(hi-(1+kindZ*se)) > 1e-9 {
			t.Errorf("interval %v..%v (%v), want 1 ± %v", lo, hi, ok, kindZ*se)
		}
	})
	t.Run("OKNeverBelowZero", func(t *testing.T) {
		// 40 bets of 1 on a 35:1 number, one won: the RTP is 90%, and
		// the standard error (about 0.89) puts R − 1.96·se near −0.85.
		n, s, r, ss, rr, rs := 40, 0.0, 0.0, 0.0, 0.0, 0.0
		for i := range n {
			ret := 0.0
			if i == 0 {
				ret = 36
			}
			s, r, ss, rr, rs = s+1, r+ret, ss+1, rr+ret*ret, rs+ret
		}
		lo, hi, ok := ratioInterval(n, s, r, ss, rr, rs)
		R := r / s
		se := math.Sqrt((rr-2*R*rs+R*R*ss)/float64(n-1)/float64(n)) / (s / float64(n))
		if R-kindZ*se >= 0 {
			t.Fatalf("the case does not reach below 0: %v", R-kindZ*se)
		}
		if !ok || lo != 0 || math.Abs(hi-(R+kindZ*se)) > 1e-9 {
			t.Errorf("interval %v..%v (%v), want 0..%v", lo, hi, ok, R+kindZ*se)
		}
	})
	t.Run("ErrOneBet", func(t *testing.T) {
		if _, _, ok := ratioInterval(1, 10, 50, 100, 2500, 500); ok {
			t.Error("an interval from one bet")
		}
	})
}

func TestSignificance(t *testing.T) {
	pct := func(s string) *Ratio { return &Ratio{Percent: decimal.RequireFromString(s)} }
	d := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	for _, c := range []struct {
		name string
		row  KindRTP
		want string
	}{
		// A single round's 500% RTP says nothing.
		{"OneRound500", KindRTP{Bets: 1, ActualRTP: pct("500"), TheoreticalRTP: pct("97.2222")}, SignificanceTooFewBets},
		{"FewBets", KindRTP{Bets: 29, ActualRTP: pct("150"), TheoreticalRTP: pct("97.2222"), Low: d("120"), High: d("180")}, SignificanceTooFewBets},
		{"Consistent", KindRTP{Bets: 1000, ActualRTP: pct("99"), TheoreticalRTP: pct("97.2222"), Low: d("95"), High: d("103")}, SignificanceConsistent},
		{"Deviates", KindRTP{Bets: 1000, ActualRTP: pct("110"), TheoreticalRTP: pct("97.2222"), Low: d("104"), High: d("116")}, SignificanceDeviates},
		{"NoTheory", KindRTP{Bets: 1000, ActualRTP: pct("110"), Low: d("104"), High: d("116")}, SignificanceUnknown},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := significance(c.row); got != c.want {
				t.Errorf("significance = %s, want %s", got, c.want)
			}
		})
	}
}

func TestPeriod_DaysThrough(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPeriod("2026-12-01", "2026-12-31", loc)
	if err != nil {
		t.Fatal(err)
	}
	// 23:30 UTC on 3 December is already 4 December in Madrid.
	days := p.DaysThrough(time.Date(2026, 12, 3, 23, 30, 0, 0, time.UTC))
	if len(days) != 4 || days[3] != "2026-12-04" {
		t.Errorf("days of December through the 4th: %v", days)
	}
	if n := len(p.DaysThrough(time.Date(2027, 1, 5, 0, 0, 0, 0, time.UTC))); n != 31 {
		t.Errorf("a finished month lists %d days, want 31", n)
	}
}
