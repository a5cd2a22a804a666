package blackjack

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// ResultBytesMax bounds the JSON of a result; the longest,
// {"decision":"surrender","seat":9,"hand":7}, takes 42 bytes.
const ResultBytesMax = 256

// Decision is a player's decision on a hand.
type Decision string

// Decisions. Insurance is not among them: it changes nothing of the deal,
// so it is only a bet (insurance:S), placed when CheckPlacement allows it.
const (
	// Hit asks for a card; the next result is a card to the hand.
	Hit Decision = "hit"
	// Stand ends the hand.
	Stand Decision = "stand"
	// Double doubles the stake (a double:S:H bet) for exactly one more
	// card.
	Double Decision = "double"
	// Split splits a pair into two hands (a split:S:H bet for the new
	// one), each completed with a second card.
	Split Decision = "split"
	// Surrender ("retiro") gives up the seat's first two cards for half
	// the stake back (seed 004, Black Jack 1.5 "Retiro").
	Surrender Decision = "surrender"
)

// allDecisions lists every decision.
func allDecisions() []Decision { return []Decision{Hit, Stand, Double, Split, Surrender} }

// Dealer is the seat number of the dealer in a card result's "to".
const Dealer = 0

// Result is one result of a blackjack round, in the order the dealer
// enters them: a card to a seat's hand or to the dealer, a player's
// decision, or the cut card coming out. Get one from ParseResult or the
// constructors CardTo, DealerCard, Decide and CutCardOut.
//
//	{"card":"8S","to":"seat:1"}            first hand of seat 1
//	{"card":"5D","to":"seat:1","hand":1}   second hand after a split
//	{"card":"9H","to":"dealer"}
//	{"decision":"double","seat":1,"hand":0}
//	{"cut_card":true}
type Result struct {
	card     cards.Card
	seat     int // card: Dealer or the seat; decision: the seat
	hand     int
	decision Decision
	cutCard  bool
}

// CardTo is a card dealt to hand hand of seat seat.
func CardTo(c cards.Card, seat, hand int) Result { return Result{card: c, seat: seat, hand: hand} }

// DealerCard is a card dealt to the dealer.
func DealerCard(c cards.Card) Result { return Result{card: c, seat: Dealer} }

// Decide is a player's decision on hand hand of seat seat.
func Decide(d Decision, seat, hand int) Result { return Result{decision: d, seat: seat, hand: hand} }

// CutCardOut is the cut card coming out of the shoe.
func CutCardOut() Result { return Result{cutCard: true} }

// IsCard reports whether the result is a card; Card, Seat and Hand say
// which and where (Seat is Dealer for the dealer's).
func (r Result) IsCard() bool { return r.card.Valid() }

// Card returns the card of a card result.
func (r Result) Card() cards.Card { return r.card }

// Seat returns the seat of a card or decision (Dealer for a dealer card).
func (r Result) Seat() int { return r.seat }

// Hand returns the hand of a card or decision.
func (r Result) Hand() int { return r.hand }

// Decision returns the decision of a decision result, "" otherwise.
func (r Result) Decision() Decision { return r.decision }

// IsCutCard reports whether the result is the cut card coming out.
func (r Result) IsCutCard() bool { return r.cutCard }

// resultJSON is the union of the result shapes; pointers tell a member
// given from one absent.
type resultJSON struct {
	Card     *string `json:"card"`
	To       *string `json:"to"`
	Hand     *int    `json:"hand"`
	Decision *string `json:"decision"`
	Seat     *int    `json:"seat"`
	CutCard  *bool   `json:"cut_card"`
}

