package blackjack

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games/cards"
)

// BetRTP is the exact return to player of a bet whose figure does not
// depend on play: what one unit staked returns on average, stake
// included.
type BetRTP struct {
	Code string
	Kind Kind
	// Pays is what the bet pays ("25:1 / 12:1 / 6:1").
	Pays string
	// Win is the exact probability that the bet wins (any line).
	Win *big.Rat
	// RTP is the exact expected return per unit staked.
	RTP *big.Rat
}

// HouseEdge returns 1 − RTP.
func (b BetRTP) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), b.RTP) }

// ExactRTP returns the exact RTP of Perfect Pairs and of insurance for the
// paytable's shoe, in that order. Perfect Pairs enumerates every ordered
// pair of the seat's first two cards from a full shoe (the cards dealt
// between them to other seats and the dealer are unseen, so they change
// nothing). Insurance is figured knowing only the dealer's ace: the
// dealer's second card is any of the other cards; InsuranceRTPGiven
// conditions on the player's cards too.
func ExactRTP(p *Paytable) []BetRTP {
	pp := PerfectPairsOdds(p)
	ins := InsuranceRTPGiven(p, nil)
	return []BetRTP{
		{Code: "perfect_pairs:1", Kind: KindPerfectPairs, Pays: p.odds[LinePerfectPair].String() + " / " + p.odds[LineColouredPair].String() + " / " + p.odds[LineMixedPair].String(),
			Win: pp.Win(), RTP: pp.RTP},
		{Code: "insurance:1", Kind: KindInsurance, Pays: p.odds[LineInsurance].String(), Win: ins.Win, RTP: ins.RTP},
	}
}

// PairOdds are the exact probabilities of the Perfect Pairs lines and the
// bet's RTP.
type PairOdds struct {
	Perfect, Coloured, Mixed *big.Rat
	RTP                      *big.Rat
}

// Win is the probability of any pair.
func (o PairOdds) Win() *big.Rat {
	w := new(big.Rat).Add(o.Perfect, o.Coloured)
	return w.Add(w, o.Mixed)
}

// PerfectPairsOdds enumerates every ordered pair of first cards from the
// paytable's full shoe, card by card, with PairOf deciding each.
func PerfectPairsOdds(p *Paytable) PairOdds {
	shoe := cards.NewShoe(p.data.Decks)
	n := int64(shoe.Total())
	counts := map[Line]int64{}
	for i := range cards.DeckSize {
		a := cards.FromIndex(i)
		na := int64(shoe.Count(a))
		shoe.Take(a)
		for j := range cards.DeckSize {
			b := cards.FromIndex(j)
			if l := PairOf(a, b); l != "" {
				counts[l] += na * int64(shoe.Count(b))
			}
		}
		shoe.Put(a)
	}
	all := n * (n - 1)
	o := PairOdds{
		Perfect:  big.NewRat(counts[LinePerfectPair], all),
		Coloured: big.NewRat(counts[LineColouredPair], all),
		Mixed:    big.NewRat(counts[LineMixedPair], all),
	}
	rtp := new(big.Rat)
	for _, l := range []Line{LinePerfectPair, LineColouredPair, LineMixedPair} {
		odds := p.odds[l]
		back := big.NewRat(odds.Win+odds.Per, odds.Per)
		rtp.Add(rtp, new(big.Rat).Mul(back, big.NewRat(counts[l], all)))
	}
	o.RTP = rtp
	return o
}

// InsuranceOdds are insurance's exact probability of winning and RTP.
type InsuranceOdds struct {
	Win, RTP *big.Rat
}

// InsuranceRTPGiven returns insurance's exact figures when the dealer
// shows an ace and the cards seen are gone from the shoe: nil for the
// dealer's ace alone, or the player's two cards (a player holding ten-value
// cards makes the dealer's blackjack less likely).
func InsuranceRTPGiven(p *Paytable, seen []cards.Card) InsuranceOdds {
	shoe := cards.NewShoe(p.data.Decks)
	shoe.Take(cards.Must("AS"))
	for _, c := range seen {
		shoe.Take(c)
	}
	tens := 0
	for _, r := range "TJQK" {
		tens += shoe.CountRank(cards.Rank(r))
	}
	win := big.NewRat(int64(tens), int64(shoe.Total()))
	odds := p.odds[LineInsurance]
	return InsuranceOdds{Win: win, RTP: new(big.Rat).Mul(win, big.NewRat(odds.Win+odds.Per, odds.Per))}
}
