package baccarat

import "github.com/wagerlog/wagerlog/games/cards"

// Shoe returns the cards of a shoe of decks decks in a fixed order (deck
// after deck, suits in Suits order, ranks in Ranks order), for a caller
// that shuffles it (the demo of `wagerlog serve --demo`, tests).
func Shoe(decks int) []Card {
	out := make([]Card, 0, decks*len(Ranks)*len(Suits))
	for range decks {
		for i := range len(Suits) {
			for j := range len(Ranks) {
				out = append(out, cards.FromIndex(j*len(Suits)+i)) // rank j, suit i
			}
		}
	}
	return out
}

// DealPuntoBanco deals a punto banco coup from next, which returns the
// shoe's next card, by the fixed rules Coup.Check applies: player, banker,
// player, banker; no draw when either side has a natural; the player
// draws by PuntoBancoPlayer, then the banker by PuntoBancoBanker. The coup
// takes four to six cards.
func DealPuntoBanco(next func() Card) Coup {
	p := Hand{next()}
	b := Hand{next()}
	p = append(p, next())
	b = append(b, next())
	if p.naturalDealt() || b.naturalDealt() {
		return Coup{Player: p, Banker: b}
	}
	if PuntoBancoPlayer(p.Point()) == Draw {
		p = append(p, next())
	}
	if PuntoBancoBanker(b.Point(), p.Third()) == Draw {
		b = append(b, next())
	}
	return Coup{Player: p, Banker: b}
}
