package drawpoker

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// ResultBytesMax bounds the JSON of a deal: seven seats that all exchange
// four cards take about 900 bytes.
const ResultBytesMax = 2048

// Exchange is a hand's exchange: the cards discarded, in order, and the
// cards drawn to replace them, Draw[i] taking Discard[i]'s place.
type Exchange struct {
	Discard []poker.Card
	Draw    []poker.Card
}

// Exchanged reports whether the exchange changed any card.
func (e Exchange) Exchanged() bool { return len(e.Discard) > 0 }

// apply returns the hand after the exchange.
func (e Exchange) apply(h poker.Hand) poker.Hand {
	for i, c := range e.Discard {
		for j := range h {
			if h[j] == c {
				h[j] = e.Draw[i]
			}
		}
	}
	return h
}

// SeatDeal is one seat's five cards as dealt, its exchange (none: it
// stood pat) and whether it then folded.
type SeatDeal struct {
	Seat     int
	Dealt    poker.Hand
	Fold     bool
	Exchange Exchange
}

// Hand is the seat's final hand, after its exchange.
func (s SeatDeal) Hand() poker.Hand { return s.Exchange.apply(s.Dealt) }

// Deal is the result of one deal at a Draw Poker table: the dealer's five
// cards (the dealer exchanges nothing) and each seat's deal, in seat
// order.
type Deal struct {
	Dealer poker.Hand
	Seats  []SeatDeal
}

type exchangeJSON struct {
	Discard []string `json:"discard"`
	Draw    []string `json:"draw"`
}

type seatJSON struct {
	Seat     int           `json:"seat"`
	Cards    []string      `json:"cards"`
	Fold     bool          `json:"fold,omitzero"`
	Exchange *exchangeJSON `json:"exchange,omitempty"`
}

type dealJSON struct {
	Dealer []string   `json:"dealer"`
	Seats  []seatJSON `json:"seats"`
}

// ParseDeal decodes a deal strictly:
//
//	{"dealer":["2H","2D","5C","7S","9H"],
//	 "seats":[{"seat":1,"cards":["AS","AD","6C","8D","JH"],"exchange":{"discard":["6C"],"draw":["QC"]}},
//	          {"seat":3,"cards":[…],"fold":true}]}
//
// Five cards per hand as dealt, seats 1..7 once each, at least one seat;
// an exchange discards 1..ExchangeMax cards the seat was dealt and draws
// as many (a seat that exchanged may still fold: the exchange comes
// before the call); no card twice in the deal, drawn cards included (one
// deck, and a discarded card is out of play). Every error is a
// *ResultError.
func (p *Paytable) ParseDeal(raw []byte) (Deal, error) {
	var v dealJSON
	if err := kit.DecodeResult(raw, ResultBytesMax, &v, "a Draw Poker result is {\"dealer\":[5 cards],\"seats\":[{\"seat\":1,\"cards\":[5 cards],\"exchange\":{\"discard\":[…],\"draw\":[…]}},{\"seat\":2,\"cards\":[5 cards],\"fold\":true}]}"); err != nil {
		return Deal{}, err
	}
	seen := map[poker.Card]string{}
	take := func(who string, cs []poker.Card) error {
		for _, c := range cs {
			if other, dup := seen[c]; dup {
				return resultError(poker.RuleDuplicateCard, "%s is both %s's and %s's: a deal is from one deck", c, who, other)
			}
			seen[c] = who
		}
		return nil
	}
	dealer, err := poker.ParseHand("dealer", v.Dealer)
	if err != nil {
		return Deal{}, err
	}
	out := Deal{Dealer: dealer}
	if err := take("the dealer", dealer[:]); err != nil {
		return Deal{}, err
	}
	if len(v.Seats) == 0 {
		return Deal{}, resultError(poker.RuleResultShape, "a deal has at least one seat")
	}
	for _, s := range v.Seats {
		if s.Seat < 1 || s.Seat > poker.SeatsMax {
			return Deal{}, resultError(poker.RuleResultShape, "seat %d: a seat is 1..%d", s.Seat, poker.SeatsMax)
		}
		if slices.ContainsFunc(out.Seats, func(o SeatDeal) bool { return o.Seat == s.Seat }) {
			return Deal{}, resultError(poker.RuleResultShape, "seat %d is dealt twice", s.Seat)
		}
		who := fmt.Sprintf("seat %d", s.Seat)
		h, err := poker.ParseHand(who, s.Cards)
		if err != nil {
			return Deal{}, err
		}
		if err := take(who, h[:]); err != nil {
			return Deal{}, err
		}
		out.Seats = append(out.Seats, SeatDeal{Seat: s.Seat, Dealt: h, Fold: s.Fold})
	}
	// Draws come from the rest of the deck: checked once every dealt card
	// is known, so that a draw of a card dealt to a later seat is refused.
	for i, s := range v.Seats {
		sd := &out.Seats[i]
		if sd.Exchange, err = parseExchange(fmt.Sprintf("seat %d", s.Seat), s.Exchange, sd.Dealt, p.data.ExchangeMax, take); err != nil {
			return Deal{}, err
		}
	}
	slices.SortFunc(out.Seats, func(a, b SeatDeal) int { return a.Seat - b.Seat })
	return out, nil
}

