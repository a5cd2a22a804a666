package poker

import (
	"fmt"
	"strings"
)

// Ranks and Suits are the characters a card is written with, rank then
// suit, as in baccarat: "9H", "TS", "AC". Ranks are listed from the lowest
// (two) to the highest (ace); no suit ranks above another (seed 004, 6.5.1:
// "ninguna pinta se valora más que otra").
const (
	Ranks = "23456789TJQKA"
	Suits = "SHDC"
)

// DeckCards is the number of cards of the one deck a poker table deals
// from.
const DeckCards = 52

// Card is one card of a 52-card deck. The zero Card is not a card; get one
// from ParseCard or CardAt.
type Card struct {
	rank byte // 2..14, ace high
	suit byte // 1..4, index in Suits plus one
}

// ParseCard reads a card in its one spelling, rank then suit in capitals
// ("9H", "TS"). Ten is T, so that every card is two characters; "10H" is
// refused with the hint "write TH". Every error is a *ResultError with
// RuleCardSpelling.
//
// The package keeps its own card type rather than sharing baccarat's:
// poker ranks the ace high and needs no point value, and a shared
// games/cards package can replace both when one exists.
func ParseCard(s string) (Card, error) {
	if len(s) == 3 && strings.HasPrefix(s, "10") {
		return Card{}, resultError(RuleCardSpelling, "card %q: ten is written T (write %q)", s, "T"+s[2:])
	}
	if len(s) != 2 {
		return Card{}, resultError(RuleCardSpelling, "card %q: a card is a rank (%s) and a suit (%s), as \"9H\"", cut(s), Ranks, Suits)
	}
	r := strings.IndexByte(Ranks, s[0])
	if r < 0 {
		return Card{}, resultError(RuleCardSpelling, "card %q: rank %q is not one of %s", s, s[:1], Ranks)
	}
	u := strings.IndexByte(Suits, s[1])
	if u < 0 {
		return Card{}, resultError(RuleCardSpelling, "card %q: suit %q is not one of %s", s, s[1:], Suits)
	}
	return Card{rank: byte(r + 2), suit: byte(u + 1)}, nil
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

// CardAt returns the i-th card of a deck, 0 ≤ i < DeckCards, in the order
// of Index: twos first, suits in Suits order.
func CardAt(i int) Card {
	if i < 0 || i >= DeckCards {
		panic(fmt.Sprintf("poker: card index %d outside 0..%d", i, DeckCards-1))
	}
	return Card{rank: byte(i/4 + 2), suit: byte(i%4 + 1)}
}

// Index numbers the card 0..51 (the inverse of CardAt), -1 for the zero
// Card.
func (c Card) Index() int {
	if c.rank == 0 {
		return -1
	}
	return int(c.rank-2)*4 + int(c.suit-1)
}

// Rank returns the card's rank, 2..14 (jack 11, queen 12, king 13, ace 14).
func (c Card) Rank() int { return int(c.rank) }

// Suit returns the card's suit character ('S', 'H', 'D', 'C').
func (c Card) Suit() byte {
	if c.suit == 0 {
		return '?'
	}
	return Suits[c.suit-1]
}

// String writes the card as it parses, "9H".
func (c Card) String() string {
	if c.rank == 0 {
		return "??"
	}
	return string([]byte{Ranks[c.rank-2], Suits[c.suit-1]})
}

// HandCards is the number of cards of a poker hand.
const HandCards = 5

// Hand is five cards, in the order they were entered. Its ranking does not
// depend on that order.
type Hand [HandCards]Card

// ParseHand reads five distinct cards. side names the hand in errors
// ("player", "seat 3"). Every error is a *ResultError.
func ParseHand(side string, cards []string) (Hand, error) {
	var h Hand
	if len(cards) != HandCards {
		return h, resultError(RuleHandSize, "%s has %d cards; a poker hand has %d", side, len(cards), HandCards)
	}
	for i, s := range cards {
		c, err := ParseCard(s)
		if err != nil {
			return h, fmt.Errorf("%s card %d: %w", side, i+1, err)
		}
		for j := range i {
			if h[j] == c {
				return h, resultError(RuleDuplicateCard, "%s: %s twice; a hand is dealt from one deck", side, c)
			}
		}
		h[i] = c
	}
	return h, nil
}

// Strings returns the hand's cards as they parse.
func (h Hand) Strings() []string {
	out := make([]string, len(h))
	for i, c := range h {
		out[i] = c.String()
	}
	return out
}

// String writes the cards joined by spaces, "AS KS QS JS TS".
func (h Hand) String() string { return strings.Join(h.Strings(), " ") }

// cut shortens an input string quoted in an error.
func cut(s string) string {
	if len(s) > 16 {
		return s[:16] + "..."
	}
	return s
}
