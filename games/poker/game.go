package poker

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Game is Caribbean poker in the catalog of games (games/registry).
type Game struct{}

// Name returns "poker".
func (Game) Name() string { return GameName }

// Paytables returns the poker paytables in id order.
func (Game) Paytables() []games.Paytable { return kit.Paytables(Paytables()) }

// Board returns the statistics of a poker board: see Board.
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	return Board(entries)
}

// Count is a number of rounds and its share of the board's rounds, as a
// percentage with two decimals.
type Count struct {
	Count   int             `json:"count"`
	Percent decimal.Decimal `json:"percent"`
}

// BoardStats are the statistics over a poker board's rounds: how often the
// dealer qualified, how rounds ended, and the players' hands by category.
// They describe finished rounds only and say nothing about the next deal.
type BoardStats struct {
	Rounds int `json:"rounds"`
	// DealerQualified counts rounds where the dealer had ace-king or better.
	DealerQualified Count `json:"dealer_qualified"`
	// Outcomes counts rounds by Outcome.
	Outcomes map[Outcome]Count `json:"outcomes"`
	// PlayerHands counts the players' hands by category name.
	PlayerHands map[string]Count `json:"player_hands"`
}

// BoardGame returns "poker".
func (BoardStats) BoardGame() string { return GameName }

// Board counts the board's hands: a one-player round is one, a deal at a
// table one per seat (Rounds counts hands then); another result is
// skipped.
func Board(entries []games.BoardEntry) BoardStats {
	s := BoardStats{Outcomes: map[Outcome]Count{}, PlayerHands: map[string]Count{}}
	qualified := 0
	outcomes := map[Outcome]int{}
	hands := map[string]int{}
	for _, e := range entries {
		var seats []Round
		switch r := e.Result.(type) {
		case Round:
			seats = []Round{r}
		case Deal:
			// A deal at a table: each seat's hand against the dealer.
			for _, st := range r.Seats {
				seats = append(seats, Round{Player: st.Hand, Dealer: r.Dealer, Fold: st.Fold})
			}
		default:
			continue
		}
		for _, r := range seats {
			s.Rounds++
			if Eval(r.Dealer) >= AceKing {
				qualified++
			}
			outcomes[Judge(r)]++
			hands[Eval(r.Player).Category().String()]++
		}
	}
	count := func(n int) Count { return Count{Count: n, Percent: kit.Percent100(n, s.Rounds)} }
	s.DealerQualified = count(qualified)
	for o, n := range outcomes {
		s.Outcomes[o] = count(n)
	}
	for h, n := range hands {
		s.PlayerHands[h] = count(n)
	}
	return s
}

// Compile-time checks that the package implements the seam.
var (
	_ games.Game     = Game{}
	_ games.Paytable = (*Paytable)(nil)
	_ games.Placer   = (*Paytable)(nil)
	_ games.Result   = Round{}
)
