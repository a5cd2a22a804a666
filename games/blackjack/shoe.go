package blackjack

// Shuffle is a new shuffle of the shoe, the table event (shoe.started) that
// starts a pass: the cut card's place is the one thing of it the rules
// bound. The rounds of a pass need nothing else from it: a round's results
// carry its cards, and the cut card coming out is a result of the round
// it comes out in (ShoeOver).
type Shuffle struct {
	// CutBehind is the cards the cut card leaves behind it.
	CutBehind int `json:"cut_behind"`
}

// CheckShuffle validates a new shuffle: the cut card leaves at least
// Settings.CutCardMin and at most CutCardMax cards behind it ("dejando a
// lo menos 52 cartas al final y como máximo 104 cartas", seed 004, Black
// Jack 1.5 "Corte", paragraph four). Its error is a *ResultError with rule
// cut_card_position.
func (p *Paytable) CheckShuffle(s Shuffle) error {
	set := p.data.Settings
	if s.CutBehind < set.CutCardMin || s.CutBehind > set.CutCardMax {
		return resultError(RuleShuffle, "the cut card leaves %d cards behind it; between %d and %d", s.CutBehind, set.CutCardMin, set.CutCardMax)
	}
	return nil
}
