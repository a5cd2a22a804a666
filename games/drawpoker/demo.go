package drawpoker

import (
	"context"
	"math/rand/v2"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/poker"
)

// DemoTables returns the Draw Poker table of `serve --demo`:
// demo-drawpoker, a whole deal per Play, linked to the progressive pool
// demo-jp that the Caribbean poker demo table shares (seed 004, 6.3: the
// tables of several games may share one pool), with the same stake
// limits, as 6.5.1 asks of linked tables.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-drawpoker", Paytable: IDExchangeOne,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200)},
		Pool:   &games.DemoPool{ID: "demo-jp"},
		Player: demoPlayer{},
	}}
}

// Multiples of the ante of the catalog paytable: a bet the paytable
// refuses is a demo step that fails, and the round is cancelled.
const (
	demoExchangeFee  = 1
	demoCallMultiple = 2
)

// demoPlayer plays Draw Poker from a shuffled deck. Each seated demo
// player antes and makes the progressive bet of 1 and sees five cards. A
// player one card short of a flush, or holding two pair,
// buys an exchange of that card (and leaves the progressive); then calls
// with ace-king or better and folds below it.
type demoPlayer struct{}

// Play plays a whole deal: antes and progressive bets, the cards, the
// exchanges, the calls (each placed before the dealer records the deal),
// betting closed, then the deal as the round's one result.
func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	if err := d.OpenRound(ctx); err != nil {
		return err
	}
	deck := rng.Perm(poker.DeckCards)
	next := 0
	card := func() poker.Card {
		c := poker.CardAt(deck[next])
		next++
		return c
	}
	deal := func() poker.Hand {
		var h poker.Hand
		for i := range h {
			h[i] = card()
		}
		return h
	}
	result := Deal{Dealer: deal()}
	for i, p := range d.Players() {
		seat := i + 1
		// Five cards and a draw for each seat: seven seats take 42 of 52.
		if seat > poker.SeatsMax {
			break
		}
		if rng.IntN(4) == 0 {
			continue // sits this deal out
		}
		s := strconv.Itoa(seat)
		ante := games.DemoStake(rng)
		placed, err := d.Place(ctx, p, []games.DemoBet{{Code: "ante:" + s, Stake: ante}, {Code: "progressive:" + s, Stake: decimal.NewFromInt(1)}})
		if err != nil {
			return err
		}
		if !placed {
			continue
		}
		sd := SeatDeal{Seat: seat, Dealt: deal(), Fold: true}
		if c, ok := demoDiscard(sd.Dealt); ok {
			bought, err := d.Place(ctx, p, []games.DemoBet{{Code: "exchange:" + s, Stake: ante.Mul(decimal.NewFromInt(demoExchangeFee))}})
			if err != nil {
				return err
			}
			if bought {
				sd.Exchange = Exchange{Discard: []poker.Card{c}, Draw: []poker.Card{card()}}
			}
		}
		if poker.Eval(sd.Hand()) >= poker.AceKing {
			called, err := d.Place(ctx, p, []games.DemoBet{{Code: "call:" + s, Stake: ante.Mul(decimal.NewFromInt(demoCallMultiple))}})
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

// demoDiscard returns the card a demo player exchanges: the card beside
// two pair, or the odd card of four to a flush without a pair; ok is
// false for any other hand (it stands pat).
func demoDiscard(h poker.Hand) (poker.Card, bool) {
	suits := map[cards.Suit]int{}
	ranks := map[cards.Rank]int{}
	for _, c := range h {
		suits[c.Suit()]++
		ranks[c.Rank()]++
	}
	cat := poker.Eval(h).Category()
	for _, c := range h {
		switch {
		case cat == poker.TwoPair && ranks[c.Rank()] == 1:
			return c, true
		case cat == poker.HighCard && len(suits) == 2 && suits[c.Suit()] == 1:
			return c, true
		}
	}
	return poker.Card{}, false
}
