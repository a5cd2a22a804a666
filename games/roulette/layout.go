package roulette

// layout is the betting table of one wheel, the geometry that decides
// which pockets a split, street, trio, corner or line covers. It is code,
// not paytable data, because it is the same standard layout in every
// casino: the numbers 1..36 in 12 rows of three (row r holds 3r-2, 3r-1,
// 3r; column c holds c, c+3, ..., c+33), with the zeros at the head of the
// columns, beside row 1:
//
//   - single zero (French wheel): 0 heads all three columns, so it borders
//     1, 2 and 3;
//   - double zero (American wheel): 0 heads column 1 and half of column 2,
//     00 the other half of column 2 and column 3, so 0 borders 1, 2 and 00,
//     and 00 borders 0, 2 and 3.
//
// Seed 004 (seeds/004_11b2de8449360267.txt) amends the Chilean catalogue's
// roulette texts but does not restate the layout; this is the standard one.
type layout struct{ doubleZero bool }

// layouts returns the two layouts, single zero first.
func layouts() [2]layout { return [2]layout{{doubleZero: false}, {doubleZero: true}} }

// pockets returns the layout's pockets in canonical order: 0, 00 on a
// double-zero wheel, then 1..36.
func (l layout) pockets() []Pocket {
	out := make([]Pocket, 0, NumberMax+2)
	out = append(out, Zero)
	if l.doubleZero {
		out = append(out, DoubleZero)
	}
	for n := 1; n <= NumberMax; n++ {
		out = append(out, Pocket(n))
	}
	return out
}

// has reports whether the wheel has pocket p.
func (l layout) has(p Pocket) bool {
	if p == DoubleZero {
		return l.doubleZero
	}
	return p.Valid()
}

// adjacent reports whether a and b, with a before b in canonical order,
// share a side on the layout (a split).
func (l layout) adjacent(a, b Pocket) bool {
	if !l.has(a) || !l.has(b) || a.order() >= b.order() {
		return false
	}
	switch a {
	case Zero:
		if l.doubleZero {
			return b == DoubleZero || b == 1 || b == 2
		}
		return b == 1 || b == 2 || b == 3
	case DoubleZero:
		return b == 2 || b == 3
	}
	// Two numbers: side by side in a row, or one above the other.
	return (b == a+1 && a.Column() != 3) || b == a+3
}

// bets returns every bet of kind k on this layout, in canonical order of
// their numbers. Trios are derived, not listed: three pockets, one of them
// a zero, each next to the other two (the points where the zeros meet
// row 1). The zeros with all of row 1 are first_four on a single-zero
// layout and top_line on a double-zero one.
func (l layout) bets(k Kind) []Bet {
	ps := l.pockets()
	var out []Bet
	switch k {
	case KindStraight:
		for _, p := range ps {
			out = append(out, newBet(k, p))
		}
	case KindSplit:
		for i, a := range ps {
			for _, b := range ps[i+1:] {
				if l.adjacent(a, b) {
					out = append(out, newBet(k, a, b))
				}
			}
		}
	case KindTrio:
		for i, a := range ps {
			for j, b := range ps[i+1:] {
				for _, c := range ps[i+1+j+1:] {
					if a.Green() && l.adjacent(a, b) && l.adjacent(a, c) && l.adjacent(b, c) {
						out = append(out, newBet(k, a, b, c))
					}
				}
			}
		}
	case KindStreet, KindSixLine:
		last := NumberMax - 2 // the last row
		if k == KindSixLine {
			last = NumberMax - 5 // the last two rows
		}
		for n := 1; n <= last; n += 3 {
			out = append(out, newBet(k, Pocket(n)))
		}
	case KindCorner:
		for n := 1; n <= NumberMax-4; n++ {
			if a := Pocket(n); a.Column() != 3 {
				out = append(out, newBet(k, a, a+1, a+3, a+4))
			}
		}
	case KindFirstFour:
		if !l.doubleZero {
			out = append(out, newBet(k, Zero, 1, 2, 3))
		}
	case KindTopLine:
		if l.doubleZero {
			out = append(out, newBet(k, Zero, DoubleZero, 1, 2, 3))
		}
	case KindDozen, KindColumn:
		for i := Pocket(1); i <= 3; i++ {
			out = append(out, newBet(k, i))
		}
	default:
		if k.EvenMoney() {
			out = append(out, newBet(k))
		}
	}
	return out
}
