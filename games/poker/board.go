package poker

import (
	"bytes"
	"strconv"

	"github.com/wagerlog/wagerlog/games"
)

// BoardRow describes a deal on a row of the board: the dealer's cards,
// hand and whether it qualifies (ace-king or better), and each seat's
// cards, hand, whether it folded or called, and how the round ended for
// it (Judge). A one-player round is a deal with seat 1. The dashboard's
// Caribbean board draws the last deals from it.
func (Game) BoardRow(r games.Result) []byte {
	var d Deal
	switch v := r.(type) {
	case Deal:
		d = v
	case Round:
		d = Deal{Dealer: v.Dealer, Seats: []SeatDeal{{Seat: 1, Hand: v.Player, Fold: v.Fold}}}
	default:
		return nil
	}
	var b bytes.Buffer
	dv := Eval(d.Dealer)
	b.WriteString(`{"dealer":{"cards":`)
	writeHand(&b, d.Dealer)
	b.WriteString(`,"hand":"` + dv.Category().String() + `","qualifies":` + strconv.FormatBool(dv >= AceKing) + `},"seats":[`)
	for i, s := range d.Seats {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"seat":` + strconv.Itoa(s.Seat) + `,"cards":`)
		writeHand(&b, s.Hand)
		b.WriteString(`,"hand":"` + Eval(s.Hand).Category().String() + `","fold":` + strconv.FormatBool(s.Fold) +
			`,"outcome":"` + string(Judge(Round{Player: s.Hand, Dealer: d.Dealer, Fold: s.Fold})) + `"}`)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}
