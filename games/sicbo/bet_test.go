package sicbo

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// wantCodes builds every valid bet code from the grammar, without
// the package's enumeration.
func wantCodes() []string {
	codes := []string{"small", "big", "odd", "even", "any_triple", "all_odd", "all_even", "two_odd_one_even", "two_even_one_odd"}
	for n := 1; n <= 6; n++ {
		codes = append(codes, fmt.Sprintf("single:%d", n), fmt.Sprintf("double:%d", n), fmt.Sprintf("triple:%d", n))
	}
	for t := 4; t <= 17; t++ {
		codes = append(codes, fmt.Sprintf("total:%d", t))
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a < b {
				codes = append(codes, fmt.Sprintf("combo:%d-%d", a, b))
			}
			if a != b {
				codes = append(codes, fmt.Sprintf("double_single:%d-%d", a, b))
			}
			for c := 1; c <= 6; c++ {
				if a < b && b < c {
					codes = append(codes, fmt.Sprintf("three_singles:%d-%d-%d", a, b, c))
				}
			}
		}
	}
	return append(codes, "four_numbers:1-2-3-4", "four_numbers:2-3-4-5", "four_numbers:2-3-5-6", "four_numbers:3-4-5-6")
}

func TestParseBet_OK(t *testing.T) {
	want := wantCodes()
	if len(want) != 9+3*6+14+15+30+20+4 {
		t.Fatalf("test grammar gives %d codes", len(want))
	}
	for _, code := range want {
		b, err := ParseBet(code)
		if err != nil {
			t.Errorf("ParseBet(%q): %v", code, err)
			continue
		}
		if b.String() != code {
			t.Errorf("ParseBet(%q).String() = %q", code, b.String())
		}
		kind, _, _ := strings.Cut(code, ":")
		if string(b.Kind()) != kind {
			t.Errorf("ParseBet(%q).Kind() = %q, want %q", code, b.Kind(), kind)
		}
	}
	got := map[string]bool{}
	for _, b := range AllBets() {
		got[b.String()] = true
	}
	if len(got) != len(want) || len(AllBets()) != len(want) {
		t.Fatalf("AllBets has %d codes (%d distinct), want %d", len(AllBets()), len(got), len(want))
	}
	for _, code := range want {
		if !got[code] {
			t.Errorf("AllBets lacks %q", code)
		}
	}
}

func TestParseBet_Err(t *testing.T) {
	tests := []struct {
		code   string
		reason string // a fragment of the reason
	}{
		{"", "unknown bet kind"},
		{"Small", "unknown bet kind"},
		{"small ", "unknown bet kind"},
		{"small:", "takes no numbers"},
		{"small:1", `write "small"`},
		{"single", "needs one die face"},
		{"single:", "not a number"},
		{"single:0", "0 is not a die face"},
		{"single:7", "7 is not a die face"},
		{"single:-1", "needs one die face"},
		{"single:+1", "not a number"},
		{"single:01", "not a number"},
		{"single:1-2", "needs one die face"},
		{"double: 2", "not a number"},
		{"triple:x", "not a number"},
		{"total:3", "total 3 is outside 4..17"},
		{"total:18", "total 18 is outside 4..17"},
		{"total:0", "total 0 is outside"},
		{"total:100", "not a number"},
		{"combo:1", "two different faces"},
		{"combo:2-1", `write "combo:1-2"`},
		{"combo:3-3", "must be different"},
		{"combo:1-7", "7 is not a die face"},
		{"combo:1--2", "two different faces"},
		{"three_singles:3-2-1", `write "three_singles:1-2-3"`},
		{"three_singles:1-1-2", "must be different"},
		{"three_singles:1-2", "three different faces"},
		{"double_single:2-2", "must differ"},
		{"double_single:0-2", "0 is not a die face"},
		{"four_numbers:1-2-3-5", "not a four-number group"},
		{"four_numbers:4-3-2-1", `write "four_numbers:1-2-3-4"`},
		{"four_numbers:1-2-3", "one of the groups"},
		{"total:9:1", "not a number"},
		{strings.Repeat("x", 1000), "longer than 32 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			_, err := ParseBet(tt.code)
			var bce *BetCodeError
			if !errors.As(err, &bce) || !errors.Is(err, ErrBadBetCode) {
				t.Fatalf("ParseBet(%q) = %v, want a *BetCodeError wrapping ErrBadBetCode", tt.code, err)
			}
			if !strings.Contains(bce.Reason, tt.reason) {
				t.Errorf("reason %q lacks %q", bce.Reason, tt.reason)
			}
			if len(bce.Code) > BetCodeLenMax+3 {
				t.Errorf("error keeps a %d-byte code", len(bce.Code))
			}
			if ErrorCode(err) != CodeInvalidBetCode {
				t.Errorf("ErrorCode = %q", ErrorCode(err))
			}
		})
	}
}

func TestBet_Numbers(t *testing.T) {
	b, err := ParseBet("double_single:5-2")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(b.Numbers()); got != "[5 2]" {
		t.Errorf("Numbers() = %s", got)
	}
	b.Numbers()[0] = 9 // a copy: the bet must not change
	if b.String() != "double_single:5-2" {
		t.Errorf("Numbers() leaks the bet's storage: %s", b)
	}
	if s, _ := ParseBet("small"); s.Numbers() != nil {
		t.Errorf("small has numbers %v", s.Numbers())
	}
}
