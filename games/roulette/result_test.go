package roulette

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestParsePocket(t *testing.T) {
	for n := 0; n <= 36; n++ {
		s := strconv.Itoa(n)
		p, err := ParsePocket(s)
		if err != nil || int(p) != n || p.String() != s {
			t.Errorf("ParsePocket(%q) = %v, %v", s, p, err)
		}
	}
	if p, err := ParsePocket("00"); err != nil || p != DoubleZero || p.String() != "00" {
		t.Errorf("ParsePocket(00) = %v, %v", p, err)
	}
	for _, s := range []string{"", "37", "99", "07", "000", "-0", "+1", " 1", "1 ", "1.0", "1e1", "x", "٣", "0x1", "100"} {
		if p, err := ParsePocket(s); !errors.Is(err, ErrBadPocket) || ErrorCode(err) != CodeInvalidResult {
			t.Errorf("ParsePocket(%q) = %v, %v", s, p, err)
		}
	}
}

func TestPocket_Properties(t *testing.T) {
	red := map[int]bool{}
	for _, n := range redNumbers() {
		red[n] = true
	}
	for n := 1; n <= 36; n++ {
		p := Pocket(n)
		want := ColourBlack
		if red[n] {
			want = ColourRed
		}
		if p.Colour() != want || p.Green() {
			t.Errorf("%d: colour %s", n, p.Colour())
		}
	}
	for _, p := range []Pocket{Zero, DoubleZero} {
		if p.Colour() != ColourGreen || !p.Green() || p.Dozen() != 0 || p.Column() != 0 || p.Row() != 0 {
			t.Errorf("%s: %s dozen %d column %d row %d", p, p.Colour(), p.Dozen(), p.Column(), p.Row())
		}
	}
	if Pocket(34).Column() != 1 || Pocket(36).Column() != 3 || Pocket(13).Dozen() != 2 || Pocket(12).Dozen() != 1 || Pocket(36).Row() != 12 {
		t.Error("column, dozen or row")
	}
	if Pocket(38).Valid() || !DoubleZero.Valid() {
		t.Error("Valid")
	}
}

// TestParseResult checks the strict result parser on both wheels.
func TestParseResult(t *testing.T) {
	fr, _ := Lookup(IDFrench)
	am, _ := Lookup(IDAmerican)
	ok := []struct {
		raw    string
		pocket Pocket
		french bool
	}{
		{`{"pocket":"17"}`, 17, true},
		{`{"pocket":"0"}`, Zero, true},
		{`{"pocket":"36"}`, 36, true},
		{` { "pocket" : "5" } `, 5, true},
		{`{"pocket":"00"}`, DoubleZero, false},
	}
	for _, tt := range ok {
		for _, pt := range []*Paytable{fr, am} {
			r, err := pt.ParseResult([]byte(tt.raw))
			if pt == fr && !tt.french {
				if !errors.Is(err, ErrBadPocket) || r != nil {
					t.Errorf("french %s: %v, %v", tt.raw, r, err)
				}
				continue
			}
			if err != nil || r != Pocket(tt.pocket) {
				t.Errorf("%s ParseResult(%s) = %v, %v", pt.ID(), tt.raw, r, err)
				continue
			}
			// The recorded JSON parses back to an equal result.
			again, err := pt.ParseResult(r.JSON())
			if err != nil || !again.Equal(r) || !bytes.Equal(again.JSON(), r.JSON()) {
				t.Errorf("round trip of %s: %v, %v", r.JSON(), again, err)
			}
		}
	}
	bad := []string{
		``, `null`, `"17"`, `17`, `[]`, `{}`, `{"pocket":null}`,
		`{"pocket":17}`, `{"pocket":0}`, `{"pocket":"17.0"}`, `{"pocket":true}`, `{"pocket":["17"]}`,
		`{"pocket":"37"}`, `{"pocket":"07"}`, `{"pocket":"-1"}`, `{"pocket":" 1"}`, `{"pocket":""}`, `{"pocket":"000"}`,
		`{"Pocket":"17"}`, `{"POCKET":"17"}`, `{"pocket":"17","pocket":"18"}`, `{"pocket":"17","pocket":"17"}`,
		`{"pocket":"17","dice":[1,2,3]}`, `{"number":17}`, `{"dice":[1,2,3]}`, `{"pocket":"17","extra":1}`,
		`{"pocket":"17"}{}`, `{"pocket":"17"`, `{"pocket":"1\u0037"}x`, "{\"pocket\":\"\xff\"}",
		`{"pocket":"` + strings.Repeat("1", ResultBytesMax) + `"}`,
	}
	for _, raw := range bad {
		for _, pt := range []*Paytable{fr, am} {
			r, err := pt.ParseResult([]byte(raw))
			if !errors.Is(err, ErrBadPocket) || ErrorCode(err) != CodeInvalidResult || r != nil {
				t.Errorf("%s ParseResult(%s) = %v, %v; want invalid_result", pt.ID(), raw, r, err)
			}
		}
	}
}

func TestPocket_Result(t *testing.T) {
	var r games.Result = DoubleZero
	if string(r.JSON()) != `{"pocket":"00"}` || r.String() != "00" {
		t.Errorf("00: %s %s", r.JSON(), r)
	}
	if !r.Equal(DoubleZero) || r.Equal(Zero) || r.Equal(otherResult{}) || Pocket(17).Equal(nil) {
		t.Error("Equal")
	}
}
