package war

import "github.com/wagerlog/wagerlog/games/cards"

// Shuffle is a new shuffle of the shoe, the table event (shoe.started)
// that starts a pass: where the cut card lies and the first card, burned
// before play (seed 004, War 4.4 "Inicio del juego": "el croupier debe
// quemar la primera carta del mazo"). The rounds of the pass need nothing
// else from it.
type Shuffle struct {
	// CutBehind is the cards the cut card leaves behind it.
	CutBehind int `json:"cut_behind"`
	// Burned is the first card, burned.
	Burned string `json:"burned"`
}

// CheckShuffle validates a new shuffle: the cut card leaves at least
// Settings.CutCardMin cards (52, "a lo menos, 52 cartas"; the croupier's
// "aproximadamente 52" is read as that floor) and less than the shoe, and
// the first card is burned. Its error is a *ResultError with rule shuffle.
func (p *Paytable) CheckShuffle(s Shuffle) error {
	if s.CutBehind < p.data.Settings.CutCardMin || s.CutBehind >= p.data.Decks*cards.DeckSize {
		return resultError(RuleShuffle, "the cut card leaves %d cards behind it; at least %d", s.CutBehind, p.data.Settings.CutCardMin)
	}
	if _, err := cards.Parse(s.Burned); err != nil {
		return resultError(RuleShuffle, "the first card is burned: %v", err)
	}
	return nil
}
