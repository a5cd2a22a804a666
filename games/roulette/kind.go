package roulette

// Kind is the part of a bet code before ':' ("split" for "split:0-00"). A
// paytable prices each kind with one rule, and the ledger's per-kind stake
// limits are keyed by it.
type Kind string

// The kinds of roulette bet. Which pockets each one covers is code (the
// table layout, layout.go); what it pays is paytable data.
const (
	KindStraight  Kind = "straight"   // straight:N, one pocket
	KindSplit     Kind = "split"      // split:A-B, two pockets next to each other
	KindStreet    Kind = "street"     // street:N, the row N, N+1, N+2
	KindTrio      Kind = "trio"       // trio:0-1-2 and the other three-pocket bets at the zeros
	KindCorner    Kind = "corner"     // corner:A-B-C-D, the four numbers of a square
	KindFirstFour Kind = "first_four" // first_four:0-1-2-3, single-zero wheel
	KindTopLine   Kind = "top_line"   // top_line:0-00-1-2-3, double-zero wheel ("Línea Especial")
	KindSixLine   Kind = "six_line"   // six_line:N, the two rows N..N+5
	KindDozen     Kind = "dozen"      // dozen:1|2|3, 1-12, 13-24, 25-36
	KindColumn    Kind = "column"     // column:1|2|3, column 1 holds 1, 4, ..., 34
	KindRed       Kind = "red"        // the 18 red numbers
	KindBlack     Kind = "black"      // the 18 black numbers
	KindOdd       Kind = "odd"        // the odd numbers 1..35
	KindEven      Kind = "even"       // the even numbers 2..36 (not a zero)
	KindLow       Kind = "low"        // 1..18
	KindHigh      Kind = "high"       // 19..36
)

// Kinds returns every kind of roulette bet, in the order of listings and
// RTP tables: from the fewest pockets covered to the most.
func Kinds() []Kind {
	return []Kind{
		KindStraight, KindSplit, KindStreet, KindTrio, KindCorner, KindFirstFour,
		KindTopLine, KindSixLine, KindDozen, KindColumn,
		KindRed, KindBlack, KindOdd, KindEven, KindLow, KindHigh,
	}
}

// arity returns how many numbers follow ':' in a code of the kind; ok is
// false for an unknown kind.
func (k Kind) arity() (n int, ok bool) {
	switch k {
	case KindStraight, KindStreet, KindSixLine, KindDozen, KindColumn:
		return 1, true
	case KindSplit:
		return 2, true
	case KindTrio:
		return 3, true
	case KindCorner, KindFirstFour:
		return 4, true
	case KindTopLine:
		return 5, true
	case KindRed, KindBlack, KindOdd, KindEven, KindLow, KindHigh:
		return 0, true
	}
	return 0, false
}

// EvenMoney reports whether the kind is one of the six even chances (red,
// black, odd, even, low, high): the bets that la partage returns half of
// when the ball lands in a zero.
func (k Kind) EvenMoney() bool {
	switch k {
	case KindRed, KindBlack, KindOdd, KindEven, KindLow, KindHigh:
		return true
	}
	return false
}

// indexed reports whether the kind's one argument is an index 1..3 (dozen,
// column) rather than a pocket.
func (k Kind) indexed() bool { return k == KindDozen || k == KindColumn }
