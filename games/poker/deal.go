package poker

import (
	"slices"
)

// DealCounts counts the dealer's hands against one player hand (or summed
// over several), by how the ante and the call settle when the player
// calls.
type DealCounts struct {
	// NoQualify: the dealer has less than ace-king; the ante wins, the
	// call is returned.
	NoQualify int64 `json:"no_qualify"`
	// Win: the dealer qualifies and the player's hand is higher.
	Win int64 `json:"win"`
	// Tie: the dealer qualifies with a hand equal to the player's.
	Tie int64 `json:"tie"`
	// Lose: the dealer qualifies with a higher hand.
	Lose int64 `json:"lose"`
}

// Add returns the sum of two counts.
func (d DealCounts) Add(o DealCounts) DealCounts {
	return DealCounts{d.NoQualify + o.NoQualify, d.Win + o.Win, d.Tie + o.Tie, d.Lose + o.Lose}
}

// Total is the number of dealer hands counted.
func (d DealCounts) Total() int64 { return d.NoQualify + d.Win + d.Tie + d.Lose }

// Exact figures of the enumeration.
const (
	// PlayerHands is C(52,5), the player's possible hands.
	PlayerHands = 2598960
	// DealerHands is C(47,5), the dealer's possible hands once the
	// player's five cards are out.
	DealerHands = 1533939
	// HandValues is the number of distinct hand values (classes of hands
	// that tie).
	HandValues = 7462
)

// EnumerateDeals calls f once for each of the PlayerHands hands (cards in
// increasing CardAt order) with the exact counts of the DealerHands dealer
// hands from the other 47 cards, as they settle against it when the player
// calls and the dealer qualifies with ace-king or better.
//
// It is exact, not a simulation: each count is an inclusion–exclusion over
// the subsets S of the player's cards of the number of hands that contain
// S and fall under a value threshold, Σ (−1)^|S| N_S(t), from tables of
// every hand's value by the single cards, pairs, triples and quadruples it
// contains. That costs one pass over the 2.6M hands to build the tables
// (about 125 MB) and a few table reads per player hand, instead of the 4·10¹²
// player–dealer pairs of a direct enumeration. It takes seconds; callers
// run it once (tests, the paytable tool), never per request.
func EnumerateDeals(f func(player Hand, v Value, c DealCounts)) {
	t := buildDealTables()
	q := t.index(AceKing)
	var h Hand
	var p [HandCards]int
	n := 0
	for p[0] = 0; p[0] < DeckCards; p[0]++ {
		for p[1] = p[0] + 1; p[1] < DeckCards; p[1]++ {
			for p[2] = p[1] + 1; p[2] < DeckCards; p[2]++ {
				for p[3] = p[2] + 1; p[3] < DeckCards; p[3]++ {
					for p[4] = p[3] + 1; p[4] < DeckCards; p[4]++ {
						for i, x := range p {
							h[i] = CardAt(x)
						}
						v := t.hand[n]
						n++
						fq := t.under(&p, v, q)
						var c DealCounts
						c.NoQualify = fq
						if v >= q {
							fv, fv1 := t.under(&p, v, v), t.under(&p, v, v+1)
							c.Win, c.Tie, c.Lose = fv-fq, fv1-fv, DealerHands-fv1
						} else {
							c.Lose = DealerHands - fq
						}
						f(h, t.values[v], c)
					}
				}
			}
		}
	}
}

// dealTables are the counts EnumerateDeals reads. Hand values are their
// indexes in values (0 = the lowest hand), as uint16.
type dealTables struct {
	values []Value   // the HandValues distinct values, increasing
	hand   []uint16  // every hand's value index, in enumeration order
	colex  []uint16  // every hand's value index, by setIndex of its cards
	cum0   []int64   // cum0[t]: hands of index < t
	cum1   [][]int32 // cum1[card][t]: hands with card, of index < t
	cum2   []int32   // cum2[pair*(HandValues+1)+t]: hands with the pair, of index < t
	list3  []uint16  // per triple, the sorted indexes of the 1,176 hands with it
	list4  []uint16  // per quadruple, the sorted indexes of the 48 hands with it
}

const (
	perTriple = 1176 // C(49,2)
	perQuad   = 48
	pairs     = 1326   // C(52,2)
	triples   = 22100  // C(52,3)
	quads     = 270725 // C(52,4)
)

// setIndex ranks an increasing set of card indexes among the sets of its
// size (the combinatorial number system): Σ C(c_i, i+1).
func setIndex(cs ...int) int {
	r := 0
	for i, c := range cs {
		r += choose(c, i+1)
	}
	return r
}

