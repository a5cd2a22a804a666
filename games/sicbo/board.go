package sicbo

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/kit"
)

// Board sizes and parities of a result.
const (
	Big    = "big"
	Small  = "small"
	Odd    = "odd"
	Even   = "even"
	Triple = "triple"
)

// Count is a number of results and its share of the board, as a
// percentage with two decimals.
type Count struct {
	Count   int             `json:"count"`
	Percent decimal.Decimal `json:"percent"`
}

// FaceCount is how often a face came up on the board's dice (three dice per
// result): Percent is of all the dice.
type FaceCount struct {
	Face int `json:"face"`
	Count
}

// TotalCount is how often a total came up.
type TotalCount struct {
	Total int `json:"total"`
	Count
}

// BoardStats are the statistics over a Sic Bo board's results. A triple
// counts as a triple only: neither big nor small, neither odd nor even (the
// bets on those lose on a triple), so Big+Small+Triples and
// Odd+Even+Triples both equal Results.
type BoardStats struct {
	Results int   `json:"results"`
	Big     Count `json:"big"`
	Small   Count `json:"small"`
	Odd     Count `json:"odd"`
	Even    Count `json:"even"`
	Triples Count `json:"triples"`
	// Faces has one entry per face 1..6, in face order.
	Faces []FaceCount `json:"faces"`
	// Hot are the faces that came up most, Cold the ones that came up
	// least (several on a tie), in face order. Both are empty on an empty
	// board.
	Hot  []int `json:"hot"`
	Cold []int `json:"cold"`
	// Totals has one entry per total 3..18, in order.
	Totals []TotalCount `json:"totals"`
	// Streaks are the current runs at the newest end of the board.
	Streaks Streaks `json:"streaks"`
	// Since counts the rounds since the last triple and since each face.
	Since Since `json:"since"`
}

// Run is a run of one outcome at the newest end of the board: the newest
// Length results were all Outcome (big, small or triple for sizes; odd,
// even or triple for parities). On an empty board Outcome is "" and Length
// 0.
type Run struct {
	Outcome string `json:"outcome"`
	Length  int    `json:"length"`
}

// Streaks are the current runs of big/small and of odd/even. A triple ends
// both and starts a run of triples: it is neither big nor small, neither
// odd nor even.
type Streaks struct {
	Size   Run `json:"size"`
	Parity Run `json:"parity"`
}

// Since counts, for the last triple and for each face, the results newer
// than the last one that had it: 0 when the newest result has it. A nil
// count means not on the board at all (the page shows "more than N").
type Since struct {
	Triple *int `json:"triple"`
	// Faces has one entry per face 1..6, in face order.
	Faces []FaceSince `json:"faces"`
}

// FaceSince is how many results came since a face was last on a die, nil
// when it is on none of the board's dice.
type FaceSince struct {
	Face   int  `json:"face"`
	Rounds *int `json:"rounds"`
}

// BoardGame returns "sicbo".
func (BoardStats) BoardGame() string { return GameName }

// Classify returns the total of three dice and their size and parity on the
// board. A triple is a triple only: the big/small and odd/even bets lose on
// it (seed 001), so the board does not count it as either.
func Classify(d Dice) (total int, size, parity string) {
	total = d[0] + d[1] + d[2]
	if d[0] == d[1] && d[1] == d[2] {
		return total, Triple, Triple
	}
	size, parity = Small, Even
	if total >= 11 {
		size = Big
	}
	if total%2 == 1 {
		parity = Odd
	}
	return total, size, parity
}

func boardStats(rs []Dice) BoardStats {
	n := len(rs)
	var big, small, odd, even, triples int
	var faces [7]int
	var totals [19]int
	for _, d := range rs {
		total, size, parity := Classify(d)
		switch size {
		case Big:
			big++
		case Small:
			small++
		default:
			triples++
		}
		switch parity {
		case Odd:
			odd++
		case Even:
			even++
		}
		for _, v := range d {
			if v >= 1 && v <= 6 {
				faces[v]++
			}
		}
		if total >= 3 && total <= 18 {
			totals[total]++
		}
	}
	pct := kit.Percent100
	s := BoardStats{
		Results: n,
		Big:     Count{big, pct(big, n)},
		Small:   Count{small, pct(small, n)},
		Odd:     Count{odd, pct(odd, n)},
		Even:    Count{even, pct(even, n)},
		Triples: Count{triples, pct(triples, n)},
		Faces:   make([]FaceCount, 0, 6),
		Hot:     []int{},
		Cold:    []int{},
		Totals:  make([]TotalCount, 0, 16),
	}
	most, least := -1, 3*n+1
	for f := 1; f <= 6; f++ {
		s.Faces = append(s.Faces, FaceCount{Face: f, Count: Count{faces[f], pct(faces[f], 3*n)}})
		most = max(most, faces[f])
		least = min(least, faces[f])
	}
	if n > 0 {
		for f := 1; f <= 6; f++ {
			if faces[f] == most {
				s.Hot = append(s.Hot, f)
			}
			if faces[f] == least {
				s.Cold = append(s.Cold, f)
			}
		}
	}
	for t := 3; t <= 18; t++ {
		s.Totals = append(s.Totals, TotalCount{Total: t, Count: Count{totals[t], pct(totals[t], n)}})
	}
	s.Streaks, s.Since = streaksSince(rs)
	return s
}

// streaksSince reads the board from its newest result (rs are oldest
// first) back: the current runs, and how long ago each triple and face was
// last seen.
func streaksSince(rs []Dice) (Streaks, Since) {
	var st Streaks
	since := Since{Faces: make([]FaceSince, 0, 6)}
	var face [7]*int
	sizeOpen, parityOpen := true, true
	for ago := 0; ago < len(rs); ago++ {
		d := rs[len(rs)-1-ago]
		_, size, parity := Classify(d)
		sizeOpen = extend(&st.Size, size, sizeOpen)
		parityOpen = extend(&st.Parity, parity, parityOpen)
		if size == Triple && since.Triple == nil {
			since.Triple = new(ago)
		}
		for _, v := range d {
			if v >= 1 && v <= 6 && face[v] == nil {
				face[v] = new(ago)
			}
		}
	}
	for f := 1; f <= 6; f++ {
		since.Faces = append(since.Faces, FaceSince{Face: f, Rounds: face[f]})
	}
	return st, since
}

// extend adds an older result's outcome to a run still open, and says
// whether the run goes on.
func extend(r *Run, outcome string, open bool) bool {
	if !open {
		return false
	}
	if r.Length == 0 {
		r.Outcome = outcome
	}
	if outcome != r.Outcome {
		return false
	}
	r.Length++
	return true
}
