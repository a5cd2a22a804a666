package jackpot

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

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
