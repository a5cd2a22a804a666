package bingo

import (
	"cmp"
	"strconv"
	"strings"
)

// The shape of a card, seed 002 bingo section I ("Descripción"): "cartones
// o tarjetas integradas por 15 números distintos entre sí, y distribuidos
// en tres líneas horizontales de cinco números cada una y en nueve columnas
// verticales, en cualquiera de las cuales puede haber, tres, dos o un
// número, pero sin que nunca haya una columna sin número".
const (
	// NumbersMax is the highest ball: "una lotería jugada sobre 90
	// números, del 1 al 90 inclusive".
	NumbersMax = 90
	// Rows is a card's lines ("superior, central e inferior").
	Rows = 3
	// RowNumbers is the numbers of one line.
	RowNumbers = 5
	// Columns is a card's columns: 1-9, 10-19, …, 70-79, 80-90.
	Columns = 9
	// CardNumbers is the numbers of a card.
	CardNumbers = Rows * RowNumbers
)

// Limits of a card's id.
const (
	// SeriesLenMax bounds a series id: up to three letters and six digits
	// ("A", "B12"); the seed names a series by "(letra) … (número de
	// identificación)".
	SeriesLenMax = 9
	// CardNumberMax bounds a card's number within its series.
	CardNumberMax = 999_999
)

// Column returns the column, 0..8, of number n of 1..90: column 1 holds
// 1-9, column 2 10-19, …, column 9 80-90 (eleven numbers, the usual
// layout of a 90-ball card).
func Column(n int) int {
	if n >= NumbersMax {
		return Columns - 1
	}
	return n / 10
}

// columnRange returns the lowest and highest number of column c.
func columnRange(c int) (lo, hi int) {
	switch c {
	case 0:
		return 1, 9
	case Columns - 1:
		return 80, 90
	}
	return 10 * c, 10*c + 9
}

// CardID names a card: its series and its number in the series ("Los
// cartones … deberán estar seriados y numerados", seed 002 bingo II). It
// is written "A-17".
type CardID struct {
	// Series is one to three capital letters then up to six digits.
	Series string
	// Number is 1..CardNumberMax.
	Number int
}

// String writes the id, "A-17".
func (id CardID) String() string { return id.Series + "-" + strconv.Itoa(id.Number) }

// Compare orders ids in card-number order: by series, then number. It
// decides which winning card takes a prize's indivisible remainder.
func (id CardID) Compare(o CardID) int {
	if c := strings.Compare(id.Series, o.Series); c != 0 {
		return c
	}
	return cmp.Compare(id.Number, o.Number)
}

