package blackjack

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits on bet codes.
const (
	// BetCodeLenMax bounds the length of a bet code.
	BetCodeLenMax = 32
	// SeatsMax is the highest seat number; a blackjack table has seven
	// boxes, a few have nine.
	SeatsMax = 9
)

// Kind is a kind of bet, the key of a table's stake limits.
type Kind string

// Kinds of bet. A double and a split are bets of their own, placed when the
// player decides them; the table's limits for them should be those of the
// main bet, since their stake equals it (CheckPlacement refuses any other).
const (
	// KindMain is the seat's main bet, "main:S": it plays the seat's
	// first hand.
	KindMain Kind = "main"
	// KindPerfectPairs is the Perfect Pairs side bet on the seat's first
	// two cards, "perfect_pairs:S".
	KindPerfectPairs Kind = "perfect_pairs"
	// KindInsurance is insurance against a dealer's blackjack, "insurance:S".
	KindInsurance Kind = "insurance"
	// KindDouble is the stake added by doubling hand H of seat S,
	// "double:S:H".
	KindDouble Kind = "double"
	// KindSplit is the stake of the new hand made by splitting hand H of
	// seat S, "split:S:H".
	KindSplit Kind = "split"
)

// allKinds lists every kind in listing order; a function, so that no
// package variable can be changed.
func allKinds() []Kind {
	return []Kind{KindMain, KindPerfectPairs, KindInsurance, KindDouble, KindSplit}
}

// Bet is a parsed bet code. The zero Bet is not a bet; get one from
// ParseBet.
type Bet struct {
	kind Kind
	seat int
	hand int // double and split: the hand's number in the seat, from 0
}

// Kind returns the bet's kind.
func (b Bet) Kind() Kind { return b.kind }

// Seat returns the bet's seat, 1..SeatsMax.
func (b Bet) Seat() int { return b.seat }

// Hand returns the hand a double or split is made on (0 for the seat's
// first hand); 0 for the other kinds.
func (b Bet) Hand() int { return b.hand }

// String returns the bet's code, "double:1:0".
func (b Bet) String() string {
	s := string(b.kind) + ":" + strconv.Itoa(b.seat)
	if b.kind == KindDouble || b.kind == KindSplit {
		s += ":" + strconv.Itoa(b.hand)
	}
	return s
}

// ParseBet parses a bet code in its one spelling: main:S,
// perfect_pairs:S, insurance:S, double:S:H, split:S:H, with S a seat
// 1..SeatsMax and H a hand 0..HandsLimit−1, both without leading zeros. It
// returns an error wrapping ErrBadBetCode for anything else.
func ParseBet(code string) (Bet, error) {
	if len(code) > BetCodeLenMax {
		return Bet{}, fmt.Errorf("%w: %q...: longer than %d bytes", ErrBadBetCode, code[:BetCodeLenMax], BetCodeLenMax)
	}
	parts := strings.Split(code, ":")
	k := Kind(parts[0])
	want := 2
	switch k {
	case KindMain, KindPerfectPairs, KindInsurance:
	case KindDouble, KindSplit:
		want = 3
	default:
		return Bet{}, fmt.Errorf("%w: %q: the bets are main:S, perfect_pairs:S, insurance:S, double:S:H and split:S:H", ErrBadBetCode, code)
	}
	if len(parts) != want {
		if want == 2 {
			return Bet{}, fmt.Errorf("%w: %q: write %s:S with S the seat", ErrBadBetCode, code, k)
		}
		return Bet{}, fmt.Errorf("%w: %q: write %s:S:H with S the seat and H the hand (0 the first)", ErrBadBetCode, code, k)
	}
	seat, ok := number(parts[1], 1, SeatsMax)
	if !ok {
		return Bet{}, fmt.Errorf("%w: %q: seat %q is not 1..%d", ErrBadBetCode, code, parts[1], SeatsMax)
	}
	b := Bet{kind: k, seat: seat}
	if want == 3 {
		if b.hand, ok = number(parts[2], 0, HandsLimit-1); !ok {
			return Bet{}, fmt.Errorf("%w: %q: hand %q is not 0..%d", ErrBadBetCode, code, parts[2], HandsLimit-1)
		}
	}
	return b, nil
}

// number reads a decimal in lo..hi in its one spelling (no sign, no
// leading zero).
func number(s string, lo, hi int) (int, bool) {
	if s == "" || (len(s) > 1 && s[0] == '0') || len(s) > 2 {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || s[0] == '+' || s[0] == '-' || n < lo || n > hi {
		return 0, false
	}
	return n, true
}
