package war

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// BeadsMax is how many rounds the board lists: the last 50.
const BeadsMax = 50

// Count is a number and its share, as a percentage with two decimals.
type Count struct {
	Count   int             `json:"count"`
	Percent decimal.Decimal `json:"percent"`
}

// Pair is one seat's cards against the dealer's in a round.
type Pair struct {
	Seat   int    `json:"seat"`
	Player string `json:"player"`
	Dealer string `json:"dealer"`
	// Result is "player", "dealer", "surrender", "war_player" (the war
	// card equal or higher) or "war_dealer".
	Result string `json:"result"`
	// War is the war cards, seat's then dealer's, when the seat went to
	// war.
	War []string `json:"war,omitempty"`
}

// Bead is one round on the board.
type Bead struct {
	Round     string `json:"round"`
	Number    int64  `json:"number"`
	Pairs     []Pair `json:"pairs"`
	CutCard   bool   `json:"cut_card,omitzero"`
	Corrected bool   `json:"corrected,omitzero"`
}

// BoardStats are the statistics over a War board's rounds, oldest first:
// the card pairs of the last BeadsMax rounds, and over every seat's hand
// the player's and dealer's wins, the ties, the wars and their results and
// the surrenders. Percentages are of the hands (a seat in a round).
type BoardStats struct {
	Rounds int `json:"rounds"`
	// Incomplete counts entries whose results do not make a whole round
	// (a board given only each round's last result cannot fold it).
	Incomplete int    `json:"incomplete"`
	Hands      int    `json:"hands"`
	Player     Count  `json:"player"`
	Dealer     Count  `json:"dealer"`
	Ties       Count  `json:"ties"`
	Wars       Count  `json:"wars"`
	WarsWon    int    `json:"wars_won"`
	Surrenders Count  `json:"surrenders"`
	Beads      []Bead `json:"beads"`
}

// BoardGame returns "war".
func (BoardStats) BoardGame() string { return GameName }

// Board computes the statistics of a board. Consecutive entries of one
// round are gathered into that round's results; a round that does not
// fold into a complete one counts in Incomplete.
func Board(p *Paytable, entries []games.BoardEntry) BoardStats {
	st := BoardStats{Beads: []Bead{}}
	var player, dealer, ties, wars, surrenders int
	flush := func(round string, number int64, rs []games.Result, corrected bool) {
		rd, err := p.Fold(rs)
		if err != nil || !rd.Over() {
			st.Incomplete++
			return
		}
		st.Rounds++
		b := Bead{Round: round, Number: number, Pairs: []Pair{}, CutCard: rd.cutCard, Corrected: corrected}
		for _, s := range rd.seats {
			st.Hands++
			pr := Pair{Seat: s.Number, Player: s.Card.String(), Dealer: rd.dealer.String()}
			switch {
			case !rd.Tied(s) && rankOf(s.Card) > rankOf(rd.dealer):
				pr.Result = "player"
				player++
			case !rd.Tied(s):
				pr.Result = "dealer"
				dealer++
			case s.Decision == Surrender:
				ties++
				surrenders++
				pr.Result = "surrender"
			default:
				ties++
				wars++
				pr.War = []string{s.WarCard.String(), rd.dealerWar.String()}
				pr.Result = "war_dealer"
				if rankOf(s.WarCard) >= rankOf(rd.dealerWar) {
					pr.Result = "war_player"
					st.WarsWon++
				}
			}
			b.Pairs = append(b.Pairs, pr)
		}
		st.Beads = append(st.Beads, b)
	}
	for i := 0; i < len(entries); {
		j := i
		var rs []games.Result
		corrected := false
		for ; j < len(entries) && entries[j].Round == entries[i].Round && entries[j].Number == entries[i].Number; j++ {
			rs = append(rs, entries[j].Result)
			corrected = corrected || entries[j].Corrected
		}
		flush(entries[i].Round, entries[i].Number, rs, corrected)
		i = j
	}
	if len(st.Beads) > BeadsMax {
		st.Beads = st.Beads[len(st.Beads)-BeadsMax:]
	}
	cnt := func(n int) Count { return Count{Count: n, Percent: kit.Percent100(n, st.Hands)} }
	st.Player, st.Dealer, st.Ties, st.Wars, st.Surrenders = cnt(player), cnt(dealer), cnt(ties), cnt(wars), cnt(surrenders)
	return st
}
