package roulette

import (
	"cmp"
	"slices"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Board limits.
const (
	// LastMax is how many of the newest spins the board lists one by one
	// (the strip of recent numbers beside the wheel).
	LastMax = 50
	// HotColdMax is how many hot and how many cold numbers the board names.
	HotColdMax = 5
)

// Count is a number of results and its share of the board, as a
// percentage with two decimals.
type Count struct {
	// Count is how many results.
	Count int `json:"count"`
	// Percent is 100·Count/Results, two decimals, rounded half up.
	Percent decimal.Decimal `json:"percent"`
}

// Spin is one result on the board's strip of recent numbers.
type Spin struct {
	// Round and Number identify the round (its id and its number at the
	// table).
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// Pocket is the pocket as the dealer writes it, "00".
	Pocket string `json:"pocket"`
	// Colour is the pocket's colour, for the strip's dots.
	Colour Colour `json:"colour"`
	// Corrected is true when the pocket replaces a corrected result.
	Corrected bool `json:"corrected,omitempty"`
}

// GroupCount is how often a dozen or a column (Group 1..3) came up.
type GroupCount struct {
	// Group is the dozen's or column's number, 1..3.
	Group int `json:"group"`
	Count
}

// PocketCount is how often a pocket came up.
type PocketCount struct {
	// Pocket is the pocket as written, "00".
	Pocket string `json:"pocket"`
	// Colour is the pocket's colour.
	Colour Colour `json:"colour"`
	Count
}

// BoardStats are the statistics over a roulette board's results, as the
// API serves them under the board's "stats" member. A zero counts as
// green only: neither odd nor even, low nor high, and in no dozen or
// column (the bets on those lose on it), so Red+Black+Green,
// Odd+Even+Green and Low+High+Green all equal Results, and so do the
// dozens plus Green and the columns plus Green. Percentages are of
// Results.
type BoardStats struct {
	// Results is how many results the statistics cover.
	Results int `json:"results"`
	// Last lists the newest LastMax results, newest first.
	Last  []Spin `json:"last"`
	Red   Count  `json:"red"`
	Black Count  `json:"black"`
	Green Count  `json:"green"`
	Odd   Count  `json:"odd"`
	Even  Count  `json:"even"`
	Low   Count  `json:"low"`
	High  Count  `json:"high"`
	// Dozens and Columns have one entry per group 1..3, in order.
	Dozens  []GroupCount `json:"dozens"`
	Columns []GroupCount `json:"columns"`
	// Hot names up to HotColdMax pockets that came up most (at least
	// once), most first; a tie goes to the pocket that came up last. Cold
	// names up to HotColdMax pockets of the wheel that came up least
	// (never, first), least first; a tie goes to the pocket not seen for
	// longest, then to canonical order. Both are empty on an empty board.
	Hot  []string `json:"hot"`
	Cold []string `json:"cold"`
	// Numbers has one entry per pocket of the wheel, in canonical order
	// (0, 00, 1..36).
	Numbers []PocketCount `json:"numbers"`
}

// BoardGame returns "roulette".
func (BoardStats) BoardGame() string { return GameName }

// boardStats computes the board of a wheel from its entries, oldest first,
// skipping entries that are not a pocket of the wheel.
func boardStats(wheel layout, entries []games.BoardEntry) BoardStats {
	var (
		n                                       int
		red, black, green, odd, even, low, high int
		dozens, columns                         [4]int
		counts                                  [DoubleZero + 1]int
		lastSeen                                [DoubleZero + 1]int // index of the newest sighting among counted results, -1 never
		last                                    []Spin
	)
	for i := range lastSeen {
		lastSeen[i] = -1
	}
	for _, e := range entries {
		p, ok := e.Result.(Pocket)
		if !ok || !wheel.has(p) {
			continue
		}
		counts[p]++
		lastSeen[p] = n
		n++
		switch p.Colour() {
		case ColourRed:
			red++
		case ColourBlack:
			black++
		default:
			green++
		}
		dozens[p.Dozen()]++
		columns[p.Column()]++
		if !p.Green() {
			if p%2 == 1 {
				odd++
			} else {
				even++
			}
			if p <= 18 {
				low++
			} else {
				high++
			}
		}
		last = append(last, Spin{Round: e.Round, Number: e.Number, Pocket: p.String(), Colour: p.Colour(), Corrected: e.Corrected})
	}
	if len(last) > LastMax {
		last = last[len(last)-LastMax:]
	}
	slices.Reverse(last)
	pct := func(c int) Count { return Count{c, kit.Percent100(c, n)} }
	s := BoardStats{
		Results: n,
		Last:    append(make([]Spin, 0, len(last)), last...),
		Red:     pct(red), Black: pct(black), Green: pct(green),
		Odd: pct(odd), Even: pct(even),
		Low: pct(low), High: pct(high),
		Dozens:  make([]GroupCount, 0, 3),
		Columns: make([]GroupCount, 0, 3),
		Hot:     []string{},
		Cold:    []string{},
	}
	for g := 1; g <= 3; g++ {
		s.Dozens = append(s.Dozens, GroupCount{Group: g, Count: pct(dozens[g])})
		s.Columns = append(s.Columns, GroupCount{Group: g, Count: pct(columns[g])})
	}
	pockets := wheel.pockets()
	s.Numbers = make([]PocketCount, 0, len(pockets))
	for _, p := range pockets {
		s.Numbers = append(s.Numbers, PocketCount{Pocket: p.String(), Colour: p.Colour(), Count: pct(counts[p])})
	}
	if n == 0 {
		return s
	}
	// Hot: most first, then seen most recently. Cold: least first, then
	// not seen for longest. SortStableFunc keeps canonical order on a full
	// tie, which only never-seen pockets can have.
	hot := slices.Clone(pockets)
	slices.SortStableFunc(hot, func(a, b Pocket) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(lastSeen[b], lastSeen[a]))
	})
	for _, p := range hot {
		if len(s.Hot) == HotColdMax || counts[p] == 0 {
			break
		}
		s.Hot = append(s.Hot, p.String())
	}
	cold := slices.Clone(pockets)
	slices.SortStableFunc(cold, func(a, b Pocket) int {
		return cmp.Or(cmp.Compare(counts[a], counts[b]), cmp.Compare(lastSeen[a], lastSeen[b]))
	})
	for _, p := range cold[:min(HotColdMax, len(cold))] {
		s.Cold = append(s.Cold, p.String())
	}
	return s
}
