package war

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// ResultsMax bounds the results of a round: nine seats' cards, decisions
// and war cards, the burn and the dealer's two.
const ResultsMax = 64

// Phase is where a round's deal stands.
type Phase int

// Phases of a round, in order.
const (
	// PhaseDeal: one card to each seat in seat order, then the dealer's.
	PhaseDeal Phase = iota
	// PhaseDecide: each tied seat, in seat order, surrenders or goes to
	// war.
	PhaseDecide
	// PhaseBurn: the dealer burns Settings.BurnBeforeWar cards.
	PhaseBurn
	// PhaseWar: one card to each seat at war, in seat order, then the
	// dealer's.
	PhaseWar
	// PhaseOver: the round is complete.
	PhaseOver
)

// Seat is one seat of a round.
type Seat struct {
	Number int
	// Card is the seat's card; WarCard its card in the war.
	Card, WarCard cards.Card
	// Decision is the seat's decision on a tie, "" before it or without
	// a tie.
	Decision Decision
}

// Round is a War round folded from its results. Get one from
// Paytable.Fold; it is not safe for concurrent use.
type Round struct {
	decks     int
	set       Settings
	seats     []*Seat
	dealer    cards.Card
	dealerWar cards.Card
	phase     Phase
	burned    int
	cutCard   bool
	used      [cards.DeckSize]int
	results   int
}

// NewRound returns an empty round under the paytable's rules.
func (p *Paytable) NewRound() *Round {
	return &Round{decks: p.data.Decks, set: p.data.Settings}
}

// Phase returns where the deal stands.
func (rd *Round) Phase() Phase { return rd.phase }

// Over reports whether the round is complete.
func (rd *Round) Over() bool { return rd.phase == PhaseOver }

// CutCard reports whether the cut card came out during the round.
func (rd *Round) CutCard() bool { return rd.cutCard }

// Dealer returns the dealer's card and his war card (the zero Card when
// there was no war).
func (rd *Round) Dealer() (card, war cards.Card) { return rd.dealer, rd.dealerWar }

// Seats returns the round's seats in seat order; callers must not change
// them.
func (rd *Round) Seats() []*Seat { return rd.seats }

// Seat returns the seat with that number, or nil when it was not dealt.
func (rd *Round) Seat(n int) *Seat {
	for _, s := range rd.seats {
		if s.Number == n {
			return s
		}
	}
	return nil
}

// Tied reports whether the seat's card ties the dealer's.
func (rd *Round) Tied(s *Seat) bool { return rd.dealer.Valid() && rankOf(s.Card) == rankOf(rd.dealer) }

// Deciding returns the seat whose decision the round waits for, or nil.
func (rd *Round) Deciding() *Seat {
	if rd.phase != PhaseDecide {
		return nil
	}
	for _, s := range rd.seats {
		if rd.Tied(s) && s.Decision == "" {
			return s
		}
	}
	return nil
}

// Apply checks r against the round so far and applies it. A refused result
// leaves the round as it was and returns a *ResultError.
func (rd *Round) Apply(r Result) error {
	if rd.phase == PhaseOver {
		return resultError(RuleRoundOver, "the round is over")
	}
	if rd.results >= ResultsMax {
		return resultError(RuleResultShape, "a round has at most %d results", ResultsMax)
	}
	if r.card.Valid() && rd.used[r.card.Index()] >= rd.decks {
		return resultError(RuleShoe, "%s appears more than %d times: the shoe has %d decks", r.card, rd.decks, rd.decks)
	}
	var err error
	switch {
	case r.cutCard:
		if rd.cutCard {
			return resultError(RuleCutCard, "the cut card already came out in this round")
		}
		rd.cutCard = true
	case r.burn:
		err = rd.applyBurn()
	case r.card.Valid():
		err = rd.applyCard(r)
	default:
		err = rd.applyDecision(r)
	}
	if err != nil {
		return err
	}
	if r.card.Valid() {
		rd.used[r.card.Index()]++
	}
	rd.results++
	return nil
}

func (rd *Round) applyBurn() error {
	if rd.phase != PhaseBurn {
		return resultError(RuleBurn, "cards are burned only before the war cards (%d of them)", rd.set.BurnBeforeWar)
	}
	rd.burned++
	if rd.burned == rd.set.BurnBeforeWar {
		rd.phase = PhaseWar
	}
	return nil
}

func (rd *Round) applyCard(r Result) error {
	switch rd.phase {
	case PhaseDeal:
		if r.seat == Dealer {
			if len(rd.seats) == 0 {
				return resultError(RuleDealOrder, "the first card of a round goes to a seat")
			}
			rd.dealer = r.card
			rd.afterDeal()
			return nil
		}
		if n := len(rd.seats); n > 0 && rd.seats[n-1].Number >= r.seat {
			return resultError(RuleDealOrder, "seat %d after seat %d: the cards go round in seat order", r.seat, rd.seats[n-1].Number)
		}
		rd.seats = append(rd.seats, &Seat{Number: r.seat, Card: r.card})
		return nil
	case PhaseDecide:
		return resultError(RuleDecision, "seat %d decides first: surrender or war", rd.Deciding().Number)
	case PhaseBurn:
		return resultError(RuleBurn, "the dealer burns %d cards before the war cards; %d burned", rd.set.BurnBeforeWar, rd.burned)
	}
	// PhaseWar.
	var next *Seat
	for _, s := range rd.seats {
		if s.Decision == GoToWar && !s.WarCard.Valid() {
			next = s
			break
		}
	}
	switch {
	case next != nil && r.seat == next.Number:
		next.WarCard = r.card
	case next == nil && r.seat == Dealer:
		rd.dealerWar = r.card
		rd.phase = PhaseOver
	case next != nil:
		return resultError(RuleWarOrder, "the next war card goes to seat %d", next.Number)
	default:
		return resultError(RuleWarOrder, "every seat at war has its card; the dealer's is next")
	}
	return nil
}

// afterDeal moves to the decisions when a seat ties, else ends the round.
func (rd *Round) afterDeal() {
	rd.phase = PhaseDecide
	if rd.Deciding() == nil {
		rd.phase = PhaseOver
	}
}

func (rd *Round) applyDecision(r Result) error {
	s := rd.Deciding()
	if s == nil {
		return resultError(RuleDecision, "only a seat that ties the dealer decides, after the deal")
	}
	if r.seat != s.Number {
		return resultError(RuleDecision, "seat %d decides now, not seat %d (ties: the seats whose card equals the dealer's %s)", s.Number, r.seat, rd.dealer)
	}
	s.Decision = r.decision
	if rd.Deciding() != nil {
		return nil
	}
	rd.phase = PhaseOver
	for _, t := range rd.seats {
		if t.Decision == GoToWar {
			rd.phase = PhaseBurn
			if rd.set.BurnBeforeWar == 0 {
				rd.phase = PhaseWar
			}
		}
	}
	return nil
}

// Deciding returns the seat whose decision on a tie the round's results
// wait for, or nil.
func (p *Paytable) Deciding(results []games.Result) *Seat {
	rd, err := p.Fold(results)
	if err != nil {
		return nil
	}
	return rd.Deciding()
}
