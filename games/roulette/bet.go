package roulette

import (
	"slices"
	"strings"
)

// BetCodeLenMax bounds the length of a bet code; the longest valid one,
// "top_line:0-00-1-2-3", is 19 bytes.
const BetCodeLenMax = 32

// Bet is a parsed bet code: its kind, the numbers written after ':', and
// the pockets it covers. The zero Bet is not a valid bet; get one from
// ParseBet.
type Bet struct {
	kind Kind
	// args are the numbers after ':' as written: pockets, or the index
	// 1..3 of a dozen or column.
	args [5]Pocket
	n    int
	// covers is the set of pockets the bet wins on, bit p for Pocket p.
	covers uint64
}

// newBet builds the bet of kind k on args, computing what it covers. It
// does not validate: ParseBet and layout.bets call it only with numbers
// that form a bet.
func newBet(k Kind, args ...Pocket) Bet {
	b := Bet{kind: k, n: len(args)}
	copy(b.args[:], args)
	add := func(n int) { b.covers |= 1 << uint(n) }
	switch k {
	case KindStraight, KindSplit, KindTrio, KindCorner, KindFirstFour, KindTopLine:
		for _, p := range args {
			add(int(p))
		}
	case KindStreet:
		for n := int(args[0]); n < int(args[0])+3; n++ {
			add(n)
		}
	case KindSixLine:
		for n := int(args[0]); n < int(args[0])+6; n++ {
			add(n)
		}
	default:
		// Dozens, columns and the even chances cover numbers 1..36 only:
		// both zeros lose them (or return half under la partage).
		for n := 1; n <= NumberMax; n++ {
			if coversNumber(k, args, Pocket(n)) {
				add(n)
			}
		}
	}
	return b
}

// coversNumber decides the outside bets on a number 1..36.
func coversNumber(k Kind, args []Pocket, p Pocket) bool {
	switch k {
	case KindDozen:
		return p.Dozen() == int(args[0])
	case KindColumn:
		return p.Column() == int(args[0])
	case KindRed:
		return p.Colour() == ColourRed
	case KindBlack:
		return p.Colour() == ColourBlack
	case KindOdd:
		return p%2 == 1
	case KindEven:
		return p%2 == 0
	case KindLow:
		return p <= 18
	case KindHigh:
		return p >= 19
	}
	return false
}

// ParseBet parses a bet code in its canonical spelling (see the package
// documentation). It accepts a bet of either wheel's layout (a paytable
// then refuses the other wheel's bets as not offered), and returns a
// *BetCodeError wrapping ErrBadBetCode when the code does not parse, names
// a pocket that is not 0, 00 or 1..36, writes a number with a leading zero
// or its numbers out of order (split:2-1 instead of split:1-2, split:2-00
// instead of split:00-2), or names numbers that are no bet of its kind on
// either layout (split:1-5). Only the canonical spelling is accepted
// because codes are keys: in events, limits and reports one bet must have
// one name.
func ParseBet(code string) (Bet, error) {
	if len(code) > BetCodeLenMax {
		return Bet{}, betCodeError(code, ErrBadBetCode, "longer than %d bytes", BetCodeLenMax)
	}
	name, rest, hasArgs := strings.Cut(code, ":")
	k := Kind(name)
	argc, ok := k.arity()
	if !ok {
		return Bet{}, betCodeError(code, ErrBadBetCode, "unknown bet kind %q (kinds: %s)", name, kindList())
	}
	if argc == 0 {
		if hasArgs {
			return Bet{}, betCodeError(code, ErrBadBetCode, "%s takes no numbers: write %q", k, string(k))
		}
		return newBet(k), nil
	}
	parts := strings.Split(rest, "-")
	if !hasArgs || len(parts) != argc {
		return Bet{}, betCodeError(code, ErrBadBetCode, "%s needs %s", k, usage(k))
	}
	args := make([]Pocket, argc)
	for i, s := range parts {
		if k.indexed() {
			if s != "1" && s != "2" && s != "3" {
				return Bet{}, betCodeError(code, ErrBadBetCode, "%q is not 1, 2 or 3: %s needs %s", s, k, usage(k))
			}
			args[i] = Pocket(s[0] - '0')
			continue
		}
		p, err := ParsePocket(s)
		if err != nil {
			return Bet{}, betCodeError(code, ErrBadBetCode, "%q is not a pocket 0, 00 or 1..36 written without leading zeros: %s needs %s", s, k, usage(k))
		}
		args[i] = p
	}
	if !inOrder(args) {
		sorted := slices.Clone(args)
		slices.SortFunc(sorted, func(a, b Pocket) int { return a.order() - b.order() })
		if len(slices.Compact(slices.Clone(sorted))) != len(sorted) {
			return Bet{}, betCodeError(code, ErrBadBetCode, "the numbers of %s must be different", k)
		}
		return Bet{}, betCodeError(code, ErrBadBetCode, "numbers are written ascending, 00 right after 0: write %q", newBet(k, sorted...).String())
	}
	want := newBet(k, args...)
	for _, l := range layouts() {
		for _, b := range l.bets(k) {
			if b.args == want.args {
				return b, nil
			}
		}
	}
	return Bet{}, betCodeError(code, ErrBadBetCode, "not a %s of the table layout: %s needs %s", k, k, usage(k))
}

