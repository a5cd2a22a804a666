package sicbo

import (
	"fmt"
	"strconv"
	"strings"
)

// BetCodeLenMax bounds the length of a bet code; the longest valid one,
// "two_even_one_odd" or "four_numbers:2-3-5-6", is 20 bytes.
const BetCodeLenMax = 32

// Bet is a parsed bet code. The zero Bet is not a valid bet; get one from
// ParseBet.
type Bet struct {
	kind Kind
	nums [4]int
	n    int
}

// ParseBet parses a bet code in its canonical spelling (see the package
// documentation). It returns a *BetCodeError wrapping ErrBadBetCode when the
// code does not parse, names a number outside 1..6 or a total outside
// 4..17, writes numbers out of order (combo:2-1 instead of combo:1-2), or
// names a four-number group not in the list. Only the canonical spelling is
// accepted because codes are keys: in events, limits and reports one bet
// must have one name.
func ParseBet(code string) (Bet, error) {
	if len(code) > BetCodeLenMax {
		return Bet{}, betCodeError(code, ErrBadBetCode, "longer than %d bytes", BetCodeLenMax)
	}
	name, args, hasArgs := strings.Cut(code, ":")
	k := Kind(name)
	s, ok := spec(k)
	if !ok {
		return Bet{}, betCodeError(code, ErrBadBetCode, "unknown bet kind %q (kinds: %s)", name, kindList())
	}
	if s.args == 0 {
		if hasArgs {
			return Bet{}, betCodeError(code, ErrBadBetCode, "%s takes no numbers: write %q", k, string(k))
		}
		return Bet{kind: k}, nil
	}
	if !hasArgs {
		return Bet{}, betCodeError(code, ErrBadBetCode, "%s needs %s", k, usage(k))
	}
	parts := strings.Split(args, "-")
	if len(parts) != s.args {
		return Bet{}, betCodeError(code, ErrBadBetCode, "%s needs %s", k, usage(k))
	}
	b := Bet{kind: k, n: s.args}
	for i, p := range parts {
		v, ok := smallNumber(p)
		if !ok {
			return Bet{}, betCodeError(code, ErrBadBetCode, "%q is not a number: %s needs %s", p, k, usage(k))
		}
		b.nums[i] = v
	}
	if err := b.check(code); err != nil {
		return Bet{}, err
	}
	return b, nil
}

