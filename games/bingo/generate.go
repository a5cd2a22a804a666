package bingo

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
)

// GenerateCard returns the card id of a series printed from seed: a valid
// card (NewCard's rules) that depends only on the seed and the id, so a
// series' seed, recorded when the series is announced (Series.Seed),
// reprints any of its cards, alone and in any order. It uses PCG from
// math/rand/v2, whose output is fixed by its definition, so a card
// generated today is the same card in any later build (pinned in
// generate_test.go). The generator is for printing and for tests; it is
// not the hall's draw, which the ledger records and never generates. The
// id must be valid (ParseCardID): another is a programming error and
// panics.
func GenerateCard(seed uint64, id CardID) Card {
	h := fnv.New64a()
	h.Write([]byte(id.String()))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	return generate(rng, id)
}

// GenerateSeries returns cards from..to of series of a series printed from
// seed, in number order; see GenerateCard. It panics when the series or
// the range is not valid, as a programming error: check the series first
// (Session.Check).
func GenerateSeries(seed uint64, series string, from, to int) []Card {
	if !validSeries(series) || from < 1 || to < from || to > CardNumberMax || to-from >= CardsLimit {
		panic("bingo: GenerateSeries of an invalid series or range")
	}
	out := make([]Card, 0, to-from+1)
	for n := from; n <= to; n++ {
		out = append(out, GenerateCard(seed, CardID{Series: series, Number: n}))
	}
	return out
}

// generate draws a card:
//
//  1. how many numbers each column holds: one each, then six more spread
//     at random over the columns, at most three a column (15 in all);
//  2. which rows the numbers of each column go to: columns taken from the
//     fullest, each filling the rows with the most room left (random among
//     equals). This is Ryser's construction of a 0-1 matrix with given row
//     and column sums; it always succeeds here because rows of five and
//     columns of one to three with at least one column of two admit a
//     matrix (Gale–Ryser), and six extra numbers make at least three;
//  3. which numbers: distinct at random within each column's range, in
//     ascending order from top to bottom.
func generate(rng *rand.Rand, id CardID) Card {
	var count [Columns]int
	for c := range count {
		count[c] = 1
	}
	for extra := CardNumbers - Columns; extra > 0; {
		if c := rng.IntN(Columns); count[c] < Rows {
			count[c]++
			extra--
		}
	}
	order := rng.Perm(Columns)
	slices.SortStableFunc(order, func(a, b int) int { return count[b] - count[a] })
	var room [Rows]int
	for r := range room {
		room[r] = RowNumbers
	}
	var cell [Rows][Columns]bool
	for _, c := range order {
		rows := rng.Perm(Rows)
		slices.SortStableFunc(rows, func(a, b int) int { return room[b] - room[a] })
		for _, r := range rows[:count[c]] {
			cell[r][c] = true
			room[r]--
		}
	}
	var nums [Columns][]int
	for c := range Columns {
		lo, hi := columnRange(c)
		pick := rng.Perm(hi - lo + 1)[:count[c]]
		for i := range pick {
			pick[i] += lo
		}
		slices.Sort(pick)
		nums[c] = pick
	}
	rows := make([][]int, Rows)
	for c := range Columns {
		k := 0
		for r := range Rows {
			if cell[r][c] {
				rows[r] = append(rows[r], nums[c][k])
				k++
			}
		}
	}
	card, err := NewCard(id, rows)
	if err != nil {
		// The construction above makes only valid cards: a failure is a
		// bug in it.
		panic("bingo: generated an invalid card: " + err.Error())
	}
	return card
}
