package blackjack

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

var update = flag.Bool("update", false, "rewrite the canonical paytable golden files in testdata")

// goldenHashChile2010 is the content hash of the catalog's paytable. It
// changes only with the data: a change here means every table opened
// under the old hash keeps settling under the old paytable, so bump
// Version and review testdata/*.canonical.json before updating it.
const goldenHashChile2010 = "95933b148126f235d09cc524951ad01143f46db92df8eb477df4f6ddf8fa92fd"

func TestPaytable_Hash(t *testing.T) {
	pt := chile(t)
	path := filepath.Join("testdata", "blackjack-chile-2010.canonical.json")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(pt.CanonicalJSON(), '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	golden = bytes.TrimSuffix(golden, []byte("\n"))
	if !bytes.Equal(pt.CanonicalJSON(), golden) {
		t.Errorf("canonical JSON differs from %s:\n%s", path, pt.CanonicalJSON())
	}
	sum := sha256.Sum256(golden)
	if got := hex.EncodeToString(sum[:]); got != goldenHashChile2010 {
		t.Errorf("sha256(%s) = %s, golden %s", path, got, goldenHashChile2010)
	}
	if pt.Hash() != goldenHashChile2010 {
		t.Errorf("Hash() = %s, golden %s", pt.Hash(), goldenHashChile2010)
	}
	var d Data
	if err := json.Unmarshal(golden, &d); err != nil {
		t.Fatal(err)
	}
	again, err := New(d)
	if err != nil || again.Hash() != goldenHashChile2010 {
		t.Errorf("decoded canonical JSON rehashes to %v, %v", again, err)
	}
	slices.Reverse(d.Rules)
	if again, err := New(d); err != nil || again.Hash() != goldenHashChile2010 {
		t.Errorf("reversed rules rehash to %v, %v", again, err)
	}
	// Every setting is in the hash.
	d2 := chile2010()
	d2.Settings.DealerHitsSoft17 = true
	if other, err := New(d2); err != nil || other.Hash() == goldenHashChile2010 {
		t.Error("soft 17 setting not hashed")
	}
}

func TestNew_Err(t *testing.T) {
	for name, edit := range map[string]func(*Data){
		"ErrID":        func(d *Data) { d.ID = "" },
		"ErrGame":      func(d *Data) { d.Game = "war" },
		"ErrVersion":   func(d *Data) { d.Version = 0 },
		"ErrDecks":     func(d *Data) { d.Decks = 0 },
		"ErrHandsMax":  func(d *Data) { d.Settings.HandsMax = 1 },
		"ErrHandsMax9": func(d *Data) { d.Settings.HandsMax = HandsLimit + 1 },
		"ErrCut":       func(d *Data) { d.Settings.CutCardMin = 200; d.Settings.CutCardMax = 100 },
		"ErrCutShoe":   func(d *Data) { d.Settings.CutCardMax = 312 },
		"ErrLine":      func(d *Data) { d.Rules[0].Line = "jackpot" },
		"ErrDupLine":   func(d *Data) { d.Rules[1].Line = LineBlackjack },
		"ErrMissing":   func(d *Data) { d.Rules = d.Rules[1:] },
		"ErrOdds":      func(d *Data) { d.Rules[0].Odds = Odds{Win: 1, Per: 3} },
		"ErrName":      func(d *Data) { d.Rules[0].Name = " " },
		"ErrSurrender": func(d *Data) { d.Settings.SurrenderReturnPercent = "0" },
		"ErrInsurance": func(d *Data) { d.Settings.InsuranceMaxPercent = "101" },
		"ErrPPOrder":   func(d *Data) { d.Settings.PerfectPairsMinPercent = "90" },
		"ErrPPText":    func(d *Data) { d.Settings.PerfectPairsMaxPercent = "eighty" },
	} {
		t.Run(name, func(t *testing.T) {
			d := chile2010()
			edit(&d)
			if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
				t.Fatalf("New = %v", err)
			}
		})
	}
	if _, err := Lookup("blackjack/vegas"); !errors.Is(err, ErrUnknownPaytable) || ErrorCode(err) != CodeUnknownPaytable {
		t.Errorf("Lookup: %v", err)
	}
}

func TestPaytable_BetKind(t *testing.T) {
	pt := chile(t)
	for code, kind := range map[string]string{
		"main:1": "main", "perfect_pairs:7": "perfect_pairs", "insurance:9": "insurance", "double:1:0": "double", "split:3:3": "split",
	} {
		if k, err := pt.BetKind(code); err != nil || k != kind {
			t.Errorf("%s: %q %v", code, k, err)
		}
	}
	for _, code := range []string{"", "main", "main:0", "main:10", "main:01", "main:1:0", "double:1", "double:1:4", "split:1:-1", "tie:1", "insurance:+1"} {
		if _, err := pt.BetKind(code); !errors.Is(err, ErrBadBetCode) || ErrorCode(err) != CodeInvalidBetCode {
			t.Errorf("%q: %v", code, err)
		}
	}
	if got := pt.Kinds(); !slices.Equal(got, []string{"main", "perfect_pairs", "insurance", "double", "split"}) {
		t.Errorf("kinds %v", got)
	}
}

// TestCheckCut: the seed's bounds of the cut card, 52..104 cards behind
// it (seed 004, Black Jack 1.5), through the seam the ledger uses.
func TestCheckCut(t *testing.T) {
	pt, err := Lookup(IDChile2010)
	if err != nil {
		t.Fatal(err)
	}
	var s games.Shoed = pt
	for n, ok := range map[int]bool{0: false, 51: false, 52: true, 78: true, 104: true, 105: false, 312: false} {
		if err := s.CheckCut(n); (err == nil) != ok {
			t.Errorf("CheckCut(%d) = %v, want ok %v", n, err, ok)
		}
	}
	if s.Decks() != 6 {
		t.Errorf("decks %d", s.Decks())
	}
}
