package poker

import (
	"context"
	"math/rand/v2"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// DemoTables returns the Caribbean poker table of `serve --demo`:
// demo-caribbean, a whole deal per Play, each demo player on a seat with
// an ante, a progressive bet now and then, and a call or a fold once the
// cards are seen; the table is linked to the progressive pool demo-jp.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-caribbean", Paytable: IDCaribbean,
		// A call is twice the ante: antes up to 25, calls up to 50.
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200)},
		Pool:   &games.DemoPool{ID: "demo-jp"},
		Player: demoPlayer{},
	}}
}

// demoCallMultiple is the catalog Caribbean paytable's call, as a
// multiple of the ante; a call the paytable refuses becomes a fold.
const demoCallMultiple = 2

// demoPlayer plays Caribbean poker from a shuffled deck: each seated demo
// player antes and makes the progressive bet of 1 (a prize needs a flush or
// better, about one hand in 270: with every seat in it the pool's panel
// shows its first winners within minutes, not within the hour), sees
// five cards, calls with ace-king or better and folds below it; the
// dealer's five cards come from the same deck.
type demoPlayer struct{}

// Play plays a whole deal: antes and progressive bets, the cards, the
// calls (placed before the dealer records the deal), betting closed, then
// the deal as the round's one result.
func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	if err := d.OpenRound(ctx); err != nil {
		return err
	}
	players := d.Players()
	hands := demoHands(rng, 1+len(players))
	result := Deal{Dealer: hands[0]}
	for i, p := range players {
		if rng.IntN(4) == 0 {
			continue // sits this deal out
		}
		seat := i + 1
		ante := games.DemoStake(rng)
		bets := []games.DemoBet{{Code: "ante:" + strconv.Itoa(seat), Stake: ante}, {Code: "progressive:" + strconv.Itoa(seat), Stake: decimal.NewFromInt(1)}}
		placed, err := d.Place(ctx, p, bets)
		if err != nil {
			return err
		}
		if !placed {
			continue
		}
		sd := SeatDeal{Seat: seat, Hand: hands[seat], Fold: true}
		if Eval(sd.Hand) >= AceKing {
			call := games.DemoBet{Code: "call:" + strconv.Itoa(seat), Stake: ante.Mul(decimal.NewFromInt(demoCallMultiple))}
			called, err := d.Place(ctx, p, []games.DemoBet{call})
			if err != nil {
				return err
			}
			sd.Fold = !called
		}
		result.Seats = append(result.Seats, sd)
	}
	if len(result.Seats) == 0 {
		return d.Cancel(ctx, "no player sat down")
	}
	if err := d.CloseBetting(ctx); err != nil {
		return err
	}
	return d.Record(ctx, result.JSON())
}

// demoHands deals n five-card hands from a shuffled deck.
func demoHands(rng *rand.Rand, n int) []Hand {
	deck := rng.Perm(DeckCards)
	out := make([]Hand, n)
	for i := range out {
		for j := range HandCards {
			out[i][j] = CardAt(deck[i*HandCards+j])
		}
	}
	return out
}
