package projections

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
)

// boardRec is a table's statistics board as stored: its completed rounds,
// oldest first, at most the board size. The whole board is one key in a
// compact binary form, so that a board read is one lookup and a decode of
// about two kilobytes.
type boardRec struct {
	results []BoardResult
}

// settle puts a completed round on the board. A round's first settlement
// joins the board as its newest result, pushing the oldest one off when the
// board is full. A correction's settlement replaces the dice of the round
// where it already stands (the board keeps the order in which rounds were
// completed); a corrected round that has left the board changes nothing.
func (b *boardRec) settle(r BoardResult, size int) {
	for i := range b.results {
		if b.results[i].Round == r.Round {
			b.results[i].Dice = r.Dice
			b.results[i].Seq = r.Seq
			b.results[i].At = r.At
			b.results[i].Corrected = b.results[i].Corrected || r.Corrected
			return
		}
	}
	if r.Corrected {
		return
	}
	b.results = append(b.results, r)
	if n := len(b.results) - size; n > 0 {
		b.results = append(b.results[:0], b.results[n:]...)
	}
}

const boardFormat = 1

// boardRoundMax bounds a round id on the board (ids are events.ValidID or
// UUIDs, both far shorter).
const boardRoundMax = 255

// encode writes the board: a format byte, a count, then per result the round
// id (length-prefixed), number, seq, time (unix ns), the three dice and a
// flag byte.
func (b *boardRec) encode() []byte {
	out := make([]byte, 0, 2+len(b.results)*64)
	out = append(out, boardFormat)
	out = binary.AppendUvarint(out, uint64(len(b.results)))
	for _, r := range b.results {
		if len(r.Round) > boardRoundMax {
			panic(fmt.Sprintf("projections: round id of %d bytes on a board", len(r.Round)))
		}
		out = append(out, byte(len(r.Round)))
		out = append(out, r.Round...)
		out = binary.AppendVarint(out, r.Number)
		out = binary.AppendUvarint(out, r.Seq)
		out = binary.AppendVarint(out, r.At.UnixNano())
		out = append(out, byte(r.Dice[0]), byte(r.Dice[1]), byte(r.Dice[2]))
		var flags byte
		if r.Corrected {
			flags = 1
		}
		out = append(out, flags)
	}
	return out
}

var errBoardFormat = errors.New("malformed board")

func (b *boardRec) decode(v []byte) error {
	if len(v) < 2 || v[0] != boardFormat {
		return errBoardFormat
	}
	v = v[1:]
	n, k := binary.Uvarint(v)
	if k <= 0 || n > BoardSizeMax {
		return errBoardFormat
	}
	v = v[k:]
	b.results = make([]BoardResult, 0, n)
	for range n {
		if len(v) < 1 || len(v) < 1+int(v[0]) {
			return errBoardFormat
		}
		var r BoardResult
		r.Round = string(v[1 : 1+v[0]])
		v = v[1+v[0]:]
		var k int
		if r.Number, k = binary.Varint(v); k <= 0 {
			return errBoardFormat
		}
		v = v[k:]
		if r.Seq, k = binary.Uvarint(v); k <= 0 {
			return errBoardFormat
		}
		v = v[k:]
		at, k := binary.Varint(v)
		if k <= 0 {
			return errBoardFormat
		}
		r.At = time.Unix(0, at).UTC()
		v = v[k:]
		if len(v) < 4 {
			return errBoardFormat
		}
		r.Dice = [3]int{int(v[0]), int(v[1]), int(v[2])}
		r.Corrected = v[3]&1 != 0
		v = v[4:]
		r.Total, r.Size, r.Parity = classify(r.Dice)
		b.results = append(b.results, r)
	}
	if len(v) != 0 {
		return errBoardFormat
	}
	return nil
}

// classify returns the total of three dice and their size and parity on the
// board. A triple is a triple only: the big/small and odd/even bets lose on
// it (seed 001), so the board does not count it as either.
func classify(d [3]int) (total int, size, parity string) {
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

// view returns the board newest first with its statistics.
func (b *boardRec) view(table string, size int, seq uint64) Board {
	out := Board{Seq: seq, Table: table, Size: size, Results: make([]BoardResult, len(b.results))}
	for i, r := range b.results {
		r.Total, r.Size, r.Parity = classify(r.Dice)
		out.Results[len(b.results)-1-i] = r
	}
	out.Stats = stats(b.results)
	return out
}

// percent is 100·n/of with two decimals, rounded half up (0 when of is
// 0), in integer arithmetic: a board read computes 27 of them.
func percent(n, of int) decimal.Decimal {
	if of <= 0 || n < 0 {
		return decimal.New(0, -2)
	}
	hundredths := (20000*int64(n) + int64(of)) / (2 * int64(of))
	return decimal.New(hundredths, -2)
}

func stats(rs []BoardResult) BoardStats {
	n := len(rs)
	var big, small, odd, even, triples int
	var faces [7]int
	var totals [19]int
	for _, r := range rs {
		total, size, parity := classify(r.Dice)
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
		for _, d := range r.Dice {
			if d >= 1 && d <= 6 {
				faces[d]++
			}
		}
		if total >= 3 && total <= 18 {
			totals[total]++
		}
	}
	s := BoardStats{
		Results: n,
		Big:     Count{big, percent(big, n)},
		Small:   Count{small, percent(small, n)},
		Odd:     Count{odd, percent(odd, n)},
		Even:    Count{even, percent(even, n)},
		Triples: Count{triples, percent(triples, n)},
		Faces:   make([]FaceCount, 0, 6),
		Hot:     []int{},
		Cold:    []int{},
		Totals:  make([]TotalCount, 0, 16),
	}
	most, least := -1, 3*n+1
	for f := 1; f <= 6; f++ {
		s.Faces = append(s.Faces, FaceCount{Face: f, Count: Count{faces[f], percent(faces[f], 3*n)}})
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
		s.Totals = append(s.Totals, TotalCount{Total: t, Count: Count{totals[t], percent(totals[t], n)}})
	}
	return s
}
