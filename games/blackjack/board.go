package blackjack

import (
	"maps"
	"slices"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// BeadsMax is how many rounds the board lists: the last 50.
const BeadsMax = 50

// Count is a number of rounds (or hands) and its share, as a percentage
// with two decimals.
type Count struct {
	Count   int             `json:"count"`
	Percent decimal.Decimal `json:"percent"`
}

// DealerStats counts the dealer's results over the board's rounds.
type DealerStats struct {
	Bust      Count `json:"bust"`
	T17       Count `json:"17"`
	T18       Count `json:"18"`
	T19       Count `json:"19"`
	T20       Count `json:"20"`
	T21       Count `json:"21"`
	Blackjack Count `json:"blackjack"`
}

// SeatStats counts one seat's hands over the board; the percentages are
// of the seat's hands.
type SeatStats struct {
	Seat        int   `json:"seat"`
	Hands       int   `json:"hands"`
	Won         Count `json:"won"`
	Lost        Count `json:"lost"`
	Push        Count `json:"push"`
	Surrendered Count `json:"surrendered"`
	Blackjacks  Count `json:"blackjacks"`
	Busts       Count `json:"busts"`
}

// Bead is one round on the board.
type Bead struct {
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// Dealer is the dealer's cards; Result is "bust", "17".."21" or
	// "blackjack".
	Dealer []string `json:"dealer"`
	Result string   `json:"result"`
	// CutCard marks the last round of a shoe.
	CutCard   bool `json:"cut_card,omitzero"`
	Corrected bool `json:"corrected,omitzero"`
}

// BoardStats are the statistics over a blackjack board's rounds, oldest
// first: the dealer's results (bust, 17..21, blackjack) and bust rate, per
// seat outcomes and blackjack counts, and the last BeadsMax rounds.
type BoardStats struct {
	Rounds int `json:"rounds"`
	// Incomplete counts board entries whose results do not make a whole
	// round: a blackjack round is every card and decision, and a board
	// given only each round's last result cannot fold it.
	Incomplete       int             `json:"incomplete"`
	Dealer           DealerStats     `json:"dealer"`
	DealerBustRate   decimal.Decimal `json:"dealer_bust_rate"`
	PlayerBlackjacks int             `json:"player_blackjacks"`
	DealerBlackjacks int             `json:"dealer_blackjacks"`
	Seats            []SeatStats     `json:"seats"`
	Beads            []Bead          `json:"beads"`
}

// BoardGame returns "blackjack".
func (BoardStats) BoardGame() string { return GameName }

// RoundEntry is one round of a board with every result of it.
type RoundEntry struct {
	Round     string
	Number    int64
	Results   []games.Result
	Corrected bool
}

// Board computes the statistics of a board from games.BoardEntry values.
// The seam gives one entry per result; consecutive entries of one round
// are gathered into that round's results (so a board that lists every
// result of each round gets full statistics). A round that does not fold
// into a complete one is counted in Incomplete.
func Board(p *Paytable, entries []games.BoardEntry) BoardStats {
	var rounds []RoundEntry
	for _, e := range entries {
		n := len(rounds)
		if n > 0 && rounds[n-1].Round == e.Round && rounds[n-1].Number == e.Number {
			rounds[n-1].Results = append(rounds[n-1].Results, e.Result)
			rounds[n-1].Corrected = rounds[n-1].Corrected || e.Corrected
			continue
		}
		rounds = append(rounds, RoundEntry{Round: e.Round, Number: e.Number, Results: []games.Result{e.Result}, Corrected: e.Corrected})
	}
	return BoardOfRounds(p, rounds)
}

// BoardOfRounds computes the statistics of whole rounds, oldest first.
func BoardOfRounds(p *Paytable, rounds []RoundEntry) BoardStats {
	st := BoardStats{Seats: []SeatStats{}, Beads: []Bead{}}
	var dealer [7]int // bust, 17..21, blackjack
	type tally struct{ hands, won, lost, push, surrendered, blackjacks, busts int }
	seats := map[int]*tally{}
	for _, re := range rounds {
		rd, err := p.Fold(re.Results)
		if err != nil || !rd.Over() {
			st.Incomplete++
			continue
		}
		st.Rounds++
		d := rd.dealer
		res := strconv.Itoa(d.Points())
		switch {
		case d.Natural():
			dealer[6]++
			st.DealerBlackjacks++
			res = "blackjack"
		case d.Bust():
			dealer[0]++
			res = "bust"
		default:
			dealer[d.Points()-16]++
		}
		st.Beads = append(st.Beads, Bead{Round: re.Round, Number: re.Number, Dealer: cardsOf(d), Result: res, CutCard: rd.cutCard, Corrected: re.Corrected})
		for _, s := range rd.seats {
			c, ok := seats[s.Number]
			if !ok {
				c = &tally{}
				seats[s.Number] = c
			}
			for h, ph := range s.Hands {
				c.hands++
				if ph.Cards.Natural() && !ph.Split {
					c.blackjacks++
					st.PlayerBlackjacks++
				}
				switch o, _ := rd.HandResult(s.Number, h); o {
				case HandBlackjack, HandWin:
					c.won++
				case HandPush, HandVoid:
					c.push++
				case HandSurrender:
					c.surrendered++
				case HandBust:
					c.busts++
					c.lost++
				default:
					c.lost++
				}
			}
		}
	}
	if len(st.Beads) > BeadsMax {
		st.Beads = st.Beads[len(st.Beads)-BeadsMax:]
	}
	cnt := func(n, of int) Count { return Count{Count: n, Percent: kit.Percent100(n, of)} }
	st.Dealer = DealerStats{Bust: cnt(dealer[0], st.Rounds), T17: cnt(dealer[1], st.Rounds), T18: cnt(dealer[2], st.Rounds),
		T19: cnt(dealer[3], st.Rounds), T20: cnt(dealer[4], st.Rounds), T21: cnt(dealer[5], st.Rounds), Blackjack: cnt(dealer[6], st.Rounds)}
	st.DealerBustRate = st.Dealer.Bust.Percent
	order := slices.Sorted(maps.Keys(seats))
	for _, n := range order {
		c := seats[n]
		st.Seats = append(st.Seats, SeatStats{Seat: n, Hands: c.hands, Won: cnt(c.won, c.hands), Lost: cnt(c.lost, c.hands), Push: cnt(c.push, c.hands),
			Surrendered: cnt(c.surrendered, c.hands), Blackjacks: cnt(c.blackjacks, c.hands), Busts: cnt(c.busts, c.hands)})
	}
	return st
}

func cardsOf(h Hand) []string {
	out := make([]string, len(h))
	for i, c := range h {
		out[i] = c.String()
	}
	return out
}
