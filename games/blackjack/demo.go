package blackjack

import (
	"context"
	"math/rand/v2"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// DemoTables returns the blackjack table of `serve --demo`: demo-blackjack,
// a whole round (the deal, every seat's decisions, the dealer's draws) per
// Play.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-blackjack", Paytable: IDChile2010,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200)},
		Player: demoPlayer{},
	}}
}

// demoPlayer plays blackjack with Perfect Pairs: the players hit, stand,
// double, split and surrender at random among what the cards allow, the
// dealer draws to his rule, and the cut card comes out now and then.
type demoPlayer struct{}

func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	bj, ok := d.Paytable().(*Paytable)
	if !ok {
		return ErrUnknownPaytable
	}
	return games.PlayDemoDeal(ctx, d, rng, games.DemoDeal{
		Cut:  78,
		Main: func(seat int) string { return "main:" + strconv.Itoa(seat) },
		Side: func(rng *rand.Rand, seat int, main decimal.Decimal) (string, decimal.Decimal) {
			if rng.IntN(3) != 0 {
				return "", decimal.Zero
			}
			// Perfect Pairs at half the bet: within its 10%..80%, and at
			// least the table's minimum of 1 for the demo's bets of 2 and
			// more.
			return "perfect_pairs:" + strconv.Itoa(seat), main.Div(decimal.NewFromInt(2)).RoundDown(2)
		},
		Next: func(rng *rand.Rand, results []games.Result, seats []int, mains map[int]decimal.Decimal) games.DemoDealStep {
			return demoNext(bj, rng, results, seats, mains)
		},
	})
}

// demoNext is the round's next step: the cut card now and then, a
// player's decision when it is their turn, else a card where the rules
// take it.
func demoNext(bj *Paytable, rng *rand.Rand, results []games.Result, seats []int, mains map[int]decimal.Decimal) games.DemoDealStep {
	rd, err := bj.Fold(results)
	if err != nil {
		return games.DemoDealStep{}
	}
	if !rd.CutCard() && rng.IntN(600) == 0 {
		return games.DemoDealStep{Result: CutCardOut()}
	}
	if seat, hand, owed, play := rd.Turn(); play && !owed {
		// A player's decision; double on 10 or 11 and split a pair more
		// often than not, else hit below 17.
		h := rd.Seat(seat).Hands[hand].Cards
		d := Stand
		switch t := h.Points(); {
		case h.Pair() && rng.IntN(3) > 0:
			d = Split
		case (t == 10 || t == 11) && rng.IntN(3) > 0:
			d = Double
		case t == 16 && rng.IntN(4) == 0:
			d = Surrender
		case t < 17:
			d = Hit
		}
		r := Decide(d, seat, hand)
		if bj.CheckResult(r, results) != nil {
			r = Decide(Stand, seat, hand)
			d = Stand
		}
		if d == Double || d == Split {
			return games.DemoDealStep{Result: r, Code: string(d) + ":" + strconv.Itoa(seat) + ":" + strconv.Itoa(hand), Stake: mains[seat], Seat: seat}
		}
		return games.DemoDealStep{Result: r}
	}
	c := cards.FromIndex(rng.IntN(cards.DeckSize))
	var candidates []games.Result
	for _, s := range seats {
		for h := range HandsLimit {
			candidates = append(candidates, CardTo(c, s, h))
		}
	}
	return games.DemoDealStep{Result: games.FirstValid(bj, results, append(candidates, DealerCard(c)))}
}
