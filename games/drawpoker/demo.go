package drawpoker

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/poker"
)

// DemoTables returns the Draw Poker table of `serve --demo`:
// demo-drawpoker, a whole deal per Play, linked to the progressive pool
// demo-jp that the Caribbean poker demo table shares (seed 004, 6.3: the
// tables of several games may share one pool), with the same stake
// limits, as 6.5.1 asks of linked tables.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: "demo-drawpoker", Paytable: IDCaribbeanDraw,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200)},
		Pool:   &games.DemoPool{ID: "demo-jp"},
		Player: demoPlayer{},
	}}
}

// demoCallMultiple is the catalog paytable's call, as a multiple of the
// ante; a call the paytable refuses becomes a fold.
const demoCallMultiple = 2

// demoPlayer plays Draw Poker from a shuffled deck. Each seated demo
// player antes and makes the progressive bet of 1, sees five cards, and
// calls with a pair or better or with ace-king, folding anything less.
// A caller stands pat with a straight or better (and stays in the
// progressive) and otherwise exchanges up to two of the cards that make
// nothing (and leaves it). The dealer stands on a straight or better and
// otherwise exchanges too: one card beside two pair, two beside anything
// less — the outline of the house procedure the published rules give
// (docs/games/drawpoker.md).
type demoPlayer struct{}

// Play plays a whole deal: antes and progressive bets, the cards, the
// calls, the exchanges, betting closed, then the deal as the round's one
// result.
func (demoPlayer) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	if err := d.OpenRound(ctx); err != nil {
		return err
	}
	deck := rng.Perm(poker.DeckCards)
	next := 0
	deal := func() poker.Hand {
		var h poker.Hand
		for i := range h {
			h[i] = poker.CardAt(deck[next])
			next++
		}
		return h
	}
	// exchange discards up to n cards that make nothing, lowest first,
	// while the deck has cards left.
	exchange := func(h poker.Hand, n int) Exchange {
		var e Exchange
		for _, c := range kickers(h) {
			if len(e.Discard) == n || next == poker.DeckCards {
				break
			}
			e.Discard = append(e.Discard, c)
			e.Draw = append(e.Draw, poker.CardAt(deck[next]))
			next++
		}
		return e
	}
	result := Deal{Dealer: deal()}
	for i, p := range d.Players() {
		seat := i + 1
		if seat > poker.SeatsMax || next+poker.HandCards > poker.DeckCards {
			break
		}
		if rng.IntN(4) == 0 {
			continue // sits this deal out
		}
		ante := games.DemoStake(rng)
		bets := []games.DemoBet{{Code: "ante:" + strconv.Itoa(seat), Stake: ante}, {Code: "progressive:" + strconv.Itoa(seat), Stake: decimal.NewFromInt(1)}}
		placed, err := d.Place(ctx, p, bets)
		if err != nil {
			return err
		}
		if !placed {
			continue
		}
		sd := SeatDeal{Seat: seat, Dealt: deal(), Fold: true}
		if v := poker.Eval(sd.Dealt); v >= poker.AceKing {
			call := games.DemoBet{Code: "call:" + strconv.Itoa(seat), Stake: ante.Mul(decimal.NewFromInt(demoCallMultiple))}
			called, err := d.Place(ctx, p, []games.DemoBet{call})
			if err != nil {
				return err
			}
			sd.Fold = !called
			if called && v.Category() < poker.Straight {
				sd.Exchange = exchange(sd.Dealt, 2)
			}
		}
		result.Seats = append(result.Seats, sd)
	}
	if len(result.Seats) == 0 {
		return d.Cancel(ctx, "no player sat down")
	}
	switch c := poker.Eval(result.Dealer).Category(); {
	case c == poker.TwoPair:
		result.DealerExchange = exchange(result.Dealer, 1)
	case c < poker.Straight:
		result.DealerExchange = exchange(result.Dealer, 2)
	}
	if err := d.CloseBetting(ctx); err != nil {
		return err
	}
	return d.Record(ctx, result.JSON())
}

// kickers returns the cards of h whose rank it holds once, lowest first:
// the cards that make nothing beside a pair, two pair or three of a kind.
func kickers(h poker.Hand) []poker.Card {
	var n [15]int
	for _, c := range h {
		n[c.Rank()]++
	}
	var out []poker.Card
	for _, c := range h {
		if n[c.Rank()] == 1 {
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(a, b poker.Card) int { return a.Rank() - b.Rank() })
	return out
}
