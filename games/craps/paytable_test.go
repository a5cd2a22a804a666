package craps

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestPaytables_Catalog(t *testing.T) {
	ps := Paytables()
	if len(ps) != 1 || ps[0].ID() != IDPeru1999 || ps[0].Game() != GameName || ps[0].Version() != 1 {
		t.Fatalf("catalog: %v", ps)
	}
	pt := ps[0]
	if pt.OddsMultiple() != 3 {
		t.Errorf("odds multiple %d, want 3", pt.OddsMultiple())
	}
	if !strings.Contains(pt.Source(), "seeds/003_79f68ae152380a01.txt") {
		t.Errorf("source %q does not cite the seed", pt.Source())
	}
	// Every bet of craps is offered, and listed in AllBets order.
	if got, want := len(pt.Bets()), len(AllBets()); got != want {
		t.Errorf("%d bets offered, want %d", got, want)
	}
	wantKinds := make([]string, 0)
	for _, k := range Kinds() {
		wantKinds = append(wantKinds, string(k))
	}
	if !slices.Equal(pt.Kinds(), wantKinds) {
		t.Errorf("kinds %v", pt.Kinds())
	}
	// The hash is the SHA-256 of the canonical JSON, and stable.
	sum := sha256.Sum256(pt.CanonicalJSON())
	if hex.EncodeToString(sum[:]) != pt.Hash() {
		t.Error("hash is not the SHA-256 of the canonical JSON")
	}
	if again, _ := Lookup(IDPeru1999); again.Hash() != pt.Hash() {
		t.Error("hash changes between builds of the same data")
	}
	if _, err := Lookup("craps/vegas"); !errors.Is(err, ErrUnknownPaytable) || ErrorCode(err) != CodeUnknownPaytable {
		t.Errorf("unknown id: %v", err)
	}
}

// TestNew_CanonicalOrder checks that the order of the rules does not
// change the hash, and that Data survives a JSON round trip.
func TestNew_CanonicalOrder(t *testing.T) {
	d := peru1999()
	want := mustNew(d).Hash()
	slices.Reverse(d.Rules)
	if got := mustNew(d).Hash(); got != want {
		t.Error("reordering the rules changes the hash")
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var back Data
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if got := mustNew(back).Hash(); got != want {
		t.Error("a JSON round trip changes the hash")
	}
	// 0 is the default odds multiple, hashed as 3.
	d.OddsMultiple = 0
	if got := mustNew(d).Hash(); got != want {
		t.Error("the default odds multiple hashes differently from 3")
	}
	d.OddsMultiple = 5
	if got := mustNew(d).Hash(); got == want {
		t.Error("the odds multiple is not hashed")
	}
}

func TestNew_Err(t *testing.T) {
	edit := func(f func(*Data)) Data {
		d := peru1999()
		f(&d)
		return d
	}
	cases := map[string]Data{
		"EmptyID":       edit(func(d *Data) { d.ID = "" }),
		"Game":          edit(func(d *Data) { d.Game = "sicbo" }),
		"Version":       edit(func(d *Data) { d.Version = 0 }),
		"OddsMultiple":  edit(func(d *Data) { d.OddsMultiple = OddsMultipleMax + 1 }),
		"Commission":    edit(func(d *Data) { d.CommissionPercent = 0 }),
		"NoRules":       edit(func(d *Data) { d.Rules = nil }),
		"BadBet":        edit(func(d *Data) { d.Rules[0].Bet = "place:7" }),
		"NumberOnPlace": edit(func(d *Data) { d.Rules = append(d.Rules, Rule{Bet: "place:6", Number: 6, Odds: odds(7, 6), Name: "x"}) }),
		"FieldNumber5":  edit(func(d *Data) { d.Rules = append(d.Rules, Rule{Bet: "field", Number: 5, Odds: odds(1, 1), Name: "x"}) }),
		"Duplicate":     edit(func(d *Data) { d.Rules = append(d.Rules, d.Rules[0]) }),
		"ZeroOdds":      edit(func(d *Data) { d.Rules[0].Odds = Odds{} }),
		"HugeOdds":      edit(func(d *Data) { d.Rules[0].Odds = odds(OddsWinMax+1, 1) }),
		"EmptyName":     edit(func(d *Data) { d.Rules[0].Name = " " }),
		"OddsMissingPoint": edit(func(d *Data) {
			d.Rules = slices.DeleteFunc(d.Rules, func(r Rule) bool { return r.Bet == "pass_odds" && r.Number == 5 })
		}),
	}
	for name, d := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := New(d); !errors.Is(err, ErrBadPaytable) {
				t.Fatalf("err %v, want ErrBadPaytable", err)
			}
		})
	}
}

