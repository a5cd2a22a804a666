package baccarat

import (
	"math/big"
)

// BetRTP is the exact return to player of one bet of a paytable: what one
// unit staked returns on average, stake included, over every way the shoe
// can deal a coup.
type BetRTP struct {
	Code string
	Kind Kind
	// Name is the source's name of the bet.
	Name string
	// Pays is what the bet pays (see Paytable.Pays).
	Pays string
	// Win, Push and Lose are the exact probabilities of the bet's outcomes
	// (for a caballo and line bets, of their tableau's outcomes; nil where
	// they do not apply).
	Win, Push, Lose *big.Rat
	// RTP is the exact expected return per unit staked.
	RTP *big.Rat
}

// HouseEdge returns 1 − RTP: the house's edge in punto banco, the bank's
// in deux tableaux.
func (b BetRTP) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), b.RTP) }

// Odds3 are the exact probabilities of a coup's three outcomes.
type Odds3 struct {
	Player, Banker, Tie *big.Rat
}

// shoe is the shoe's cards by value: counts[0] are the tens and faces,
// counts[v] the cards of value v.
type shoe struct {
	counts [10]uint64
	total  uint64
}

func newShoe(decks int) shoe {
	var s shoe
	d := uint64(decks)
	s.counts[0] = 16 * d
	for v := 1; v <= 9; v++ {
		s.counts[v] = 4 * d
	}
	s.total = 52 * d
	return s
}

// falling returns n·(n−1)·…·(n−k+1).
func falling(n, k uint64) uint64 {
	r := uint64(1)
	for i := range k {
		r *= n - i
	}
	return r
}

// pair is one unordered two-card hand by values, with the number of orders
// it can be dealt in.
type pair struct{ x, y, orders uint64 }

func pairs() []pair {
	out := make([]pair, 0, 55)
	for x := range uint64(10) {
		for y := x; y < 10; y++ {
			o := uint64(2)
			if x == y {
				o = 1
			}
			out = append(out, pair{x, y, o})
		}
	}
	return out
}

// take deals the two cards of p from the shoe and returns the number of
// ways (ordered, without replacement), or 0 when the shoe lacks them. put
// gives them back.
func (s *shoe) take(p pair) uint64 {
	w := s.counts[p.x]
	s.counts[p.x]--
	w *= s.counts[p.y]
	s.counts[p.y]--
	if w == 0 {
		s.put(p)
		return 0
	}
	return w * p.orders
}

func (s *shoe) put(p pair) {
	s.counts[p.x]++
	s.counts[p.y]++
}

// PuntoBancoOdds returns the exact probabilities that the player wins, the
// banker wins and a tie, over every ordered deal of a coup from a full shoe
// of decks decks without replacement, under the fixed drawing tableau. It
// enumerates the two-card hands by value with their multiplicities and the
// third cards by value, weighting each deal by the falling counts of the
// values it takes; every weight is brought to the common denominator
// (52·decks)_6, the ordered deals of six cards, so the counts are exact
// integers.
func PuntoBancoOdds(decks int) Odds3 {
	s := newShoe(decks)
	n := s.total
	var tail [7]uint64 // tail[m]: ways to deal the 6−m cards a coup of m cards did not use
	for m := 4; m <= 6; m++ {
		tail[m] = falling(n-uint64(m), uint64(6-m))
	}
	var acc [3]uint64 // player, banker, tie
	leaf := func(w uint64, m int, p, b int) {
		w *= tail[m]
		switch compare(p, b) {
		case WinnerPlayer:
			acc[0] += w
		case WinnerBanker:
			acc[1] += w
		default:
			acc[2] += w
		}
	}
	ps := pairs()
	for _, pp := range ps {
		wp := s.take(pp)
		if wp == 0 {
			continue
		}
		for _, bp := range ps {
			wb := s.take(bp)
			if wb == 0 {
				continue
			}
			w := wp * wb
			p, b := int((pp.x+pp.y)%10), int((bp.x+bp.y)%10)
			switch {
			case p >= 8 || b >= 8:
				leaf(w, 4, p, b)
			case PuntoBancoPlayer(p) == Stand:
				if PuntoBancoBanker(b, NoCard) == Stand {
					leaf(w, 4, p, b)
					break
				}
				for v := range 10 {
					c := s.counts[v]
					if c == 0 {
						continue
					}
					leaf(w*c, 5, p, (b+v)%10)
				}
			default:
				for v := range 10 {
					c := s.counts[v]
					if c == 0 {
						continue
					}
					s.counts[v]--
					p3 := (p + v) % 10
					if PuntoBancoBanker(b, v) == Stand {
						leaf(w*c, 5, p3, b)
					} else {
						for u := range 10 {
							if d := s.counts[u]; d > 0 {
								leaf(w*c*d, 6, p3, (b+u)%10)
							}
						}
					}
					s.counts[v]++
				}
			}
			s.put(bp)
		}
		s.put(pp)
	}
	den := new(big.Int).SetUint64(falling(n, 6))
	rat := func(x uint64) *big.Rat { return new(big.Rat).SetFrac(new(big.Int).SetUint64(x), den) }
	return Odds3{Player: rat(acc[0]), Banker: rat(acc[1]), Tie: rat(acc[2])}
}

// PuntoBancoRTP returns the exact RTP of player, banker and tie under pt
// (a punto banco paytable), from PuntoBancoOdds over pt's shoe: a winning
// bet returns 1 + X/Y (the banker's less the commission rate on the win,
// exactly: the rounding up to the currency's unit is not in the figure), a
// push returns 1.
func PuntoBancoRTP(pt *Paytable) []BetRTP {
	o := PuntoBancoOdds(pt.data.Decks)
	out := make([]BetRTP, 0, 3)
	for _, b := range betsOf(FormPuntoBanco) {
		r := BetRTP{Code: b.String(), Kind: b.kind, Name: pt.lines[b.kind].Name, Pays: pt.Pays(b.String()), Push: new(big.Rat)}
		switch b.kind {
		case KindPlayer:
			r.Win, r.Push, r.Lose = o.Player, o.Tie, o.Banker
		case KindBanker:
			r.Win, r.Push, r.Lose = o.Banker, o.Tie, o.Player
		case KindTie:
			r.Win, r.Lose = o.Tie, new(big.Rat).Add(o.Player, o.Banker)
		}
		r.RTP = rtpOf(pt, b.kind, r.Win, r.Push)
		out = append(out, r)
	}
	return out
}

// rtpOf is win·(1 + X/Y·(1 − commission)) + push.
func rtpOf(pt *Paytable, k Kind, win, push *big.Rat) *big.Rat {
	o := pt.lines[k].Odds
	gain := big.NewRat(o.Win, o.Per)
	if k == KindBanker {
		keep := new(big.Rat).Sub(big.NewRat(1, 1), pt.commission.Rat())
		gain.Mul(gain, keep)
	}
	r := new(big.Rat).Add(big.NewRat(1, 1), gain)
	r.Mul(r, win)
	return r.Add(r, push)
}
