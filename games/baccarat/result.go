package baccarat

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// ResultBytesMax bounds the JSON of a result given to ParseResult; the
// longest deux tableaux coup with a void play takes about 150 bytes.
const ResultBytesMax = 512

// coupJSON is the one shape of a punto banco result:
// {"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}.
type coupJSON struct {
	Player []string `json:"player"`
	Banker []string `json:"banker"`
}

// deuxJSON is the one shape of a deux tableaux result:
// {"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}, with
// "void":{"tableaux":[1],"reason":"cards_lost_unseen"} and "cut_card":true
// when they apply.
type deuxJSON struct {
	Tableaux [][]string `json:"tableaux"`
	Banker   []string   `json:"banker"`
	Void     *voidJSON  `json:"void,omitzero"`
	CutCard  bool       `json:"cut_card,omitzero"`
}

type voidJSON struct {
	Tableaux []int  `json:"tableaux"`
	Reason   string `json:"reason"`
}

// ParseCoup decodes a punto banco result strictly and checks it with
// Coup.Check for a shoe of decks decks. Every error is a *ResultError.
func ParseCoup(raw []byte, decks int) (Coup, error) {
	var v coupJSON
	if err := kit.DecodeResult(raw, ResultBytesMax, &v, "a punto banco result is {\"player\":[cards],\"banker\":[cards]}"); err != nil {
		return Coup{}, err
	}
	if v.Player == nil || v.Banker == nil {
		return Coup{}, resultError(RuleResultShape, "a punto banco result has both \"player\" and \"banker\"")
	}
	p, err := parseHand("player", v.Player)
	if err != nil {
		return Coup{}, err
	}
	b, err := parseHand("banker", v.Banker)
	if err != nil {
		return Coup{}, err
	}
	c := Coup{Player: p, Banker: b}
	return c, c.Check(decks)
}

// ParseDeuxCoup decodes a deux tableaux result strictly and checks it with
// DeuxCoup.Check for a shoe of decks decks. Every error is a
// *ResultError.
func ParseDeuxCoup(raw []byte, decks int) (DeuxCoup, error) {
	var v deuxJSON
	if err := kit.DecodeResult(raw, ResultBytesMax, &v, "a deux tableaux result is {\"tableaux\":[[cards],[cards]],\"banker\":[cards]}"); err != nil {
		return DeuxCoup{}, err
	}
	if len(v.Tableaux) != 2 || v.Banker == nil {
		return DeuxCoup{}, resultError(RuleResultShape, "a deux tableaux result has \"tableaux\" (two hands) and \"banker\"")
	}
	var c DeuxCoup
	for i, t := range v.Tableaux {
		if t == nil {
			return DeuxCoup{}, resultError(RuleResultShape, "tableau %d is null; write [] for a void tableau without cards", i+1)
		}
		h, err := parseHand(fmt.Sprintf("tableau %d", i+1), t)
		if err != nil {
			return DeuxCoup{}, err
		}
		c.Tableaux[i] = h
	}
	b, err := parseHand("banker", v.Banker)
	if err != nil {
		return DeuxCoup{}, err
	}
	c.Banker = b
	c.CutCard = v.CutCard
	if v.Void != nil {
		vd := &Void{Reason: v.Void.Reason}
		if len(v.Void.Tableaux) == 0 || len(v.Void.Tableaux) > 2 || !slices.IsSorted(v.Void.Tableaux) {
			return DeuxCoup{}, resultError(RuleVoid, "a void play lists its tableaux in order: [1], [2] or [1,2]")
		}
		for j, t := range v.Void.Tableaux {
			if t != 1 && t != 2 || (j > 0 && t == v.Void.Tableaux[j-1]) {
				return DeuxCoup{}, resultError(RuleVoid, "a void play lists its tableaux in order: [1], [2] or [1,2]")
			}
			vd.Tableaux[t-1] = true
		}
		c.Void = vd
	}
	return c, c.Check(decks)
}

// JSON is the result as the events record it, cards in the order entered:
// {"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}.
func (c Coup) JSON() []byte {
	var b bytes.Buffer
	b.WriteString(`{"player":`)
	writeHand(&b, c.Player)
	b.WriteString(`,"banker":`)
	writeHand(&b, c.Banker)
	b.WriteByte('}')
	return b.Bytes()
}

// String writes the coup for a dealer or an auditor: "player 4S 9H 7D (0),
// banker KC 5H 3S (8)".
func (c Coup) String() string {
	return fmt.Sprintf("player %s (%d), banker %s (%d)", c.Player, c.Player.Point(), c.Banker, c.Banker.Point())
}

// Equal reports whether other is a punto banco coup with the same cards
// in each hand, the first two in either order (they are dealt face down
// and read together), the third the same card.
func (c Coup) Equal(other games.Result) bool {
	o, ok := other.(Coup)
	return ok && equalHands(c.Player, o.Player) && equalHands(c.Banker, o.Banker)
}

// JSON is the result as the events record it, cards in the order entered,
// with "void" and "cut_card" only when they apply.
func (c DeuxCoup) JSON() []byte {
	var b bytes.Buffer
	b.WriteString(`{"tableaux":[`)
	writeHand(&b, c.Tableaux[0])
	b.WriteByte(',')
	writeHand(&b, c.Tableaux[1])
	b.WriteString(`],"banker":`)
	writeHand(&b, c.Banker)
	if v := c.Void; v != nil {
		b.WriteString(`,"void":{"tableaux":[`)
		sep := ""
		for i, on := range v.Tableaux {
			if on {
				b.WriteString(sep + strconv.Itoa(i+1))
				sep = ","
			}
		}
		b.WriteString(`],"reason":`)
		b.WriteString(strconv.Quote(v.Reason))
		b.WriteByte('}')
	}
	if c.CutCard {
		b.WriteString(`,"cut_card":true`)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// String writes the coup for a dealer or an auditor: "tableau 1 4S 3H (7),
// tableau 2 6C KD (6), banker 3H KC 8D (1)", then the void play and the cut
// card when they apply.
func (c DeuxCoup) String() string {
	var b bytes.Buffer
	for i, h := range c.Tableaux {
		if c.void(i) {
			fmt.Fprintf(&b, "tableau %d void, ", i+1)
			continue
		}
		fmt.Fprintf(&b, "tableau %d %s (%d), ", i+1, h, h.Point())
	}
	if c.void(0) && c.void(1) {
		fmt.Fprintf(&b, "banker %s", c.Banker)
	} else {
		fmt.Fprintf(&b, "banker %s (%d)", c.Banker, c.Banker.Point())
	}
	if c.Void != nil {
		fmt.Fprintf(&b, " [void: %s]", c.Void.Reason)
	}
	if c.CutCard {
		b.WriteString(" [cut card: last coup of the shoe]")
	}
	return b.String()
}

// Equal reports whether other is a deux tableaux coup with the same cards
// in each hand (the first two in either order), the same void play and the
// same cut card.
func (c DeuxCoup) Equal(other games.Result) bool {
	o, ok := other.(DeuxCoup)
	if !ok || c.CutCard != o.CutCard || (c.Void == nil) != (o.Void == nil) {
		return false
	}
	if c.Void != nil && *c.Void != *o.Void {
		return false
	}
	return equalHands(c.Tableaux[0], o.Tableaux[0]) && equalHands(c.Tableaux[1], o.Tableaux[1]) && equalHands(c.Banker, o.Banker)
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
