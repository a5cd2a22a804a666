package games

// The interfaces below carry games whose round is a sale of numbered items
// and whose end depends on what was sold (bingo: cards sold before the
// first ball, the game over at the first card completed). They are
// optional like the others; docs/ARCHITECTURE.md ("The game seam") lists
// them.

// BetsRoundEnder is implemented by a paytable whose round ends on a
// result that depends on the bets placed, not on the results alone: a
// bingo game ends on the ball that completes the first card. RoundOverOf
// is the one place that asks it.
type BetsRoundEnder interface {
	// RoundOverWith reports whether a round with these bets (placement
	// order, the ones still in play or settled) and results is over.
	RoundOverWith(bets []Bet, results []Result) bool
}

// RoundOverOf reports whether a round is over under pt: RoundOverWith for
// a BetsRoundEnder, else RoundOver. The ledger, the verifier and the
// replay all ask it, so they agree on where a round ends.
func RoundOverOf(pt Paytable, bets []Bet, results []Result) bool {
	if e, ok := pt.(BetsRoundEnder); ok {
		return e.RoundOverWith(bets, results)
	}
	return pt.RoundOver(results)
}

// Seller is implemented by a paytable whose bets are items sold once per
// round: a bingo card of a series and number is sold once in a game, and a
// game holds at most so many cards. The ledger refuses at placement a bet
// whose key another bet of the round holds, and a slip that would take the
// round over SalesMax bets, so a round never holds a sale its settlement
// would refuse.
type Seller interface {
	// SaleKey returns the key of a bet code BetKind accepted ("A-17" for
	// a card): at most one bet of a round holds it.
	SaleKey(code string) string
	// SalesMax is the most bets a round may hold.
	SalesMax() int
}

// RoundTracker follows one round's results as they come, for a paytable
// whose round end depends on its bets: asking RoundOverWith again on every
// result replays them all over every bet, O(bets) a result, where a
// tracker does only a result's own work (a bingo ball: the cards that
// hold it).
type RoundTracker interface {
	// Add records the round's next result and reports whether the round
	// is over with it.
	Add(r Result) (over bool, err error)
}

// BetsRoundTracker is implemented by a BetsRoundEnder that can follow a
// round incrementally.
type BetsRoundTracker interface {
	BetsRoundEnder
	// TrackRound returns a tracker of a round with these bets and no
	// result yet.
	TrackRound(bets []Bet) (RoundTracker, error)
}

// RoundEnd answers RoundOverOf for one round as its results come, with a
// RoundTracker when the paytable has one: the ledger and the verifier keep
// one per round in progress. It is derived data: built again from the
// bets and results whenever the bets changed (Key) or the results are not
// the ones it followed, so a stale one is never trusted.
type RoundEnd struct {
	key     [2]int
	results []Result
	t       RoundTracker
	over    bool
}

// Over reports whether the round is over under pt with results. key
// identifies the round's bets (their count and how many are in play: bets
// only append and change status), bets lists them when a tracker must be
// built.
func (e *RoundEnd) Over(pt Paytable, key [2]int, bets func() []Bet, results []Result) bool {
	bt, ok := pt.(BetsRoundTracker)
	if !ok {
		return RoundOverOf(pt, bets(), results)
	}
	if e.t == nil || e.key != key || len(e.results) > len(results) || !sameResults(e.results, results[:len(e.results)]) {
		t, err := bt.TrackRound(bets())
		if err != nil {
			return bt.RoundOverWith(bets(), results)
		}
		*e = RoundEnd{key: key, t: t}
	}
	for _, r := range results[len(e.results):] {
		over, err := e.t.Add(r)
		if err != nil {
			e.t = nil
			return bt.RoundOverWith(bets(), results)
		}
		e.results = append(e.results, r)
		e.over = over
	}
	return e.over
}

func sameResults(a, b []Result) bool {
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

// BetPrinter is implemented by a paytable whose bets the hall may have
// printed from a seed (bingo cards from a seeded generator): the ledger
// expands a slip's print request into the bets it names, each code
// carrying what was printed, so the stream records every printed item.
type BetPrinter interface {
	// PrintBets returns the codes of items from..to of series printed
	// from seed. Its error has an ErrorCode.
	PrintBets(seed uint64, series string, from, to int) ([]string, error)
}
