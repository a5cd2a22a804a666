package poker

import (
	"math/big"
	"slices"
)

// UpCardDealerHands is C(46,4): the dealer's hands that hold a given up
// card once the player's five cards are out.
const UpCardDealerHands = 163185

// OptimalAnte is the exact result of the optimal strategy, which calls or
// folds knowing the player's five cards and the dealer's up card.
type OptimalAnte struct {
	// RTP is the whole hand's return per unit of ante (as AnteRTP).
	RTP *big.Rat
	// Calls counts the (player hand, up card) situations where calling is
	// better than folding, out of PlayerHands × 47.
	Calls int64
}

// OptimalAnteRTP computes the ante's exact return under the optimal
// strategy for this paytable. For every player hand and each of the 47
// up cards it counts, exactly, the C(46,4) dealer hands that hold the up
// card by how they settle — the same inclusion–exclusion as
// EnumerateDeals over sets that also hold the up card — and the player
// calls when calling loses less than the ante. Player hands are taken once
// per class of hands equal up to a renaming of the suits (134,459
// classes), weighted by the class's size, since renaming suits changes no
// count. It takes about a minute and 135 MB; tests run it with -exact.
func (p *Paytable) OptimalAnteRTP() OptimalAnte {
	t := buildDealTables()
	q := t.index(AceKing)
	ante := ratOf(p.data.Ante)
	m := big.NewRat(p.data.CallMultiple, 1)
	// Per category, what a win and a loss of the call are worth in antes.
	var win [CategoriesCount]*big.Rat
	for c := range win {
		win[c] = new(big.Rat).Add(ante, new(big.Rat).Mul(m, ratOf(p.call[c].Odds)))
	}
	lose := new(big.Rat).Add(big.NewRat(1, 1), m)
	net := new(big.Rat)
	var calls int64
	for _, cl := range suitClasses() {
		pc := cl.cards
		var pv uint16 = t.colex[setIndex(pc[:]...)]
		cat := t.values[pv].Category()
		for u := range DeckCards {
			if slices.Contains(pc[:], u) {
				continue
			}
			fq := t.underUp(&pc, u, q)
			c := DealCounts{NoQualify: fq}
			if pv >= q {
				fv, fv1 := t.underUp(&pc, u, pv), t.underUp(&pc, u, pv+1)
				c.Win, c.Tie, c.Lose = fv-fq, fv1-fv, UpCardDealerHands-fv1
			} else {
				c.Lose = UpCardDealerHands - fq
			}
			call := new(big.Rat).Mul(ante, big.NewRat(c.NoQualify, 1))
			call.Add(call, new(big.Rat).Mul(win[cat], big.NewRat(c.Win, 1)))
			call.Sub(call, new(big.Rat).Mul(lose, big.NewRat(c.Lose, 1)))
			best := big.NewRat(-UpCardDealerHands, 1)
			if call.Cmp(best) > 0 {
				best = call
				calls += cl.weight
			}
			net.Add(net, best.Mul(best, big.NewRat(cl.weight, 1)))
		}
	}
	net.Quo(net, big.NewRat(int64(PlayerHands)*47*UpCardDealerHands, 1))
	return OptimalAnte{RTP: net.Add(net, big.NewRat(1, 1)), Calls: calls}
}

// underUp counts the dealer hands that hold the up card u, hold none of
// the player's cards p, and rank below th: Σ over S ⊆ p of
// (−1)^|S| N_{S∪{u}}(th).
func (t *dealTables) underUp(p *[HandCards]int, u int, th uint16) int64 {
	const w = HandValues + 1
	n := int64(t.cum1[u][th])
	var buf [HandCards]int
	set := func(cs ...int) []int {
		b := append(buf[:0], cs...)
		slices.Sort(b)
		return b
	}
	for i := range HandCards {
		n -= int64(t.cum2[setIndex(set(u, p[i])...)*w+int(th)])
		for j := i + 1; j < HandCards; j++ {
			s := setIndex(set(u, p[i], p[j])...)
			c, _ := slices.BinarySearch(t.list3[s*perTriple:(s+1)*perTriple], th)
			n += int64(c)
			for k := j + 1; k < HandCards; k++ {
				s := setIndex(set(u, p[i], p[j], p[k])...)
				c, _ := slices.BinarySearch(t.list4[s*perQuad:(s+1)*perQuad], th)
				n -= int64(c)
				for l := k + 1; l < HandCards; l++ {
					if t.colex[setIndex(set(u, p[i], p[j], p[k], p[l])...)] < th {
						n++
					}
				}
			}
		}
	}
	return n
}

// suitClass is one class of player hands equal up to a renaming of the
// suits: its smallest member's card indexes and its size.
type suitClass struct {
	cards  [HandCards]int
	weight int64
}

// suitClasses lists the 134,459 classes of the 2,598,960 hands.
func suitClasses() []suitClass {
	var perms [][4]int
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				for d := range 4 {
					if a != b && a != c && a != d && b != c && b != d && c != d {
						perms = append(perms, [4]int{a, b, c, d})
					}
				}
			}
		}
	}
	weight := map[[HandCards]int]int64{}
	forEachIndexHand(func(p *[HandCards]int, _ Hand) {
		best := *p
		for _, pm := range perms {
			var x [HandCards]int
			for i, c := range p {
				x[i] = c/4*4 + pm[c%4]
			}
			slices.Sort(x[:])
			if slices.Compare(x[:], best[:]) < 0 {
				best = x
			}
		}
		weight[best]++
	})
	out := make([]suitClass, 0, len(weight))
	for k, w := range weight {
		out = append(out, suitClass{k, w})
	}
	slices.SortFunc(out, func(a, b suitClass) int { return slices.Compare(a.cards[:], b.cards[:]) })
	return out
}
