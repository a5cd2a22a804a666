package craps

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/testsize"
)

// seedPays is what each bet pays, copied by hand from seed 003
// (seeds/003_79f68ae152380a01.txt) and, for the line bets the seed does
// not carry, from the standard even-money rule. It is the tests' own copy:
// nothing here reads the paytable's data.
func seedPays(code string, key int) (x, y int64) {
	byPair := func(n int, four, five, six [2]int64) (int64, int64) {
		switch n {
		case 4, 10:
			return four[0], four[1]
		case 5, 9:
			return five[0], five[1]
		}
		return six[0], six[1]
	}
	kind, arg, _ := strings.Cut(code, ":")
	var n int
	fmt.Sscan(arg, &n)
	switch kind {
	case "pass", "dont_pass", "come", "dont_come", "big6", "big8":
		return 1, 1
	case "field": // art. 6: 1 a 1, 2 a 1 si gana con 2 ó 12
		if key == 2 || key == 12 {
			return 2, 1
		}
		return 1, 1
	case "any_seven":
		return 4, 1
	case "any_craps":
		return 7, 1
	case "three", "eleven":
		return 15, 1
	case "two", "twelve":
		return 30, 1
	case "hard": // art. 8
		if n == 4 || n == 10 {
			return 7, 1
		}
		return 9, 1
	case "place": // art. 9
		return byPair(n, [2]int64{9, 5}, [2]int64{7, 5}, [2]int64{7, 6})
	case "buy":
		return byPair(n, [2]int64{2, 1}, [2]int64{3, 2}, [2]int64{6, 5})
	case "place_lose": // art. 10
		return byPair(n, [2]int64{5, 11}, [2]int64{5, 8}, [2]int64{4, 5})
	case "lay":
		return byPair(n, [2]int64{1, 2}, [2]int64{2, 3}, [2]int64{5, 6})
	case "pass_odds": // art. 11, by the line bet's point
		return byPair(key, [2]int64{2, 1}, [2]int64{3, 2}, [2]int64{6, 5})
	case "come_odds":
		return byPair(n, [2]int64{2, 1}, [2]int64{3, 2}, [2]int64{6, 5})
	case "dont_pass_odds": // art. 12
		return byPair(key, [2]int64{1, 2}, [2]int64{2, 3}, [2]int64{5, 6})
	case "dont_come_odds":
		return byPair(n, [2]int64{1, 2}, [2]int64{2, 3}, [2]int64{5, 6})
	}
	panic("seedPays: " + code)
}

// refAnswer is what the reference model says of a bet.
type refAnswer struct {
	refused bool
	outcome games.Outcome
	at      int // index of the deciding roll, -1 while open
	key     int // the number that selects the payout (field total, line point)
}

