package jackpot

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/poker"
)

var update = flag.Bool("update", false, "rewrite the canonical parameter golden files in testdata")

// TestPool_Hash pins the hash of the catalog pool's parameters and their
// canonical bytes (testdata/jp-1.canonical.json).
func TestPool_Hash(t *testing.T) {
	pins := map[string]string{
		IDPool1: "17655d6ab82d2927070d6601b5b7c2d7224b58773691a22134da6fb2f7ff5632",
	}
	for _, p := range Pools() {
		golden := filepath.Join("testdata", p.ID()+".canonical.json")
		if *update {
			if err := os.WriteFile(golden, append(p.CanonicalJSON(), '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(p.CanonicalJSON()) + "\n"; got != string(want) {
			t.Errorf("%s: canonical JSON\n%s\nwant\n%s", p.ID(), got, want)
		}
		if p.Hash() != pins[p.ID()] {
			t.Errorf("%s: hash %s, pinned %s", p.ID(), p.Hash(), pins[p.ID()])
		}
		if _, err := p.Resolve(p.Hash()); err != nil {
			t.Error(err)
		}
		if _, err := p.Resolve("00"); ErrorCode(err) != CodeParamsChanged {
			t.Errorf("Resolve: %v", err)
		}
	}
	// Every field is hashed: a one-cent change of the base is another
	// hash.
	p := pool1()
	p.Base = dec("1000.01")
	if q := mustNew(p); q.Hash() == Pools()[0].Hash() {
		t.Error("the base is not covered by the hash")
	}
}

func TestNew_Err(t *testing.T) {
	tests := map[string]func(p *Params){
		"pool id":        func(p *Params) { p.Pool = "jp:1" },
		"version":        func(p *Params) { p.Version = 0 },
		"source":         func(p *Params) { p.Source = "" },
		"scale":          func(p *Params) { p.Scale = 9 },
		"commission 100": func(p *Params) { p.CommissionPercent = dec("100") },
		"commission <0":  func(p *Params) { p.CommissionPercent = dec("-1") },
		"commission 5dp": func(p *Params) { p.CommissionPercent = dec("1.00001") },
		"reserve share": func(p *Params) {
			p.Reserves = []Reserve{{Name: "a", Percent: dec("60")}, {Name: "b", Percent: dec("40")}}
		},
		"reserve name": func(p *Params) {
			p.Reserves = []Reserve{{Name: "a", Percent: dec("6")}, {Name: "a", Percent: dec("4")}}
		},
		"reserve zero":   func(p *Params) { p.Reserves = []Reserve{{Name: "a", Percent: dec("0")}} },
		"base decimals":  func(p *Params) { p.Base = dec("0.001") },
		"ceiling < base": func(p *Params) { p.Ceiling = dec("999") },
		"ceiling no res": func(p *Params) { p.Reserves = nil; p.Ceiling = dec("5000") },
		"reset":          func(p *Params) { p.Reset = "never" },
		"no prizes":      func(p *Params) { p.Prizes = nil },
		"prize twice":    func(p *Params) { p.Prizes = append(p.Prizes, Prize{Hand: poker.Flush, Multiple: 1, Name: "x"}) },
		"prize both":     func(p *Params) { p.Prizes[0].Percent = dec("1") },
		"prize neither":  func(p *Params) { p.Prizes[0].Multiple = 0 },
		"cap on fixed":   func(p *Params) { p.Prizes[0].CapMultiple = 10 },
		"percent above":  func(p *Params) { p.Prizes[4].Percent = dec("101") },
		"prize name":     func(p *Params) { p.Prizes[0].Name = " " },
		"prize category": func(p *Params) { p.Prizes[0].Hand = poker.Category(42) },
	}
	for name, mutate := range tests {
		p := pool1()
		p.Prizes = SeedPrizes()
		mutate(&p)
		if _, err := New(p); !errors.Is(err, ErrBadParams) || ErrorCode(err) != CodeInvalidParams {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Lookup("jp-9"); ErrorCode(err) != CodeUnknownPool {
		t.Errorf("Lookup: %v", err)
	}
}

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