// choose is C(n,k) for the small n and k of a deck and a hand.
func choose(n, k int) int {
	if k > n {
		return 0
	}
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

func buildDealTables() *dealTables {
	t := &dealTables{hand: make([]uint16, 0, PlayerHands), colex: make([]uint16, PlayerHands)}
	raw := make([]Value, 0, PlayerHands)
	forEachIndexHand(func(p *[HandCards]int, h Hand) { raw = append(raw, Eval(h)) })
	t.values = slices.Clone(raw)
	slices.Sort(t.values)
	t.values = slices.Compact(t.values)
	const w = HandValues + 1
	hist0 := make([]int64, w)
	hist1 := make([][]int32, DeckCards)
	for i := range hist1 {
		hist1[i] = make([]int32, w)
	}
	hist2 := make([]int32, pairs*w)
	t.list3 = make([]uint16, triples*perTriple)
	t.list4 = make([]uint16, quads*perQuad)
	fill3 := make([]uint16, triples)
	fill4 := make([]uint8, quads)
	n := 0
	forEachIndexHand(func(p *[HandCards]int, _ Hand) {
		v := uint16(t.index(raw[n]))
		n++
		t.hand = append(t.hand, v)
		t.colex[setIndex(p[:]...)] = v
		hist0[v+1]++
		for i := range HandCards {
			hist1[p[i]][v+1]++
			for j := i + 1; j < HandCards; j++ {
				hist2[setIndex(p[i], p[j])*w+int(v)+1]++
				for k := j + 1; k < HandCards; k++ {
					s := setIndex(p[i], p[j], p[k])
					t.list3[s*perTriple+int(fill3[s])] = v
					fill3[s]++
					for l := k + 1; l < HandCards; l++ {
						s := setIndex(p[i], p[j], p[k], p[l])
						t.list4[s*perQuad+int(fill4[s])] = v
						fill4[s]++
					}
				}
			}
		}
	})
	// Histograms shifted by one become counts under each threshold.
	for i := 1; i < w; i++ {
		hist0[i] += hist0[i-1]
	}
	for _, h := range hist1 {
		for i := 1; i < w; i++ {
			h[i] += h[i-1]
		}
	}
	for s := range pairs {
		h := hist2[s*w : (s+1)*w]
		for i := 1; i < w; i++ {
			h[i] += h[i-1]
		}
	}
	for s := range triples {
		slices.Sort(t.list3[s*perTriple : (s+1)*perTriple])
	}
	for s := range quads {
		slices.Sort(t.list4[s*perQuad : (s+1)*perQuad])
	}
	t.cum0, t.cum1, t.cum2 = hist0, hist1, hist2
	return t
}

// index returns a value's index in t.values.
func (t *dealTables) index(v Value) uint16 {
	i, ok := slices.BinarySearch(t.values, v)
	if !ok {
		panic("poker: a value no hand has")
	}
	return uint16(i)
}

// under counts the dealer hands disjoint from the player's cards p (whose
// own value index is pv) with a value index below th.
func (t *dealTables) under(p *[HandCards]int, pv, th uint16) int64 {
	const w = HandValues + 1
	n := t.cum0[th]
	for i := range HandCards {
		n -= int64(t.cum1[p[i]][th])
		for j := i + 1; j < HandCards; j++ {
			n += int64(t.cum2[setIndex(p[i], p[j])*w+int(th)])
			for k := j + 1; k < HandCards; k++ {
				s := setIndex(p[i], p[j], p[k])
				c, _ := slices.BinarySearch(t.list3[s*perTriple:(s+1)*perTriple], th)
				n -= int64(c)
				for l := k + 1; l < HandCards; l++ {
					s := setIndex(p[i], p[j], p[k], p[l])
					c, _ := slices.BinarySearch(t.list4[s*perQuad:(s+1)*perQuad], th)
					n += int64(c)
				}
			}
		}
	}
	if pv < th {
		n-- // the player's own hand, which contains all five
	}
	return n
}

// forEachIndexHand calls f for every hand in increasing index order with
// its card indexes.
func forEachIndexHand(f func(p *[HandCards]int, h Hand)) {
	var p [HandCards]int
	var h Hand
	for p[0] = 0; p[0] < DeckCards; p[0]++ {
		h[0] = CardAt(p[0])
		for p[1] = p[0] + 1; p[1] < DeckCards; p[1]++ {
			h[1] = CardAt(p[1])
			for p[2] = p[1] + 1; p[2] < DeckCards; p[2]++ {
				h[2] = CardAt(p[2])
				for p[3] = p[2] + 1; p[3] < DeckCards; p[3]++ {
					h[3] = CardAt(p[3])
					for p[4] = p[3] + 1; p[4] < DeckCards; p[4]++ {
						h[4] = CardAt(p[4])
						f(&p, h)
					}
				}
			}
		}
	}
}
