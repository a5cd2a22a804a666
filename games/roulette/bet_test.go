package roulette

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseBet_OK(t *testing.T) {
	union := expectCodes(false)
	for code, e := range expectCodes(true) {
		union[code] = e
	}
	for code, e := range union {
		b, err := ParseBet(code)
		if err != nil {
			t.Errorf("ParseBet(%q): %v", code, err)
			continue
		}
		if b.String() != code || string(b.Kind()) != e.kind {
			t.Errorf("ParseBet(%q) = %s of kind %s", code, b, b.Kind())
		}
		var covers []string
		for _, p := range b.Pockets() {
			covers = append(covers, p.String())
			if !e.covers[p.String()] {
				t.Errorf("%s covers %s", code, p)
			}
		}
		if len(covers) != len(e.covers) {
			t.Errorf("%s covers %v, want %v", code, covers, e.covers)
		}
	}
	var all []string
	for _, b := range AllBets() {
		all = append(all, b.String())
	}
	if len(all) != len(union) {
		t.Errorf("AllBets has %d codes, the two layouts %d", len(all), len(union))
	}
	for _, c := range all {
		if _, ok := union[c]; !ok {
			t.Errorf("AllBets has %s", c)
		}
	}
	// Listing order: kinds in order, numbers ascending with 00 after 0.
	i := slices.Index(all, "split:0-00")
	if i < 0 || all[i+1] != "split:0-1" || all[i+4] != "split:00-2" || all[i+6] != "split:1-2" {
		t.Errorf("split order: %v", all[i:i+8])
	}
}

// TestBet_Counts counts the offered codes per kind: the French layout has
// 57 splits of numbers (24 side by side, 33 one above the other) and three
// at the zero, 22 corners, 11 six lines; the American one five splits at
// the zeros.
func TestBet_Counts(t *testing.T) {
	french := map[Kind]int{
		KindStraight: 37, KindSplit: 60, KindStreet: 12, KindTrio: 2, KindCorner: 22, KindFirstFour: 1,
		KindSixLine: 11, KindDozen: 3, KindColumn: 3,
		KindRed: 1, KindBlack: 1, KindOdd: 1, KindEven: 1, KindLow: 1, KindHigh: 1,
	}
	american := map[Kind]int{
		KindStraight: 38, KindSplit: 62, KindStreet: 12, KindTrio: 3, KindCorner: 22, KindTopLine: 1,
		KindSixLine: 11, KindDozen: 3, KindColumn: 3,
		KindRed: 1, KindBlack: 1, KindOdd: 1, KindEven: 1, KindLow: 1, KindHigh: 1,
	}
	for _, tc := range []struct {
		id    string
		want  map[Kind]int
		total int
	}{
		{IDFrench, french, 157},
		{IDFrenchLaPartage, french, 157},
		{IDAmerican, american, 161},
	} {
		pt, _ := Lookup(tc.id)
		got := map[Kind]int{}
		for _, b := range pt.Bets() {
			got[b.Kind()]++
		}
		for k, n := range tc.want {
			if got[k] != n {
				t.Errorf("%s: %d %s bets, want %d", tc.id, got[k], k, n)
			}
		}
		if len(got) != len(tc.want) || len(pt.Bets()) != tc.total {
			t.Errorf("%s: %d bets of %d kinds, want %d of %d", tc.id, len(pt.Bets()), len(got), tc.total, len(tc.want))
		}
	}
	// The union: the American codes plus the French-only split:0-3,
	// trio:0-2-3 and first_four:0-1-2-3.
	if n := len(AllBets()); n != 161+3 {
		t.Errorf("AllBets: %d codes, want 164", n)
	}
}

func TestParseBet_Err(t *testing.T) {
	tests := []struct {
		code string
		want string // in the reason
	}{
		{"", "unknown bet kind"},
		{"rouge", "unknown bet kind"},
		{"Red", "unknown bet kind"},
		{"red:1", "takes no numbers"},
		{"straight", "needs one pocket"},
		{"straight:", "is not a pocket"},
		{"straight:37", "is not a pocket"},
		{"straight:07", "is not a pocket"},
		{"straight:000", "is not a pocket"},
		{"straight:-1", "needs one pocket"},
		{"straight:+1", "is not a pocket"},
		{"straight: 1", "is not a pocket"},
		{"straight:1-2", "needs one pocket"},
		{"split:2-1", `write "split:1-2"`},
		{"split:2-00", `write "split:00-2"`},
		{"split:00-0", `write "split:0-00"`},
		{"split:1-1", "must be different"},
		{"split:1-5", "not a split of the table layout"},
		{"split:3-4", "not a split of the table layout"},
		{"split:0-4", "not a split of the table layout"},
		{"split:00-1", "not a split of the table layout"},
		{"street:2", "not a street"},
		{"street:37", "is not a pocket"},
		{"street:0", "not a street"},
		{"six_line:34", "not a six_line"},
		{"trio:0-1-3", "not a trio"},
		{"trio:1-2-3", "not a trio"},
		{"trio:2-1-0", `write "trio:0-1-2"`},
		{"corner:1-2-3-4", "not a corner"},
		{"corner:3-4-6-7", "not a corner"},
		{"corner:0-1-2-3", "not a corner"},
		{"corner:5-4-2-1", `write "corner:1-2-4-5"`},
		{"first_four", "first_four:0-1-2-3"},
		{"first_four:1-2-3-4", "not a first_four"},
		{"top_line:0-1-2-3", "top_line:0-00-1-2-3"},
		{"top_line:00-0-1-2-3", `write "top_line:0-00-1-2-3"`},
		{"dozen:0", "is not 1, 2 or 3"},
		{"dozen:4", "is not 1, 2 or 3"},
		{"dozen:01", "is not 1, 2 or 3"},
		{"column", "column:1, column:2 or column:3"},
		{"column:1:2", "is not 1, 2 or 3"},
		{"split:1-2-", "needs two pockets"},
		{strings.Repeat("x", 100), "longer than 32 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			_, err := ParseBet(tt.code)
			var bce *BetCodeError
			if !errors.As(err, &bce) || !errors.Is(err, ErrBadBetCode) || bce.ErrorCode() != CodeInvalidBetCode {
				t.Fatalf("ParseBet(%q) = %v, want a *BetCodeError wrapping ErrBadBetCode", tt.code, err)
			}
			if !strings.Contains(bce.Reason, tt.want) {
				t.Errorf("reason %q, want %q", bce.Reason, tt.want)
			}
			if len(bce.Code) > BetCodeLenMax+3 {
				t.Errorf("code not cut: %d bytes", len(bce.Code))
			}
		})
	}
}
