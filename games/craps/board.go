package craps

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/kit"
)

// Board sizes.
const (
	// BoardRolls is how many rolls the board shows: the last 50.
	BoardRolls = 50
	// BoardInputMax bounds the rolls RollBoard reads: the board's 50 and
	// the start of the longest hand that can reach into them. Older rolls
	// are ignored.
	BoardInputMax = BoardRolls + HandRollsMax
)

// BoardRoll is one roll of a table's history as the board reads it: the
// hand (round) it belongs to and its dice. Rolls of one hand are
// consecutive; a new Hand starts a new shooter's hand, on a come-out roll.
type BoardRoll struct {
	Hand string
	// Number is the hand's round number (0 when unknown).
	Number int64
	Roll   Roll
}

// BoardLine is one roll on the board.
type BoardLine struct {
	Hand  string `json:"hand"`
	Dice  [2]int `json:"dice"`
	Total int    `json:"total"`
	// Point is the table's point when the roll was thrown, 0 on a
	// come-out roll.
	Point int `json:"point"`
	// Event is what the roll did: natural, craps, point_set, point_made,
	// seven_out or none.
	Event Event `json:"event"`
}

// Count is a number of rolls and its share of the board, as a percentage
// with two decimals.
type Count struct {
	Count   int             `json:"count"`
	Percent decimal.Decimal `json:"percent"`
}

// TotalCount is how often a total came up on the board.
type TotalCount struct {
	Total int `json:"total"`
	Count
}

// BoardStats are the statistics of a craps table's board: its last
// BoardRolls rolls, oldest first, with what each did to the table, and
// the current state of the shooter's hand.
type BoardStats struct {
	// Rolls is how many rolls the board shows (at most BoardRolls).
	Rolls int `json:"rolls"`
	// Last are the rolls, oldest first.
	Last []BoardLine `json:"last"`
	// PointsMade, SevenOuts, Naturals and Craps count the board's rolls
	// that made a point, sevened out, were a come-out 7 or 11, and were a
	// come-out 2, 3 or 12.
	PointsMade int `json:"points_made"`
	SevenOuts  int `json:"seven_outs"`
	Naturals   int `json:"naturals"`
	Craps      int `json:"craps"`
	// Totals has one entry per total 2..12, in order.
	Totals []TotalCount `json:"totals"`
	// Hot are the totals that came up most often against their odds (the
	// largest count·36/ways, where ways is how many of the 36 rolls make
	// the total), Cold the ones that came up least (several on a tie), in
	// total order. Measured against the odds, not by raw count, since a 7
	// comes six times as often as a 2 on a fair table. Both are empty on
	// an empty board.
	Hot  []int `json:"hot"`
	Cold []int `json:"cold"`
	// Point is the table's point after the last roll, 0 when the next roll
	// is a come-out roll (also after a seven-out: the next hand comes out).
	Point int `json:"point"`
	// Shooter is the hand of the last roll, "" after a seven-out or on an
	// empty board, ShooterNumber its round number, and ShooterRolls how
	// many rolls that hand has had so far.
	Shooter       string `json:"shooter"`
	ShooterNumber int64  `json:"shooter_number"`
	ShooterRolls  int    `json:"shooter_rolls"`
}

// BoardGame returns "craps".
func (BoardStats) BoardGame() string { return GameName }

// ways returns how many of the 36 rolls total n.
func ways(n int) int {
	if n < 2 || n > 12 {
		return 0
	}
	return 6 - abs(n-7)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// RollBoard computes the board from a table's rolls, oldest first, with
// their hands. The table's state is folded per hand from its first roll,
// so the input must start at the first roll of the oldest hand that has a
// roll among the last BoardRolls: a hand cut in the middle would be read
// as coming out on its first given roll. Invalid rolls are skipped.
func RollBoard(rs []BoardRoll) BoardStats { return rollBoard(rs, 0) }

// rollBoard is RollBoard whose first context rolls are folded into the
// table's state but never shown.
func rollBoard(rs []BoardRoll, context int) BoardStats {
	if len(rs) > BoardInputMax {
		context = max(context-(len(rs)-BoardInputMax), 0)
		rs = rs[len(rs)-BoardInputMax:]
	}
	valid := make([]BoardRoll, 0, len(rs))
	shown := 0
	for i, br := range rs {
		if br.Roll.Validate() == nil {
			valid = append(valid, br)
			if i >= context {
				shown++
			}
		}
	}
	rs = valid
	lines := make([]BoardLine, 0, min(len(rs), BoardRolls))
	var t Table
	hand, number, n := "", int64(0), 0
	for i, br := range rs {
		if i == 0 || br.Hand != hand || t.Over {
			t, hand, number, n = Table{}, br.Hand, br.Number, 0
		}
		before := t.Point
		var ev Event
		t, ev = t.Next(br.Roll)
		n++
		if len(rs)-i <= min(BoardRolls, shown) {
			lines = append(lines, BoardLine{Hand: br.Hand, Dice: br.Roll, Total: br.Roll.Total(), Point: before, Event: ev})
		}
	}
	s := BoardStats{Rolls: len(lines), Last: lines, Totals: make([]TotalCount, 0, 11), Hot: []int{}, Cold: []int{}}
	var totals [13]int
	for _, l := range lines {
		totals[l.Total]++
		switch l.Event {
		case EventPointMade:
			s.PointsMade++
		case EventSevenOut:
			s.SevenOuts++
		case EventNatural:
			s.Naturals++
		case EventCraps:
			s.Craps++
		}
	}
	for total := 2; total <= 12; total++ {
		s.Totals = append(s.Totals, TotalCount{Total: total, Count: Count{totals[total], kit.Percent100(totals[total], len(lines))}})
	}
	if len(lines) > 0 {
		// Compare count_a/ways_a with count_b/ways_b as count_a·ways_b
		// against count_b·ways_a, in integers.
		hot, cold := 2, 2
		for total := 3; total <= 12; total++ {
			if totals[total]*ways(hot) > totals[hot]*ways(total) {
				hot = total
			}
			if totals[total]*ways(cold) < totals[cold]*ways(total) {
				cold = total
			}
		}
		for total := 2; total <= 12; total++ {
			if totals[total]*ways(hot) == totals[hot]*ways(total) {
				s.Hot = append(s.Hot, total)
			}
			if totals[total]*ways(cold) == totals[cold]*ways(total) {
				s.Cold = append(s.Cold, total)
			}
		}
		if !t.Over {
			s.Point, s.Shooter, s.ShooterNumber, s.ShooterRolls = t.Point, hand, number, n
		}
	}
	return s
}
