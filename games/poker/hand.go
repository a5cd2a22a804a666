package poker

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/wagerlog/wagerlog/games/cards"
)

// Category is the kind of a five-card hand, from the lowest (HighCard) to
// the highest (RoyalFlush). The seed (004, 6.5.1 "Valor de las jugadas")
// ranks flush < full house < four of a kind < straight flush < royal
// flush for the progressive; the lower categories are the usual poker
// ranking the base game settles with.
type Category uint8

// Categories, lowest first. The royal flush is the ace-high straight
// flush; it is a category of its own because the progressive pays it
// apart (seed 004, 6.6).
const (
	HighCard Category = iota
	Pair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
	RoyalFlush
)

// CategoriesCount is the number of categories.
const CategoriesCount = int(RoyalFlush) + 1

var categoryNames = [CategoriesCount]string{
	"high_card", "pair", "two_pair", "three_of_a_kind", "straight",
	"flush", "full_house", "four_of_a_kind", "straight_flush", "royal_flush",
}

// String returns the category's stable name, "full_house", as paytables,
// events and reports write it.
func (c Category) String() string {
	if int(c) < CategoriesCount {
		return categoryNames[c]
	}
	return fmt.Sprintf("category(%d)", uint8(c))
}

// ParseCategory reads a category's stable name.
func ParseCategory(s string) (Category, bool) {
	for i, n := range categoryNames {
		if n == s {
			return Category(i), true
		}
	}
	return 0, false
}

// MarshalText writes the category's name.
func (c Category) MarshalText() ([]byte, error) {
	if int(c) >= CategoriesCount {
		return nil, fmt.Errorf("poker: no category %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a category's name.
func (c *Category) UnmarshalText(b []byte) error {
	v, ok := ParseCategory(string(b))
	if !ok {
		return fmt.Errorf("poker: unknown hand category %q (want one of %s)", cards.Cut(string(b)), strings.Join(categoryNames[:], ", "))
	}
	*c = v
	return nil
}

// Value is a hand's rank: its category and the ranks that break ties
// between hands of that category, packed so that a higher Value is a
// better hand and equal Values split. Suits never break a tie.
//
// Tie-break ranks, most significant first: for four of a kind the quad
// then the kicker; full house the trips then the pair (the seed grades a
// full "por el trío"); three of a kind the trips then the kickers; two
// pair the high pair, the low pair, the kicker; pair the pair then the
// kickers; flush and high card every card from the highest (the seed
// grades a flush "atendiendo al valor de la carta más alta"); straights
// only their highest card, where A-2-3-4-5 is five-high (the seed's
// lowest straight flush is "del As al 5").
type Value uint32

// Eval ranks a hand. It does not check that the cards are distinct
// (ParseHand does); five equal cards rank as nothing sensible.
func Eval(h Hand) Value {
	var count [16]uint8
	var mask uint16
	flush := true
	suit := h[0].Suit()
	for _, c := range h {
		r := highs[c.Rank()] & 15 // 2..14; the mask spares a bounds check
		count[r]++
		mask |= 1 << r
		if c.Suit() != suit {
			flush = false
		}
	}
	if bits.OnesCount16(mask) == HandCards {
		high := bits.Len16(mask) - 1
		switch {
		case high-bits.TrailingZeros16(mask) == 4:
		case mask == wheel:
			high = 5
		default:
			high = 0
		}
		switch {
		case high == 14 && flush:
			return pack(RoyalFlush, 14)
		case high > 0 && flush:
			return pack(StraightFlush, high)
		case high > 0:
			return pack(Straight, high)
		}
	}
	// Ranks by how many cards share them, then by rank: the order in
	// which they break ties.
	var r [HandCards]int
	n := 0
	for want := uint8(4); want >= 1; want-- {
		for k := 14; k >= 2; k-- {
			if count[k] == want {
				r[n] = k
				n++
			}
		}
	}
	var cat Category
	switch {
	case flush:
		cat = Flush
	case count[r[0]] == 4:
		cat = FourOfAKind
	case count[r[0]] == 3 && count[r[1]] == 2:
		cat = FullHouse
	case count[r[0]] == 3:
		cat = ThreeOfAKind
	case count[r[0]] == 2 && count[r[1]] == 2:
		cat = TwoPair
	case count[r[0]] == 2:
		cat = Pair
	default:
		cat = HighCard
	}
	return pack(cat, r[:n]...)
}

// wheel is A-2-3-4-5 as a rank mask.
const wheel = 1<<14 | 1<<5 | 1<<4 | 1<<3 | 1<<2

func pack(c Category, ranks ...int) Value {
	v := Value(c) << 20
	for i, r := range ranks {
		v |= Value(r) << (16 - 4*i)
	}
	return v
}

// Category returns the hand's category.
func (v Value) Category() Category { return Category(v >> 20) }

// Ranks returns the tie-break ranks, most significant first (2..14).
func (v Value) Ranks() []int {
	var out []int
	for i := range HandCards {
		r := int(v>>(16-4*i)) & 0xf
		if r == 0 {
			break
		}
		out = append(out, r)
	}
	return out
}

// String writes the category and the tie-break ranks, "full_house K-4",
// "straight 5".
func (v Value) String() string {
	rs := v.Ranks()
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = Ranks[r-2 : r-1]
	}
	return v.Category().String() + " " + strings.Join(parts, "-")
}

// AceKing is the lowest hand that qualifies a Caribbean dealer: ace, king,
// four, three, two of mixed suits. Every hand ranking at least AceKing
// qualifies.
var AceKing = pack(HighCard, 14, 13, 4, 3, 2)
