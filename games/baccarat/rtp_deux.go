package baccarat

import (
	"math/big"
	"math/bits"
)

// Outcomes of one tableau in the reference play's joint distribution.
const (
	bankWins    = 0
	tableauTies = 1
	puntersWin  = 2
)

// DeuxFigures are the exact figures of baccarat à deux tableaux under the
// reference play (DeuxRTP), over every ordered deal of a coup from a full
// shoe without replacement.
type DeuxFigures struct {
	// Joint[i][j] is the probability that tableau 1 ends i and tableau 2
	// ends j, where 0 is a bank win, 1 a tie and 2 a punters' win.
	Joint [3][3]*big.Rat
	// Bets are the RTP of tableau:1, tableau:2, a_caballo, line:1 and
	// line:2 for the punters (the cagnotte is taken from the bank, never
	// from a punter). A caballo is the mean of the two tableaux and a line
	// bet half its tableau's return plus the half that does not play: exact
	// for stakes of an even number of units.
	Bets []BetRTP
	// BankNet is the bank's expected net win per unit of bank exposed, when
	// the punters put equal stakes on the two tableaux that together use
	// the whole bank: E[(r1 + r2)/2] with r = +1, 0, −1 for a bank win, a
	// tie and a loss on a tableau. Before the cagnotte.
	BankNet *big.Rat
	// Cagnotte is the expected cagnotte per unit of bank exposed, with the
	// same stakes, at the paytable's rate: rate · E[max((r1 + r2)/2, 0)].
	// The rounding up to the currency's unit is not in the figure.
	Cagnotte *big.Rat
	// BankerFree is the probability that the banker has a choice (the
	// table disagrees between the tableaux, or an optional case with both
	// tableaux in play).
	BankerFree *big.Rat
}

// u128 is an unsigned 128-bit count: the ordered deals of nine cards from
// six decks, (312)_9 ≈ 2.8·10^22, do not fit in 64 bits.
type u128 struct{ hi, lo uint64 }

func mul128(a, b uint64) u128 {
	hi, lo := bits.Mul64(a, b)
	return u128{hi, lo}
}

func (a *u128) add(b u128) {
	var c uint64
	a.lo, c = bits.Add64(a.lo, b.lo, 0)
	a.hi, _ = bits.Add64(a.hi, b.hi, c)
}

func (a u128) big() *big.Int {
	r := new(big.Int).SetUint64(a.hi)
	r.Lsh(r, 64)
	return r.Or(r, new(big.Int).SetUint64(a.lo))
}

// deuxDealMax is the most cards a coup of deux tableaux deals: three hands
// of two and three third cards.
const deuxDealMax = 9

// tableau states of the banker's information set: natural, stood, or the
// third card's value (2 + v).
const (
	stateNatural = 0
	stateStood   = 1
	stateCount   = 12
)

// DeuxRTP returns the exact figures of pt (a deux tableaux paytable) over
// pt's shoe under the reference play, a fixed way to resolve the choices
// the seed leaves to the players, since no figure exists without one:
//
//   - The punters holding each tableau draw on 0..5 and stand on 6 and 7
//     (punto banco's player; the seed lets them choose on 5).
//   - The banker follows the table where DeuxBanker binds him. Where it
//     leaves him free he takes, for equal stakes on the two tableaux, the
//     choice with the higher expected result for the bank given what he
//     knows: his two cards, which tableau abated, stood (so holds 6 or 7)
//     or drew, and the tableaux' third cards, which are dealt face up.
//     Equal expectations stand.
//
// The enumeration walks the two-card hands of tableau 1, tableau 2 and the
// banker by value with their multiplicities, then the third cards, and
// brings every deal's weight to the common denominator (52·decks)_9. For
// each of the banker's information sets it keeps the joint outcome of both
// choices where he is free, picks the better one and adds up.
func DeuxRTP(pt *Paytable) DeuxFigures { return deuxFigures(pt, DeuxBanker) }

