package blackjack

import (
	"github.com/wagerlog/wagerlog/games"
)

// CardAt is a card and the position of its result in the round (from 0),
// what links it to the round's events and to a bet's Since.
type CardAt struct {
	Card string `json:"card"`
	At   int    `json:"at"`
}

// DecisionAt is a decision on one of a seat's hands and its position in
// the round.
type DecisionAt struct {
	Hand     int      `json:"hand"`
	Decision Decision `json:"decision"`
	At       int      `json:"at"`
}

// HandState is one hand of a seat in a round's state.
type HandState struct {
	Hand    int      `json:"hand"`
	Cards   []CardAt `json:"cards"`
	Points  int      `json:"points"`
	Soft    bool     `json:"soft,omitzero"`
	Doubled bool     `json:"doubled,omitzero"`
	Split   bool     `json:"split,omitzero"`
	Done    bool     `json:"done"`
	// Outcome is how the hand ends on the cards so far (HandResult):
	// open until the cards decide it.
	Outcome HandOutcome `json:"outcome"`
}

// SeatState is one seat of a round's state: its hands by number and its
// decisions in order.
type SeatState struct {
	Seat        int          `json:"seat"`
	Hands       []HandState  `json:"hands"`
	Decisions   []DecisionAt `json:"decisions"`
	Surrendered bool         `json:"surrendered,omitzero"`
}

// TurnState is whose turn it is while the seats play.
type TurnState struct {
	Seat int `json:"seat"`
	Hand int `json:"hand"`
	// Card is true when the hand is owed a card, false when its player
	// decides.
	Card bool `json:"card"`
}

// RoundState is a blackjack round as the API shows it in progress
// (games.Stater): each seat's hands with every card and decision and the
// position of its result in the round, the dealer's hand, whose turn it
// is. The bets are beside it in the table's state (open_bets, each with
// its since: the position of the result it was placed before).
type RoundState struct {
	// Phase is first_cards, second_cards, play, dealer or over.
	Phase   string      `json:"phase"`
	Turn    *TurnState  `json:"turn,omitempty"`
	Dealer  []CardAt    `json:"dealer"`
	Points  int         `json:"dealer_points"`
	Seats   []SeatState `json:"seats"`
	CutCard bool        `json:"cut_card,omitzero"`
	// Results counts the results folded; Refused is the position of a
	// result that does not fold (none are recorded: CheckResult refuses
	// them), -1 when all do.
	Results int `json:"results"`
	Refused int `json:"refused"`
}

// StateGame returns "blackjack".
func (RoundState) StateGame() string { return GameName }

var phaseNames = [...]string{PhaseFirstCards: "first_cards", PhaseSecondCards: "second_cards", PhasePlay: "play", PhaseDealer: "dealer", PhaseOver: "over"}

// State folds a round's results into its RoundState (games.Stater). It
// stops at a result that does not fold.
func (p *Paytable) State(results []games.Result) games.StateView {
	rd := p.NewRound()
	st := RoundState{Dealer: []CardAt{}, Seats: []SeatState{}, Refused: -1}
	// at[seat][hand] are the positions of the hand's cards.
	at := map[int][][]int{}
	decisions := map[int][]DecisionAt{}
	var dealer []int
	for i, res := range results {
		r, ok := res.(Result)
		if !ok || rd.Apply(r) != nil {
			st.Refused = i
			break
		}
		st.Results++
		switch {
		case r.card.Valid() && r.seat == Dealer:
			dealer = append(dealer, i)
		case r.card.Valid():
			hs := at[r.seat]
			for len(hs) <= r.hand {
				hs = append(hs, nil)
			}
			hs[r.hand] = append(hs[r.hand], i)
			at[r.seat] = hs
		case r.decision != "":
			decisions[r.seat] = append(decisions[r.seat], DecisionAt{Hand: r.hand, Decision: r.decision, At: i})
			if r.decision == Split {
				// The hand's second card went to the new hand.
				hs := at[r.seat]
				moved := hs[r.hand][len(hs[r.hand])-1]
				hs[r.hand] = hs[r.hand][:len(hs[r.hand])-1]
				at[r.seat] = append(hs, []int{moved})
			}
		}
	}
	st.Phase = phaseNames[rd.phase]
	if seat, hand, card, ok := rd.Turn(); ok {
		st.Turn = &TurnState{Seat: seat, Hand: hand, Card: card}
	}
	for i, c := range rd.dealer {
		st.Dealer = append(st.Dealer, CardAt{Card: c.String(), At: dealer[i]})
	}
	st.Points = rd.dealer.Points()
	st.CutCard = rd.cutCard
	for _, s := range rd.seats {
		ss := SeatState{Seat: s.Number, Hands: []HandState{}, Decisions: decisions[s.Number], Surrendered: s.Surrendered}
		if ss.Decisions == nil {
			ss.Decisions = []DecisionAt{}
		}
		for h, ph := range s.Hands {
			hs := HandState{Hand: h, Cards: []CardAt{}, Doubled: ph.Doubled, Split: ph.Split, Done: ph.Done}
			for j, c := range ph.Cards {
				hs.Cards = append(hs.Cards, CardAt{Card: c.String(), At: at[s.Number][h][j]})
			}
			hs.Points, hs.Soft = ph.Cards.Total()
			hs.Outcome, _ = rd.HandResult(s.Number, h)
			ss.Hands = append(ss.Hands, hs)
		}
		st.Seats = append(st.Seats, ss)
	}
	return st
}
