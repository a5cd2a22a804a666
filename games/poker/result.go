package poker

import (
	"bytes"
	"slices"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// ResultBytesMax bounds the JSON of a result given to ParseResult; a
// round with a fold takes about 80 bytes.
const ResultBytesMax = 256

// Round is the result of one Caribbean poker round for one player: the
// player's five cards, the dealer's five, and whether the player folded.
// A folded hand loses its ante whatever the dealer holds, and has no call.
type Round struct {
	Player Hand
	Dealer Hand
	Fold   bool
}

// roundJSON is the one shape of a result:
// {"player":["AS","KS","QS","JS","TS"],"dealer":["2H","2D","5C","7S","9H"]},
// with "fold":true when the player folded.
type roundJSON struct {
	Player []string `json:"player"`
	Dealer []string `json:"dealer"`
	Fold   bool     `json:"fold,omitzero"`
}

// ParseRound decodes a result strictly: both hands of five cards, no card
// twice in the round (one deck). Every error is a *ResultError.
func ParseRound(raw []byte) (Round, error) {
	var v roundJSON
	if err := kit.DecodeResult(raw, ResultBytesMax, &v, "a Caribbean poker result is {\"player\":[5 cards],\"dealer\":[5 cards]} with \"fold\":true for a fold"); err != nil {
		return Round{}, err
	}
	p, err := ParseHand("player", v.Player)
	if err != nil {
		return Round{}, err
	}
	d, err := ParseHand("dealer", v.Dealer)
	if err != nil {
		return Round{}, err
	}
	for _, c := range d {
		if slices.Contains(p[:], c) {
			return Round{}, resultError(RuleDuplicateCard, "%s is in both the player's and the dealer's hand", c)
		}
	}
	return Round{Player: p, Dealer: d, Fold: v.Fold}, nil
}

// JSON is the result as the events record it, cards in the order entered.
func (r Round) JSON() []byte {
	var b bytes.Buffer
	b.WriteString(`{"player":`)
	writeHand(&b, r.Player)
	b.WriteString(`,"dealer":`)
	writeHand(&b, r.Dealer)
	if r.Fold {
		b.WriteString(`,"fold":true`)
	}
	b.WriteByte('}')
	return b.Bytes()
}

func writeHand(b *bytes.Buffer, h Hand) {
	b.WriteByte('[')
	for i, c := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(c.String())
		b.WriteByte('"')
	}
	b.WriteByte(']')
}

// String writes the round for a dealer or an auditor: "player AS KS QS JS
// TS (royal_flush A), dealer … (…)", with ", folded" for a fold.
func (r Round) String() string {
	s := "player " + r.Player.String() + " (" + Eval(r.Player).String() + "), dealer " + r.Dealer.String() + " (" + Eval(r.Dealer).String() + ")"
	if r.Fold {
		s += ", folded"
	}
	return s
}

// Equal reports whether other is a round with the same cards in each hand,
// in any order (a hand's order does not change its rank), and the same
// decision.
func (r Round) Equal(other games.Result) bool {
	o, ok := other.(Round)
	return ok && r.Fold == o.Fold && sameSet(r.Player, o.Player) && sameSet(r.Dealer, o.Dealer)
}

func sameSet(a, b Hand) bool {
	x, y := a, b
	key := func(c Card) int { return c.Index() }
	slices.SortFunc(x[:], func(p, q Card) int { return key(p) - key(q) })
	slices.SortFunc(y[:], func(p, q Card) int { return key(p) - key(q) })
	return x == y
}