// reference decides a bet placed with the table's point at tablePoint (0
// for a come-out roll) over rolls, rule by rule as docs/games/craps.md
// words them,
// without the package's step function or table type.
func reference(code string, tablePoint int, working bool, rolls []Roll) refAnswer {
	kind, arg, _ := strings.Cut(code, ":")
	num := 0
	for _, c := range arg {
		num = 10*num + int(c-'0')
	}
	isPoint := func(n int) bool { return n == 4 || n == 5 || n == 6 || n == 8 || n == 9 || n == 10 }
	// Where the table must be to take the bet.
	switch kind {
	case "pass", "dont_pass":
		if tablePoint != 0 {
			return refAnswer{refused: true}
		}
	case "come", "dont_come", "pass_odds", "dont_pass_odds":
		if tablePoint == 0 {
			return refAnswer{refused: true}
		}
	}
	won := func(i, key int) refAnswer { return refAnswer{outcome: games.OutcomeWon, at: i, key: key} }
	lost := func(i int) refAnswer { return refAnswer{outcome: games.OutcomeLost, at: i} }
	push := func(i int) refAnswer { return refAnswer{outcome: games.OutcomePush, at: i} }

	table := tablePoint // the table's point; -1 once the hand is over
	own := 0            // a line bet's own point
	first := true       // a line bet's first roll
	switch kind {
	case "pass_odds", "dont_pass_odds":
		own = tablePoint
	case "come_odds", "dont_come_odds":
		own = num
	case "big6":
		num = 6
	case "big8":
		num = 8
	}
	for i, r := range rolls {
		if table < 0 {
			panic("reference: a bet outlived the hand")
		}
		sum := r[0] + r[1]
		comeOut := table == 0
		// Place, buy, hardways and come odds are off on a come-out roll
		// unless placed as working.
		off := comeOut && !working
		switch kind {
		case "field":
			if sum == 5 || sum == 6 || sum == 7 || sum == 8 {
				return lost(i)
			}
			return won(i, sum)
		case "any_seven":
			if sum == 7 {
				return won(i, 0)
			}
			return lost(i)
		case "any_craps":
			if sum == 2 || sum == 3 || sum == 12 {
				return won(i, 0)
			}
			return lost(i)
		case "two", "three", "eleven", "twelve":
			if (kind == "two" && sum == 2) || (kind == "three" && sum == 3) || (kind == "eleven" && sum == 11) || (kind == "twelve" && sum == 12) {
				return won(i, 0)
			}
			return lost(i)
		case "big6", "big8":
			if sum == num {
				return won(i, 0)
			}
			if sum == 7 {
				return lost(i)
			}
		case "place", "buy":
			if !off && sum == num {
				return won(i, 0)
			}
			if !off && sum == 7 {
				return lost(i)
			}
		case "place_lose", "lay":
			if sum == 7 {
				return won(i, 0)
			}
			if sum == num {
				return lost(i)
			}
		case "hard":
			if !off {
				if sum == 7 {
					return lost(i)
				}
				if sum == num && r[0] == r[1] {
					return won(i, 0)
				}
				if sum == num {
					return lost(i)
				}
			}
		case "pass", "come":
			if first {
				if sum == 7 || sum == 11 {
					return won(i, 0)
				}
				if sum == 2 || sum == 3 || sum == 12 {
					return lost(i)
				}
				own = sum
			} else if sum == own {
				return won(i, 0)
			} else if sum == 7 {
				return lost(i)
			}
			first = false
		case "dont_pass", "dont_come":
			if first {
				if sum == 2 || sum == 3 {
					return won(i, 0)
				}
				if sum == 12 {
					return push(i)
				}
				if sum == 7 || sum == 11 {
					return lost(i)
				}
				own = sum
			} else if sum == 7 {
				return won(i, 0)
			} else if sum == own {
				return lost(i)
			}
			first = false
		case "pass_odds", "come_odds":
			if off && (sum == own || sum == 7) {
				// The come bet is decided with its odds off: they come
				// back.
				return push(i)
			}
			if !off && sum == own {
				return won(i, own)
			}
			if !off && sum == 7 {
				return lost(i)
			}
		case "dont_pass_odds", "dont_come_odds":
			if sum == 7 {
				return won(i, own)
			}
			if sum == own {
				return lost(i)
			}
		default:
			panic("reference: " + kind)
		}
		switch {
		case table == 0 && isPoint(sum):
			table = sum
		case table > 0 && sum == table:
			table = 0
		case table > 0 && sum == 7:
			table = -1
		}
	}
	return refAnswer{outcome: games.OutcomeOpen, at: -1}
}