// parseExchange reads one hand's exchange (nil: none).
func parseExchange(who string, v *exchangeJSON, dealt poker.Hand, most int, take func(string, []poker.Card) error) (Exchange, error) {
	if v == nil {
		return Exchange{}, nil
	}
	if len(v.Discard) == 0 || len(v.Discard) > most || len(v.Draw) != len(v.Discard) {
		return Exchange{}, resultError(RuleExchangeSize, "%s discards %d and draws %d cards: an exchange discards at least one card and at most %d, and draws as many", who, len(v.Discard), len(v.Draw), most)
	}
	var e Exchange
	for i, s := range v.Discard {
		c, err := poker.ParseCard(s)
		if err != nil {
			return Exchange{}, fmt.Errorf("%s discard %d: %w", who, i+1, err)
		}
		if !slices.Contains(dealt[:], c) {
			return Exchange{}, resultError(RuleExchangeNotHeld, "%s discards %s, which it was not dealt", who, c)
		}
		if slices.Contains(e.Discard, c) {
			return Exchange{}, resultError(poker.RuleDuplicateCard, "%s discards %s twice", who, c)
		}
		e.Discard = append(e.Discard, c)
	}
	for i, s := range v.Draw {
		c, err := poker.ParseCard(s)
		if err != nil {
			return Exchange{}, fmt.Errorf("%s draw %d: %w", who, i+1, err)
		}
		e.Draw = append(e.Draw, c)
	}
	if err := take(who+" (drawn)", e.Draw); err != nil {
		return Exchange{}, err
	}
	return e, nil
}

// JSON is the deal as the events record it, seats in seat order.
func (d Deal) JSON() []byte {
	var b bytes.Buffer
	b.WriteString(`{"dealer":`)
	writeCards(&b, d.Dealer[:])
	b.WriteString(`,"seats":[`)
	for i, s := range d.Seats {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"seat":%d,"cards":`, s.Seat)
		writeCards(&b, s.Dealt[:])
		if s.Fold {
			b.WriteString(`,"fold":true`)
		}
		if s.Exchange.Exchanged() {
			b.WriteString(`,"exchange":`)
			writeExchange(&b, s.Exchange)
		}
		b.WriteByte('}')
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

func writeExchange(b *bytes.Buffer, e Exchange) {
	b.WriteString(`{"discard":`)
	writeCards(b, e.Discard)
	b.WriteString(`,"draw":`)
	writeCards(b, e.Draw)
	b.WriteByte('}')
}

func writeCards(b *bytes.Buffer, cs []poker.Card) {
	b.WriteByte('[')
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + c.String() + `"`)
	}
	b.WriteByte(']')
}

// String writes the deal for a dealer or an auditor: each hand as dealt,
// its exchange, and the final hand's rank.
func (d Deal) String() string {
	hand := func(dealt poker.Hand, e Exchange) string {
		s := dealt.String()
		if e.Exchanged() {
			s += " exchanges " + cardsString(e.Discard) + " for " + cardsString(e.Draw)
		}
		return s + " (" + poker.Eval(e.apply(dealt)).String() + ")"
	}
	parts := []string{"dealer " + hand(d.Dealer, Exchange{})}
	for _, s := range d.Seats {
		p := fmt.Sprintf("seat %d %s", s.Seat, hand(s.Dealt, s.Exchange))
		if s.Fold {
			p += " folded"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func cardsString(cs []poker.Card) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return strings.Join(out, " ")
}

// Equal reports whether other is a deal with the same hands as dealt (in
// any card order), the same exchanges (in any order, each discarded card
// with its replacement) and the same decisions.
func (d Deal) Equal(other games.Result) bool {
	o, ok := other.(Deal)
	if !ok || len(o.Seats) != len(d.Seats) || !sameHand(d.Dealer, o.Dealer) {
		return false
	}
	for i, s := range d.Seats {
		t := o.Seats[i]
		if t.Seat != s.Seat || t.Fold != s.Fold || !sameHand(s.Dealt, t.Dealt) || !sameExchange(s.Exchange, t.Exchange) {
			return false
		}
	}
	return true
}

func sameHand(a, b poker.Hand) bool {
	key := func(p, q poker.Card) int { return p.Index() - q.Index() }
	slices.SortFunc(a[:], key)
	slices.SortFunc(b[:], key)
	return a == b
}

func sameExchange(a, b Exchange) bool {
	if len(a.Discard) != len(b.Discard) {
		return false
	}
	pairs := func(e Exchange) map[poker.Card]poker.Card {
		m := map[poker.Card]poker.Card{}
		for i, c := range e.Discard {
			m[c] = e.Draw[i]
		}
		return m
	}
	pa, pb := pairs(a), pairs(b)
	for c, r := range pa {
		if pb[c] != r {
			return false
		}
	}
	return true
}
