package blackjack

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/wagerlog/wagerlog/games/cards"
)

// SimulationRoundsMax bounds a simulation's rounds.
const SimulationRoundsMax = 100_000_000

// SimulationSeed is the seed of the published figure.
const SimulationSeed = 20101819

// Simulation is the simulated return of the main bet under BasicStrategy,
// one seat at the table, each round played through the package's own
// round (Round.Apply refuses any play the rules do not allow) and settled
// with HandResult.
type Simulation struct {
	Rounds int
	// Seed is the PCG seed of the shuffles.
	Seed uint64
	// CutBehind is the cards the cut card leaves behind it.
	CutBehind int
	// Mean is the mean net result per round per unit of the main bet
	// (doubles, splits and surrenders included); RTP is 1 + Mean.
	Mean, RTP float64
	// StdDev is the standard deviation of one round's net result.
	StdDev float64
	// Low and High bound the 95% confidence interval of the RTP (normal
	// approximation, ±1.96 standard errors).
	Low, High float64
	// Blackjacks, Doubles, Splits, Surrenders and DealerBusts count events
	// over the rounds.
	Blackjacks, Doubles, Splits, Surrenders, DealerBusts int
}

// String writes the figure: "RTP 99.52% (95% CI 99.30%..99.74%) over 1000000 rounds".
func (s Simulation) String() string {
	return fmt.Sprintf("RTP %.4f%% (95%% CI %.4f%%..%.4f%%) over %d rounds", 100*s.RTP, 100*s.Low, 100*s.High, s.Rounds)
}

// SimulateBasicStrategy plays rounds rounds of one seat under
// BasicStrategy from a shoe of the paytable's decks, shuffled with a PCG
// seeded with seed, the cut card leaving cutBehind cards (the pass in
// progress is finished, then a new shuffle, seed 004 "Último pase"). The
// same arguments give the same figures. It returns an error for rounds
// outside 1..SimulationRoundsMax or a cut outside the paytable's bounds.
func SimulateBasicStrategy(p *Paytable, rounds int, seed uint64, cutBehind int) (Simulation, error) {
	set := p.data.Settings
	if rounds < 1 || rounds > SimulationRoundsMax {
		return Simulation{}, fmt.Errorf("simulate %d rounds: want 1..%d", rounds, SimulationRoundsMax)
	}
	if cutBehind < set.CutCardMin || cutBehind > set.CutCardMax {
		return Simulation{}, fmt.Errorf("cut card %d cards from the end: want %d..%d", cutBehind, set.CutCardMin, set.CutCardMax)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	shoe := cards.Cards(p.data.Decks)
	cards.Shuffle(rng, shoe)
	pos, cutAt, cutOut := 0, len(shoe)-cutBehind, false
	draw := func() cards.Card {
		c := shoe[pos]
		pos++
		cutOut = cutOut || pos >= cutAt
		return c
	}
	sim := Simulation{Rounds: rounds, Seed: seed, CutBehind: cutBehind}
	bj, win := p.odds[LineBlackjack], p.odds[LineWin]
	surrender, _ := p.surrender.Float64()
	var sum, sumSq float64
	for range rounds {
		rd := p.NewRound()
		must := func(r Result) {
			if err := rd.Apply(r); err != nil {
				panic(fmt.Sprintf("blackjack: basic strategy played %s: %v", r, err))
			}
		}
		must(CardTo(draw(), 1, 0))
		up := draw()
		must(DealerCard(up))
		must(CardTo(draw(), 1, 0))
		for {
			seat, hand, owed, ok := rd.Turn()
			if !ok {
				break
			}
			if owed {
				must(CardTo(draw(), seat, hand))
				continue
			}
			s := rd.seats[0]
			ph := s.Hands[hand]
			can := Allowed{
				Double:    len(ph.Cards) == 2 && !ph.SplitAces && (!ph.Split || set.DoubleAfterSplit),
				Split:     ph.Cards.Pair() && len(s.Hands) < set.HandsMax && (!ph.SplitAces || set.ResplitAces),
				Surrender: !s.decided && len(s.Hands) == 1 && len(ph.Cards) == 2,
			}
			d := BasicStrategy(ph.Cards, up, can)
			switch d {
			case Double:
				sim.Doubles++
			case Split:
				sim.Splits++
			case Surrender:
				sim.Surrenders++
			}
			must(Decide(d, seat, hand))
		}
		for rd.phase == PhaseDealer {
			must(DealerCard(draw()))
		}
		if rd.dealer.Bust() {
			sim.DealerBusts++
		}
		net := 0.0
		s := rd.seats[0]
		for h, ph := range s.Hands {
			stake := 1.0
			if ph.Doubled {
				stake = 2
			}
			switch o, _ := rd.HandResult(1, h); o {
			case HandBlackjack:
				sim.Blackjacks++
				net += stake * float64(bj.Win) / float64(bj.Per)
			case HandWin:
				net += stake * float64(win.Win) / float64(win.Per)
			case HandSurrender:
				net -= stake * (1 - surrender)
			case HandLose, HandBust:
				net -= stake
			}
		}
		sum += net
		sumSq += net * net
		if cutOut {
			cards.Shuffle(rng, shoe)
			pos, cutOut = 0, false
		}
	}
	n := float64(rounds)
	sim.Mean = sum / n
	sim.RTP = 1 + sim.Mean
	sim.StdDev = math.Sqrt(max(0, sumSq/n-sim.Mean*sim.Mean))
	half := 1.96 * sim.StdDev / math.Sqrt(n)
	sim.Low, sim.High = sim.RTP-half, sim.RTP+half
	return sim, nil
}