// refMoney computes win, returned, residue and commission of a reference
// answer with rationals.
func refMoney(code string, a refAnswer, stake decimal.Decimal, scale int32) (win, returned, residue, commission decimal.Decimal) {
	zero := decimal.New(0, -scale)
	win, returned, residue, commission = zero, zero, zero, zero
	unit := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil))
	floorTo := func(x, u *big.Rat) *big.Rat { // largest multiple of u not above x
		q := new(big.Rat).Quo(x, u)
		n := new(big.Int).Quo(q.Num(), q.Denom())
		return new(big.Rat).Mul(new(big.Rat).SetInt(n), u)
	}
	ceilTo := func(x, u *big.Rat) *big.Rat {
		f := floorTo(x, u)
		if f.Cmp(x) < 0 {
			f.Add(f, u)
		}
		return f
	}
	toDec := func(x *big.Rat, places int32) decimal.Decimal { return decimal.NewFromBigRat(x, places) }
	kind, _, _ := strings.Cut(code, ":")
	if kind == "buy" || kind == "lay" {
		base := stake.Rat()
		if kind == "lay" {
			x, y := seedPays(code, 0)
			base.Mul(base, big.NewRat(x, y))
		}
		commission = toDec(ceilTo(base.Mul(base, big.NewRat(5, 100)), unit), scale)
	}
	switch a.outcome {
	case games.OutcomeWon:
		x, y := seedPays(code, a.key)
		exact := new(big.Rat).Mul(stake.Rat(), big.NewRat(x, y))
		paid := floorTo(exact, unit)
		win = toDec(paid, scale)
		returned = stake.Add(win)
		fine := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(ResidueScale), nil))
		residue = toDec(floorTo(new(big.Rat).Sub(exact, paid), fine), ResidueScale)
	case games.OutcomePush:
		returned = stake
	}
	return win, returned, residue, commission
}

// totalClasses are one roll of each total: all that a bet other than a
// hardway reads of a roll, and all the table's state reads.
func totalClasses() []Roll {
	return []Roll{{1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 5}, {2, 6}, {3, 6}, {4, 6}, {5, 6}, {6, 6}}
}

// rollClasses are the rolls that craps can tell apart, one of each: every
// total, and 4, 6, 8 and 10 both the hard way and the easy way.
func rollClasses() []Roll {
	return []Roll{
		{1, 1}, {1, 2}, {1, 3}, {2, 2}, {1, 4}, {1, 5}, {3, 3}, {2, 5},
		{2, 6}, {4, 4}, {3, 6}, {4, 6}, {5, 5}, {5, 6}, {6, 6},
	}
}

// TestSettleSequence_Exhaustive checks every offered bet, placed from each
// table state (come-out and each point), working and not, over every
// sequence of up to four rolls (three by default, four with -tags slow), against the reference
// model: outcome, deciding roll, win, returned, residue and commission.
// Hardways see every roll class (rollClasses: the pair matters); every
// other bet sees one roll per total (totalClasses), which is all its rule
// and the table read of a roll: TestSettle_RollClasses checks that every
// one of the 36 rolls settles as its class, for every bet, from every
// table state. Sequences are extended only while the bet is open; a
// decided bet is also checked with one more roll after its decision,
// which must change nothing.
func TestSettleSequence_Exhaustive(t *testing.T) {
	pt := mustNew(peru1999())
	stake, scale := decimal.RequireFromString("7.31"), int32(2)
	depth := 4
	if !testsize.Full() {
		depth = 3
	}
	type moneyKey struct {
		outcome games.Outcome
		key     int
	}
	for _, b := range pt.Bets() {
		code := b.String()
		classes := totalClasses()
		if b.Kind() == KindHard {
			classes = rollClasses()
		}
		t.Run(code, func(t *testing.T) {
			t.Parallel()
			checked := 0
			money := map[moneyKey][4]decimal.Decimal{}
			for _, tp := range []int{0, 4, 5, 6, 8, 9, 10} {
				var point *int
				if tp != 0 {
					point = &tp
				}
				for _, working := range []bool{false, true} {
					var walk func(seq []Roll)
					walk = func(seq []Roll) {
						dice := make([][2]int, len(seq))
						for i, r := range seq {
							dice[i] = r
						}
						got, err := SettleSequence(pt, code, stake, scale, point, working, dice)
						want := reference(code, tp, working, seq)
						checked++
						where := func() string { return fmt.Sprintf("%s point %d working %v rolls %v", code, tp, working, seq) }
						if want.refused {
							if !errors.Is(err, ErrNotNow) {
								t.Fatalf("%s: err %v, want ErrNotNow", where(), err)
							}
							return
						}
						if err != nil {
							t.Fatalf("%s: %v", where(), err)
						}
						if got.Outcome != want.outcome {
							t.Fatalf("%s: outcome %s, want %s (%s)", where(), got.Outcome, want.outcome, got.Rule)
						}
						if (got.DecidedAt == nil) != (want.at < 0) || (got.DecidedAt != nil && *got.DecidedAt != want.at) {
							t.Fatalf("%s: decided_at %v, want %d", where(), got.DecidedAt, want.at)
						}
						mk := moneyKey{want.outcome, want.key}
						m, ok := money[mk]
						if !ok {
							m[0], m[1], m[2], m[3] = refMoney(code, want, stake, scale)
							money[mk] = m
						}
						win, ret, res, com := m[0], m[1], m[2], m[3]
						if !got.Win.Equal(win) || !got.Returned.Equal(ret) || !got.Residue.Equal(res) || !got.Commission.Equal(com) {
							t.Fatalf("%s: win %s returned %s residue %s commission %s, want %s %s %s %s",
								where(), got.Win, got.Returned, got.Residue, got.Commission, win, ret, res, com)
						}
						if want.at >= 0 {
							if len(seq) == want.at+1 && len(seq) <= depth {
								walk(append(seq[:len(seq):len(seq)], Roll{6, 6}))
							}
							return
						}
						if len(seq) == depth {
							return
						}
						for _, r := range classes {
							walk(append(seq[:len(seq):len(seq)], r))
						}
					}
					walk(nil)
				}
			}
			if testing.Verbose() {
				t.Logf("%d settlements checked", checked)
			}
		})
	}
}

