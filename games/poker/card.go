package poker

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wagerlog/wagerlog/games/cards"
)

// Ranks are the rank characters in the order poker ranks them, from the
// lowest (two) to the highest (ace), the order its messages list them in
// and its hand values count them in. No suit ranks above another (seed
// 004, 6.5.1: "ninguna pinta se valora más que otra"); Suits are those
// of games/cards.
const (
	Ranks = "23456789TJQKA"
	Suits = cards.Suits
)

// DeckCards is the number of cards of the one deck a poker table deals
// from.
const DeckCards = cards.DeckSize

// Card is one card of the deck, the card model of games/cards. Poker reads
// its rank ace high with High and numbers the deck twos first with CardAt.
type Card = cards.Card

// ParseCard reads a card in its one spelling, rank then suit in capitals
// ("9H", "TS"), with games/cards, whose refusals list the ranks in
// poker's order (Ranks). Ten is T, so that every card is two characters;
// "10H" is refused with the hint "write TH". Every error is a
// *ResultError with RuleCardSpelling.
func ParseCard(s string) (Card, error) {
	c, err := cards.ParseIn(s, Ranks)
	if err == nil {
		return c, nil
	}
	var pe *cards.ParseError
	if errors.As(err, &pe) {
		return Card{}, resultError(RuleCardSpelling, "card %q: %s", pe.Input, pe.Reason)
	}
	return Card{}, err
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

// High returns the card's rank as poker values it, 2..14 (jack 11, queen
// 12, king 13, ace 14); 0 for the zero Card.
func High(c Card) int { return int(highs[c.Rank()]) }

// highs maps a rank character to its value 2..14, a table so that the
// evaluator, which runs over every five-card hand, reads a rank in one
// load.
var highs = func() (t [256]uint8) {
	for i := range len(Ranks) {
		t[Ranks[i]] = uint8(i + 2)
	}
	return t
}()

// CardAt returns the i-th card of a deck, 0 ≤ i < DeckCards, in poker's
// order: twos first, suits in Suits order. The demos deal by shuffling
// these numbers and the exact figures enumerate hands by them, so the
// order is fixed (a seeded demo deals the same cards as before the card
// model was shared).
func CardAt(i int) Card {
	if i < 0 || i >= DeckCards {
		panic(fmt.Sprintf("poker: card index %d outside 0..%d", i, DeckCards-1))
	}
	return deck[i]
}

// deck is the cards in CardAt's order.
var deck = func() (d [DeckCards]Card) {
	for i := range d {
		d[i] = cards.Must(string([]byte{Ranks[i/len(Suits)], Suits[i%len(Suits)]}))
	}
	return d
}()

// deckIndex is the inverse of CardAt, -1 for the zero Card.
func deckIndex(c Card) int {
	if !c.Valid() {
		return -1
	}
	return (High(c)-2)*len(Suits) + c.Suit().Index()
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
