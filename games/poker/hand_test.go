package poker

import (
	"testing"
)

// forEachHand calls f for every 5-card hand of a 52-card deck, in
// lexicographic order of card indexes.
func forEachHand(f func(h Hand)) {
	var deck [DeckCards]Card
	for i := range deck {
		deck[i] = CardAt(i)
	}
	var h Hand
	for a := 0; a < DeckCards; a++ {
		h[0] = deck[a]
		for b := a + 1; b < DeckCards; b++ {
			h[1] = deck[b]
			for c := b + 1; c < DeckCards; c++ {
				h[2] = deck[c]
				for d := c + 1; d < DeckCards; d++ {
					h[3] = deck[d]
					for e := d + 1; e < DeckCards; e++ {
						h[4] = deck[e]
						f(h)
					}
				}
			}
		}
	}
}

// TestEval_CountsAllHands ranks all C(52,5) = 2,598,960 hands and checks
// each category's count against the known figures, and that there are
// 7,462 distinct hand values (the classes of equal hands).
func TestEval_CountsAllHands(t *testing.T) {
	if testing.Short() {
		t.Skip("2.6M hands; run without -short")
	}
	want := [CategoriesCount]int{
		HighCard: 1302540, Pair: 1098240, TwoPair: 123552, ThreeOfAKind: 54912,
		Straight: 10200, Flush: 5108, FullHouse: 3744, FourOfAKind: 624,
		StraightFlush: 36, RoyalFlush: 4,
	}
	var got [CategoriesCount]int
	seen := make(map[Value]struct{}, 8000)
	total := 0
	forEachHand(func(h Hand) {
		v := Eval(h)
		got[v.Category()]++
		seen[v] = struct{}{}
		total++
	})
	if total != 2598960 {
		t.Fatalf("%d hands, want 2598960", total)
	}
	for c := range CategoriesCount {
		if got[c] != want[c] {
			t.Errorf("%s: %d hands, want %d", Category(c), got[c], want[c])
		}
	}
	if len(seen) != 7462 {
		t.Errorf("%d distinct hand values, want 7462", len(seen))
	}
}

func hand(t testing.TB, cards ...string) Hand {
	t.Helper()
	h, err := ParseHand("test", cards)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestEval_Categories(t *testing.T) {
	tests := []struct {
		cards []string
		want  string
	}{
		{[]string{"AS", "KS", "QS", "JS", "TS"}, "royal_flush A"},
		{[]string{"9H", "KH", "QH", "JH", "TH"}, "straight_flush K"},
		{[]string{"AD", "2D", "3D", "4D", "5D"}, "straight_flush 5"},
		{[]string{"2H", "2D", "2C", "2S", "9H"}, "four_of_a_kind 2-9"},
		{[]string{"KH", "KD", "KC", "4S", "4H"}, "full_house K-4"},
		{[]string{"AH", "3H", "7H", "9H", "JH"}, "flush A-J-9-7-3"},
		{[]string{"AH", "2D", "3C", "4S", "5H"}, "straight 5"},
		{[]string{"TH", "JD", "QC", "KS", "AH"}, "straight A"},
		{[]string{"7H", "7D", "7C", "KS", "2H"}, "three_of_a_kind 7-K-2"},
		{[]string{"7H", "7D", "2C", "2S", "KH"}, "two_pair 7-2-K"},
		{[]string{"7H", "7D", "3C", "2S", "KH"}, "pair 7-K-3-2"},
		{[]string{"AH", "KD", "4C", "3S", "2H"}, "high_card A-K-4-3-2"},
		{[]string{"QH", "KD", "AC", "2S", "3H"}, "high_card A-K-Q-3-2"},
	}
	for _, tt := range tests {
		if got := Eval(hand(t, tt.cards...)).String(); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.cards, got, tt.want)
		}
	}
}

func TestEval_Order(t *testing.T) {
	// Each hand beats the one after it.
	order := [][]string{
		{"AS", "KS", "QS", "JS", "TS"},
		{"9H", "KH", "QH", "JH", "TH"},
		{"AD", "2D", "3D", "4D", "5D"},
		{"3H", "3D", "3C", "3S", "2H"},
		{"2H", "2D", "2C", "2S", "AH"},
		{"3H", "3D", "3C", "2S", "2H"},
		{"2H", "2D", "2C", "AS", "AH"},
		{"AH", "3H", "7H", "9H", "JH"},
		{"KH", "QH", "JH", "9H", "7H"},
		{"TH", "JD", "QC", "KS", "AH"},
		{"AH", "2D", "3C", "4S", "5H"},
		{"3H", "3D", "3C", "2S", "4H"},
		{"AH", "AD", "KC", "KS", "2H"},
		{"AH", "AD", "QC", "QS", "KH"},
		{"AH", "AD", "KC", "QS", "JH"},
		{"AH", "KD", "QC", "JS", "9H"},
		{"AH", "KD", "4C", "3S", "2H"},
		{"AH", "QD", "JC", "TS", "9H"},
	}
	for i := 1; i < len(order); i++ {
		a, b := Eval(hand(t, order[i-1]...)), Eval(hand(t, order[i]...))
		if a <= b {
			t.Errorf("%v (%s) does not beat %v (%s)", order[i-1], a, order[i], b)
		}
	}
	// Suits never break a tie.
	if Eval(hand(t, "AH", "KD", "4C", "3S", "2H")) != Eval(hand(t, "AS", "KC", "4D", "3H", "2D")) {
		t.Error("equal ranks in other suits do not tie")
	}
	if Eval(hand(t, "AH", "KD", "4C", "3S", "2H")) != AceKing {
		t.Error("AceKing is not the lowest ace-king hand")
	}
}

func TestParseHand_Err(t *testing.T) {
	tests := []struct {
		cards []string
		rule  string
	}{
		{[]string{"AS", "KS", "QS", "JS"}, RuleHandSize},
		{[]string{"AS", "KS", "QS", "JS", "AS"}, RuleDuplicateCard},
		{[]string{"AS", "KS", "QS", "JS", "10S"}, RuleCardSpelling},
		{[]string{"AS", "KS", "QS", "JS", "1S"}, RuleCardSpelling},
		{[]string{"AS", "KS", "QS", "JS", "Ts"}, RuleCardSpelling},
	}
	for _, tt := range tests {
		_, err := ParseHand("player", tt.cards)
		if BrokenRule(err) != tt.rule || ErrorCode(err) != CodeInvalidResult {
			t.Errorf("%v: %v, want rule %s", tt.cards, err, tt.rule)
		}
	}
}

func BenchmarkEval(b *testing.B) {
	h := Hand{MustCard("AH"), MustCard("KD"), MustCard("4C"), MustCard("4S"), MustCard("2H")}
	for b.Loop() {
		_ = Eval(h)
	}
}
