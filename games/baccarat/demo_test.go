package baccarat

import (
	"math/rand/v2"
	"testing"
)

// TestDealDeux_FollowsTheRules deals many coups from shuffled shoes with
// the demo's demoDealDeux and has the deux tableaux paytable check each one:
// every coup the demo deals is one the ledger takes, and it takes six to
// nine cards.
func TestDealDeux_FollowsTheRules(t *testing.T) {
	pt := DeuxTableaux()
	rng := rand.New(rand.NewPCG(3, 4))
	for shoe := range 20 {
		cards := Shoe(pt.Decks())
		rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		next := 0
		for next <= len(cards)-CutCardsBehind {
			before := next
			c := demoDealDeux(rng, func() Card { next++; return cards[next-1] })
			if err := c.Check(pt.Decks()); err != nil {
				t.Fatalf("shoe %d: coup %s: %v", shoe, c, err)
			}
			if used := next - before; used < 6 || used > 9 {
				t.Fatalf("shoe %d: coup %s took %d cards", shoe, c, used)
			}
		}
	}
}

// TestPuntoDemo_DealsShoes deals several shoes of punto banco coups with
// the demo's player: each one parses under the paytable (the drawing
// rules, no card more often than eight decks hold it within one shoe),
// and a new shoe is shuffled when the cut card comes out.
func TestPuntoDemo_DealsShoes(t *testing.T) {
	pt := mustNew(puntoBanco())
	rng := rand.New(rand.NewPCG(16, 2))
	d := &puntoDemo{}
	shoes := 0
	for range 400 {
		before := d.next
		raw := d.coup(rng, pt.Decks())
		if d.next < before {
			shoes++
		}
		if _, err := pt.ParseResult(raw); err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if d.next > len(d.shoe) {
			t.Fatalf("dealt %d cards of %d", d.next, len(d.shoe))
		}
	}
	if shoes < 3 {
		t.Errorf("%d new shoes in 400 coups, want at least 3 (about 80 coups a shoe)", shoes)
	}
}
