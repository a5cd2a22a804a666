package war

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

var update = flag.Bool("update", false, "rewrite the canonical paytable golden files in testdata")

// goldenHashChile2010 is the content hash of the catalog's paytable; a
// change means a new Version (see docs/games/war.md).
const goldenHashChile2010 = "2896a7a31fb63e1d07dd9849da920c11060e78cdfcf39af5057afe2ab82b8600"

func TestPaytable_Hash(t *testing.T) {
	pt := chile(t)
	path := filepath.Join("testdata", "war-chile-2010.canonical.json")
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
	sum := sha256.Sum256(golden)
	if !bytes.Equal(pt.CanonicalJSON(), golden) || hex.EncodeToString(sum[:]) != goldenHashChile2010 || pt.Hash() != goldenHashChile2010 {
		t.Errorf("hash %s, golden %s", pt.Hash(), goldenHashChile2010)
	}
	var d Data
	if err := json.Unmarshal(golden, &d); err != nil {
		t.Fatal(err)
	}
	if again, err := New(d); err != nil || again.Hash() != goldenHashChile2010 {
		t.Errorf("decoded canonical JSON rehashes to %v", err)
	}
}

func TestNew_Err(t *testing.T) {
	for name, edit := range map[string]func(*Data){
		"ErrID":        func(d *Data) { d.ID = "" },
		"ErrGame":      func(d *Data) { d.Game = "blackjack" },
		"ErrVersion":   func(d *Data) { d.Version = 0 },
		"ErrDecks":     func(d *Data) { d.Decks = 17 },
		"ErrBurn":      func(d *Data) { d.Settings.BurnBeforeWar = 9 },
		"ErrCut":       func(d *Data) { d.Settings.CutCardMin = 0 },
		"ErrLine":      func(d *Data) { d.Rules[0].Line = "jackpot" },
		"ErrMissing":   func(d *Data) { d.Rules = d.Rules[1:] },
		"ErrOdds":      func(d *Data) { d.Rules[2].Odds = Odds{Win: 10, Per: 3} },
		"ErrSurrender": func(d *Data) { d.Settings.SurrenderReturnPercent = "half" },
	} {
		d := chile2010()
		edit(&d)
		if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Lookup("war/vegas"); ErrorCode(err) != CodeUnknownPaytable {
		t.Error(err)
	}
	for _, code := range []string{"main", "main:0", "main:01", "war:10", "tie:1:1", "bet:1"} {
		if _, err := chile(t).BetKind(code); !errors.Is(err, ErrBadBetCode) {
			t.Errorf("%q: %v", code, err)
		}
	}
}

// TestCheckCut: at least 52 cards behind the cut card (seed 004, War
// 4.4), and fewer than the shoe, through the seam the ledger uses.
func TestCheckCut(t *testing.T) {
	pt, err := Lookup(IDChile2010)
	if err != nil {
		t.Fatal(err)
	}
	var s games.Shoed = pt
	all := s.Decks() * 52
	for n, ok := range map[int]bool{0: false, 51: false, 52: true, all - 1: true, all: false} {
		if err := s.CheckCut(n); (err == nil) != ok {
			t.Errorf("CheckCut(%d) = %v, want ok %v", n, err, ok)
		}
	}
}