// deuxFigures is DeuxRTP with the banker's rule as a parameter, so that a
// test can check the enumeration against punto banco's.
func deuxFigures(pt *Paytable, banker func(b int, t [2]TableauState) Choice) DeuxFigures {
	s := newShoe(pt.data.Decks)
	n := s.total
	var tail [deuxDealMax + 1]uint64
	for m := 6; m <= deuxDealMax; m++ {
		tail[m] = falling(n-uint64(m), uint64(deuxDealMax-m))
	}
	ps := pairs()
	// acc[key][drew][class]: key is the banker's pair and both tableaux'
	// states, class = 3·outcome1 + outcome2.
	acc := make([][2][9]u128, len(ps)*stateCount*stateCount)
	var free u128
	var t [2]int
	var st [2]TableauState
	outcome := func(tp, b int) int {
		switch {
		case tp > b:
			return puntersWin
		case tp < b:
			return bankWins
		}
		return tableauTies
	}
	leaf := func(key int, drew int, w, f uint64, m int, p1, p2, b int) {
		acc[key][drew][3*outcome(p1, b)+outcome(p2, b)].add(mul128(w, f*tail[m]))
	}
	stateOf := func(i int) int {
		switch {
		case st[i].Natural:
			return stateNatural
		case st[i].Third == NoCard:
			return stateStood
		}
		return 2 + st[i].Third
	}
	for _, p1 := range ps {
		w1 := s.take(p1)
		if w1 == 0 {
			continue
		}
		for _, p2 := range ps {
			w2 := s.take(p2)
			if w2 == 0 {
				continue
			}
			for bi, bp := range ps {
				wb := s.take(bp)
				if wb == 0 {
					continue
				}
				w := w1 * w2 * wb
				t[0], t[1] = int((p1.x+p1.y)%10), int((p2.x+p2.y)%10)
				b := int((bp.x + bp.y) % 10)
				if b >= 8 {
					leaf(bi*stateCount*stateCount, 0, w, 1, 6, t[0], t[1], b)
					s.put(bp)
					continue
				}
				// Each tableau: abate, stand, or draw one of ten values.
				var lo, hi [2]int
				for i := range 2 {
					lo[i], hi[i] = NoCard, NoCard
					if t[i] <= 5 {
						lo[i], hi[i] = 0, 9
					}
				}
				for v1 := lo[0]; v1 <= hi[0]; v1++ {
					f1 := uint64(1)
					if v1 != NoCard {
						if f1 = s.counts[v1]; f1 == 0 {
							continue
						}
						s.counts[v1]--
					}
					for v2 := lo[1]; v2 <= hi[1]; v2++ {
						f2 := f1
						if v2 != NoCard {
							c := s.counts[v2]
							if c == 0 {
								continue
							}
							f2 *= c
							s.counts[v2]--
						}
						m := 6
						q := t
						for i, v := range [2]int{v1, v2} {
							st[i] = TableauState{Natural: t[i] >= 8, Third: v}
							if v != NoCard {
								m++
								q[i] = (t[i] + v) % 10
							}
						}
						key := (bi*stateCount+stateOf(0))*stateCount + stateOf(1)
						choice := banker(b, st)
						if choice == Either {
							free.add(mul128(w, f2*tail[m]))
						}
						if choice != Draw {
							leaf(key, 0, w, f2, m, q[0], q[1], b)
						}
						if choice != Stand {
							for u := range 10 {
								if c := s.counts[u]; c > 0 {
									leaf(key, 1, w, f2*c, m+1, q[0], q[1], (b+u)%10)
								}
							}
						}
						if v2 != NoCard {
							s.counts[v2]++
						}
					}
					if v1 != NoCard {
						s.counts[v1]++
					}
				}
				s.put(bp)
			}
			s.put(p2)
		}
		s.put(p1)
	}
	// The banker's choice in each information set, then the totals.
	var joint [9]*big.Int
	for i := range joint {
		joint[i] = new(big.Int)
	}
	bankResult := func(cl *[9]u128) *big.Int {
		r := new(big.Int)
		for c := range 9 {
			o1, o2 := c/3, c%3
			r.Add(r, new(big.Int).Mul(cl[c].big(), big.NewInt(int64(2-o1-o2))))
		}
		return r
	}
	for k := range acc {
		chosen := &acc[k][0]
		if isZero(acc[k][0]) {
			chosen = &acc[k][1]
		} else if !isZero(acc[k][1]) && bankResult(&acc[k][1]).Cmp(bankResult(&acc[k][0])) > 0 {
			chosen = &acc[k][1]
		}
		for c := range 9 {
			joint[c].Add(joint[c], chosen[c].big())
		}
	}
	den := new(big.Int).SetUint64(1)
	for i := range uint64(deuxDealMax) {
		den.Mul(den, new(big.Int).SetUint64(n-i))
	}
	var f DeuxFigures
	for c := range 9 {
		f.Joint[c/3][c%3] = new(big.Rat).SetFrac(joint[c], den)
	}
	f.BankerFree = new(big.Rat).SetFrac(free.big(), den)
	f.BankNet, f.Cagnotte = new(big.Rat), new(big.Rat)
	for i := range 3 {
		for j := range 3 {
			net := big.NewRat(int64(2-i-j), 2) // (r1 + r2)/2 with r = 1 − outcome
			term := new(big.Rat).Mul(net, f.Joint[i][j])
			f.BankNet.Add(f.BankNet, term)
			if net.Sign() > 0 {
				f.Cagnotte.Add(f.Cagnotte, term)
			}
		}
	}
	f.Cagnotte.Mul(f.Cagnotte, pt.cagnotte.Rat())
	f.Bets = deuxBets(pt, &f)
	return f
}

func isZero(cl [9]u128) bool {
	for _, c := range cl {
		if c.hi != 0 || c.lo != 0 {
			return false
		}
	}
	return true
}

// deuxBets turns the joint distribution into the RTP of every bet.
func deuxBets(pt *Paytable, f *DeuxFigures) []BetRTP {
	var win, push, lose, rtp [2]*big.Rat
	for i := range 2 {
		win[i], push[i], lose[i] = new(big.Rat), new(big.Rat), new(big.Rat)
		for a := range 3 {
			for b := range 3 {
				o := a
				if i == 1 {
					o = b
				}
				switch o {
				case puntersWin:
					win[i].Add(win[i], f.Joint[a][b])
				case tableauTies:
					push[i].Add(push[i], f.Joint[a][b])
				default:
					lose[i].Add(lose[i], f.Joint[a][b])
				}
			}
		}
		rtp[i] = rtpOf(pt, KindTableau, win[i], push[i])
	}
	half := big.NewRat(1, 2)
	out := make([]BetRTP, 0, 5)
	for _, b := range betsOf(FormDeuxTableaux) {
		r := BetRTP{Code: b.String(), Kind: b.kind, Name: pt.lines[b.kind].Name, Pays: pt.Pays(b.String())}
		switch b.kind {
		case KindTableau:
			i := b.tableau - 1
			r.Win, r.Push, r.Lose, r.RTP = win[i], push[i], lose[i], rtp[i]
		case KindACaballo:
			r.RTP = new(big.Rat).Add(rtp[0], rtp[1])
			r.RTP.Mul(r.RTP, half)
		case KindLine:
			i := b.tableau - 1
			r.Win, r.Push, r.Lose = win[i], push[i], lose[i]
			r.RTP = new(big.Rat).Add(half, new(big.Rat).Mul(half, rtp[i]))
		}
		out = append(out, r)
	}
	return out
}