func TestPaytable_BetNotOffered(t *testing.T) {
	d := peru1999()
	d.ID = "craps/no-field"
	d.Rules = slices.DeleteFunc(d.Rules, func(r Rule) bool { return r.Bet == "field" })
	pt := mustNew(d)
	if _, err := pt.BetKind("field"); !errors.Is(err, ErrBetNotOffered) || ErrorCode(err) != CodeBetNotOffered {
		t.Fatalf("field: %v", err)
	}
	if k, err := pt.BetKind("place:6"); err != nil || k != "place" {
		t.Fatalf("place:6: %q %v", k, err)
	}
}

func TestPaytable_Pays(t *testing.T) {
	pt := mustNew(peru1999())
	cases := map[string]string{
		"place:6":        "7:6",
		"place:4":        "9:5",
		"lay:10":         "1:2",
		"place_lose:5":   "5:8",
		"field":          "2, 12 2:1 / 3, 4, 9, 10, 11 1:1",
		"pass_odds":      "4, 10 2:1 / 5, 9 3:2 / 6, 8 6:5",
		"dont_pass_odds": "4, 10 1:2 / 5, 9 2:3 / 6, 8 5:6",
		"twelve":         "30:1",
		"hard:6":         "9:1",
		"nonsense":       "",
	}
	for code, want := range cases {
		if got := pt.Pays(code); got != want {
			t.Errorf("Pays(%s) = %q, want %q", code, got, want)
		}
	}
	if pt.Name("big6") != "Big 6" || pt.Name("nonsense") != "" {
		t.Errorf("names: %q %q", pt.Name("big6"), pt.Name("nonsense"))
	}
}

func TestParseBet(t *testing.T) {
	for _, b := range AllBets() {
		got, err := ParseBet(b.String())
		if err != nil || got != b {
			t.Errorf("ParseBet(%s) = %v, %v", b, got, err)
		}
	}
	for _, code := range []string{
		"", "place", "place:", "place:7", "place:06", "place:+6", "place:6:6", "hard:5", "hard:12",
		"field:2", "pass:4", "come_odds", "come_odds:7", "PASS", "big_6", "buy:3", strings.Repeat("x", 40),
	} {
		_, err := ParseBet(code)
		var bce *BetCodeError
		if !errors.As(err, &bce) || !errors.Is(err, ErrBadBetCode) || bce.ErrorCode() != CodeInvalidBetCode {
			t.Errorf("ParseBet(%q): %v", code, err)
		}
	}
}

func TestErrorCode(t *testing.T) {
	if ErrorCode(errors.New("x")) != "" || ErrorCode(ErrBadPaytable) != "" {
		t.Error("a foreign error or ErrBadPaytable has a code")
	}
	e := &OddsLimitError{Code: "pass_odds", Multiple: 3, Line: "10", Taken: "0", Stake: "31"}
	if !errors.Is(e, ErrOddsAboveLimit) || e.ErrorCode() != CodeOddsAboveLimit || ErrorCode(e) != CodeOddsAboveLimit {
		t.Errorf("OddsLimitError: %v", e)
	}
}
