package blackjack

import (
	"fmt"
	"slices"

	"github.com/wagerlog/wagerlog/games/cards"
)

// ResultsMax bounds the results of a round: nine seats of four hands of
// at most eleven cards, their decisions and the dealer's cards stay well
// below it.
const ResultsMax = 1024

// Phase is where a round's deal stands.
type Phase int

// Phases of a round, in order.
const (
	// PhaseFirstCards: one card to each seat in seat order, then one to
	// the dealer (the seats that take a first card are the round's).
	PhaseFirstCards Phase = iota
	// PhaseSecondCards: a second card to each seat, in the same order.
	PhaseSecondCards
	// PhasePlay: the seats play in seat order, each hand left to right.
	PhasePlay
	// PhaseDealer: the dealer draws to his rule. The dealer has no hole
	// card: his second card comes after every seat has played.
	PhaseDealer
	// PhaseOver: the dealer's hand is complete.
	PhaseOver
)

// PlayerHand is one hand of a seat.
type PlayerHand struct {
	// Cards are the hand's cards in the order dealt.
	Cards Hand
	// Doubled is true once the hand has doubled.
	Doubled bool
	// Split is true for every hand that comes of a split (both halves).
	Split bool
	// SplitAces is true for a hand that comes of splitting aces: it gets
	// one card and plays no further.
	SplitAces bool
	// Done is true when the hand takes no more cards: it stood, doubled
	// and got its card, reached 21, busted, or the seat surrendered.
	Done bool
	// SplitAt is the index of the results of the split decision that made
	// the hand, −1 for the seat's first hand.
	SplitAt int
	// awaiting is true while a card is owed to the hand (after a hit, a
	// double, or a split hand with one card).
	awaiting bool
}

// Seat is one seat of a round.
type Seat struct {
	// Number is the seat's number, 1..SeatsMax.
	Number int
	// First are the seat's first two cards, what Perfect Pairs reads.
	First []cards.Card
	// Hands are the seat's hands by number (the order they were made):
	// hand 0 is the first, a split makes the next number.
	Hands []*PlayerHand
	// Surrendered is true when the seat gave up its cards for half the
	// stake.
	Surrendered bool
	// order is the order the hands are played in: a split hand's new half
	// is played right after it.
	order []int
	// decided is true once the seat made a decision.
	decided bool
}

// Round is a blackjack round folded from its results: the seats, their
// hands, the dealer's hand and whose turn it is. Get one from
// Paytable.Fold or NewRound and Apply; it is not safe for concurrent use.
type Round struct {
	decks     int
	set       Settings
	seats     []*Seat
	dealer    Hand
	phase     Phase
	cur       int // the seat whose turn it is, an index into seats
	cutCard   bool
	used      [cards.DeckSize]int
	results   int
	decisions int
}

// NewRound returns an empty round under the paytable's rules.
func (p *Paytable) NewRound() *Round {
	return &Round{decks: p.data.Decks, set: p.data.Settings}
}

// Phase returns where the deal stands.
func (rd *Round) Phase() Phase { return rd.phase }

// Over reports whether the dealer's hand is complete.
func (rd *Round) Over() bool { return rd.phase == PhaseOver }

// CutCard reports whether the cut card came out during the round.
func (rd *Round) CutCard() bool { return rd.cutCard }

// Dealer returns the dealer's cards.
func (rd *Round) Dealer() Hand { return slices.Clone(rd.dealer) }

// Results returns how many results the round has.
func (rd *Round) Results() int { return rd.results }

// Decisions returns how many decisions the round has.
func (rd *Round) Decisions() int { return rd.decisions }

// Seats returns the round's seats in seat order. They are the round's
// own: callers must not change them.
func (rd *Round) Seats() []*Seat { return rd.seats }

// Seat returns the seat with that number, or nil when it was not dealt.
func (rd *Round) Seat(number int) *Seat {
	for _, s := range rd.seats {
		if s.Number == number {
			return s
		}
	}
	return nil
}

// Turn returns the seat and hand whose turn it is in PhasePlay, and
// whether a card is owed to it (otherwise a decision is); ok is false in
// the other phases.
func (rd *Round) Turn() (seat, hand int, card, ok bool) {
	if rd.phase != PhasePlay {
		return 0, 0, false, false
	}
	s := rd.seats[rd.cur]
	h := s.current()
	return s.Number, h, s.Hands[h].awaiting, true
}

// current returns the seat's first hand in play order that is not done.
func (s *Seat) current() int {
	for _, h := range s.order {
		if !s.Hands[h].Done {
			return h
		}
	}
	return -1
}

