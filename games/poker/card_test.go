package poker

import (
	"testing"

	"github.com/wagerlog/wagerlog/games/cards"
)

// TestCardAt pins poker's deck order, which the seeded demos deal by and
// the exact figures enumerate by: twos first, suits S, H, D, C.
func TestCardAt(t *testing.T) {
	for i, want := range map[int]string{0: "2S", 1: "2H", 3: "2C", 4: "3S", 13: "5H", 35: "TC", 48: "AS", 51: "AC"} {
		if got := CardAt(i).String(); got != want {
			t.Errorf("CardAt(%d) = %s, want %s", i, got, want)
		}
	}
	seen := map[Card]bool{}
	for i := range DeckCards {
		c := CardAt(i)
		if seen[c] || deckIndex(c) != i {
			t.Fatalf("CardAt(%d) = %s, deckIndex %d", i, c, deckIndex(c))
		}
		seen[c] = true
	}
	if deckIndex(Card{}) != -1 {
		t.Error("the zero Card has a deck index")
	}
}

func TestHigh(t *testing.T) {
	for s, want := range map[string]int{"2C": 2, "9H": 9, "TD": 10, "JS": 11, "QH": 12, "KD": 13, "AS": 14} {
		if got := High(cards.Must(s)); got != want {
			t.Errorf("High(%s) = %d, want %d", s, got, want)
		}
	}
	if High(Card{}) != 0 {
		t.Error("High of the zero Card")
	}
}

// TestParseCard_Err checks the refusals' words, which the settle answers
// quote: the ranks listed in poker's order, the ace last.
func TestParseCard_Err(t *testing.T) {
	for in, want := range map[string]string{
		"XH":  `invalid result: card_spelling: card "XH": rank "X" is not one of 23456789TJQKA`,
		"9X":  `invalid result: card_spelling: card "9X": suit "X" is not one of SHDC`,
		"9":   `invalid result: card_spelling: card "9": a card is a rank (23456789TJQKA) and a suit (SHDC), as "9H"`,
		"10H": `invalid result: card_spelling: card "10H": ten is written T (write "TH")`,
		"1H":  `invalid result: card_spelling: card "1H": rank "1" is not one of 23456789TJQKA`,
	} {
		_, err := ParseCard(in)
		if err == nil || err.Error() != want || BrokenRule(err) != RuleCardSpelling {
			t.Errorf("ParseCard(%q) = %v, want %s", in, err, want)
		}
	}
	if c, err := ParseCard("TS"); err != nil || c != cards.Must("TS") {
		t.Errorf("ParseCard(TS) = %v, %v", c, err)
	}
}