// TestSettle_RollClasses checks that each of the 36 ordered rolls settles
// as its class (its total, and for hardways whether it is a pair) for
// every bet placed from every table state, working or not, as the first
// roll followed by each roll class and as the second roll after each: the
// order of the dice and which easy way a total came never matter, and a
// pair matters only to hardways.
func TestSettle_RollClasses(t *testing.T) {
	pt := mustNew(peru1999())
	class := func(b Bet, r Roll) Roll {
		cs := totalClasses()
		if b.Kind() == KindHard {
			cs = rollClasses()
		}
		for _, c := range cs {
			if c.Total() == r.Total() && (b.Kind() != KindHard || c.Hard() == r.Hard()) {
				return c
			}
		}
		t.Fatalf("no class for %v", r)
		return Roll{}
	}
	same := func(a, b SettleAnswer) bool {
		return a.Outcome == b.Outcome && a.Win.Equal(b.Win) && a.Residue.Equal(b.Residue) &&
			(a.DecidedAt == nil) == (b.DecidedAt == nil) && (a.DecidedAt == nil || *a.DecidedAt == *b.DecidedAt)
	}
	stake := decimal.NewFromInt(10)
	// By default each roll is paired with every eighth roll class, shifted
	// with the roll, so that every bet, table state, roll and class is
	// still checked; with -tags slow every pair is.
	stride := testsize.Pick(8, 1)
	for _, b := range pt.Bets() {
		for _, tp := range []int{0, 4, 5, 6, 8, 9, 10} {
			var point *int
			if tp != 0 {
				point = &tp
			}
			for _, working := range []bool{false, true} {
				for ri, r := range AllRolls() {
					for ci, other := range rollClasses() {
						if (ri+ci)%stride != 0 {
							continue
						}
						for _, seq := range [][2][2]int{{r, other}, {other, r}} {
							classed := seq
							for i := range classed {
								classed[i] = class(b, Roll(classed[i]))
							}
							got, err1 := SettleSequence(pt, b.String(), stake, 0, point, working, seq[:])
							want, err2 := SettleSequence(pt, b.String(), stake, 0, point, working, classed[:])
							if (err1 == nil) != (err2 == nil) || err1 == nil && !same(got, want) {
								t.Fatalf("%s point %d working %v: %v gives %+v (%v), its classes %v give %+v (%v)",
									b, tp, working, seq, got, err1, classed, want, err2)
							}
						}
					}
				}
			}
		}
	}
}
