package poker

import (
	"testing"
)

// directCounts enumerates the dealer's hands against one player hand.
func directCounts(player Hand) DealCounts {
	used := map[Card]bool{}
	for _, c := range player {
		used[c] = true
	}
	var rest []Card
	for i := range DeckCards {
		if c := CardAt(i); !used[c] {
			rest = append(rest, c)
		}
	}
	pv := Eval(player)
	var c DealCounts
	var d Hand
	n := len(rest)
	for a := 0; a < n; a++ {
		d[0] = rest[a]
		for b := a + 1; b < n; b++ {
			d[1] = rest[b]
			for e := b + 1; e < n; e++ {
				d[2] = rest[e]
				for f := e + 1; f < n; f++ {
					d[3] = rest[f]
					for g := f + 1; g < n; g++ {
						d[4] = rest[g]
						dv := Eval(d)
						switch {
						case dv < AceKing:
							c.NoQualify++
						case pv > dv:
							c.Win++
						case pv == dv:
							c.Tie++
						default:
							c.Lose++
						}
					}
				}
			}
		}
	}
	return c
}

// TestEnumerateDeals checks the inclusion–exclusion counts against a
// direct enumeration of the dealer's 1,533,939 hands for a few player
// hands, and that every player hand meets every dealer hand once.
func TestEnumerateDeals(t *testing.T) {
	if !*exact {
		t.Skip("builds 125 MB of tables over 2.6M hands; run with -args -exact")
	}
	check := map[string]Hand{}
	for _, cs := range [][]string{
		{"2S", "3S", "4S", "5S", "7H"}, // a low high card: folds, never ties
		{"AS", "KH", "4D", "3C", "2S"}, // exactly the qualifier
		{"AS", "AH", "KD", "QC", "JS"}, // a pair
		{"AS", "KS", "QS", "JS", "TS"}, // royal
		{"9H", "9D", "9C", "4S", "4H"}, // full house
	} {
		h := hand(t, cs...)
		check[h.String()] = h
	}
	got := map[string]DealCounts{}
	var all int64
	players := 0
	EnumerateDeals(func(player Hand, v Value, c DealCounts) {
		players++
		all += c.Total()
		if c.Total() != DealerHands {
			t.Fatalf("%s: %d dealer hands", player, c.Total())
		}
		for k, h := range check {
			if sameCards(h, player) {
				got[k] = c
			}
		}
	})
	if players != PlayerHands || all != int64(PlayerHands)*DealerHands {
		t.Fatalf("%d player hands, %d deals", players, all)
	}
	for k, h := range check {
		if want := directCounts(h); got[k] != want {
			t.Errorf("%s: enumeration %+v, direct %+v", k, got[k], want)
		}
	}
}

func sameCards(a, b Hand) bool {
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}
