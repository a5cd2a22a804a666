package war

import (
	"github.com/wagerlog/wagerlog/games"
)

// CardAt is a card and the position of its result in the round (from 0),
// what links it to the round's events and to a bet's Since.
type CardAt struct {
	Card string `json:"card"`
	At   int    `json:"at"`
}

// SeatState is one seat of a War round's state.
type SeatState struct {
	Seat int     `json:"seat"`
	Card *CardAt `json:"card,omitempty"`
	Tied bool    `json:"tied,omitzero"`
	// Decision is the tied seat's decision and DecisionAt its position.
	Decision   Decision `json:"decision,omitempty"`
	DecisionAt *int     `json:"decision_at,omitempty"`
	War        *CardAt  `json:"war,omitempty"`
}

// RoundState is a War round as the API shows it in progress
// (games.Stater): each seat's card, tie, decision and war card with the
// position of its result in the round, the dealer's cards, the burned
// cards and the seat whose decision the round waits for. The bets are
// beside it in the table's state (open_bets, each with its since).
type RoundState struct {
	// Phase is deal, decide, burn, war or over.
	Phase     string      `json:"phase"`
	Deciding  int         `json:"deciding,omitempty"`
	Dealer    *CardAt     `json:"dealer,omitempty"`
	DealerWar *CardAt     `json:"dealer_war,omitempty"`
	Burned    []CardAt    `json:"burned"`
	Seats     []SeatState `json:"seats"`
	CutCard   bool        `json:"cut_card,omitzero"`
	Results   int         `json:"results"`
	// Refused is the position of a result that does not fold (none are
	// recorded: CheckResult refuses them), -1 when all do.
	Refused int `json:"refused"`
}

// StateGame returns "war".
func (RoundState) StateGame() string { return GameName }

var phaseNames = [...]string{PhaseDeal: "deal", PhaseDecide: "decide", PhaseBurn: "burn", PhaseWar: "war", PhaseOver: "over"}

// State folds a round's results into its RoundState (games.Stater). It
// stops at a result that does not fold.
func (p *Paytable) State(results []games.Result) games.StateView {
	rd := &Round{decks: p.data.Decks, set: p.data.Settings}
	st := RoundState{Burned: []CardAt{}, Seats: []SeatState{}, Refused: -1}
	seat := func(n int) *SeatState {
		for i := range st.Seats {
			if st.Seats[i].Seat == n {
				return &st.Seats[i]
			}
		}
		st.Seats = append(st.Seats, SeatState{Seat: n})
		return &st.Seats[len(st.Seats)-1]
	}
	for i, res := range results {
		r, ok := res.(Result)
		if !ok {
			st.Refused = i
			break
		}
		war := rd.phase == PhaseWar
		if rd.Apply(r) != nil {
			st.Refused = i
			break
		}
		st.Results++
		c := &CardAt{Card: r.card.String(), At: i}
		switch {
		case r.burn:
			st.Burned = append(st.Burned, *c)
		case r.card.Valid() && r.seat == Dealer && war:
			st.DealerWar = c
		case r.card.Valid() && r.seat == Dealer:
			st.Dealer = c
		case r.card.Valid() && war:
			seat(r.seat).War = c
		case r.card.Valid():
			seat(r.seat).Card = c
		case r.decision != "":
			s := seat(r.seat)
			s.Decision, s.DecisionAt = r.decision, &i
		}
	}
	for i := range st.Seats {
		if s := rd.Seat(st.Seats[i].Seat); s != nil {
			st.Seats[i].Tied = rd.Tied(s)
		}
	}
	st.Phase = phaseNames[rd.phase]
	if s := rd.Deciding(); s != nil {
		st.Deciding = s.Number
	}
	st.CutCard = rd.cutCard
	return st
}
