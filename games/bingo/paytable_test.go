package bingo

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
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

var update = flag.Bool("update", false, "rewrite the canonical paytable golden files in testdata")

// goldenHashEs1979 is the content hash of bingo/es-1979. It changes only
// with the data: a change here means every table opened under the old
// hash keeps settling under the old paytable, so bump Version and review
// testdata/bingo-es-1979.canonical.json before updating it.
const goldenHashEs1979 = "a0beaac23a6ee857c87fdbaa1fdd743324f2b38ec6086f190926f8c3bc842c7d"

func TestPaytable_Hash(t *testing.T) {
	pt, err := Lookup(IDEs1979)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "bingo-es-1979.canonical.json")
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
	if got := hex.EncodeToString(sum[:]); got != goldenHashEs1979 {
		t.Errorf("sha256(%s) = %s, golden %s", path, got, goldenHashEs1979)
	}
	if pt.Hash() != goldenHashEs1979 {
		t.Errorf("Hash() = %s, golden %s", pt.Hash(), goldenHashEs1979)
	}
	var d Data
	if err := json.Unmarshal(golden, &d); err != nil {
		t.Fatal(err)
	}
	if again, err := New(d); err != nil || again.Hash() != goldenHashEs1979 {
		t.Errorf("decoded canonical JSON rehashes to %v, %v", again, err)
	}
	// Every setting is in the hash.
	d.LinePercent = "10"
	if other, err := New(d); err != nil || other.Hash() == goldenHashEs1979 {
		t.Errorf("another line percentage hashes the same: %v", err)
	}
}

func TestPaytable_Seam(t *testing.T) {
	pt := Paytables()[0]
	if pt.ID() != IDEs1979 || pt.Game() != GameName || pt.Version() != 1 || pt.Source() == "" || pt.CardsMax() != 100_000 {
		t.Fatalf("%+v", pt.Data())
	}
	if k := pt.Kinds(); len(k) != 1 || k[0] != KindCard {
		t.Fatalf("Kinds() = %v", k)
	}
	rtp := pt.RTP()
	if len(rtp) != 1 || rtp[0].RTP.Cmp(big.NewRat(3, 4)) != 0 || rtp[0].HouseEdge().Cmp(big.NewRat(1, 4)) != 0 {
		t.Fatalf("RTP() = %+v", rtp)
	}
	cat := games.NewCatalog(Game{})
	if got, err := cat.Resolve(IDEs1979, goldenHashEs1979); err != nil || got.ID() != IDEs1979 {
		t.Fatalf("Resolve = %v, %v", got, err)
	}
	if _, err := Lookup("bingo/uk"); !errors.Is(err, ErrUnknownPaytable) || ErrorCode(err) != CodeUnknownPaytable {
		t.Fatalf("Lookup = %v", err)
	}
}

func TestPaytable_Prizes(t *testing.T) {
	pt := Paytables()[0]
	for _, tt := range []struct {
		sales       string
		scale       int32
		line, bingo string
	}{
		{"420.00", 2, "63", "252"}, // a full series of 420 one-euro cards
		{"4.00", 2, "0.6", "2.4"},
		{"0.07", 2, "0.01", "0.04"}, // 0.0105 and 0.042, rounded down
		{"7", 0, "1", "4"},          // 1.05 and 4.2
		{"0", 2, "0", "0"},
	} {
		pr, err := pt.Prizes(dec(tt.sales), tt.scale)
		if err != nil || !pr.Line.Equal(dec(tt.line)) || !pr.Bingo.Equal(dec(tt.bingo)) {
			t.Errorf("Prizes(%s, %d) = %+v, %v", tt.sales, tt.scale, pr, err)
		}
	}
	if _, err := pt.Prizes(dec("1.001"), 2); !errors.Is(err, ErrBadAmount) {
		t.Errorf("off-scale sales: %v", err)
	}
	if _, err := pt.Prizes(dec("1"), 9); !errors.Is(err, ErrBadScale) {
		t.Errorf("scale 9: %v", err)
	}
}

func TestNew_Err(t *testing.T) {
	for name, edit := range map[string]func(*Data){
		"ErrID":         func(d *Data) { d.ID = "" },
		"ErrGame":       func(d *Data) { d.Game = "keno" },
		"ErrVersion":    func(d *Data) { d.Version = 0 },
		"ErrSource":     func(d *Data) { d.Source = " " },
		"ErrLine":       func(d *Data) { d.LinePercent = "0" },
		"ErrBingo":      func(d *Data) { d.BingoPercent = "100" },
		"ErrText":       func(d *Data) { d.BingoPercent = "sixty" },
		"ErrDecimals":   func(d *Data) { d.LinePercent = "15.00001" },
		"ErrSum":        func(d *Data) { d.LinePercent, d.BingoPercent = "50", "50.01" },
		"ErrCardsMax":   func(d *Data) { d.CardsMax = 0 },
		"ErrCardsLimit": func(d *Data) { d.CardsMax = CardsLimit + 1 },
	} {
		t.Run(name, func(t *testing.T) {
			d := es1979()
			edit(&d)
			if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
				t.Fatalf("New = %v", err)
			}
		})
	}
}
