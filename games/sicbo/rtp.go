package sicbo

import (
	"fmt"
	"math/big"

	"github.com/shopspring/decimal"
)

// Outcomes is the number of equally likely ordered outcomes of three dice.
const Outcomes = 216

// MixBetsMax bounds the bets of a stake mix given to MixRTP.
const MixBetsMax = 1024

// BetRTP is the exact return to player of one bet of a paytable, found by
// settling it against all 216 outcomes.
type BetRTP struct {
	Code string
	Kind Kind
	// Name is the source's name of the bet.
	Name string
	// Pays is what the bet pays (see Paytable.Pays).
	Pays string
	// Wins is how many of the 216 outcomes win the bet.
	Wins int
	// RTP is what one unit staked returns on average, stake included:
	// Σ over winning outcomes of (1 + X/Y), over 216. Reduced.
	RTP *big.Rat
}

// HouseEdge returns 1 − RTP.
func (b BetRTP) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), b.RTP) }

// RTP returns the exact RTP of every bet the paytable offers, in listing
// order.
func RTP(pt *Paytable) []BetRTP {
	all := AllDice()
	rolls := make([]roll, len(all))
	for i, d := range all {
		rolls[i] = newRoll(d)
	}
	out := make([]BetRTP, 0, len(pt.codes))
	for _, b := range pt.codes {
		out = append(out, betRTP(pt, b, rolls))
	}
	return out
}

// RTPOf returns the exact RTP of one bet, or the *BetCodeError of BetKind.
func RTPOf(pt *Paytable, code string) (BetRTP, error) {
	b, _, err := pt.bet(code)
	if err != nil {
		return BetRTP{}, err
	}
	all := AllDice()
	rolls := make([]roll, len(all))
	for i, d := range all {
		rolls[i] = newRoll(d)
	}
	return betRTP(pt, b, rolls), nil
}

func betRTP(pt *Paytable, b Bet, rolls []roll) BetRTP {
	code := b.String()
	lines := pt.lines[code]
	sum := new(big.Rat)
	wins := 0
	for _, r := range rolls {
		win, hits, _ := judge(b, r)
		if !win {
			continue
		}
		l, ok := lineFor(lines, hits)
		if !ok {
			continue
		}
		wins++
		sum.Add(sum, big.NewRat(l.odds.Per+l.odds.Win, l.odds.Per))
	}
	return BetRTP{
		Code: code,
		Kind: b.kind,
		Name: pt.Name(code),
		Pays: pt.Pays(code),
		Wins: wins,
		RTP:  sum.Quo(sum, big.NewRat(Outcomes, 1)),
	}
}

// Wager is one bet of a stake mix.
type Wager struct {
	Bet   string
	Stake decimal.Decimal
}

// MixRTP returns the theoretical RTP of a mix of stakes on one round: the
// expected total returned over the total staked, Σ stake·RTP(bet) / Σ stake.
// It returns a *BetCodeError for a bet the paytable does not price, an error
// wrapping ErrBadStake for a stake that is not positive, has more than
// ScaleMax decimals or is not below 10^StakeDigitsMax, and one wrapping
// ErrBadStake for an empty mix or one of more than MixBetsMax bets.
func MixRTP(pt *Paytable, mix []Wager) (*big.Rat, error) {
	if len(mix) == 0 || len(mix) > MixBetsMax {
		return nil, fmt.Errorf("%w: a mix of %d bets, want 1..%d", ErrBadStake, len(mix), MixBetsMax)
	}
	cache := make(map[string]*big.Rat)
	back, staked := new(big.Rat), new(big.Rat)
	for _, w := range mix {
		if err := checkStake(w.Stake, ScaleMax); err != nil {
			return nil, fmt.Errorf("bet %q: %w", w.Bet, err)
		}
		rtp, ok := cache[w.Bet]
		if !ok {
			r, err := RTPOf(pt, w.Bet)
			if err != nil {
				return nil, err
			}
			rtp = r.RTP
			cache[w.Bet] = rtp
		}
		s := w.Stake.Rat()
		staked.Add(staked, s)
		back.Add(back, new(big.Rat).Mul(s, rtp))
	}
	return back.Quo(back, staked), nil
}
