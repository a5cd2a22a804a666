package games

// ShoeCounter is implemented by a Shoed paytable whose results deal cards
// from the shoe (blackjack, War, baccarat à deux tableaux), so that the
// ledger checks each card against every card dealt since the shoe started,
// not only against the round's own: a shoe of Decks decks holds each card
// Decks times, whatever the rounds it is dealt over.
type ShoeCounter interface {
	Shoed
	// ShoeCards lists the cards these results (one round's, in order)
	// took from the shoe, each by its canonical spelling ("9H"), burned
	// cards and a void tableau's cards included: they left the shoe too.
	ShoeCards(results []Result) []string
}
