package roulette

import (
	"fmt"
	"strconv"
)

// Pocket is one pocket of a roulette wheel, the result of a spin: Zero, a
// number 1..36, or DoubleZero ("00", American wheel only). Its value is the
// number itself, except DoubleZero, which is 37 so that every pocket is a
// bit of a uint64 set; the zero Pocket is the pocket 0. Get one from
// ParsePocket, or convert a number 0..36.
type Pocket uint8

// The green pockets, and the highest number.
const (
	// Zero is the pocket 0 of both wheels.
	Zero Pocket = 0
	// DoubleZero is the pocket 00 of the American wheel.
	DoubleZero Pocket = 37
	// NumberMax is the highest number of the layout.
	NumberMax = 36
)

// Colour is the colour of a pocket: red, black, or green for the zeros.
type Colour string

// Colours of pockets.
const (
	ColourRed   Colour = "red"
	ColourBlack Colour = "black"
	ColourGreen Colour = "green"
)

// ParsePocket reads a pocket as the dealer writes it: "0", "00", or a number
// "1".."36" without sign, space or leading zero ("07" is refused, because a
// result has one spelling). It accepts "00" whatever the wheel; a
// paytable's ParseResult refuses it on a single-zero wheel. Errors wrap
// ErrBadPocket.
func ParsePocket(s string) (Pocket, error) {
	if s == "00" {
		return DoubleZero, nil
	}
	if len(s) == 0 || len(s) > 2 || (len(s) == 2 && s[0] == '0') {
		return 0, fmt.Errorf("%w: pocket %q: want 0, 00 or 1..36 without leading zeros", ErrBadPocket, s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%w: pocket %q: want 0, 00 or 1..36 without leading zeros", ErrBadPocket, s)
		}
	}
	n, _ := strconv.Atoi(s) // one or two ASCII digits: cannot fail
	if n > NumberMax {
		return 0, fmt.Errorf("%w: pocket %q: no wheel has a number above %d", ErrBadPocket, s, NumberMax)
	}
	return Pocket(n), nil
}

// Valid reports whether p is a pocket of some wheel (0..36 or DoubleZero).
func (p Pocket) Valid() bool { return p <= DoubleZero }

// String writes the pocket as the dealer does: "0", "00", "17".
func (p Pocket) String() string {
	if p == DoubleZero {
		return "00"
	}
	return strconv.Itoa(int(p))
}

// Green reports whether p is a zero (0 or 00): neither red nor black, odd
// nor even, low nor high, and in no dozen or column.
func (p Pocket) Green() bool { return p == Zero || p == DoubleZero }

// number returns p as a number 1..36, or 0 for a green or invalid pocket.
func (p Pocket) number() int {
	if p.Green() || !p.Valid() {
		return 0
	}
	return int(p)
}

// Colour returns the pocket's colour on the standard wheel and layout. The
// reds are the odd numbers of 1..10 and 19..28 and the even numbers of
// 11..18 and 29..36 (1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27,
// 30, 32, 34, 36), the same on the single- and the double-zero wheel.
func (p Pocket) Colour() Colour {
	n := p.number()
	if n == 0 {
		return ColourGreen
	}
	oddIsRed := n <= 10 || (n >= 19 && n <= 28)
	if (n%2 == 1) == oddIsRed {
		return ColourRed
	}
	return ColourBlack
}

// Dozen returns 1 for 1..12, 2 for 13..24, 3 for 25..36, and 0 for a zero.
func (p Pocket) Dozen() int {
	n := p.number()
	if n == 0 {
		return 0
	}
	return (n-1)/12 + 1
}

// Column returns the pocket's column of the layout, 1..3 (column 1 holds
// 1, 4, ..., 34), and 0 for a zero.
func (p Pocket) Column() int {
	n := p.number()
	if n == 0 {
		return 0
	}
	return (n-1)%3 + 1
}

// Row returns the pocket's row of the layout, 1..12 (row r holds 3r-2,
// 3r-1 and 3r: the street), and 0 for a zero.
func (p Pocket) Row() int {
	n := p.number()
	if n == 0 {
		return 0
	}
	return (n-1)/3 + 1
}

// order is the canonical writing order of pockets in a bet code: 0, then
// 00, then 1..36 ("split:0-00", "split:00-2").
func (p Pocket) order() int {
	switch p {
	case Zero:
		return 0
	case DoubleZero:
		return 1
	}
	return int(p) + 1
}
