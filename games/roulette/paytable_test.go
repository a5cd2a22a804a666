package roulette

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
)

var update = flag.Bool("update", false, "rewrite the canonical paytable golden files in testdata")

// Golden content hashes of the catalog. They change only with the data: a
// change here means every table opened under the old hash keeps settling
// under the old paytable, so bump Version and review
// testdata/*.canonical.json before updating them.
const (
	goldenHashAmerican        = "96188c1452f1bb4cd5971d393ffcccd870475b7988f8739ec5a576f4902f0e53"
	goldenHashFrench          = "2554e685f92791f40db403a6e1c8e7a56a10b537896e454912034bb5bd467616"
	goldenHashFrenchLaPartage = "18ab6e457fafd116033fcbf71f52a3bce9350794c5514996383b714b454c33c9"
)

func TestPaytable_Hash(t *testing.T) {
	for _, tt := range []struct{ id, hash, golden string }{
		{IDAmerican, goldenHashAmerican, "roulette-american.canonical.json"},
		{IDFrench, goldenHashFrench, "roulette-french.canonical.json"},
		{IDFrenchLaPartage, goldenHashFrenchLaPartage, "roulette-french-la-partage.canonical.json"},
	} {
		t.Run(tt.id, func(t *testing.T) {
			pt, err := Lookup(tt.id)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tt.golden)
			if *update {
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
			if got := hex.EncodeToString(sum[:]); got != tt.hash {
				t.Errorf("sha256(%s) = %s, golden %s", path, got, tt.hash)
			}
			if pt.Hash() != tt.hash {
				t.Errorf("Hash() = %s, golden %s", pt.Hash(), tt.hash)
			}
			// The canonical form decodes back to the paytable's data.
			var d Data
			if err := json.Unmarshal(golden, &d); err != nil {
				t.Fatal(err)
			}
			again, err := New(d)
			if err != nil || again.Hash() != tt.hash {
				t.Errorf("decoded canonical JSON rehashes to %v, %v", again, err)
			}
		})
	}
}

func TestPaytable_HashCoversData(t *testing.T) {
	d := french()
	slices.Reverse(d.Rules)
	pt, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	if pt.Hash() != goldenHashFrench {
		t.Errorf("reordered rules hash to %s", pt.Hash())
	}
	change := map[string]func(*Data){
		"odds":       func(d *Data) { d.Rules[0].Odds.Win++ },
		"name":       func(d *Data) { d.Rules[0].Name += "." },
		"la partage": func(d *Data) { d.LaPartage = true },
		"version":    func(d *Data) { d.Version++ },
		"source":     func(d *Data) { d.Source += "." },
	}
	for name, f := range change {
		d := french()
		f(&d)
		if pt2, err := New(d); err != nil || pt2.Hash() == goldenHashFrench {
			t.Errorf("%s: changed data keeps the hash (%v)", name, err)
		}
	}
	// The hash is the wheel's too: the American wheel without its top line
	// and with French names is still another hash.
	if a, f := mustNew(american()), mustNew(french()); a.Hash() == f.Hash() {
		t.Error("two wheels, one hash")
	}
}

func TestPaytable_Accessors(t *testing.T) {
	fr, _ := Lookup(IDFrench)
	lp, _ := Lookup(IDFrenchLaPartage)
	am, _ := Lookup(IDAmerican)
	for _, pt := range []*Paytable{fr, lp, am} {
		if pt.Game() != "roulette" || pt.Version() != 1 || !strings.HasPrefix(pt.Source(), "seeds/004_11b2de8449360267.txt (") {
			t.Errorf("%s: %s %d %s", pt.ID(), pt.Game(), pt.Version(), pt.Source())
		}
		if pt.MaxMultiple().Cmp(big.NewRat(35, 1)) != 0 {
			t.Errorf("%s: MaxMultiple %s", pt.ID(), pt.MaxMultiple())
		}
	}
	if !strings.Contains(fr.Source(), "Ruleta Francesa") || !strings.Contains(am.Source(), "Ruleta Americana") || !strings.Contains(lp.Source(), "la partage") {
		t.Error("sources")
	}
	if fr.DoubleZero() || !am.DoubleZero() || fr.LaPartage() || !lp.LaPartage() || len(fr.Pockets()) != 37 || len(am.Pockets()) != 38 {
		t.Error("wheel accessors")
	}
	if got := strings.Join(fr.Kinds(), ","); got != "straight,split,street,trio,corner,first_four,six_line,dozen,column,red,black,odd,even,low,high" {
		t.Errorf("french kinds %s", got)
	}
	if got := strings.Join(am.Kinds(), ","); got != "straight,split,street,trio,corner,top_line,six_line,dozen,column,red,black,odd,even,low,high" {
		t.Errorf("american kinds %s", got)
	}
	for code, want := range map[string]string{
		"straight:00": "35:1", "split:0-00": "17:1", "street:34": "11:1", "trio:00-2-3": "11:1", "corner:32-33-35-36": "8:1",
		"top_line:0-00-1-2-3": "6:1", "six_line:31": "5:1", "dozen:3": "2:1", "column:1": "2:1", "high": "1:1",
		"first_four:0-1-2-3": "", "nope": "",
	} {
		if got := am.Pays(code); got != want {
			t.Errorf("american Pays(%q) = %q, want %q", code, got, want)
		}
	}
	if lp.Pays("odd") != "1:1, la partage" || lp.Pays("dozen:1") != "2:1" || fr.Pays("first_four:0-1-2-3") != "8:1" {
		t.Errorf("pays: %q %q %q", lp.Pays("odd"), lp.Pays("dozen:1"), fr.Pays("first_four:0-1-2-3"))
	}
	if am.Name("top_line:0-00-1-2-3") != "Línea Especial (0-00-1-2-3)" || fr.Name("dozen:2") != "Docena" || fr.Name("split:0-00") != "" {
		t.Errorf("names: %q %q", am.Name("top_line:0-00-1-2-3"), fr.Name("dozen:2"))
	}
	if _, err := fr.BetKind("split:0-4"); !errors.Is(err, ErrBadBetCode) {
		t.Errorf("BetKind(split:0-4) = %v", err)
	}
}

