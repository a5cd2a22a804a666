package sicbo

// Kind is the part of a bet code before ':' ("total" for "total:9"). The
// ledger's per-kind stake limits are keyed by it.
type Kind string

// The kinds of Sic Bo bet. Each one's winning condition is code (see
// judge); what it pays is paytable data.
const (
	KindSmall         Kind = "small"            // total 4..10, not a triple
	KindBig           Kind = "big"              // total 11..17, not a triple
	KindOdd           Kind = "odd"              // odd total, not a triple
	KindEven          Kind = "even"             // even total, not a triple
	KindSingle        Kind = "single"           // single:N, N shows on 1, 2 or 3 dice
	KindDouble        Kind = "double"           // double:N, N shows on at least two dice
	KindTriple        Kind = "triple"           // triple:N, N shows on all three dice
	KindAnyTriple     Kind = "any_triple"       // any triple
	KindTotal         Kind = "total"            // total:T, the dice add up to T (4..17)
	KindCombo         Kind = "combo"            // combo:A-B, both A and B show
	KindAllOdd        Kind = "all_odd"          // three odd dice
	KindAllEven       Kind = "all_even"         // three even dice
	KindTwoOddOneEven Kind = "two_odd_one_even" // exactly two odd dice
	KindTwoEvenOneOdd Kind = "two_even_one_odd" // exactly two even dice
	KindThreeSingles  Kind = "three_singles"    // three_singles:A-B-C, the dice are A, B and C
	KindDoubleSingle  Kind = "double_single"    // double_single:P-Q, the dice are P, P and Q
	KindFourNumbers   Kind = "four_numbers"     // four_numbers:A-B-C-D, three different dice inside the group
)

// Kinds returns every kind of Sic Bo bet, in the order of listings and RTP
// tables.
func Kinds() []Kind {
	return []Kind{
		KindSmall, KindBig, KindOdd, KindEven,
		KindSingle, KindDouble, KindTriple, KindAnyTriple, KindTotal, KindCombo,
		KindAllOdd, KindAllEven, KindTwoOddOneEven, KindTwoEvenOneOdd,
		KindThreeSingles, KindDoubleSingle, KindFourNumbers,
	}
}

// fourNumberGroups returns the four-number groups of seed 001
// (001_5ab03e8824b694bc.txt). An array value, so no caller can change it.
func fourNumberGroups() [4][4]int {
	return [4][4]int{{1, 2, 3, 4}, {2, 3, 4, 5}, {2, 3, 5, 6}, {3, 4, 5, 6}}
}

// Total range of the total bet: 3 and 18 are the single triples 1-1-1 and
// 6-6-6 and are not offered by either seed.
const (
	TotalMin = 4
	TotalMax = 17
)

// kindSpec says how a kind's code is written and how its paytable lines are
// keyed.
type kindSpec struct {
	// args is how many numbers follow ':'.
	args int
	// hits lists the dice counts a paytable line may key on, for the kinds
	// that pay by how many dice match (single, double, combo); nil for the
	// others, whose lines have Hits 0.
	hits []int
}

// spec returns the kind's spec; ok is false for an unknown kind.
func spec(k Kind) (s kindSpec, ok bool) {
	switch k {
	case KindSmall, KindBig, KindOdd, KindEven, KindAnyTriple,
		KindAllOdd, KindAllEven, KindTwoOddOneEven, KindTwoEvenOneOdd:
		return kindSpec{}, true
	case KindSingle:
		return kindSpec{args: 1, hits: []int{1, 2, 3}}, true
	case KindDouble:
		return kindSpec{args: 1, hits: []int{2, 3}}, true
	case KindTriple, KindTotal:
		return kindSpec{args: 1}, true
	case KindCombo:
		return kindSpec{args: 2, hits: []int{2, 3}}, true
	case KindDoubleSingle:
		return kindSpec{args: 2}, true
	case KindThreeSingles:
		return kindSpec{args: 3}, true
	case KindFourNumbers:
		return kindSpec{args: 4}, true
	}
	return kindSpec{}, false
}

// counts reports whether the kind pays by how many dice match.
func (s kindSpec) counts() bool { return s.hits != nil }

// allowsHits reports whether h is a valid Hits for a line of this kind.
func (s kindSpec) allowsHits(h int) bool {
	if !s.counts() {
		return h == 0
	}
	for _, x := range s.hits {
		if x == h {
			return true
		}
	}
	return false
}
