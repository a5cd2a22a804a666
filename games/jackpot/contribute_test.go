package jackpot

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestPool_Contribute checks the split's rounding: the commission rounded
// down, each reserve rounded down, every remainder to the main pool, and
// the ceiling's overflow to the first reserve.
func TestPool_Contribute(t *testing.T) {
	jp1 := mustNew(pool1()) // 10% commission, reserve 20% of the rest
	clp := testPool(t, func(p *Params) {
		p.Scale = 0
		p.CommissionPercent = dec("12.5")
		p.Reserves = []Reserve{{Name: "a", Percent: dec("33.3333")}, {Name: "b", Percent: dec("10")}}
	})
	capped := testPool(t, func(p *Params) {
		p.CommissionPercent = dec("10")
		p.Reserves = []Reserve{{Name: "over", Percent: dec("20")}}
		p.Ceiling = dec("1000")
	})
	tests := []struct {
		name       string
		pool       *Pool
		main       string
		stake      string
		commission string
		toMain     string
		reserves   []string
	}{
		{"one unit", jp1, "0", "1.00", "0.10", "0.72", []string{"0.18"}},
		{"commission rounds down", jp1, "0", "0.05", "0.00", "0.04", []string{"0.01"}},
		{"remainders to main", jp1, "0", "0.07", "0.00", "0.06", []string{"0.01"}},
		{"ten thousand", jp1, "0", "10000", "1000", "7200", []string{"1800"}},
		{"no decimals", clp, "0", "7", "0", "5", []string{"2", "0"}},
		{"no decimals, large", clp, "0", "1001", "125", "498", []string{"291", "87"}},
		{"ceiling overflow", capped, "999.50", "1", "0.10", "0.50", []string{"0.40"}},
		{"at the ceiling", capped, "1000", "1", "0.10", "0", []string{"0.90"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.pool.Opening()
			b.Main = dec(tt.main)
			s, err := tt.pool.Contribute(b, dec(tt.stake))
			if err != nil {
				t.Fatal(err)
			}
			ok := s.Commission.Equal(dec(tt.commission)) && s.Main.Equal(dec(tt.toMain)) && len(s.Reserves) == len(tt.reserves)
			sum := s.Commission.Add(s.Main)
			for i, r := range s.Reserves {
				ok = ok && r.Equal(dec(tt.reserves[i]))
				sum = sum.Add(r)
			}
			if !ok || !sum.Equal(dec(tt.stake)) {
				t.Errorf("%+v", s)
			}
			var moved decimal.Decimal
			for _, m := range tt.pool.Movements(s, 3) {
				moved = moved.Add(m.Amount)
				if m.From != AccountStakes || m.Seat != 3 || m.Amount.Sign() <= 0 {
					t.Errorf("movement %+v", m)
				}
			}
			if !moved.Equal(dec(tt.stake)) {
				t.Errorf("movements move %s of %s", moved, tt.stake)
			}
			var contributed decimal.Decimal
			for _, c := range tt.pool.Contributions(s) {
				contributed = contributed.Add(c.Amount)
			}
			if !contributed.Add(s.Commission).Equal(dec(tt.stake)) {
				t.Errorf("contributions %s + commission %s ≠ %s", contributed, s.Commission, tt.stake)
			}
		})
	}
	for _, stake := range []string{"0", "-1", "0.001", "1000000000000000"} {
		if _, err := jp1.Contribute(jp1.Opening(), dec(stake)); ErrorCode(err) != CodeInvalidAmount {
			t.Errorf("stake %s: %v", stake, err)
		}
	}
}

func TestPool_Contributions(t *testing.T) {
	jp1 := mustNew(pool1())
	s, err := jp1.Contribute(jp1.Opening(), dec("1"))
	if err != nil {
		t.Fatal(err)
	}
	cs := jp1.Contributions(s)
	if len(cs) != 2 || cs[0].Pool != "jp-1:main" || cs[1].Pool != "jp-1:reserve:r1" {
		t.Errorf("%+v", cs)
	}
}
