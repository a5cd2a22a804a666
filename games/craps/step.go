package craps

import (
	"fmt"
	"strconv"
)

// verdict is what one roll did to a bet.
type verdict uint8

const (
	vOpen verdict = iota
	vWon
	vLost
	vPush
)

// why says which rule decided a bet (or kept it open), so the
// settlement's Rule text is written once, after the decision, and the hot
// loops of the RTP and the simulation format nothing.
type why uint8

const (
	whyNone       why = iota
	whyOneRoll        // a one-roll bet met its roll
	whyNumber         // the bet's number came before a 7
	whySeven          // a 7 came before the bet's number
	whyHard           // the hardway came as a pair before a 7 or the easy way
	whyEasy           // the hardway's total came the easy way
	whyNatural        // a line bet's first roll was a 7 or 11
	whyCraps          // a line bet's first roll was a 2, 3 (or 12 for pass/come)
	whyBar12          // a don't bet's first roll was a 12: push
	whyPointMade      // the line bet's point came before a 7
	whySevenOut       // a 7 came before the line bet's point
	whyOddsReturn     // come odds off on a come-out roll that decided the come bet
	whyOff            // the bet is off on a come-out roll (open)
	whyNewPoint       // a line bet's first roll set its point (open)
	whyNoDecision     // the roll does not decide the bet (open)
)

// state is a bet's own state between rolls, rebuilt from the rolls alone.
type state struct {
	// point is the number the bet waits for: a line bet's point once set,
	// the point of odds, the number of place, buy, lay, hardways and big
	// 6/8; 0 for a line bet before its first roll and for one-roll bets.
	point int
}

// decision is the effect of one roll on a bet.
type decision struct {
	v   verdict
	why why
	// key is the number that selects the paying line: the field's total,
	// the point of line odds; 0 for every other bet.
	key int
}

// initState returns a bet's state when placed with the table in state t,
// or an error wrapping ErrNotNow or ErrHandOver when the table does not
// take the bet: pass and don't pass only on a come-out roll; come, don't
// come and the pass line's odds only while a point is on.
func initState(b Bet, t Table) (state, error) {
	if t.Over {
		return state{}, fmt.Errorf("%w: the shooter sevened out; %s belongs to the next hand", ErrHandOver, b)
	}
	switch b.kind {
	case KindPass, KindDontPass:
		if !t.ComeOut() {
			return state{}, fmt.Errorf("%w: %s is placed only on a come-out roll; the point is %d", ErrNotNow, b, t.Point)
		}
		return state{}, nil
	case KindCome, KindDontCome:
		if t.ComeOut() {
			return state{}, fmt.Errorf("%w: %s is placed only while a point is on (on a come-out roll, bet %s)", ErrNotNow, b, lineOf(b.kind))
		}
		return state{}, nil
	case KindPassOdds, KindDontPassOdds:
		if t.ComeOut() {
			return state{}, fmt.Errorf("%w: %s stands behind a line bet with a point, and no point is on", ErrNotNow, b)
		}
		return state{point: t.Point}, nil
	case KindBig6:
		return state{point: 6}, nil
	case KindBig8:
		return state{point: 8}, nil
	}
	return state{point: b.num}, nil
}

// lineOf names the come-out line bet of come and don't come.
func lineOf(k Kind) Kind {
	if k == KindDontCome {
		return KindDontPass
	}
	return KindPass
}

// works reports whether a bet plays on a roll with the table in state t:
// place, buy, hardways and come odds are off on a come-out roll unless
// placed as working; every other bet always works.
func works(b Bet, t Table, working bool) bool {
	return working || !t.ComeOut() || !b.offOnComeOut()
}