// smallNumber parses one or two decimal digits without sign or leading
// zero ("0" itself parses, for the range check to name it).
func smallNumber(p string) (int, bool) {
	if len(p) == 0 || len(p) > 2 || (len(p) > 1 && p[0] == '0') {
		return 0, false
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.Atoi(p)
	return v, err == nil
}

// check validates the numbers of a bet whose shape already parsed.
func (b Bet) check(code string) error {
	nums := b.nums[:b.n]
	if b.kind == KindTotal {
		if t := nums[0]; t < TotalMin || t > TotalMax {
			return betCodeError(code, ErrBadBetCode, "total %d is outside %d..%d", t, TotalMin, TotalMax)
		}
		return nil
	}
	for _, v := range nums {
		if v < 1 || v > 6 {
			return betCodeError(code, ErrBadBetCode, "%d is not a die face 1..6", v)
		}
	}
	switch b.kind {
	case KindCombo, KindThreeSingles, KindFourNumbers:
		if !increasing(nums) {
			sorted := b
			sortInts(sorted.nums[:sorted.n])
			if distinct(sorted.nums[:sorted.n]) {
				return betCodeError(code, ErrBadBetCode, "numbers must be in increasing order: write %q", sorted.String())
			}
			return betCodeError(code, ErrBadBetCode, "the numbers of %s must be different", b.kind)
		}
	case KindDoubleSingle:
		if nums[0] == nums[1] {
			return betCodeError(code, ErrBadBetCode, "the pair and the single must differ (for three equal dice bet triple:%d)", nums[0])
		}
	}
	if b.kind == KindFourNumbers {
		for _, g := range fourNumberGroups() {
			if [4]int(nums) == g {
				return nil
			}
		}
		return betCodeError(code, ErrBadBetCode, "not a four-number group (groups: 1-2-3-4, 2-3-4-5, 2-3-5-6, 3-4-5-6)")
	}
	return nil
}

// Kind returns the bet's kind, the part of its code before ':'.
func (b Bet) Kind() Kind { return b.kind }

// Numbers returns the numbers after ':' in order (nil for a bet without).
func (b Bet) Numbers() []int {
	if b.n == 0 {
		return nil
	}
	return append([]int(nil), b.nums[:b.n]...)
}

// String returns the bet's canonical code.
func (b Bet) String() string {
	if b.n == 0 {
		return string(b.kind)
	}
	var sb strings.Builder
	sb.WriteString(string(b.kind))
	sb.WriteByte(':')
	for i, v := range b.nums[:b.n] {
		if i > 0 {
			sb.WriteByte('-')
		}
		sb.WriteString(strconv.Itoa(v))
	}
	return sb.String()
}

// AllBets returns every valid bet code of Sic Bo, whatever a paytable
// offers, kind by kind in listing order and, within a kind, in increasing
// numeric order.
func AllBets() []Bet {
	var out []Bet
	for _, k := range Kinds() {
		out = append(out, betsOfKind(k)...)
	}
	return out
}

// betsOfKind enumerates the valid bets of one kind.
func betsOfKind(k Kind) []Bet {
	switch k {
	case KindSingle, KindDouble, KindTriple:
		out := make([]Bet, 0, 6)
		for n := 1; n <= 6; n++ {
			out = append(out, Bet{kind: k, nums: [4]int{n}, n: 1})
		}
		return out
	case KindTotal:
		out := make([]Bet, 0, TotalMax-TotalMin+1)
		for t := TotalMin; t <= TotalMax; t++ {
			out = append(out, Bet{kind: k, nums: [4]int{t}, n: 1})
		}
		return out
	case KindCombo:
		var out []Bet
		for a := 1; a <= 6; a++ {
			for b := a + 1; b <= 6; b++ {
				out = append(out, Bet{kind: k, nums: [4]int{a, b}, n: 2})
			}
		}
		return out
	case KindThreeSingles:
		var out []Bet
		for a := 1; a <= 6; a++ {
			for b := a + 1; b <= 6; b++ {
				for c := b + 1; c <= 6; c++ {
					out = append(out, Bet{kind: k, nums: [4]int{a, b, c}, n: 3})
				}
			}
		}
		return out
	case KindDoubleSingle:
		var out []Bet
		for p := 1; p <= 6; p++ {
			for q := 1; q <= 6; q++ {
				if p != q {
					out = append(out, Bet{kind: k, nums: [4]int{p, q}, n: 2})
				}
			}
		}
		return out
	case KindFourNumbers:
		var out []Bet
		for _, g := range fourNumberGroups() {
			out = append(out, Bet{kind: k, nums: g, n: 4})
		}
		return out
	}
	return []Bet{{kind: k}}
}

// usage says how a kind's numbers are written, for error messages.
func usage(k Kind) string {
	switch k {
	case KindSingle, KindDouble, KindTriple:
		return fmt.Sprintf("one die face: %s:N with N in 1..6", k)
	case KindTotal:
		return fmt.Sprintf("one total: total:T with T in %d..%d", TotalMin, TotalMax)
	case KindCombo:
		return "two different faces in increasing order: combo:A-B with 1 <= A < B <= 6"
	case KindThreeSingles:
		return "three different faces in increasing order: three_singles:A-B-C with 1 <= A < B < C <= 6"
	case KindDoubleSingle:
		return "the pair's face then the single's: double_single:P-Q with P != Q in 1..6"
	case KindFourNumbers:
		return "one of the groups four_numbers:1-2-3-4, 2-3-4-5, 2-3-5-6 or 3-4-5-6"
	}
	return "no numbers"
}

// kindList names every kind, for error messages.
func kindList() string {
	ks := Kinds()
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

func increasing(v []int) bool {
	for i := 1; i < len(v); i++ {
		if v[i] <= v[i-1] {
			return false
		}
	}
	return true
}

func distinct(sorted []int) bool {
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return false
		}
	}
	return true
}

// sortInts sorts at most four numbers in place.
func sortInts(v []int) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}