// TestPaytables_Fresh checks the catalog shares nothing between calls.
func TestPaytables_Fresh(t *testing.T) {
	a, b := Paytables(), Paytables()
	if len(a) != 3 || a[0].ID() != IDAmerican || a[1].ID() != IDFrench || a[2].ID() != IDFrenchLaPartage {
		t.Fatalf("catalog: %v", a)
	}
	if a[0] == b[0] {
		t.Error("Paytables returns the same value twice")
	}
	d := a[1].Data()
	d.Rules[0].Odds = Odds{Win: 999, Per: 1}
	d.Pockets[1] = "00"
	if a[1].Hash() != goldenHashFrench || a[1].Data().Rules[0].Odds.Win == 999 || a[1].Data().Pockets[1] != "1" {
		t.Error("Data() shares storage with the paytable")
	}
	_, err := Lookup("roulette/european")
	if !errors.Is(err, games.ErrUnknownPaytable) || ErrorCode(err) != CodeUnknownPaytable {
		t.Errorf("Lookup(roulette/european) = %v", err)
	}
}

func TestNew_Err(t *testing.T) {
	base := func(f func(*Data)) Data {
		d := french()
		f(&d)
		return d
	}
	tests := []struct {
		name string
		data Data
		want string
	}{
		{"no id", base(func(d *Data) { d.ID = "" }), "empty id"},
		{"other game", base(func(d *Data) { d.Game = "sicbo" }), "game"},
		{"version 0", base(func(d *Data) { d.Version = 0 }), "version 0"},
		{"no rules", base(func(d *Data) { d.Rules = nil }), "0 rules"},
		{"no pockets", base(func(d *Data) { d.Pockets = nil }), "pockets"},
		{"37 pockets", base(func(d *Data) { d.Pockets = append(d.Pockets, "37") }), "pockets"},
		{"00 last", base(func(d *Data) { d.Pockets = append(d.Pockets, "00") }), "pockets"},
		{"no zero", base(func(d *Data) { d.Pockets = d.Pockets[1:] }), "pockets"},
		{"unknown kind", base(func(d *Data) { d.Rules[0].Kind = "basket" }), "unknown bet kind"},
		{"duplicate", base(func(d *Data) { d.Rules[1].Kind = d.Rules[0].Kind }), "both price straight"},
		{"top line on french", base(func(d *Data) {
			d.Rules = append(d.Rules, Rule{Kind: KindTopLine, Odds: Odds{Win: 6, Per: 1}, Name: "n"})
		}), "no bet on a single-zero wheel"},
		{"first four on american", func() Data {
			d := american()
			d.Rules = append(d.Rules, Rule{Kind: KindFirstFour, Odds: Odds{Win: 8, Per: 1}, Name: "n"})
			return d
		}(), "no bet on a double-zero wheel"},
		{"zero odds", base(func(d *Data) { d.Rules[0].Odds = Odds{Win: 0, Per: 1} }), "want 1 <= X"},
		{"inexact odds", base(func(d *Data) { d.Rules[0].Odds = Odds{Win: 7, Per: 6} }), "no exact decimal"},
		{"no name", base(func(d *Data) { d.Rules[0].Name = " " }), "empty name"},
		{"partage without even money", base(func(d *Data) {
			d.LaPartage = true
			d.Rules = slices.DeleteFunc(d.Rules, func(r Rule) bool { return r.Kind.EvenMoney() })
		}), "la partage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.data)
			if !errors.Is(err, ErrBadPaytable) || !strings.Contains(err.Error(), tt.want) || ErrorCode(err) != "" {
				t.Errorf("New = %v, want ErrBadPaytable with %q", err, tt.want)
			}
		})
	}
	// A paytable that offers fewer kinds is valid, and refuses the rest as
	// not offered.
	d := french()
	d.ID, d.Rules = "roulette/straights-only", d.Rules[:1]
	pt, err := New(d)
	if err != nil || len(pt.Bets()) != 37 {
		t.Fatalf("straights only: %v", err)
	}
	if _, err := pt.BetKind("red"); !errors.Is(err, ErrBetNotOffered) || !strings.Contains(err.Error(), "has no red bets") {
		t.Errorf("BetKind(red) = %v", err)
	}
}

func TestOdds(t *testing.T) {
	for s, want := range map[string]string{"35:1": "35", "3:2": "1.5", "1:5": "0.2"} {
		o, err := ParseOdds(s)
		if err != nil {
			t.Fatalf("ParseOdds(%q): %v", s, err)
		}
		text, _ := o.MarshalText()
		var back Odds
		if o.String() != s || string(text) != s || back.UnmarshalText(text) != nil || back != o || !o.Multiple().Equal(decimal.RequireFromString(want)) {
			t.Errorf("%s: String %s Multiple %s, want %s", s, o, o.Multiple(), want)
		}
	}
	for _, s := range []string{"", "8", "8:", ":1", "a:1", "-1:1", "1:0", "7:6", "1:3", "1:101", "10001:1"} {
		if _, err := ParseOdds(s); err == nil {
			t.Errorf("ParseOdds(%q) accepted", s)
		}
	}
	var o Odds
	if o.UnmarshalText([]byte("x")) == nil {
		t.Error("UnmarshalText(x) accepted")
	}
}
