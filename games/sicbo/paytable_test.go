package sicbo

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
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

var update = flag.Bool("update", false, "rewrite the canonical paytable golden files in testdata")

// Golden content hashes of the catalog. They change only with the data:
// a change here means every table opened under the old hash keeps
// settling under the old paytable, so bump Version and review
// testdata/*.canonical.json before updating them.
const (
	goldenHashCLM2016 = "aa5bcfba3d2bda97c3462f4df78d42155454d2942bc6520dc2c9a72d9977f046"
	goldenHashLive    = "8a65593b29d787faeddeda53842aa1cd3984711bb52ad2db98bbb2cbe6e898c3"
)

func TestPaytable_Hash(t *testing.T) {
	for _, tt := range []struct{ id, hash, golden string }{
		{IDCLM2016, goldenHashCLM2016, "sicbo-clm-2016.canonical.json"},
		{IDLive, goldenHashLive, "sicbo-live.canonical.json"},
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

func TestPaytable_HashIgnoresRuleOrder(t *testing.T) {
	d := live()
	for i, j := 0, len(d.Rules)-1; i < j; i, j = i+1, j-1 {
		d.Rules[i], d.Rules[j] = d.Rules[j], d.Rules[i]
	}
	pt, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	if pt.Hash() != goldenHashLive {
		t.Errorf("reordered rules hash to %s", pt.Hash())
	}
	d.Rules[0].Odds.Win++
	if pt2, _ := New(d); pt2.Hash() == goldenHashLive {
		t.Error("changed odds keep the hash")
	}
}

func TestPaytable_Accessors(t *testing.T) {
	clm, _ := Lookup(IDCLM2016)
	live, _ := Lookup(IDLive)
	if live.ID() != "sicbo/live" || live.Game() != "sicbo" || live.Version() != 1 || !strings.Contains(live.Source(), "001_5ab03e8824b694bc.txt") {
		t.Errorf("live: %s %s %d %s", live.ID(), live.Game(), live.Version(), live.Source())
	}
	if clm.MaxMultiple().Cmp(big.NewRat(150, 1)) != 0 || live.MaxMultiple().Cmp(big.NewRat(180, 1)) != 0 {
		t.Errorf("MaxMultiple: clm %s live %s", clm.MaxMultiple(), live.MaxMultiple())
	}
	if len(clm.Bets()) != 2+6*3+1+14+15 || len(live.Bets()) != 110 {
		t.Errorf("bets: clm %d live %d", len(clm.Bets()), len(live.Bets()))
	}
	for code, want := range map[string]string{"total:9": "total", "small": "small", "four_numbers:1-2-3-4": "four_numbers", "double_single:6-3": "double_single"} {
		if got, err := live.BetKind(code); err != nil || got != want {
			t.Errorf("BetKind(%q) = %q, %v", code, got, err)
		}
	}
	if _, err := clm.BetKind("odd"); !errors.Is(err, ErrBetNotOffered) {
		t.Errorf("clm BetKind(odd) = %v", err)
	}
	if _, err := clm.BetKind("odd:1"); !errors.Is(err, ErrBadBetCode) {
		t.Errorf("clm BetKind(odd:1) = %v", err)
	}
	for code, want := range map[string]string{
		"single:3": "1 die 1:1 / 2 dice 2:1 / 3 dice 3:1", "double:1": "10:1", "two_even_one_odd": "3:2", "odd": "1:1", "nope": "",
	} {
		if got := live.Pays(code); got != want {
			t.Errorf("Pays(%q) = %q, want %q", code, got, want)
		}
	}
	if clm.Name("combo:1-2") != "Par igual" || live.Name("combo:1-2") != "Doble Específico" || live.Name("double:1") != "Par" {
		t.Errorf("names: %q %q %q", clm.Name("combo:1-2"), live.Name("combo:1-2"), live.Name("double:1"))
	}
}

func TestPaytable_Kinds(t *testing.T) {
	clm, _ := Lookup(IDCLM2016)
	live, _ := Lookup(IDLive)
	if got := strings.Join(clm.Kinds(), ","); got != "small,big,single,double,triple,any_triple,total,combo" {
		t.Errorf("clm kinds %s", got)
	}
	want := []string{"small", "big", "odd", "even", "single", "double", "triple", "any_triple", "total", "combo",
		"all_odd", "all_even", "two_odd_one_even", "two_even_one_odd", "three_singles", "double_single", "four_numbers"}
	if got := strings.Join(live.Kinds(), ","); got != strings.Join(want, ",") {
		t.Errorf("live kinds %s", got)
	}
}

// TestPaytables_Fresh checks the catalog shares nothing between calls.
func TestPaytables_Fresh(t *testing.T) {
	a, b := Paytables(), Paytables()
	if len(a) != 2 || a[0].ID() != IDCLM2016 || a[1].ID() != IDLive {
		t.Fatalf("catalog: %v", a)
	}
	if a[0] == b[0] {
		t.Error("Paytables returns the same value twice")
	}
	d := a[1].Data()
	d.Rules[0].Odds = Odds{Win: 999, Per: 1}
	if a[1].Hash() != goldenHashLive || b[1].Data().Rules[0].Odds.Win == 999 || a[1].Data().Rules[0].Odds.Win == 999 {
		t.Error("Data() shares storage with the paytable")
	}
	if _, err := Lookup("sicbo/macau"); !errors.Is(err, ErrUnknownPaytable) || ErrorCode(err) != CodeUnknownPaytable {
		t.Errorf("Lookup(sicbo/macau) = %v", err)
	}
}

// TestNew_Variant builds a variant as data: a combination that pays 10:1
// when one of its numbers shows twice, and a double that does not pay on a
// triple.
func TestNew_Variant(t *testing.T) {
	d := Data{ID: "sicbo/test-variant", Version: 1, Game: GameName, Source: "test", Rules: []Rule{
		{Bet: "combo", Hits: 2, Odds: Odds{Win: 5, Per: 1}, Name: "combo"},
		{Bet: "combo", Hits: 3, Odds: Odds{Win: 10, Per: 1}, Name: "combo"},
		{Bet: "double", Hits: 2, Odds: Odds{Win: 8, Per: 1}, Name: "double"},
		{Bet: "total", Odds: Odds{Win: 6, Per: 1}, Name: "any total"},
		{Bet: "total:4", Odds: Odds{Win: 62, Per: 1}, Name: "total 4"},
	}}
	pt, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	one := decimal.NewFromInt(1)
	tests := []struct {
		code string
		dice Dice
		win  int64 // -1 for a loss
	}{
		{"combo:1-2", Dice{1, 2, 5}, 5},
		{"combo:1-2", Dice{1, 2, 2}, 10},
		{"double:3", Dice{3, 3, 1}, 8},
		{"double:3", Dice{3, 3, 3}, -1},
		{"total:4", Dice{1, 1, 2}, 62},
		{"total:17", Dice{6, 6, 5}, 6},
	}
	for _, tt := range tests {
		got, err := Settle(pt, tt.code, one, 0, tt.dice)
		if err != nil {
			t.Fatal(err)
		}
		if tt.win < 0 {
			if got.Outcome != "lost" || !strings.Contains(got.Rule, "no line for 3 dice") {
				t.Errorf("%s on %s: %+v, want a loss", tt.code, tt.dice, got)
			}
			continue
		}
		if !got.Win.Equal(decimal.NewFromInt(tt.win)) {
			t.Errorf("%s on %s: win %s, want %d", tt.code, tt.dice, got.Win, tt.win)
		}
	}
	if got := pt.Pays("combo:3-4"); got != "2 dice 5:1 / 3 dice 10:1" {
		t.Errorf("Pays(combo) = %q", got)
	}
	if got := pt.Pays("double:3"); got != "2 dice 8:1" {
		t.Errorf("Pays(double) = %q", got)
	}
}

func TestNew_Err(t *testing.T) {
	ok := Rule{Bet: "small", Odds: Odds{Win: 1, Per: 1}, Name: "small"}
	base := func(rules ...Rule) Data {
		return Data{ID: "sicbo/x", Version: 1, Game: GameName, Source: "test", Rules: rules}
	}
	tests := []struct {
		name string
		data Data
		want string
	}{
		{"no id", Data{Version: 1, Game: GameName, Rules: []Rule{ok}}, "empty id"},
		{"other game", Data{ID: "x", Version: 1, Game: "craps", Rules: []Rule{ok}}, "game"},
		{"version 0", Data{ID: "x", Game: GameName, Rules: []Rule{ok}}, "version 0"},
		{"no rules", base(), "0 rules"},
		{"bad bet", base(Rule{Bet: "smal", Odds: Odds{Win: 1, Per: 1}, Name: "n"}), "unknown bet kind"},
		{"hits on small", base(Rule{Bet: "small", Hits: 1, Odds: Odds{Win: 1, Per: 1}, Name: "n"}), "want 0"},
		{"no hits on single", base(Rule{Bet: "single", Odds: Odds{Win: 1, Per: 1}, Name: "n"}), "want one of [1 2 3]"},
		{"double hits 1", base(Rule{Bet: "double:2", Hits: 1, Odds: Odds{Win: 1, Per: 1}, Name: "n"}), "want one of [2 3]"},
		{"zero odds", base(Rule{Bet: "small", Odds: Odds{Win: 0, Per: 1}, Name: "n"}), "want 1 <= X"},
		{"inexact odds", base(Rule{Bet: "small", Odds: Odds{Win: 7, Per: 6}, Name: "n"}), "no exact decimal"},
		{"huge odds", base(Rule{Bet: "small", Odds: Odds{Win: OddsWinMax + 1, Per: 1}, Name: "n"}), "want 1 <= X"},
		{"no name", base(Rule{Bet: "small", Odds: Odds{Win: 1, Per: 1}}), "empty name"},
		{"duplicate", base(ok, ok), "both price small"},
		{"shadowed kind", base(Rule{Bet: "four_numbers", Odds: Odds{Win: 7, Per: 1}, Name: "n"},
			Rule{Bet: "four_numbers:1-2-3-4", Odds: Odds{Win: 7, Per: 1}, Name: "n"},
			Rule{Bet: "four_numbers:2-3-4-5", Odds: Odds{Win: 7, Per: 1}, Name: "n"},
			Rule{Bet: "four_numbers:2-3-5-6", Odds: Odds{Win: 7, Per: 1}, Name: "n"},
			Rule{Bet: "four_numbers:3-4-5-6", Odds: Odds{Win: 7, Per: 1}, Name: "n"}), "applies to no bet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.data)
			if !errors.Is(err, ErrBadPaytable) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New = %v, want ErrBadPaytable with %q", err, tt.want)
			}
		})
	}
}

func TestOdds(t *testing.T) {
	for s, want := range map[string]string{"8:1": "8", "3:2": "1.5", "7:4": "1.75", "1:5": "0.2", "180:1": "180", "1:64": "0.015625"} {
		o, err := ParseOdds(s)
		if err != nil {
			t.Fatalf("ParseOdds(%q): %v", s, err)
		}
		if o.String() != s || !o.Multiple().Equal(decimal.RequireFromString(want)) {
			t.Errorf("%s: String %s Multiple %s, want %s", s, o, o.Multiple(), want)
		}
	}
	for _, s := range []string{"", "8", "8:", ":1", "a:1", "-1:1", "1:0", "7:6", "1:3", "1:101"} {
		if _, err := ParseOdds(s); err == nil {
			t.Errorf("ParseOdds(%q) accepted", s)
		}
	}
}
