package roulette

import (
	"math/big"
)

// BetRTP is the exact return to player of one bet of a paytable, found by
// settling it against every pocket of the wheel, each equally likely.
type BetRTP struct {
	// Code is the bet code ("split:0-00").
	Code string
	// Kind is the bet's kind.
	Kind Kind
	// Name is the table's name of the bet.
	Name string
	// Pays is what the bet pays (see Paytable.Pays).
	Pays string
	// Wins is how many pockets win the bet.
	Wins int
	// Halves is how many pockets return half the stake (la partage).
	Halves int
	// Pockets is how many pockets the wheel has, 37 or 38.
	Pockets int
	// RTP is what one unit staked returns on average, stake included:
	// (Wins·(1 + X/Y) + Halves·1/2) / Pockets. Reduced.
	RTP *big.Rat
}

// HouseEdge returns 1 − RTP.
func (b BetRTP) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), b.RTP) }

// RTP returns the exact RTP of every bet the paytable offers, in listing
// order.
func RTP(pt *Paytable) []BetRTP {
	out := make([]BetRTP, 0, len(pt.codes))
	for _, b := range pt.codes {
		out = append(out, betRTP(pt, pt.offered[b.String()]))
	}
	return out
}

// RTPOf returns the exact RTP of one bet, or the *BetCodeError of BetKind.
func RTPOf(pt *Paytable, code string) (BetRTP, error) {
	o, err := pt.bet(code)
	if err != nil {
		return BetRTP{}, err
	}
	return betRTP(pt, o), nil
}

// betRTP enumerates the wheel with judge, the settlement's own decision.
func betRTP(pt *Paytable, o offer) BetRTP {
	odds := pt.data.Rules[o.rule].Odds
	code := o.bet.String()
	r := BetRTP{Code: code, Kind: o.bet.kind, Name: pt.Name(code), Pays: pt.Pays(code)}
	sum := new(big.Rat)
	for _, p := range pt.wheel.pockets() {
		r.Pockets++
		switch v, _ := judge(o.bet, p, pt.data.LaPartage); v {
		case win:
			r.Wins++
			sum.Add(sum, big.NewRat(odds.Per+odds.Win, odds.Per))
		case half:
			r.Halves++
			sum.Add(sum, big.NewRat(1, 2))
		}
	}
	r.RTP = sum.Quo(sum, big.NewRat(int64(r.Pockets), 1))
	return r
}
