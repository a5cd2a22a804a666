package bingo

import (
	"fmt"
	"slices"
)

// Prize names one of the two prizes of a game ("Se premiarán las
// siguientes combinaciones: Línea … Bingo", seed 002 bingo I).
type Prize string

// Prizes of a game.
const (
	// PrizeLine: "Se entenderá formada la línea cuando hayan sido
	// extraídos todos los números que la integran, siempre y cuando no
	// haya sido cantada correctamente por otro jugador durante la
	// extracción de las bolas anteriores."
	PrizeLine Prize = "line"
	// PrizeBingo: "Se entenderá formado el bingo cuando se hayan extraído
	// los 15 números que integran el cartón."
	PrizeBingo Prize = "bingo"
)

// Step is what one ball did to a game.
type Step struct {
	// Index is the ball's place in the draw, from 1.
	Index int
	// Ball is the number drawn.
	Ball int
	// Line lists the cards (indices into the Detector's cards, ascending)
	// that complete a line on this ball, when this is the ball where the
	// first line of the game appears; nil on every other ball.
	Line []int
	// Bingo lists the cards that complete all 15 numbers on this ball,
	// when this is the ball of the game's first bingo, which ends it.
	Bingo []int
}

// Detector finds a game's winners as the balls come, one ball at a time.
// It holds, for each number, the (card, row) cells where the number is
// printed, and a counter of numbers still to draw per row and per card; a
// ball visits only its own cells, so a ball costs O(cards that hold the
// number): one sixth of the cards on average, about 17,000 cells with
// 100,000 cards (docs/games/bingo.md gives the measured time). A Detector
// is not safe for concurrent use; it is derived data, rebuilt from the
// cards and replayed from the balls.
type Detector struct {
	cards []Card
	// cells[start[n]:start[n+1]] are number n's cells, each the index of
	// its row in rowLeft (card·Rows + row), in card order: one flat slice,
	// one allocation, and each ball reads contiguous memory.
	cells []uint32
	start [NumbersMax + 2]int32
	// rowLeft counts, per card and row, the row's numbers still to draw.
	// A card's count is the sum of its rows', looked at only when a row
	// completes, so a ball does one decrement per cell.
	rowLeft []uint8
	drawn   [NumbersMax + 1]bool
	balls   []int
	line    Award
	bingo   Award
}

// Award is a prize as the draw decided it: the ball where it was won and
// the winning cards.
type Award struct {
	// Index is the place in the draw of the ball that won it, from 1; 0
	// while it is not won.
	Index int
	// Ball is that ball's number.
	Ball int
	// Cards are the winning cards, indices into the game's cards,
	// ascending.
	Cards []int
}

// Won reports whether the prize was won.
func (a Award) Won() bool { return a.Index > 0 }

// NewDetector indexes the cards of one game. The cards must be valid
// (NewCard, ParseBetCode, GenerateCard) and at most CardsLimit; ids are
// not checked here (CheckCards does). A card not built by this package
// (a number outside 1..90) is a programming error and panics.
func NewDetector(cards []Card) *Detector {
	if len(cards) > CardsLimit {
		panic(fmt.Sprintf("bingo: %d cards in one detector, at most %d", len(cards), CardsLimit))
	}
	d := &Detector{
		cards:   cards,
		cells:   make([]uint32, len(cards)*CardNumbers),
		rowLeft: make([]uint8, len(cards)*Rows),
	}
	var count [NumbersMax + 1]int32
	for _, c := range cards {
		for _, row := range c.Rows {
			for _, n := range row {
				if n < 1 || n > NumbersMax {
					panic(fmt.Sprintf("bingo: card %s holds %d; build cards with NewCard", c.ID, n))
				}
				count[n]++
			}
		}
	}
	for n := 1; n <= NumbersMax+1; n++ {
		d.start[n] = d.start[n-1] + count[n-1]
	}
	next := d.start
	for i, c := range cards {
		for r, row := range c.Rows {
			for _, n := range row {
				d.cells[next[n]] = uint32(i*Rows + r)
				next[n]++
			}
			d.rowLeft[i*Rows+r] = RowNumbers
		}
	}
	return d
}

// Cards returns the number of cards in play.
func (d *Detector) Cards() int { return len(d.cards) }

// Balls returns the balls drawn so far, in order.
func (d *Detector) Balls() []int { return slices.Clone(d.balls) }

// Line returns the line prize as decided so far.
func (d *Detector) Line() Award { return cloneAward(d.line) }

// Bingo returns the bingo prize as decided so far.
func (d *Detector) Bingo() Award { return cloneAward(d.bingo) }

func cloneAward(a Award) Award { a.Cards = slices.Clone(a.Cards); return a }

// Over reports whether the game ended with a bingo.
func (d *Detector) Over() bool { return d.bingo.Won() }

// Draw applies ball n and returns what it did. It refuses, with a
// *ResultError, a ball outside 1..90, a ball already drawn and any ball
// after the bingo; a refused ball changes nothing.
//
// Every card that completes a line on the ball where the first line
// appears wins the line, a card that completes two rows at once counting
// once; likewise the bingo, which ends the game. Rows completed after the
// line was won are counted but win nothing: the seed's line is formed
// "siempre y cuando no haya sido cantada correctamente por otro jugador
// durante la extracción de las bolas anteriores".
func (d *Detector) Draw(n int) (Step, error) {
	if err := Ball(n).Validate(); err != nil {
		return Step{}, err
	}
	if d.bingo.Won() {
		return Step{}, resultError(RuleGameOver, "ball %d after the bingo on ball %d", n, d.bingo.Index)
	}
	if d.drawn[n] {
		return Step{}, resultError(RuleBallTwice, "ball %d was already drawn", n)
	}
	d.drawn[n] = true
	d.balls = append(d.balls, n)
	st := Step{Index: len(d.balls), Ball: n}
	lineOpen := !d.line.Won()
	left := d.rowLeft
	for _, row := range d.cells[d.start[n]:d.start[n+1]] {
		left[row]--
		if left[row] != 0 {
			continue
		}
		// The row is complete: rare, a few hundred times a game.
		card := int(row) / Rows
		if lineOpen {
			// A ball is in one row of a card, so a card completes at most
			// one row per ball and is listed once.
			st.Line = append(st.Line, card)
		}
		if d.cardDone(card) {
			st.Bingo = append(st.Bingo, card)
		}
	}
	if len(st.Line) > 0 {
		d.line = Award{Index: st.Index, Ball: n, Cards: slices.Clone(st.Line)}
	}
	if len(st.Bingo) > 0 {
		d.bingo = Award{Index: st.Index, Ball: n, Cards: slices.Clone(st.Bingo)}
	}
	return st, nil
}

// Missing returns the numbers of card i (an index into the game's cards)
// not drawn yet, in row order: of the whole card, or of row r (0..2) when
// r ≥ 0.
func (d *Detector) Missing(i, r int) []int {
	var out []int
	for row, nums := range d.cards[i].Rows {
		if r >= 0 && row != r {
			continue
		}
		for _, n := range nums {
			if !d.drawn[n] {
				out = append(out, int(n))
			}
		}
	}
	return out
}

// cardDone reports whether card i has all its numbers drawn.
func (d *Detector) cardDone(i int) bool {
	r := d.rowLeft[i*Rows : i*Rows+Rows : i*Rows+Rows]
	return r[0]|r[1]|r[2] == 0
}

// rowDone reports whether card i has a complete row now.
func (d *Detector) rowDone(i int) bool {
	for r := range Rows {
		if d.rowLeft[i*Rows+r] == 0 {
			return true
		}
	}
	return false
}