// Apply checks r against the round so far and applies it. A refused
// result leaves the round as it was and returns a *ResultError.
func (rd *Round) Apply(r Result) error {
	if rd.phase == PhaseOver {
		if r.card.Valid() && r.seat == Dealer {
			return resultError(RuleDealerStands, "the dealer stands on %s (%d)%s", rd.dealer, rd.dealer.Points(), rd.soft17())
		}
		return resultError(RuleRoundOver, "the dealer's hand is complete; the round takes no more results")
	}
	if rd.results >= ResultsMax {
		return resultError(RuleResultShape, "a round has at most %d results", ResultsMax)
	}
	var err error
	switch {
	case r.cutCard:
		if rd.cutCard {
			return resultError(RuleCutCard, "the cut card already came out in this round")
		}
		rd.cutCard = true
	case r.card.Valid():
		if rd.used[r.card.Index()] >= rd.decks {
			return resultError(RuleShoe, "%s appears more than %d times: the shoe has %d decks", r.card, rd.decks, rd.decks)
		}
		if err = rd.applyCard(r); err == nil {
			rd.used[r.card.Index()]++
		}
	default:
		if err = rd.applyDecision(r); err == nil {
			rd.decisions++
		}
	}
	if err == nil {
		rd.results++
	}
	return err
}

func (rd *Round) applyCard(r Result) error {
	switch rd.phase {
	case PhaseFirstCards:
		if r.seat == Dealer {
			if len(rd.seats) == 0 {
				return resultError(RuleDealOrder, "the first card of a round goes to a seat")
			}
			rd.dealer = append(rd.dealer, r.card)
			rd.phase = PhaseSecondCards
			return nil
		}
		if r.hand != 0 {
			return resultError(RuleDealOrder, "the first cards go to each seat's first hand (hand 0)")
		}
		if n := len(rd.seats); n > 0 && rd.seats[n-1].Number >= r.seat {
			return resultError(RuleDealOrder, "seat %d after seat %d: the first cards go round in seat order", r.seat, rd.seats[n-1].Number)
		}
		rd.seats = append(rd.seats, &Seat{Number: r.seat, First: []cards.Card{r.card},
			Hands: []*PlayerHand{{Cards: Hand{r.card}, SplitAt: -1}}, order: []int{0}})
		return nil
	case PhaseSecondCards:
		next := rd.seats[0]
		for _, s := range rd.seats {
			if len(s.First) == 1 {
				next = s
				break
			}
		}
		if r.seat != next.Number || r.hand != 0 {
			return resultError(RuleDealOrder, "the second card goes to seat %d (seats %s, in order, after the dealer's first card)", next.Number, rd.seatList())
		}
		next.First = append(next.First, r.card)
		h := next.Hands[0]
		h.Cards = append(h.Cards, r.card)
		if h.Cards.Natural() {
			h.Done = true
		}
		if next == rd.seats[len(rd.seats)-1] {
			rd.phase = PhasePlay
			rd.advance()
		}
		return nil
	case PhasePlay:
		if r.seat == Dealer {
			return resultError(RuleTurn, "the dealer draws after every seat has played; seat %d plays", rd.seats[rd.cur].Number)
		}
		s := rd.seats[rd.cur]
		h := s.current()
		if r.seat != s.Number || r.hand != h {
			return rd.notYourTurn(r)
		}
		ph := s.Hands[h]
		if !ph.awaiting {
			return resultError(RuleDecisionExpected, "seat %d hand %d has %s: the player decides (hit, stand, …) before another card", s.Number, h, ph.Cards)
		}
		ph.Cards = append(ph.Cards, r.card)
		ph.awaiting = false
		t := ph.Cards.Points()
		switch {
		case t >= 21, ph.Doubled:
			ph.Done = true
		case ph.SplitAces && len(ph.Cards) == 2:
			// Split aces get one card each; only a table that re-splits
			// aces lets an ace on an ace decide again, and only to split.
			ph.Done = !(rd.set.ResplitAces && ph.Cards.Pair() && len(s.Hands) < rd.set.HandsMax)
		}
		rd.advance()
		return nil
	case PhaseDealer:
		if r.seat != Dealer {
			return rd.notYourTurn(r)
		}
		if !DealerDraws(rd.dealer, rd.set.DealerHitsSoft17) {
			return resultError(RuleDealerStands, "the dealer stands on %s (%d)%s", rd.dealer, rd.dealer.Points(), rd.soft17())
		}
		rd.dealer = append(rd.dealer, r.card)
		rd.dealerDone()
		return nil
	}
	return resultError(RuleRoundOver, "the round is over")
}

// soft17 explains the table's soft 17 rule in a refusal.
func (rd *Round) soft17() string {
	if rd.set.DealerHitsSoft17 {
		return "; this table hits soft 17"
	}
	return "; this table stands on soft 17"
}