// ParseResult decodes one result strictly: a card {"card","to"[,"hand"]},
// a decision {"decision","seat"[,"hand"]} or {"cut_card":true}, with no
// other member; a seat's card or decision without "hand" is on hand 0.
// Seats are 1..SeatsMax, hands 0..HandsLimit−1; the dealer's cards have no
// hand. Every error is a *ResultError (code invalid_result).
func ParseResult(raw []byte) (Result, error) {
	var v resultJSON
	if err := kit.DecodeResult(raw, ResultBytesMax, &v, "a blackjack result is {\"card\":\"8S\",\"to\":\"seat:1\"}, {\"decision\":\"hit\",\"seat\":1,\"hand\":0} or {\"cut_card\":true}"); err != nil {
		return Result{}, err
	}
	switch {
	case v.Card != nil:
		if v.To == nil || v.Decision != nil || v.Seat != nil || v.CutCard != nil {
			return Result{}, resultError(RuleResultShape, "a card result has \"card\", \"to\" and, after a split, \"hand\"")
		}
		c, err := cards.Parse(*v.Card)
		if err != nil {
			return Result{}, resultError(RuleCardSpelling, "%v", err)
		}
		hand := 0
		if v.Hand != nil {
			hand = *v.Hand
		}
		if *v.To == "dealer" {
			if v.Hand != nil {
				return Result{}, resultError(RuleResultShape, "the dealer has one hand; a dealer card has no \"hand\"")
			}
			return DealerCard(c), nil
		}
		s, ok := strings.CutPrefix(*v.To, "seat:")
		seat, okSeat := number(s, 1, SeatsMax)
		if !ok || !okSeat {
			return Result{}, resultError(RuleResultShape, "\"to\" %q: write \"dealer\" or \"seat:S\" with S 1..%d", cards.Cut(*v.To), SeatsMax)
		}
		if hand < 0 || hand >= HandsLimit {
			return Result{}, resultError(RuleResultShape, "hand %d is not 0..%d", hand, HandsLimit-1)
		}
		return CardTo(c, seat, hand), nil
	case v.Decision != nil:
		if v.Seat == nil || v.To != nil || v.CutCard != nil {
			return Result{}, resultError(RuleResultShape, "a decision has \"decision\", \"seat\" and, after a split, \"hand\"")
		}
		if v.Hand == nil {
			// A decision without "hand" is on the first hand, as a card
			// without it is: one default for every result.
			v.Hand = new(int)
		}
		d := Decision(*v.Decision)
		known := false
		for _, k := range allDecisions() {
			known = known || d == k
		}
		if !known {
			return Result{}, resultError(RuleResultShape, "decision %q is not one of %v", cards.Cut(*v.Decision), allDecisions())
		}
		if *v.Seat < 1 || *v.Seat > SeatsMax || *v.Hand < 0 || *v.Hand >= HandsLimit {
			return Result{}, resultError(RuleResultShape, "seat %d hand %d: seats are 1..%d, hands 0..%d", *v.Seat, *v.Hand, SeatsMax, HandsLimit-1)
		}
		return Decide(d, *v.Seat, *v.Hand), nil
	case v.CutCard != nil:
		if !*v.CutCard || v.To != nil || v.Hand != nil || v.Seat != nil {
			return Result{}, resultError(RuleResultShape, "the cut card is {\"cut_card\":true}")
		}
		return CutCardOut(), nil
	}
	return Result{}, resultError(RuleResultShape, "a blackjack result is a card, a decision or the cut card")
}

// JSON is the result as the events record it: a seat's card and a
// decision always with their hand (0 for the first), so that every answer
// shows it; a dealer's card has none. Results recorded before the hand was
// always written lack it on a first hand's card and parse the same.
func (r Result) JSON() []byte {
	var b bytes.Buffer
	switch {
	case r.card.Valid():
		b.WriteString(`{"card":"` + r.card.String() + `","to":`)
		if r.seat == Dealer {
			b.WriteString(`"dealer"}`)
			break
		}
		b.WriteString(`"seat:` + strconv.Itoa(r.seat) + `","hand":` + strconv.Itoa(r.hand) + `}`)
	case r.decision != "":
		fmt.Fprintf(&b, `{"decision":%q,"seat":%d,"hand":%d}`, r.decision, r.seat, r.hand)
	default:
		b.WriteString(`{"cut_card":true}`)
	}
	return b.Bytes()
}

// String writes the result for a dealer or an auditor: "8S to seat 1 hand 0",
// "5D to seat 1 hand 1", "9H to the dealer", "seat 1 hand 0: double", "cut
// card".
func (r Result) String() string {
	switch {
	case r.card.Valid() && r.seat == Dealer:
		return r.card.String() + " to the dealer"
	case r.card.Valid():
		return fmt.Sprintf("%s to seat %d hand %d", r.card, r.seat, r.hand)
	case r.decision != "":
		return fmt.Sprintf("seat %d hand %d: %s", r.seat, r.hand, r.decision)
	}
	return "cut card"
}

// Equal reports whether other is the same blackjack result.
func (r Result) Equal(other games.Result) bool {
	o, ok := other.(Result)
	return ok && o == r
}
