package war

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games/cards"
)

// BetRTP is the exact return to player of one bet: what one unit staked
// returns on average, stake included.
type BetRTP struct {
	Code string
	Kind Kind
	Pays string
	RTP  *big.Rat
}

// HouseEdge returns 1 − RTP.
func (b BetRTP) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), b.RTP) }

// Figures are War's exact figures for a paytable's shoe.
type Figures struct {
	// Main is the main bet alone when the player goes to war on every tie
	// (1:1 on a higher card; on a tie the bet pushes when the war card is
	// equal or higher).
	Main BetRTP
	// War is the raise, given that it is placed (after a tie).
	War BetRTP
	// Tie is the tie bet.
	Tie BetRTP
	// Tied is the probability that the first cards tie; Win that the
	// seat's card is higher; WarWin that the war card is equal or higher
	// after a tie.
	Tied, Win, WarWin *big.Rat
	// PerBet is the return of the main bet and its raise together per
	// unit of the main bet, going to war on every tie (1 + expected net);
	// PerWagered the same per unit wagered, raises included.
	PerBet, PerWagered *big.Rat
	// SurrenderPerBet is PerBet for a player who surrenders every tie:
	// lower than PerBet, so going to war is the better decision.
	SurrenderPerBet *big.Rat
}

// ExactRTP enumerates the deals of one seat from the paytable's full shoe
// by rank (13 ranks of 4·decks cards, ordered draws without replacement):
// the seat's card, the dealer's, and after a tie the two war cards from
// the 2 fewer cards left. The burned cards are unseen, so the war cards
// are any two of the cards left (exchangeability): burning changes no
// figure, and neither do other seats' cards.
func ExactRTP(p *Paytable) Figures {
	shoe := cards.NewShoe(p.data.Decks)
	var n [13]int64
	for i := range cards.DeckSize {
		c := cards.FromIndex(i)
		n[rankOf(c)] += int64(shoe.Count(c))
	}
	total := int64(shoe.Total())
	pairs := big.NewRat(1, total*(total-1))
	tied, win, warWin := new(big.Rat), new(big.Rat), new(big.Rat)
	for a := range 13 {
		for b := range 13 {
			w := n[a] * n[b]
			if a == b {
				w = n[a] * (n[a] - 1)
			}
			pw := new(big.Rat).Mul(big.NewRat(w, 1), pairs)
			switch {
			case a > b:
				win.Add(win, pw)
			case a == b:
				tied.Add(tied, pw)
				// The war from the cards left.
				m := n
				m[a] -= 2
				left := total - 2
				var ge int64
				for x := range 13 {
					for y := range 13 {
						if x < y {
							continue
						}
						if x == y {
							ge += m[x] * (m[x] - 1)
						} else {
							ge += m[x] * m[y]
						}
					}
				}
				warWin.Add(warWin, new(big.Rat).Mul(pw, big.NewRat(ge, left*(left-1))))
			}
		}
	}
	// warWin so far is P(tie and war card ≥); condition on the tie.
	warGivenTie := new(big.Rat).Quo(warWin, tied)
	one, two := big.NewRat(1, 1), big.NewRat(2, 1)
	lose := new(big.Rat).Sub(one, new(big.Rat).Add(win, tied))
	odds := func(l Line) *big.Rat { o := p.odds[l]; return big.NewRat(o.Win+o.Per, o.Per) }
	// The main bet alone: its return on a win, and its stake back when
	// the war is won.
	mainRTP := new(big.Rat).Mul(win, odds(LineMain))
	mainRTP.Add(mainRTP, warWin)
	warRTP := new(big.Rat).Mul(warGivenTie, odds(LineWar))
	tieRTP := new(big.Rat).Mul(tied, odds(LineTie))
	// Together: net +win on a win, −1 on a loss; on a tie +raise win when
	// the war is won, −2 when lost.
	mo, wo := p.odds[LineMain], p.odds[LineWar]
	net := new(big.Rat).Mul(win, big.NewRat(mo.Win, mo.Per))
	net.Sub(net, lose)
	net.Add(net, new(big.Rat).Mul(warWin, big.NewRat(wo.Win, wo.Per)))
	net.Sub(net, new(big.Rat).Mul(new(big.Rat).Sub(tied, warWin), two))
	perBet := new(big.Rat).Add(one, net)
	wagered := new(big.Rat).Add(one, tied)
	perWagered := new(big.Rat).Quo(new(big.Rat).Add(wagered, net), wagered)
	sur := new(big.Rat).Mul(win, big.NewRat(mo.Win, mo.Per))
	sur.Sub(sur, lose)
	sur.Sub(sur, new(big.Rat).Mul(tied, new(big.Rat).Sub(one, p.surrender.Rat())))
	sur.Add(sur, one)
	return Figures{
		Main:            BetRTP{Code: "main:1", Kind: KindMain, Pays: p.odds[LineMain].String(), RTP: mainRTP},
		War:             BetRTP{Code: "war:1", Kind: KindWar, Pays: p.odds[LineWar].String(), RTP: warRTP},
		Tie:             BetRTP{Code: "tie:1", Kind: KindTie, Pays: p.odds[LineTie].String(), RTP: tieRTP},
		Tied:            tied,
		Win:             win,
		WarWin:          warGivenTie,
		PerBet:          perBet,
		PerWagered:      perWagered,
		SurrenderPerBet: sur,
	}
}
