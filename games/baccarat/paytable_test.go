package baccarat

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

// Golden content hashes of the catalog. They change only with the data: a
// change here means every table opened under the old hash keeps settling
// under the old paytable, so bump Version and review
// testdata/*.canonical.json before updating them.
const (
	goldenHashPuntoBanco   = "111e1046ece200101ae0ebfd93d5ba323ad9a48c2aa207a75da962ebf9e8a7e1"
	goldenHashDeuxTableaux = "82f8c64964aaa62445406ff916e99c41984e5a43eddf5b2f4dd4cf1bcc75399d"
)

func TestPaytable_Hash(t *testing.T) {
	for _, tt := range []struct{ id, hash, golden string }{
		{IDPuntoBanco, goldenHashPuntoBanco, "baccarat-punto-banco.canonical.json"},
		{IDDeuxTableaux1979, goldenHashDeuxTableaux, "baccarat-deux-tableaux-1979.canonical.json"},
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
			var d Data
			if err := json.Unmarshal(golden, &d); err != nil {
				t.Fatal(err)
			}
			again, err := New(d)
			if err != nil || again.Hash() != tt.hash {
				t.Errorf("decoded canonical JSON rehashes to %v, %v", again, err)
			}
			// Rule order does not change the hash.
			slices.Reverse(d.Rules)
			if again, err := New(d); err != nil || again.Hash() != tt.hash {
				t.Errorf("reversed rules rehash to %v, %v", again, err)
			}
		})
	}
}

func TestNew_Err(t *testing.T) {
	for name, edit := range map[string]func(*Data){
		"ErrID":              func(d *Data) { d.ID = "" },
		"ErrGame":            func(d *Data) { d.Game = "sicbo" },
		"ErrVersion":         func(d *Data) { d.Version = 0 },
		"ErrForm":            func(d *Data) { d.Form = "chemin_de_fer" },
		"ErrDecks":           func(d *Data) { d.Decks = 0 },
		"ErrKind":            func(d *Data) { d.Rules[0].Bet = KindTableau },
		"ErrDuplicate":       func(d *Data) { d.Rules[1].Bet = d.Rules[0].Bet },
		"ErrMissing":         func(d *Data) { d.Rules = d.Rules[:2] },
		"ErrOdds":            func(d *Data) { d.Rules[0].Odds = Odds{Win: 1, Per: 3} },
		"ErrZeroOdds":        func(d *Data) { d.Rules[0].Odds = Odds{Win: 0, Per: 1} },
		"ErrName":            func(d *Data) { d.Rules[0].Name = " " },
		"ErrCommission":      func(d *Data) { d.CommissionPercent = "100" },
		"ErrCommissionText":  func(d *Data) { d.CommissionPercent = "five" },
		"ErrCagnotteOnPunto": func(d *Data) { d.CagnottePercent = "5" },
	} {
		t.Run(name, func(t *testing.T) {
			d := puntoBanco()
			edit(&d)
			if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
				t.Fatalf("%v", err)
			}
		})
	}
	d := deuxTableaux1979()
	d.CommissionPercent = "5"
	if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
		t.Errorf("commission on deux tableaux: %v", err)
	}
	d = deuxTableaux1979()
	d.CagnottePercent = ""
	if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
		t.Errorf("no cagnotte rate: %v", err)
	}
}

func TestPaytable_Seam(t *testing.T) {
	c := games.NewCatalog(Game{})
	if got := c.IDs(); !slices.Equal(got, []string{IDDeuxTableaux1979, IDPuntoBanco}) {
		t.Fatalf("ids %v", got)
	}
	pb, err := c.Resolve(IDPuntoBanco, goldenHashPuntoBanco)
	if err != nil {
		t.Fatal(err)
	}
	if pb.Game() != GameName || pb.Version() != 1 || pb.Source() == "" {
		t.Errorf("%s %d %q", pb.Game(), pb.Version(), pb.Source())
	}
	if !slices.Equal(pb.Kinds(), []string{"player", "banker", "tie"}) {
		t.Errorf("kinds %v", pb.Kinds())
	}
	dt, _ := Lookup(IDDeuxTableaux1979)
	if !slices.Equal(dt.Kinds(), []string{"tableau", "a_caballo", "line"}) {
		t.Errorf("kinds %v", dt.Kinds())
	}
	for code, kind := range map[string]string{"tableau:2": "tableau", "a_caballo": "a_caballo", "line:1": "line"} {
		if k, err := dt.BetKind(code); err != nil || k != kind {
			t.Errorf("%s: %q, %v", code, k, err)
		}
	}
	for code, want := range map[string]error{"banker": ErrBetNotOffered, "tableau:3": ErrBadBetCode, "tableau": ErrBadBetCode, "a_caballo:1": ErrBadBetCode, "": ErrBadBetCode} {
		if _, err := dt.BetKind(code); !errors.Is(err, want) {
			t.Errorf("%q: %v, want %v", code, err, want)
		}
	}
	if got := pb.(*Paytable).Pays("banker"); got != "1:1 less 5% commission" {
		t.Errorf("banker pays %q", got)
	}
	if _, err := Lookup("baccarat/chemin-de-fer"); !errors.Is(err, ErrUnknownPaytable) {
		t.Errorf("unknown id: %v", err)
	}
	if got := dt.CagnotteRate().String(); got != "0.05" {
		t.Errorf("cagnotte rate %s", got)
	}
	if len(Paytables()) != 2 || len(Game{}.Paytables()) != 2 || (Game{}).Name() != GameName {
		t.Error("catalog")
	}
}
