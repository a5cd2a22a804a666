package roulette

import (
	"fmt"
	"strconv"
)

// This file builds, for the tests, what every bet of a wheel covers and
// pays, from the layout as a croupier draws it and the payout
// list, without the package's layout code: the numbers come from a grid
// literal, the reds from a list, the zero bets from explicit lists.

// layoutGrid is the layout as printed on the cloth: 12 rows of three.
func layoutGrid() [12][3]int {
	return [12][3]int{
		{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12},
		{13, 14, 15}, {16, 17, 18}, {19, 20, 21}, {22, 23, 24},
		{25, 26, 27}, {28, 29, 30}, {31, 32, 33}, {34, 35, 36},
	}
}

// redNumbers are the red numbers of the standard wheel.
func redNumbers() []int {
	return []int{1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
}

// expectBet is what a bet code covers (pockets as written) and pays (X in
// X:1).
type expectBet struct {
	kind      string
	pays      int64
	covers    map[string]bool
	evenMoney bool
}

// wheelPockets lists a wheel's pockets as strings.
func wheelPockets(doubleZero bool) []string {
	out := []string{"0"}
	if doubleZero {
		out = append(out, "00")
	}
	for n := 1; n <= 36; n++ {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

func set(pockets ...any) map[string]bool {
	m := map[string]bool{}
	for _, p := range pockets {
		switch v := p.(type) {
		case int:
			m[strconv.Itoa(v)] = true
		case string:
			m[v] = true
		}
	}
	return m
}

func numbersWhere(f func(n int) bool) map[string]bool {
	m := map[string]bool{}
	for n := 1; n <= 36; n++ {
		if f(n) {
			m[strconv.Itoa(n)] = true
		}
	}
	return m
}

// expectCodes builds every bet of a wheel with what it covers and pays.
func expectCodes(doubleZero bool) map[string]expectBet {
	grid := layoutGrid()
	out := map[string]expectBet{}
	add := func(code, kind string, pays int64, covers map[string]bool) {
		if _, dup := out[code]; dup {
			panic("test: twice " + code)
		}
		out[code] = expectBet{kind: kind, pays: pays, covers: covers}
	}
	for _, p := range wheelPockets(doubleZero) {
		add("straight:"+p, "straight", 35, set(p))
	}
	// Splits of numbers: right and down neighbours on the grid.
	for r := range 12 {
		for c := range 3 {
			a := grid[r][c]
			if c < 2 {
				add(fmt.Sprintf("split:%d-%d", a, grid[r][c+1]), "split", 17, set(a, grid[r][c+1]))
			}
			if r < 11 {
				add(fmt.Sprintf("split:%d-%d", a, grid[r+1][c]), "split", 17, set(a, grid[r+1][c]))
			}
		}
	}
	zeroSplits := [][2]string{{"0", "1"}, {"0", "2"}, {"0", "3"}}
	trios := [][3]string{{"0", "1", "2"}, {"0", "2", "3"}}
	if doubleZero {
		zeroSplits = [][2]string{{"0", "1"}, {"0", "2"}, {"0", "00"}, {"00", "2"}, {"00", "3"}}
		trios = [][3]string{{"0", "1", "2"}, {"0", "00", "2"}, {"00", "2", "3"}}
	}
	for _, s := range zeroSplits {
		add("split:"+s[0]+"-"+s[1], "split", 17, set(s[0], s[1]))
	}
	for _, t := range trios {
		add("trio:"+t[0]+"-"+t[1]+"-"+t[2], "trio", 11, set(t[0], t[1], t[2]))
	}
	if doubleZero {
		add("top_line:0-00-1-2-3", "top_line", 6, set("0", "00", 1, 2, 3))
	} else {
		add("first_four:0-1-2-3", "first_four", 8, set("0", 1, 2, 3))
	}
	for r := range 12 {
		row := grid[r]
		add(fmt.Sprintf("street:%d", row[0]), "street", 11, set(row[0], row[1], row[2]))
		if r < 11 {
			next := grid[r+1]
			add(fmt.Sprintf("six_line:%d", row[0]), "six_line", 5, set(row[0], row[1], row[2], next[0], next[1], next[2]))
			for c := range 2 {
				sq := []int{row[c], row[c+1], next[c], next[c+1]}
				add(fmt.Sprintf("corner:%d-%d-%d-%d", sq[0], sq[1], sq[2], sq[3]), "corner", 8, set(sq[0], sq[1], sq[2], sq[3]))
			}
		}
	}
	for d := 1; d <= 3; d++ {
		lo, hi := 12*d-11, 12*d
		add(fmt.Sprintf("dozen:%d", d), "dozen", 2, numbersWhere(func(n int) bool { return n >= lo && n <= hi }))
		col := map[string]bool{}
		for r := range 12 {
			col[strconv.Itoa(grid[r][d-1])] = true
		}
		add(fmt.Sprintf("column:%d", d), "column", 2, col)
	}
	red := set()
	for _, n := range redNumbers() {
		red[strconv.Itoa(n)] = true
	}
	evens := map[string]map[string]bool{
		"red":   red,
		"black": numbersWhere(func(n int) bool { return !red[strconv.Itoa(n)] }),
		"odd":   numbersWhere(func(n int) bool { return n%2 == 1 }),
		"even":  numbersWhere(func(n int) bool { return n%2 == 0 }),
		"low":   numbersWhere(func(n int) bool { return n <= 18 }),
		"high":  numbersWhere(func(n int) bool { return n > 18 }),
	}
	for code, covers := range evens {
		add(code, code, 1, covers)
		e := out[code]
		e.evenMoney = true
		out[code] = e
	}
	return out
}
