package blackjack

import (
	"strings"

	"github.com/wagerlog/wagerlog/games/cards"
)

// Value is what a card counts in blackjack: the ace 1 (Hand.Total counts
// one ace 11 when that does not bust), two to nine their pips, ten and the
// faces 10.
func Value(c cards.Card) int {
	switch c.Rank() {
	case 'A':
		return 1
	case 'T', 'J', 'Q', 'K':
		return 10
	}
	return int(c.Rank() - '0')
}

// Hand is the cards of one hand in the order dealt.
type Hand []cards.Card

// Total returns the hand's best total and whether it is soft (an ace
// counted 11).
func (h Hand) Total() (total int, soft bool) {
	ace := false
	for _, c := range h {
		total += Value(c)
		ace = ace || c.Rank() == 'A'
	}
	if ace && total+10 <= 21 {
		return total + 10, true
	}
	return total, false
}

// Points returns the hand's best total.
func (h Hand) Points() int {
	t, _ := h.Total()
	return t
}

// Bust reports whether the hand is over 21.
func (h Hand) Bust() bool { return h.Points() > 21 }

// Natural reports whether the hand is two cards totalling 21: an ace and a
// ten-value card. Only an unsplit hand's natural is a blackjack.
func (h Hand) Natural() bool { return len(h) == 2 && h.Points() == 21 }

// Pair reports whether the hand is two cards of one rank, the pair that
// splits (a king and a queen are not a pair).
func (h Hand) Pair() bool { return len(h) == 2 && h[0].Rank() == h[1].Rank() }

// String writes the cards joined by spaces, "8S 3D KH".
func (h Hand) String() string { return strings.Join(cards.Strings(h), " ") }

// DealerDraws reports whether a dealer's hand of at least two cards must
// draw: below 17, or on a soft 17 when the table hits soft 17.
func DealerDraws(h Hand, hitsSoft17 bool) bool {
	if len(h) < 2 {
		return true
	}
	t, soft := h.Total()
	return t < 17 || (t == 17 && soft && hitsSoft17)
}
