package craps

import (
	"fmt"
	"math/big"
)

// BetRTP is the exact return of one bet of a paytable, found by solving
// the bet's absorbing Markov chain: its states are the bet's own state
// (its point) and the table's point, each of the 36 rolls moves between
// them with probability 1/36, and a decision absorbs. One-roll bets are
// the one-step chain, the full enumeration of the 36 rolls. All figures
// are exact fractions for one unit staked, before any rounding to a
// currency.
type BetRTP struct {
	Code string
	Kind Kind
	// Name is the source's name of the bet.
	Name string
	// Pays is what the bet pays (see Paytable.Pays).
	Pays string
	// Context says where the bet was placed for these figures (see RTP).
	Context string
	// Win, Lose and Push are the probabilities of the bet's outcomes; they
	// add up to 1 because every bet is decided by the hand's seven-out at
	// the latest.
	Win, Lose, Push *big.Rat
	// Rolls is the expected number of rolls from placement to decision,
	// the deciding roll included.
	Rolls *big.Rat
	// Commission is what placing one unit costs on top of the stake: 1/20
	// for buy, 1/20 of the lay odds for lay, 0 otherwise.
	Commission *big.Rat
	// RTP is the expected return per unit staked and per bet decided:
	// E[returned] − Commission. A push is a decided bet (don't pass 3/220
	// is per bet, not per resolved bet).
	RTP *big.Rat
}

// HouseEdge returns 1 − RTP: the house's expected win per unit staked and
// per bet decided.
func (b BetRTP) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), b.RTP) }

// EdgePerRoll returns HouseEdge / Rolls: the house's expected win per unit
// staked and per roll the bet is in play.
func (b BetRTP) EdgePerRoll() *big.Rat { return new(big.Rat).Quo(b.HouseEdge(), b.Rolls) }

// EdgePerResolved returns HouseEdge / (1 − Push): the edge per bet that
// won or lost, ignoring pushes (don't pass: 3/214).
func (b BetRTP) EdgePerResolved() *big.Rat {
	return new(big.Rat).Quo(b.HouseEdge(), new(big.Rat).Sub(big.NewRat(1, 1), b.Push))
}

// EdgeOfTotal returns HouseEdge / (1 + Commission): the edge per unit the
// player puts down, commission included (buy: 1/21).
func (b BetRTP) EdgeOfTotal() *big.Rat {
	return new(big.Rat).Quo(b.HouseEdge(), new(big.Rat).Add(big.NewRat(1, 1), b.Commission))
}

// pointWeights are the chances of each point being set by a come-out roll
// that sets one (3, 4, 5, 5, 4, 3 in 24), the context of the line bets'
// odds and of the bets placed while a point is on.
func pointWeights() map[int]*big.Rat {
	w := map[int]int64{4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}
	out := make(map[int]*big.Rat, len(w))
	for p, n := range w {
		out[p] = big.NewRat(n, 24)
	}
	return out
}

// Contexts of the RTP table.
const (
	contextComeOut = "come-out roll"
	contextPoint   = "point on (points weighted 3:4:5:5:4:3); working"
)

// RTP returns the exact RTP of every bet the paytable offers, in listing
// order. Pass and don't pass are placed on a come-out roll; every other
// bet with a point on, the point weighted by how often a come-out roll
// sets it (odds behind the pass line stand on that point), and as working.
// The working flag changes no bet's RTP per bet decided (come odds that
// come back unplayed have an edge of 0 as when played), only how many
// rolls a bet that is off lasts: RTPIn gives any other context.
func RTP(pt *Paytable) []BetRTP {
	out := make([]BetRTP, 0, len(pt.codes))
	for _, b := range pt.codes {
		out = append(out, standardRTP(pt, b))
	}
	return out
}

// RTPOf returns the exact RTP of one bet in the context RTP uses, or the
// *BetCodeError of BetKind.
func RTPOf(pt *Paytable, code string) (BetRTP, error) {
	b, err := pt.bet(code)
	if err != nil {
		return BetRTP{}, err
	}
	return standardRTP(pt, b), nil
}

// RTPIn returns the exact RTP of one bet placed with the table's point at
// point (0 for a come-out roll) and the working flag, or the errors of
// SettleSequence for a code, point or table state that do not fit.
func RTPIn(pt *Paytable, code string, point int, working bool) (BetRTP, error) {
	b, err := pt.bet(code)
	if err != nil {
		return BetRTP{}, err
	}
	if point != 0 && !IsPoint(point) {
		return BetRTP{}, fmt.Errorf("%w: %d, want 0 (come-out) or 4, 5, 6, 8, 9, 10", ErrBadPoint, point)
	}
	t := Table{Point: point}
	s, err := initState(b, t)
	if err != nil {
		return BetRTP{}, err
	}
	ctx := contextComeOut
	if point != 0 {
		ctx = fmt.Sprintf("point %d", point)
	}
	if working {
		ctx += "; working"
	}
	a := solveChain(pt, b, s, t, working)
	return a.rtp(pt, b, ctx), nil
}

func standardRTP(pt *Paytable, b Bet) BetRTP {
	if b.kind == KindPass || b.kind == KindDontPass {
		t := Table{}
		s, _ := initState(b, t)
		return solveChain(pt, b, s, t, false).rtp(pt, b, contextComeOut)
	}
	var mix absorption
	mix.zero()
	for p, w := range pointWeights() {
		t := Table{Point: p}
		s, err := initState(b, t)
		if err != nil {
			panic(fmt.Sprintf("craps: %s refused with point %d: %v", b, p, err))
		}
		mix.addScaled(solveChain(pt, b, s, t, true), w)
	}
	return mix.rtp(pt, b, contextPoint)
}

