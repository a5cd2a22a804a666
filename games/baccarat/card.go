package baccarat

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wagerlog/wagerlog/games/cards"
)

// Ranks and Suits are the characters a card is written with, as the
// dealer draws it: rank then suit, "9H", "TS", "KC" (games/cards).
const (
	Ranks = cards.Ranks
	Suits = cards.Suits
)

// Card is one card of the shoe, the card model of games/cards.
type Card = cards.Card

// ParseCard reads a card in its one spelling, rank then suit in capitals
// ("9H", "TS"), with cards.Parse. Ten is T, so that every card is two
// characters; "10H" and "10" are refused with the hint "write TH". Every
// error is a *ResultError of rule card_spelling.
func ParseCard(s string) (Card, error) {
	if s == "10" {
		return Card{}, resultError(RuleCardSpelling, "card %q: ten is written T (write %q)", s, "T")
	}
	c, err := cards.Parse(s)
	var pe *cards.ParseError
	if errors.As(err, &pe) {
		return Card{}, resultError(RuleCardSpelling, "card %q: %s", pe.Input, pe.Reason)
	}
	return c, err
}

// MustCard is ParseCard for literals of tests and examples; it panics on a
// bad card.
func MustCard(s string) Card {
	c, err := ParseCard(s)
	if err != nil {
		panic(err)
	}
	return c
}

// Value is what a card counts in baccarat: the ace 1, two to nine their
// pips, ten and the faces 0.
func Value(c Card) int {
	switch r := c.Rank(); r {
	case 'A':
		return 1
	case 'T', 'J', 'Q', 'K':
		return 0
	default:
		return int(r - '0')
	}
}

// Hand is the cards of one side of a coup (the player, the banker, a
// tableau) in the order they were dealt. A complete hand has two or three
// cards; the third is the drawn card.
type Hand []Card

// Point is the hand's point: the sum of its cards' values modulo 10.
func (h Hand) Point() int { return pointOf(h, len(h)) }

// FirstPoint is the point of the first two cards, the one the drawing
// rules read.
func (h Hand) FirstPoint() int { return pointOf(h, min(2, len(h))) }

// Natural reports whether the hand is a natural ("abatir"): two cards of
// point 8 or 9. Judged on the first two cards, it is what the drawing rules
// read; a three-card hand is never a natural.
func (h Hand) Natural() bool { return len(h) == 2 && h.Point() >= 8 }

// naturalDealt reports whether the first two cards are a natural, whatever
// was (wrongly) drawn after them.
func (h Hand) naturalDealt() bool { return len(h) >= 2 && h.FirstPoint() >= 8 }

// Third returns the value of the drawn card, or NoCard for a two-card hand.
func (h Hand) Third() int {
	if len(h) < 3 {
		return NoCard
	}
	return Value(h[2])
}

// String writes the cards joined by spaces, "4S 9H 7D".
func (h Hand) String() string {
	parts := make([]string, len(h))
	for i, c := range h {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// NoCard stands for "no third card" where a third card's value is read.
const NoCard = -1

func pointOf(h Hand, n int) int {
	p := 0
	for _, c := range h[:n] {
		p += Value(c)
	}
	return p % 10
}

// equalHands reports whether two hands are the same cards as settlement
// reads them: the first two in either order (they are dealt face down and
// read together), the third the same card.
func equalHands(a, b Hand) bool {
	if len(a) != len(b) {
		return false
	}
	switch len(a) {
	case 0, 1:
		return len(a) == 0 || a[0] == b[0]
	}
	if !(a[0] == b[0] && a[1] == b[1]) && !(a[0] == b[1] && a[1] == b[0]) {
		return false
	}
	for i := 2; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// parseHand reads a hand of 0..3 card strings (the caller checks the count
// its form needs), naming the side in errors.
func parseHand(side string, cards []string) (Hand, error) {
	if len(cards) > HandCardsMax {
		return nil, resultError(RuleCardsPerHand, "%s has %d cards; a hand has two or three", side, len(cards))
	}
	h := make(Hand, len(cards))
	for i, s := range cards {
		c, err := ParseCard(s)
		if err != nil {
			return nil, fmt.Errorf("%s card %d: %w", side, i+1, err)
		}
		h[i] = c
	}
	return h, nil
}

// HandCardsMax is the most cards a hand has: two dealt and one drawn.
const HandCardsMax = 3
