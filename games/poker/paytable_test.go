package poker

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the canonical paytable golden files in testdata")

// TestPaytable_Hash pins the content hash of the catalog paytable and its
// canonical bytes (testdata/poker-caribbean.canonical.json): any change of
// the data must come with a new version.
func TestPaytable_Hash(t *testing.T) {
	pins := map[string]string{
		IDCaribbean: "17b41fc029fa7b1fdc8049c93f106fd6bbae6b339b3b450527a842c229ee2f54",
	}
	for _, pt := range Paytables() {
		golden := filepath.Join("testdata", strings.ReplaceAll(pt.ID(), "/", "-")+".canonical.json")
		if *update {
			if err := os.WriteFile(golden, append(pt.CanonicalJSON(), '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(pt.CanonicalJSON()) + "\n"; got != string(want) {
			t.Errorf("%s: canonical JSON\n%s\nwant\n%s", pt.ID(), got, want)
		}
		if pt.Hash() != pins[pt.ID()] {
			t.Errorf("%s: hash %s, pinned %s", pt.ID(), pt.Hash(), pins[pt.ID()])
		}
	}
}

func TestNew_Err(t *testing.T) {
	tests := map[string]func(d *Data){
		"game":      func(d *Data) { d.Game = "baccarat" },
		"version":   func(d *Data) { d.Version = 0 },
		"source":    func(d *Data) { d.Source = " " },
		"multiple":  func(d *Data) { d.CallMultiple = 0 },
		"qualifier": func(d *Data) { d.DealerQualifies = "queen_high" },
		"ante odds": func(d *Data) { d.Ante = Odds{Win: 1, Per: 3} },
		"missing":   func(d *Data) { d.Call = d.Call[1:] },
		"duplicate": func(d *Data) { d.Call[1].Hand = d.Call[0].Hand },
		"name":      func(d *Data) { d.Call[0].Name = "" },
		"odds":      func(d *Data) { d.Call[0].Odds = Odds{Win: 0, Per: 1} },
	}
	for name, mutate := range tests {
		d := caribbean()
		mutate(&d)
		if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Lookup("poker/none"); ErrorCode(err) != CodeUnknownPaytable {
		t.Errorf("Lookup: %v", err)
	}
}

func TestPaytable_BetKind(t *testing.T) {
	pt := mustNew(caribbean())
	for _, code := range []string{BetAnte, BetCall} {
		if k, err := pt.BetKind(code); err != nil || k != code {
			t.Errorf("%s: %s, %v", code, k, err)
		}
	}
	for _, code := range []string{"call:2", "ante:7", "progressive:1"} {
		if _, err := pt.BetKind(code); err != nil {
			t.Errorf("%s: %v", code, err)
		}
	}
	for _, code := range []string{"", "Ante", "progressive", "call:8", "call:02", "ante:0", "ante:", "bonus:1"} {
		if _, err := pt.BetKind(code); ErrorCode(err) != CodeInvalidBetCode {
			t.Errorf("%q: %v", code, err)
		}
	}
}