// step applies roll r, rolled with the table in state t, to a bet in state
// s. It is the one statement of the rules: Settle, the exact RTP and the
// simulation all read it.
func step(b Bet, s state, t Table, working bool, r Roll) (state, decision) {
	n := r.Total()
	open := decision{v: vOpen, why: whyNoDecision}
	switch b.kind {
	case KindField:
		switch n {
		case 2, 3, 4, 9, 10, 11, 12:
			return s, decision{v: vWon, why: whyOneRoll, key: n}
		}
		return s, decision{v: vLost, why: whyOneRoll}
	case KindAnySeven:
		return s, oneRoll(n == 7)
	case KindAnyCraps:
		return s, oneRoll(n == 2 || n == 3 || n == 12)
	case KindTwo:
		return s, oneRoll(n == 2)
	case KindThree:
		return s, oneRoll(n == 3)
	case KindEleven:
		return s, oneRoll(n == 11)
	case KindTwelve:
		return s, oneRoll(n == 12)

	case KindPlace, KindBuy, KindBig6, KindBig8:
		if !works(b, t, working) {
			return s, decision{v: vOpen, why: whyOff}
		}
		switch n {
		case s.point:
			return s, decision{v: vWon, why: whyNumber}
		case 7:
			return s, decision{v: vLost, why: whySeven}
		}
		return s, open
	case KindPlaceLose, KindLay:
		switch n {
		case 7:
			return s, decision{v: vWon, why: whySeven}
		case s.point:
			return s, decision{v: vLost, why: whyNumber}
		}
		return s, open
	case KindHard:
		if !works(b, t, working) {
			return s, decision{v: vOpen, why: whyOff}
		}
		switch {
		case n == 7:
			return s, decision{v: vLost, why: whySeven}
		case n == s.point && r.Hard():
			return s, decision{v: vWon, why: whyHard}
		case n == s.point:
			return s, decision{v: vLost, why: whyEasy}
		}
		return s, open

	case KindPass, KindCome:
		if s.point == 0 {
			switch n {
			case 7, 11:
				return s, decision{v: vWon, why: whyNatural}
			case 2, 3, 12:
				return s, decision{v: vLost, why: whyCraps}
			}
			return state{point: n}, decision{v: vOpen, why: whyNewPoint}
		}
		switch n {
		case s.point:
			return s, decision{v: vWon, why: whyPointMade}
		case 7:
			return s, decision{v: vLost, why: whySevenOut}
		}
		return s, open
	case KindDontPass, KindDontCome:
		if s.point == 0 {
			switch n {
			case 2, 3:
				return s, decision{v: vWon, why: whyCraps}
			case 12:
				return s, decision{v: vPush, why: whyBar12}
			case 7, 11:
				return s, decision{v: vLost, why: whyNatural}
			}
			return state{point: n}, decision{v: vOpen, why: whyNewPoint}
		}
		switch n {
		case 7:
			return s, decision{v: vWon, why: whySevenOut}
		case s.point:
			return s, decision{v: vLost, why: whyPointMade}
		}
		return s, open

	case KindPassOdds, KindComeOdds:
		if !works(b, t, working) {
			// Off on this come-out roll: a 7 or the come bet's point
			// decides the come bet, so the odds behind it come back.
			if n == 7 || n == s.point {
				return s, decision{v: vPush, why: whyOddsReturn}
			}
			return s, decision{v: vOpen, why: whyOff}
		}
		switch n {
		case s.point:
			return s, decision{v: vWon, why: whyPointMade, key: s.point}
		case 7:
			return s, decision{v: vLost, why: whySevenOut}
		}
		return s, open
	case KindDontPassOdds, KindDontComeOdds:
		switch n {
		case 7:
			return s, decision{v: vWon, why: whySevenOut, key: s.point}
		case s.point:
			return s, decision{v: vLost, why: whyPointMade}
		}
		return s, open
	}
	// ParseBet admits no other kind; reaching here is a programming error.
	panic(fmt.Sprintf("craps: step: unknown kind %q", b.kind))
}

func oneRoll(win bool) decision {
	if win {
		return decision{v: vWon, why: whyOneRoll}
	}
	return decision{v: vLost, why: whyOneRoll}
}

// explain writes why roll r decided (or did not decide) the bet, for the
// settlement's Rule text. It concatenates instead of formatting: an open
// bet's Rule is written on every settlement of every roll.
func explain(b Bet, s state, d decision, r Roll) string {
	n := strconv.Itoa(r.Total())
	roll := r.String()
	p := strconv.Itoa(s.point)
	switch d.why {
	case whyOneRoll:
		return "the roll " + roll + " totals " + n
	case whyNumber:
		return "the roll " + roll + " is the " + p + ", before a 7"
	case whySeven:
		return "the roll " + roll + " is a 7, before the " + p
	case whyHard:
		return "the roll " + roll + " is the hard " + n
	case whyEasy:
		return "the roll " + roll + " is the " + n + " the easy way"
	case whyNatural:
		return "the first roll " + roll + " is a natural " + n
	case whyCraps:
		return "the first roll " + roll + " is craps " + n
	case whyBar12:
		return "the first roll " + roll + " is the barred 12"
	case whyPointMade:
		return "the roll " + roll + " makes the point " + p + " before a 7"
	case whySevenOut:
		return "the roll " + roll + " is a 7 before the point " + p
	case whyOddsReturn:
		return "off on the come-out roll " + roll + ", which decided the come bet on " + p + "; the odds come back"
	case whyOff:
		return b.String() + " is off on the come-out roll " + roll
	case whyNewPoint:
		return "the first roll " + roll + " sets the bet's point " + n
	}
	return "the roll " + roll + " does not decide it"
}
