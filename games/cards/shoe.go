package cards

import (
	"math/big"
	"math/rand/v2"
)

// DecksMax bounds the decks of a shoe.
const DecksMax = 16

// Shoe counts the cards left in a shoe of several decks, card by card. The
// exact figures enumerate draws from it (Prob, Take, Put); the zero Shoe
// is empty.
type Shoe struct {
	n     [DeckSize]int
	total int
}

// NewShoe returns a full shoe of decks decks (1..DecksMax; outside that
// range it is clamped, a programming error the callers' data validation
// has already refused).
func NewShoe(decks int) Shoe {
	decks = max(1, min(decks, DecksMax))
	var s Shoe
	for i := range s.n {
		s.n[i] = decks
	}
	s.total = decks * DeckSize
	return s
}

// Count returns how many copies of c are left.
func (s *Shoe) Count(c Card) int { return s.n[c.Index()] }

// CountRank returns how many cards of rank r are left.
func (s *Shoe) CountRank(r Rank) int {
	i := r.Index() * len(Suits)
	return s.n[i] + s.n[i+1] + s.n[i+2] + s.n[i+3]
}

// Total returns how many cards are left.
func (s *Shoe) Total() int { return s.total }

// Take removes one copy of c and reports whether there was one.
func (s *Shoe) Take(c Card) bool {
	i := c.Index()
	if s.n[i] == 0 {
		return false
	}
	s.n[i]--
	s.total--
	return true
}

// Put returns one copy of c to the shoe (undoes Take).
func (s *Shoe) Put(c Card) {
	s.n[c.Index()]++
	s.total++
}

// Prob returns the exact probability that the next card drawn is c.
func (s *Shoe) Prob(c Card) *big.Rat {
	if s.total == 0 {
		return new(big.Rat)
	}
	return big.NewRat(int64(s.Count(c)), int64(s.total))
}

// Cards returns every card of a shoe of decks decks, in deck order, for a
// simulation to shuffle.
func Cards(decks int) []Card {
	decks = max(1, min(decks, DecksMax))
	out := make([]Card, 0, decks*DeckSize)
	for range decks {
		for i := range DeckSize {
			out = append(out, FromIndex(i))
		}
	}
	return out
}

// Shuffle shuffles cs in place with r (Fisher–Yates); simulations pass a
// seeded generator so that their figures are reproducible.
func Shuffle(r *rand.Rand, cs []Card) {
	r.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}
