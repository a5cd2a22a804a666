package sicbo

import "fmt"

// Dice are the three faces of a Sic Bo result, in the order the dealer
// entered them. The order never matters for settlement.
type Dice [3]int

// Validate returns an error wrapping ErrBadDice unless every die is 1..6.
func (d Dice) Validate() error {
	for i, v := range d {
		if v < 1 || v > 6 {
			return fmt.Errorf("%w: die %d is %d, not a face 1..6", ErrBadDice, i+1, v)
		}
	}
	return nil
}

// String writes the dice as "2-2-5", in the order entered.
func (d Dice) String() string { return fmt.Sprintf("%d-%d-%d", d[0], d[1], d[2]) }

// AllDice returns the 216 ordered outcomes of three dice, the sample space
// of the exact RTP.
func AllDice() []Dice {
	out := make([]Dice, 0, 216)
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			for c := 1; c <= 6; c++ {
				out = append(out, Dice{a, b, c})
			}
		}
	}
	return out
}

// roll is what settlement reads from valid dice.
type roll struct {
	d      Dice
	count  [7]int // count[f] is how many dice show face f
	total  int
	odd    int // how many dice are odd
	triple bool
}

func newRoll(d Dice) roll {
	r := roll{d: d}
	for _, v := range d {
		r.count[v]++
		r.total += v
		r.odd += v % 2
	}
	r.triple = d[0] == d[1] && d[1] == d[2]
	return r
}

// judge decides a bet on a roll: whether it wins, how many dice match (for
// the kinds that pay by it, else 0), and a short clause saying why, for the
// settlement's Rule text.
func judge(b Bet, r roll) (win bool, hits int, why string) {
	n := b.nums
	switch b.kind {
	case KindSmall:
		return rangeBet(r, 4, 10)
	case KindBig:
		return rangeBet(r, 11, 17)
	case KindOdd:
		return parityBet(r, 1)
	case KindEven:
		return parityBet(r, 0)
	case KindSingle:
		c := r.count[n[0]]
		if c == 0 {
			return false, 0, fmt.Sprintf("no die shows %d", n[0])
		}
		return true, c, fmt.Sprintf("%s %d", diceShow(c), n[0])
	case KindDouble:
		c := r.count[n[0]]
		if c < 2 {
			return false, 0, fmt.Sprintf("%s %d", diceShow(c), n[0])
		}
		return true, c, fmt.Sprintf("%s %d", diceShow(c), n[0])
	case KindTriple:
		if r.count[n[0]] == 3 {
			return true, 0, fmt.Sprintf("all three dice show %d", n[0])
		}
		return false, 0, fmt.Sprintf("the dice %s are not triple %d", r.d, n[0])
	case KindAnyTriple:
		if r.triple {
			return true, 0, fmt.Sprintf("the dice %s are a triple", r.d)
		}
		return false, 0, fmt.Sprintf("the dice %s are not a triple", r.d)
	case KindTotal:
		if r.total == n[0] {
			return true, 0, fmt.Sprintf("the dice %s total %d", r.d, r.total)
		}
		return false, 0, fmt.Sprintf("the dice %s total %d, not %d", r.d, r.total, n[0])
	case KindCombo:
		if r.count[n[0]] > 0 && r.count[n[1]] > 0 {
			h := r.count[n[0]] + r.count[n[1]]
			return true, h, fmt.Sprintf("the dice %s show both %d and %d", r.d, n[0], n[1])
		}
		return false, 0, fmt.Sprintf("the dice %s do not show both %d and %d", r.d, n[0], n[1])
	case KindAllOdd:
		return oddCount(r, 3)
	case KindAllEven:
		return oddCount(r, 0)
	case KindTwoOddOneEven:
		return oddCount(r, 2)
	case KindTwoEvenOneOdd:
		return oddCount(r, 1)
	case KindThreeSingles:
		if r.count[n[0]] == 1 && r.count[n[1]] == 1 && r.count[n[2]] == 1 {
			return true, 0, fmt.Sprintf("the dice %s are %d, %d and %d", r.d, n[0], n[1], n[2])
		}
		return false, 0, fmt.Sprintf("the dice %s are not %d, %d and %d", r.d, n[0], n[1], n[2])
	case KindDoubleSingle:
		if r.count[n[0]] == 2 && r.count[n[1]] == 1 {
			return true, 0, fmt.Sprintf("the dice %s are a pair of %d and a %d", r.d, n[0], n[1])
		}
		return false, 0, fmt.Sprintf("the dice %s are not a pair of %d and a %d", r.d, n[0], n[1])
	case KindFourNumbers:
		// Three different numbers, all inside the group (seed 001, read with
		// its 7:1 payout: see doc.go).
		in := r.count[n[0]] + r.count[n[1]] + r.count[n[2]] + r.count[n[3]]
		if in == 3 && r.count[n[0]] <= 1 && r.count[n[1]] <= 1 && r.count[n[2]] <= 1 && r.count[n[3]] <= 1 {
			return true, 0, fmt.Sprintf("the dice %s are three different numbers of %s", r.d, groupName(n))
		}
		return false, 0, fmt.Sprintf("the dice %s are not three different numbers of %s", r.d, groupName(n))
	}
	// ParseBet admits no other kind; reaching here is a programming error.
	panic(fmt.Sprintf("sicbo: judge: unknown kind %q", b.kind))
}

func rangeBet(r roll, lo, hi int) (bool, int, string) {
	if r.triple {
		return false, 0, fmt.Sprintf("the dice %s are a triple", r.d)
	}
	if r.total < lo || r.total > hi {
		return false, 0, fmt.Sprintf("the dice %s total %d, outside %d..%d", r.d, r.total, lo, hi)
	}
	return true, 0, fmt.Sprintf("the dice %s total %d, inside %d..%d and not a triple", r.d, r.total, lo, hi)
}

func parityBet(r roll, parity int) (bool, int, string) {
	name := func(p int) string {
		if p == 1 {
			return "odd"
		}
		return "even"
	}
	if r.triple {
		return false, 0, fmt.Sprintf("the dice %s are a triple", r.d)
	}
	if r.total%2 != parity {
		return false, 0, fmt.Sprintf("the dice %s total %d, %s", r.d, r.total, name(r.total%2))
	}
	return true, 0, fmt.Sprintf("the dice %s total %d, %s and not a triple", r.d, r.total, name(parity))
}

func oddCount(r roll, want int) (bool, int, string) {
	why := fmt.Sprintf("the dice %s have %d odd and %d even", r.d, r.odd, 3-r.odd)
	return r.odd == want, 0, why
}

// diceShow starts a clause about how many dice show a face.
func diceShow(c int) string {
	switch c {
	case 0:
		return "no die shows"
	case 1:
		return "one die shows"
	case 2:
		return "two dice show"
	}
	return "three dice show"
}

func groupName(n [4]int) string { return fmt.Sprintf("%d-%d-%d-%d", n[0], n[1], n[2], n[3]) }