func (rd *Round) seatList() string {
	s := ""
	for i, st := range rd.seats {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(st.Number)
	}
	return s
}

// notYourTurn explains a result for another hand than the one whose turn
// it is: a hand that is 21 or bust says so.
func (rd *Round) notYourTurn(r Result) error {
	if s := rd.Seat(r.seat); s != nil && r.hand < len(s.Hands) {
		ph := s.Hands[r.hand]
		switch t := ph.Cards.Points(); {
		case t > 21:
			return resultError(RuleHandBust, "seat %d hand %d is bust (%s, %d)", r.seat, r.hand, ph.Cards, t)
		case t == 21:
			return resultError(RuleHand21, "seat %d hand %d is 21 (%s)", r.seat, r.hand, ph.Cards)
		}
	}
	if rd.phase != PhasePlay {
		return resultError(RuleTurn, "every seat has played; only the dealer draws")
	}
	s := rd.seats[rd.cur]
	return resultError(RuleTurn, "seat %d hand %d plays now, not seat %d hand %d", s.Number, s.current(), r.seat, r.hand)
}

func (rd *Round) applyDecision(r Result) error {
	if rd.phase != PhasePlay {
		if rd.phase == PhaseDealer {
			return rd.notYourTurn(r)
		}
		return resultError(RuleDealOrder, "no decision before every seat has its first two cards")
	}
	s := rd.seats[rd.cur]
	h := s.current()
	if r.seat != s.Number || r.hand != h {
		return rd.notYourTurn(r)
	}
	ph := s.Hands[h]
	if ph.awaiting {
		return resultError(RuleCardExpected, "seat %d hand %d (%s) is owed a card", s.Number, h, ph.Cards)
	}
	switch r.decision {
	case Hit:
		if ph.SplitAces {
			return resultError(RuleSplitAces, "split aces get one card each")
		}
		ph.awaiting = true
	case Stand:
		ph.Done = true
	case Double:
		switch {
		case len(ph.Cards) != 2:
			return resultError(RuleDoubleTwoCards, "seat %d hand %d has %d cards (%s): a hand doubles on its first two", s.Number, h, len(ph.Cards), ph.Cards)
		case ph.SplitAces:
			return resultError(RuleSplitAces, "split aces get one card each and do not double")
		case ph.Split && !rd.set.DoubleAfterSplit:
			return resultError(RuleDoubleAfterSplit, "this table does not double after a split")
		}
		ph.Doubled, ph.awaiting = true, true
	case Split:
		switch {
		case !ph.Cards.Pair():
			return resultError(RuleSplitPair, "seat %d hand %d (%s) is not a pair", s.Number, h, ph.Cards)
		case len(s.Hands) >= rd.set.HandsMax:
			return resultError(RuleSplitHandsMax, "seat %d has %d hands, the table's most", s.Number, len(s.Hands))
		case ph.SplitAces && !rd.set.ResplitAces:
			return resultError(RuleSplitAces, "this table does not re-split aces")
		}
		aces := ph.Cards[0].Rank() == 'A'
		n := len(s.Hands)
		s.Hands = append(s.Hands, &PlayerHand{Cards: Hand{ph.Cards[1]}, Split: true, SplitAces: aces, SplitAt: rd.results})
		ph.Cards = ph.Cards[:1:1]
		ph.Split, ph.SplitAces, ph.awaiting = true, aces, true
		at := slices.Index(s.order, h)
		s.order = slices.Insert(s.order, at+1, n)
	case Surrender:
		if s.decided || len(s.Hands) > 1 || len(ph.Cards) != 2 {
			return resultError(RuleSurrender, "surrender is the seat's first decision, on its first two cards")
		}
		s.Surrendered, ph.Done = true, true
	}
	s.decided = true
	rd.advance()
	return nil
}

// advance moves the turn past finished hands and seats: a split hand with
// one card is owed its second, and after the last seat the dealer draws.
func (rd *Round) advance() {
	for rd.phase == PhasePlay {
		if rd.cur >= len(rd.seats) {
			rd.phase = PhaseDealer
			rd.dealerDone()
			return
		}
		s := rd.seats[rd.cur]
		h := s.current()
		if h < 0 {
			rd.cur++
			continue
		}
		if len(s.Hands[h].Cards) == 1 {
			s.Hands[h].awaiting = true
		}
		return
	}
}

// dealerDone ends the round when the dealer's rule says he stands.
func (rd *Round) dealerDone() {
	if rd.phase == PhaseDealer && !DealerDraws(rd.dealer, rd.set.DealerHitsSoft17) {
		rd.phase = PhaseOver
	}
}
