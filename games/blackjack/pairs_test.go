package blackjack

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// TestSettle_PerfectPairsEveryCombination settles Perfect Pairs through
// the seam on every ordered two-card combination of the deck (the same
// card twice included, as a 6-deck shoe deals it) and checks the line
// each one pays against rank, suit and colour.
func TestSettle_PerfectPairsEveryCombination(t *testing.T) {
	p := chile(t)
	stake := decimal.NewFromInt(10)
	b := games.Bet{Code: "perfect_pairs:3", Stake: stake}
	count := map[string]int{}
	for i := range cards.DeckSize {
		for j := range cards.DeckSize {
			a, c := cards.FromIndex(i), cards.FromIndex(j)
			rs := []games.Result{CardTo(a, 3, 0), DealerCard(cards.Must("5H")), CardTo(c, 3, 0)}
			s, err := p.Settle(b, 2, rs)
			if err != nil {
				t.Fatalf("%s %s: %v", a, c, err)
			}
			want := "lost 0"
			switch {
			case a.Rank() == c.Rank() && a.Suit() == c.Suit():
				want = "won 250"
			case a.Rank() == c.Rank() && (a.Suit() == 'S' || a.Suit() == 'C') == (c.Suit() == 'S' || c.Suit() == 'C'):
				want = "won 120"
			case a.Rank() == c.Rank():
				want = "won 60"
			}
			if got := string(s.Outcome) + " " + s.Win.String(); got != want {
				t.Fatalf("%s %s: %s, want %s (%s)", a, c, got, want, s.Rule)
			}
			count[want]++
		}
	}
	// 52 perfect, 52 coloured, 104 mixed ordered combinations of one deck.
	if count["won 250"] != 52 || count["won 120"] != 52 || count["won 60"] != 104 {
		t.Errorf("%v", count)
	}
	// Open until the seat's second card; returned on a seat not dealt.
	if s, _ := p.Settle(b, 2, script(t, "8S>3 9H>D")); s.Outcome != games.OutcomeOpen {
		t.Errorf("after one card: %s", s.Outcome)
	}
	if s, _ := p.Settle(b, 2, script(t, "8S>1 9H>D")); s.Outcome != games.OutcomePush {
		t.Errorf("seat not dealt: %s", s.Outcome)
	}
}
