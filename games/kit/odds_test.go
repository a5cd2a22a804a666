package kit

import (
	"math/big"
	"testing"

	"github.com/shopspring/decimal"
)

func TestParseOdds(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for s, want := range map[string]string{"35:1": "35", "3:2": "1.5", "6:5": "1.2", "1:40": "0.025"} {
			o, err := ParseOdds(s)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if o.String() != s || !o.Multiple().Equal(decimal.RequireFromString(want)) {
				t.Errorf("%s: String %s, Multiple %s, want %s", s, o, o.Multiple(), want)
			}
			if b, _ := o.MarshalText(); string(b) != s {
				t.Errorf("%s: MarshalText %s", s, b)
			}
		}
	})
	t.Run("Err", func(t *testing.T) {
		for _, s := range []string{"", "35", "x:1", "1:y", "1.5:1", ":"} {
			if _, err := ParseOdds(s); err == nil {
				t.Errorf("ParseOdds(%q) accepted", s)
			}
		}
	})
}

func TestOdds_Check(t *testing.T) {
	for _, tt := range []struct {
		o             Odds
		bounds, exact bool
	}{
		{Odds{Win: 35, Per: 1}, true, true},
		{Odds{Win: 7, Per: 6}, true, false},
		{Odds{Win: 0, Per: 1}, false, true},
		{Odds{Win: 1, Per: 0}, false, false},
		{Odds{Win: 1001, Per: 1}, false, true},
		{Odds{Win: 1, Per: 101}, false, false},
	} {
		if err := tt.o.Check(1000, 100); (err == nil) != tt.bounds {
			t.Errorf("%s: Check %v", tt.o, err)
		}
		if err := tt.o.CheckExact(); (err == nil) != tt.exact {
			t.Errorf("%s: CheckExact %v", tt.o, err)
		}
	}
	// A multiple that is no exact decimal is the rational rounded, never
	// a loop: 7/6.
	if got := (Odds{Win: 7, Per: 6}).Multiple(); got.Sub(decimal.NewFromBigRat(big.NewRat(7, 6), 16)).Abs().GreaterThan(decimal.New(1, -15)) {
		t.Errorf("7:6 multiple %s", got)
	}
	if (Odds{Win: 7, Per: 6}).Rat().Cmp(big.NewRat(7, 6)) != 0 {
		t.Error("7:6 Rat")
	}
}

func TestParseOddsWithin(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		exact    bool
		want     string // "" for no error
	}{
		{"OK/Exact", "3:2", true, ""},
		{"OK/NotExact", "7:6", false, ""},
		{"ErrNotExact", "7:6", true, "odds 7:6: 6 is not a product of 2s and 5s, so the win is no exact decimal"},
		{"ErrBounds", "101:1", false, "odds 101:1: want 1 <= X <= 100 and 1 <= Y <= 10"},
		{"ErrSyntax", "7-6", false, `odds "7-6": want X:Y`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o, err := ParseOddsWithin(tt.in, 100, 10, tt.exact)
			switch {
			case tt.want == "" && (err != nil || o.String() != tt.in):
				t.Errorf("ParseOddsWithin(%q) = %v, %v", tt.in, o, err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Errorf("ParseOddsWithin(%q) = %v, want %s", tt.in, err, tt.want)
			}
		})
	}
}