// absorption is what a chain gives for one starting state: the expected
// return (stake included, commission not), the outcome probabilities and
// the expected rolls.
type absorption struct {
	ret, win, lose, push, rolls *big.Rat
}

func (a *absorption) zero() {
	a.ret, a.win, a.lose, a.push, a.rolls = new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat), new(big.Rat)
}

func (a *absorption) addScaled(o absorption, w *big.Rat) {
	for _, pair := range [][2]*big.Rat{{a.ret, o.ret}, {a.win, o.win}, {a.lose, o.lose}, {a.push, o.push}, {a.rolls, o.rolls}} {
		pair[0].Add(pair[0], new(big.Rat).Mul(pair[1], w))
	}
}

func (a absorption) rtp(pt *Paytable, b Bet, ctx string) BetRTP {
	code := b.String()
	c := pt.CommissionRate(code)
	return BetRTP{
		Code: code, Kind: b.kind, Name: pt.Name(code), Pays: pt.Pays(code), Context: ctx,
		Win: a.win, Lose: a.lose, Push: a.push, Rolls: a.rolls,
		Commission: c,
		RTP:        new(big.Rat).Sub(a.ret, c),
	}
}

// chainStatesMax bounds the chain of one bet: its own point (7 values)
// times the table's (7) is 49; no bet reaches more than a few.
const chainStatesMax = 64

type node struct {
	s state
	t Table
}

// solveChain builds the bet's absorbing Markov chain from (s0, t0) by
// breadth-first search over the 36 rolls and solves (I−Q)·X = R exactly,
// where R holds, per transient state, the one-step expected return, the
// outcome probabilities and 1 (for the expected rolls).
func solveChain(pt *Paytable, b Bet, s0 state, t0 Table, working bool) absorption {
	const cols = 5 // ret, win, lose, push, rolls
	idx := map[node]int{{s0, t0}: 0}
	nodes := []node{{s0, t0}}
	var q [][]*big.Rat // q[i][j]: transient i -> j
	var r [][cols]*big.Rat
	p36 := big.NewRat(1, 36)
	for i := 0; i < len(nodes); i++ {
		n := nodes[i]
		row := map[int]*big.Rat{}
		var rhs [cols]*big.Rat
		for c := range rhs {
			rhs[c] = new(big.Rat)
		}
		rhs[4].SetInt64(1)
		for _, roll := range AllRolls() {
			s, d := step(b, n.s, n.t, working, roll)
			if d.v != vOpen {
				switch d.v {
				case vWon:
					m := new(big.Rat).Add(big.NewRat(1, 1), pt.lineFor(b, d.key).odds.Rat())
					rhs[0].Add(rhs[0], m.Mul(m, p36))
					rhs[1].Add(rhs[1], p36)
				case vLost:
					rhs[2].Add(rhs[2], p36)
				case vPush:
					rhs[0].Add(rhs[0], p36)
					rhs[3].Add(rhs[3], p36)
				}
				continue
			}
			t, _ := n.t.Next(roll)
			if t.Over {
				panic(fmt.Sprintf("craps: %s open after a seven-out", b))
			}
			k := node{s, t}
			j, ok := idx[k]
			if !ok {
				if len(nodes) == chainStatesMax {
					panic(fmt.Sprintf("craps: the chain of %s has more than %d states", b, chainStatesMax))
				}
				j = len(nodes)
				idx[k] = j
				nodes = append(nodes, k)
			}
			if row[j] == nil {
				row[j] = new(big.Rat)
			}
			row[j].Add(row[j], p36)
		}
		dense := make([]*big.Rat, chainStatesMax)
		for j, v := range row {
			dense[j] = v
		}
		q = append(q, dense)
		r = append(r, rhs)
	}
	n := len(nodes)
	// a = I − Q, augmented with R.
	a := make([][]*big.Rat, n)
	for i := range a {
		a[i] = make([]*big.Rat, n+cols)
		for j := 0; j < n; j++ {
			v := new(big.Rat)
			if q[i][j] != nil {
				v.Neg(q[i][j])
			}
			if i == j {
				v.Add(v, big.NewRat(1, 1))
			}
			a[i][j] = v
		}
		for c := 0; c < cols; c++ {
			a[i][n+c] = r[i][c]
		}
	}
	gaussJordan(a, n)
	return absorption{ret: a[0][n], win: a[0][n+1], lose: a[0][n+2], push: a[0][n+3], rolls: a[0][n+4]}
}

// gaussJordan reduces the n×n left block of the augmented matrix a to the
// identity, so the right block holds the solution. I − Q of an absorbing
// chain is invertible; a zero pivot column is a bug.
func gaussJordan(a [][]*big.Rat, n int) {
	for col := 0; col < n; col++ {
		piv := -1
		for row := col; row < n; row++ {
			if a[row][col].Sign() != 0 {
				piv = row
				break
			}
		}
		if piv < 0 {
			panic("craps: singular chain")
		}
		a[col], a[piv] = a[piv], a[col]
		inv := new(big.Rat).Inv(a[col][col])
		for j := range a[col] {
			a[col][j].Mul(a[col][j], inv)
		}
		for row := 0; row < n; row++ {
			if row == col || a[row][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(a[row][col])
			for j := range a[row] {
				a[row][j].Sub(a[row][j], new(big.Rat).Mul(f, a[col][j]))
			}
		}
	}
}
