package drawpoker

import (
	"bytes"
	_ "embed"
	"strconv"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// Game is Draw Poker in the catalog of games (games/registry).
type Game struct{}

// Name returns "drawpoker".
func (Game) Name() string { return GameName }

// Paytables returns the Draw Poker paytables in id order.
func (Game) Paytables() []games.Paytable { return kit.Paytables(Paytables()) }

// BoardStats are the statistics over a Draw Poker board's hands: how
// often the dealer qualified, how seats ended, how many exchanged, and the
// players' final hands by category. They describe finished deals only.
type BoardStats struct {
	// Rounds counts hands: one per seat of each deal.
	Rounds int `json:"rounds"`
	// DealerQualified counts hands where the dealer had ace-king or
	// better.
	DealerQualified poker.Count `json:"dealer_qualified"`
	// Exchanged counts hands whose seat bought an exchange (and so left
	// the progressive).
	Exchanged poker.Count `json:"exchanged"`
	// Outcomes counts hands by Outcome.
	Outcomes map[Outcome]poker.Count `json:"outcomes"`
	// PlayerHands counts the players' final hands by category name.
	PlayerHands map[string]poker.Count `json:"player_hands"`
}

// BoardGame returns "drawpoker".
func (BoardStats) BoardGame() string { return GameName }

// Board counts the board's hands, one per seat of each deal; another
// result is skipped.
func (Game) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	s := BoardStats{Outcomes: map[Outcome]poker.Count{}, PlayerHands: map[string]poker.Count{}}
	qualified, exchanged := 0, 0
	outcomes := map[Outcome]int{}
	hands := map[string]int{}
	for _, e := range entries {
		d, ok := e.Result.(Deal)
		if !ok {
			continue
		}
		for _, st := range d.Seats {
			s.Rounds++
			if poker.Eval(d.Dealer) >= poker.AceKing {
				qualified++
			}
			if st.Exchange.Exchanged() {
				exchanged++
			}
			outcomes[Judge(d, st)]++
			hands[poker.Eval(st.Hand()).Category().String()]++
		}
	}
	count := func(n int) poker.Count { return poker.Count{Count: n, Percent: kit.Percent100(n, s.Rounds)} }
	s.DealerQualified, s.Exchanged = count(qualified), count(exchanged)
	for o, n := range outcomes {
		s.Outcomes[o] = count(n)
	}
	for h, n := range hands {
		s.PlayerHands[h] = count(n)
	}
	return s
}

// BoardRow describes a deal on a row of the board (games.BoardRower): the
// dealer's cards, hand and whether it qualifies (ace-king or better);
// each seat's final cards and hand, its exchange (the cards dealt,
// discarded and drawn), whether it folded, and how the deal ended for it
// (Judge).
func (Game) BoardRow(r games.Result) []byte {
	d, ok := r.(Deal)
	if !ok {
		return nil
	}
	var b bytes.Buffer
	b.WriteString(`{"dealer":{`)
	writeRowHand(&b, d.Dealer, Exchange{})
	b.WriteString(`,"qualifies":` + strconv.FormatBool(poker.Eval(d.Dealer) >= poker.AceKing) + `},"seats":[`)
	for i, s := range d.Seats {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"seat":` + strconv.Itoa(s.Seat) + `,`)
		writeRowHand(&b, s.Dealt, s.Exchange)
		b.WriteString(`,"fold":` + strconv.FormatBool(s.Fold) + `,"outcome":"` + string(Judge(d, s)) + `"}`)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// writeRowHand writes a hand's members of a board row: "cards" (final),
// "dealt", "discard" and "draw" when it exchanged, and "hand".
func writeRowHand(b *bytes.Buffer, dealt poker.Hand, e Exchange) {
	final := e.apply(dealt)
	b.WriteString(`"cards":`)
	writeCards(b, final[:])
	if e.Exchanged() {
		b.WriteString(`,"dealt":`)
		writeCards(b, dealt[:])
		b.WriteString(`,"discard":`)
		writeCards(b, e.Discard)
		b.WriteString(`,"draw":`)
		writeCards(b, e.Draw)
	}
	b.WriteString(`,"hand":"` + poker.Eval(final).Category().String() + `"`)
}

// boardModule and boardStyle are the dashboard's renderer of this game's
// board and its styles.
var (
	//go:embed board.js
	boardModule []byte
	//go:embed board.css
	boardStyle []byte
)

// BoardModule returns the dashboard's renderer of the board
// (games.BoardViewer): board.js beside this file.
func (Game) BoardModule() []byte { return boardModule }

// BoardStyle returns the board's stylesheet (games.BoardStyler):
// board.css beside this file.
func (Game) BoardStyle() []byte { return boardStyle }

// Compile-time checks that the game implements what the edges use.
var (
	_ games.Game        = Game{}
	_ games.BoardRower  = Game{}
	_ games.BoardViewer = Game{}
	_ games.BoardStyler = Game{}
	_ games.Demoer      = Game{}
	_ games.LineSettler = Game{}
)
