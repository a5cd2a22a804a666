package cards

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestParse(t *testing.T) {
	for i := range DeckSize {
		c := FromIndex(i)
		got, err := Parse(c.String())
		if err != nil || got != c || got.Index() != i {
			t.Fatalf("card %d: %v %v", i, got, err)
		}
	}
	for _, s := range []string{"", "10H", "1H", "as", "AX", "ASS", "ZZ"} {
		if _, err := Parse(s); !errors.Is(err, ErrBadCard) {
			t.Errorf("Parse(%q) = %v", s, err)
		}
	}
	if c := Must("TD"); c.Rank() != 'T' || c.Suit() != 'D' || !c.Suit().Red() || c.Rank().Index() != 9 {
		t.Errorf("TD = %v", c)
	}
	if (Card{}).Valid() || (Card{}).String() != "??" {
		t.Error("zero card")
	}
}

func TestParseIn(t *testing.T) {
	const aceHigh = "23456789TJQKA"
	for _, tc := range []struct{ in, ranks, reason string }{
		{"XH", Ranks, `rank "X" is not one of A23456789TJQK`},
		{"XH", aceHigh, `rank "X" is not one of 23456789TJQKA`},
		{"9", aceHigh, `a card is a rank (23456789TJQKA) and a suit (SHDC), as "9H"`},
		{"9X", aceHigh, `suit "X" is not one of SHDC`},
		{"10S", aceHigh, `ten is written T (write "TS")`},
	} {
		_, err := ParseIn(tc.in, tc.ranks)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Reason != tc.reason || pe.Input != tc.in {
			t.Errorf("ParseIn(%q, %q) = %v, want reason %s", tc.in, tc.ranks, err, tc.reason)
		}
	}
	// The order a game lists the ranks in changes no card read.
	for i := range DeckSize {
		s := FromIndex(i).String()
		a, errA := Parse(s)
		b, errB := ParseIn(s, aceHigh)
		if errA != nil || errB != nil || a != b {
			t.Fatalf("%s: %v %v / %v %v", s, a, errA, b, errB)
		}
	}
}

func TestShoe(t *testing.T) {
	s := NewShoe(6)
	if s.Total() != 312 || s.CountRank('K') != 24 || s.Count(Must("AS")) != 6 {
		t.Fatalf("shoe %d", s.Total())
	}
	if !s.Take(Must("AS")) || s.Prob(Must("AS")).Cmp(big.NewRat(5, 311)) != 0 {
		t.Error("take")
	}
	s.Put(Must("AS"))
	if s.Total() != 312 {
		t.Error("put")
	}
	one := NewShoe(1)
	for i := range DeckSize {
		if !one.Take(FromIndex(i)) {
			t.Fatal(i)
		}
	}
	if one.Take(Must("AS")) || one.Prob(Must("AS")).Sign() != 0 {
		t.Error("empty shoe")
	}
	cs := Cards(2)
	Shuffle(rand.New(rand.NewPCG(1, 2)), cs)
	if len(cs) != 104 {
		t.Error(len(cs))
	}
}

// FuzzParse checks that a card that parses is written back as given and
// that every refusal wraps ErrBadCard.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"AS", "TD", "10H", "", "as"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrBadCard) {
				t.Fatal(err)
			}
			return
		}
		if c.String() != s || FromIndex(c.Index()) != c {
			t.Fatalf("%q → %v", s, c)
		}
	})
}