// validSeries reports whether s is one to three capital letters then up to
// six digits, the first not 0.
func validSeries(s string) bool {
	if len(s) == 0 || len(s) > SeriesLenMax {
		return false
	}
	i := 0
	for i < len(s) && s[i] >= 'A' && s[i] <= 'Z' {
		i++
	}
	if i == 0 || i > 3 {
		return false
	}
	digits := s[i:]
	if len(digits) > 6 || len(digits) > 0 && digits[0] == '0' {
		return false
	}
	for _, r := range []byte(digits) {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// parseNumber reads a positive decimal without sign or leading zero, at
// most maxv.
func parseNumber(s string, maxv int) (int, bool) {
	if s == "" || len(s) > 7 || s[0] == '0' {
		return 0, false
	}
	n := 0
	for _, r := range []byte(s) {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = 10*n + int(r-'0')
	}
	return n, n >= 1 && n <= maxv
}

// ParseCardID reads "A-17" strictly: the series as SeriesLenMax says, a
// dash, the number without leading zeros. Its error is a *CardError
// (RuleCardID).
func ParseCardID(s string) (CardID, error) {
	series, num, ok := strings.Cut(s, "-")
	n, nok := parseNumber(num, CardNumberMax)
	if !ok || !validSeries(series) || !nok {
		return CardID{}, cardError(s, RuleCardID, "a card id is a series (one to three capital letters, then up to six digits) and a number 1..%d: \"A-17\"", CardNumberMax)
	}
	return CardID{Series: series, Number: n}, nil
}

// Card is a validated card: its id and its three rows of five numbers,
// each row in column order. Get one from NewCard, ParseBetCode or
// GenerateCard; the zero Card is not a card.
type Card struct {
	ID   CardID
	Rows [Rows][RowNumbers]uint8
}

// NewCard validates rows as the numbers of card id and returns the card.
// The rules (seed 002 bingo I): three rows of five numbers; every number
// in 1..90; the 15 numbers different; a row holds at most one number per
// column and is written in column order (left to right, so ascending);
// every column holds at least one number. A column then holds one, two or
// three numbers, as the seed says. The order of the numbers within a
// column (top to bottom) is not a rule of the seed and is not checked;
// GenerateCard writes them ascending. Every error is a *CardError.
func NewCard(id CardID, rows [][]int) (Card, error) {
	name := id.String()
	if !validSeries(id.Series) || id.Number < 1 || id.Number > CardNumberMax {
		return Card{}, cardError(name, RuleCardID, "a card id is a series (one to three capital letters, then up to six digits) and a number 1..%d", CardNumberMax)
	}
	if len(rows) != Rows {
		return Card{}, cardError(name, RuleCardShape, "%d rows; a card has three rows of five numbers", len(rows))
	}
	c := Card{ID: id}
	var seen [NumbersMax + 1]bool
	var columns [Columns]int
	for r, row := range rows {
		if len(row) != RowNumbers {
			return Card{}, cardError(name, RuleCardShape, "row %d has %d numbers; a row has five", r+1, len(row))
		}
		for i, n := range row {
			if n < 1 || n > NumbersMax {
				return Card{}, cardError(name, RuleNumberRange, "row %d: %d is not a number 1..%d", r+1, n, NumbersMax)
			}
			if seen[n] {
				return Card{}, cardError(name, RuleNumberTwice, "%d appears twice; the 15 numbers are different", n)
			}
			seen[n] = true
			if i > 0 && Column(n) <= Column(row[i-1]) {
				if Column(n) == Column(row[i-1]) {
					return Card{}, cardError(name, RuleRowColumns, "row %d: %d and %d are both in column %d; a row has one number per column", r+1, row[i-1], n, Column(n)+1)
				}
				return Card{}, cardError(name, RuleRowColumns, "row %d: %d comes before %d; a row is written in column order", r+1, row[i-1], n)
			}
			columns[Column(n)]++
			c.Rows[r][i] = uint8(n)
		}
	}
	for col, k := range columns {
		if k == 0 {
			lo, hi := columnRange(col)
			return Card{}, cardError(name, RuleColumnEmpty, "column %d (%d-%d) has no number; every column has one, two or three", col+1, lo, hi)
		}
	}
	return c, nil
}

// RowsInt returns the card's rows as ints, the form NewCard reads and the
// settle line writes.
func (c Card) RowsInt() [][]int {
	out := make([][]int, Rows)
	for r := range c.Rows {
		out[r] = make([]int, RowNumbers)
		for i, n := range c.Rows[r] {
			out[r][i] = int(n)
		}
	}
	return out
}

// Numbers returns the card's 15 numbers, row by row.
func (c Card) Numbers() []int {
	out := make([]int, 0, CardNumbers)
	for _, row := range c.Rows {
		for _, n := range row {
			out = append(out, int(n))
		}
	}
	return out
}

// Has reports whether number n is on the card, and in which row (0..2).
func (c Card) Has(n int) (row int, ok bool) {
	for r, nums := range c.Rows {
		for _, m := range nums {
			if int(m) == n {
				return r, true
			}
		}
	}
	return 0, false
}

// String writes the card as its bet code.
func (c Card) String() string { return c.BetCode() }