// inOrder reports whether the pockets are strictly ascending in canonical
// order (0, 00, 1..36).
func inOrder(ps []Pocket) bool {
	for i := 1; i < len(ps); i++ {
		if ps[i].order() <= ps[i-1].order() {
			return false
		}
	}
	return true
}

// Kind returns the bet's kind, the part of its code before ':'.
func (b Bet) Kind() Kind { return b.kind }

// Covers reports whether the bet wins when the ball lands in p.
func (b Bet) Covers(p Pocket) bool { return p.Valid() && b.covers&(1<<uint(p)) != 0 }

// Pockets returns the pockets the bet wins on, in canonical order.
func (b Bet) Pockets() []Pocket {
	var out []Pocket
	for _, p := range (layout{doubleZero: true}).pockets() { // every pocket of either wheel
		if b.Covers(p) {
			out = append(out, p)
		}
	}
	return out
}

// String returns the bet's canonical code.
func (b Bet) String() string {
	if b.n == 0 {
		return string(b.kind)
	}
	var sb strings.Builder
	sb.WriteString(string(b.kind))
	sb.WriteByte(':')
	for i, p := range b.args[:b.n] {
		if i > 0 {
			sb.WriteByte('-')
		}
		sb.WriteString(p.String())
	}
	return sb.String()
}

// AllBets returns every valid bet code of roulette, on either layout, kind
// by kind in listing order and, within a kind, in canonical order of the
// numbers.
func AllBets() []Bet {
	var out []Bet
	for _, k := range Kinds() {
		var kind []Bet
		for _, l := range layouts() {
			for _, b := range l.bets(k) {
				if !slices.ContainsFunc(kind, func(x Bet) bool { return x.args == b.args }) {
					kind = append(kind, b)
				}
			}
		}
		slices.SortFunc(kind, func(x, y Bet) int {
			for i := range x.n {
				if d := x.args[i].order() - y.args[i].order(); d != 0 {
					return d
				}
			}
			return 0
		})
		out = append(out, kind...)
	}
	return out
}

// usage says how a kind's numbers are written, for error messages.
func usage(k Kind) string {
	switch k {
	case KindStraight:
		return "one pocket: straight:N with N 0, 00 or 1..36"
	case KindSplit:
		return "two pockets next to each other on the layout, ascending with 00 right after 0: split:A-B (split:1-2, split:1-4, split:0-00, split:00-3)"
	case KindStreet:
		return "the first number of a row: street:N with N = 1, 4, ..., 34"
	case KindTrio:
		return "trio:0-1-2 or trio:0-2-3 (single zero), trio:0-1-2, trio:0-00-2 or trio:00-2-3 (double zero)"
	case KindCorner:
		return "the four numbers of a square of the layout, ascending: corner:A-B-C-D (corner:1-2-4-5)"
	case KindFirstFour:
		return "its four numbers: first_four:0-1-2-3"
	case KindTopLine:
		return "its five numbers: top_line:0-00-1-2-3"
	case KindSixLine:
		return "the first number of two rows: six_line:N with N = 1, 4, ..., 31"
	case KindDozen:
		return "dozen:1, dozen:2 or dozen:3 (1-12, 13-24, 25-36)"
	case KindColumn:
		return "column:1, column:2 or column:3 (column 1 holds 1, 4, ..., 34)"
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
