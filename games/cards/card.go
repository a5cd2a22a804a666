package cards

import (
	"errors"
	"fmt"
	"strings"
)

// Ranks and Suits are the characters a card is written with, rank then
// suit: "AS", "TD", "KC". Ranks are in the order of the pips, the ace
// first; a game that ranks the ace high says so itself.
const (
	Ranks = "A23456789TJQK"
	Suits = "SHDC"
)

// Rank is a card's rank character, one of Ranks.
type Rank byte

// Suit is a card's suit character, one of Suits.
type Suit byte

// Index is the rank's place in Ranks: 0 for the ace, 12 for the king.
func (r Rank) Index() int { return strings.IndexByte(Ranks, byte(r)) }

// String writes the rank's character.
func (r Rank) String() string { return string(rune(r)) }

// Index is the suit's place in Suits.
func (s Suit) Index() int { return strings.IndexByte(Suits, byte(s)) }

// Red reports whether the suit is hearts or diamonds.
func (s Suit) Red() bool { return s == 'H' || s == 'D' }

// String writes the suit's character.
func (s Suit) String() string { return string(rune(s)) }

// DeckSize is the number of cards in one deck.
const DeckSize = 52

// Card is one card: a rank of Ranks and a suit of Suits. The zero Card is
// not a card; get one from Parse or FromIndex.
type Card struct {
	rank Rank
	suit Suit
}

// ErrBadCard is wrapped by every error of Parse. Games wrap it again in
// their own result errors (rule card_spelling), which carry the API code.
var ErrBadCard = errors.New("not a card")

// ParseError says why a string is not a card. It wraps ErrBadCard.
type ParseError struct {
	// Input is the string as the message quotes it (shortened by Cut
	// where it may be long).
	Input string
	// Reason says what is wrong, "suit \"X\" is not one of SHDC".
	Reason string
}

// Error writes "not a card: "9X": suit …".
func (e *ParseError) Error() string { return fmt.Sprintf("%v: %q: %s", ErrBadCard, e.Input, e.Reason) }

// Unwrap returns ErrBadCard, for errors.Is.
func (e *ParseError) Unwrap() error { return ErrBadCard }

// Parse reads a card in its one spelling, rank then suit in capitals
// ("9H", "TS"). Ten is T so that every card is two characters; "10H" is
// refused with the hint "write TH". Every error is a *ParseError.
func Parse(s string) (Card, error) { return ParseIn(s, Ranks) }

// ParseIn is Parse for a game that writes the ranks in its own order:
// where Parse's messages list Ranks, its messages list ranks, a
// reordering of Ranks such as poker's "23456789TJQKA" (the two first, the
// ace last). It reads the same cards as Parse; the order is only what a
// player of that game reads in a refusal.
func ParseIn(s, ranks string) (Card, error) {
	if len(s) == 3 && strings.HasPrefix(s, "10") {
		return Card{}, &ParseError{s, fmt.Sprintf("ten is written T (write %q)", "T"+s[2:])}
	}
	if len(s) != 2 {
		return Card{}, &ParseError{Cut(s), fmt.Sprintf("a card is a rank (%s) and a suit (%s), as \"9H\"", ranks, Suits)}
	}
	if strings.IndexByte(Ranks, s[0]) < 0 {
		return Card{}, &ParseError{s, fmt.Sprintf("rank %q is not one of %s", s[:1], ranks)}
	}
	if strings.IndexByte(Suits, s[1]) < 0 {
		return Card{}, &ParseError{s, fmt.Sprintf("suit %q is not one of %s", s[1:], Suits)}
	}
	return Card{rank: Rank(s[0]), suit: Suit(s[1])}, nil
}

// Must is Parse for literals of tests and examples; it panics on a bad
// card.
func Must(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// FromIndex returns the card of index i (0..51) as Index numbers them.
func FromIndex(i int) Card {
	return Card{rank: Rank(Ranks[i/len(Suits)]), suit: Suit(Suits[i%len(Suits)])}
}

// Index numbers the 52 cards of a deck, rank-major: 0 is AS, 51 is KC.
func (c Card) Index() int { return c.rank.Index()*len(Suits) + c.suit.Index() }

// Valid reports whether c is a card (not the zero Card).
func (c Card) Valid() bool { return c.rank != 0 }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return c.rank }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return c.suit }

// String writes the card as it parses, "9H"; the zero Card is "??".
func (c Card) String() string {
	if c.rank == 0 {
		return "??"
	}
	return string([]byte{byte(c.rank), byte(c.suit)})
}

// Strings writes cards as they parse.
func Strings(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// Cut shortens an input string quoted in an error, so that a long input
// does not make a long message.
func Cut(s string) string {
	if len(s) > 16 {
		return s[:16] + "..."
	}
	return s
}
