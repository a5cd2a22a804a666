package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/ledger"
)

// The demo's Caribbean poker table and the progressive pool it is linked
// to.
const (
	// DemoCaribbeanTable is the Caribbean poker table: a whole deal per
	// interval, each demo player on a seat with an ante, a progressive bet
	// now and then, and a call or a fold once the cards are seen.
	DemoCaribbeanTable = "demo-caribbean"
	// DemoPool is the demo's progressive pool: the catalog pool
	// jackpot.IDPool1's parameters under this id.
	DemoPool = "demo-jp"
	// demoCallMultiple is the catalog Caribbean paytable's call, as a
	// multiple of the ante; a call the paytable refuses becomes a fold.
	demoCallMultiple = 2
)

// demoCaribbeanSpec is the Caribbean poker table of the demo, appended to
// demoTables'. A call is twice the ante: antes up to 25, calls up to 50.
func demoCaribbeanSpec(band ledger.Limit) demoSpec {
	return demoSpec{DemoCaribbeanTable, poker.IDCaribbean, map[string]ledger.Limit{"*": {Min: band.Min, Max: decimal.RequireFromString("200")}}}
}

// demoPooled is a demoGame whose table is linked to a progressive pool:
// the demo configures the pool (a finance officer) and links the table (a
// supervisor) before its first round.
type demoPooled interface {
	demoGame
	// pool is the pool's id and parameters.
	pool() (string, json.RawMessage, error)
	// deal plays a whole round at the table.
	deal(ctx context.Context, d *demo, t *demoTable, round string) error
}

// ensurePool links t to its game's pool, configuring the pool first when
// it was never configured.
func (d *demo) ensurePool(ctx context.Context, t *demoTable, pg demoPooled) error {
	var linked string
	if err := d.led.Inspect(ctx, func(s *ledger.State) { linked = s.PoolOf(t.id) }); err != nil {
		return err
	}
	if linked != "" {
		return nil
	}
	id, params, err := pg.pool()
	if err != nil {
		return err
	}
	link := &ledger.LinkPool{Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Pool: id, Table: t.id}
	_, err = d.led.Execute(ctx, link)
	if errors.Is(err, ledger.ErrPoolNotFound) {
		if _, err := d.led.Execute(ctx, &ledger.ConfigurePool{
			Meta: ledger.Meta{Actor: demoActor(ledger.RoleFinance)}, Pool: id, Currency: demoCurrency, Params: params, Reason: "demo pool",
		}); err != nil {
			return fmt.Errorf("configure pool %s: %w", id, err)
		}
		_, err = d.led.Execute(ctx, link)
	}
	if err != nil {
		return fmt.Errorf("link %s to pool %s: %w", t.id, id, err)
	}
	return nil
}

// caribbeanDemo plays Caribbean poker from a shuffled deck: each seated
// demo player antes (and half the time makes the progressive bet of 1),
// sees five cards, calls with ace-king or better and folds below it; the
// dealer's five cards come from the same deck.
type caribbeanDemo struct{}

func (caribbeanDemo) bet(*rand.Rand, games.Paytable) string { return "ante:1" }

// result deals a one-seat round; the demo records deal's seated deals.
func (caribbeanDemo) result(rng *rand.Rand, _ games.Paytable) json.RawMessage {
	hands := demoPokerHands(rng, 2)
	return poker.Deal{Dealer: hands[0], Seats: []poker.SeatDeal{{Seat: 1, Hand: hands[1]}}}.JSON()
}

// pool is the catalog pool jp-1's parameters under DemoPool.
func (caribbeanDemo) pool() (string, json.RawMessage, error) {
	p, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		return "", nil, err
	}
	ps := p.Params()
	ps.Pool = DemoPool
	q, err := jackpot.New(ps)
	if err != nil {
		return "", nil, err
	}
	return DemoPool, q.CanonicalJSON(), nil
}

// demoPokerHands deals n five-card hands from a shuffled deck.
func demoPokerHands(rng *rand.Rand, n int) []poker.Hand {
	deck := rng.Perm(poker.DeckCards)
	out := make([]poker.Hand, n)
	for i := range out {
		for j := range poker.HandCards {
			out[i][j] = poker.CardAt(deck[i*poker.HandCards+j])
		}
	}
	return out
}

// deal plays a whole deal: antes and progressive bets, the cards, the
// calls (placed before the dealer records the deal), betting closed, then
// the deal as the round's one result.
func (caribbeanDemo) deal(ctx context.Context, d *demo, t *demoTable, round string) error {
	players := demoPlayers()
	hands := demoPokerHands(d.rng, 1+len(players))
	frontend := ledger.Meta{Actor: demoActor(ledger.RoleFrontend)}
	result := poker.Deal{Dealer: hands[0]}
	for i, p := range players {
		if d.rng.IntN(4) == 0 {
			continue // sits this deal out
		}
		seat := i + 1
		ante := d.stakes[d.rng.IntN(len(d.stakes))]
		bets := []ledger.BetRequest{{Code: "ante:" + strconv.Itoa(seat), Stake: ante}}
		if d.rng.IntN(2) == 0 {
			bets = append(bets, ledger.BetRequest{Code: "progressive:" + strconv.Itoa(seat), Stake: decimal.NewFromInt(1)})
		}
		_, err := d.led.Execute(ctx, &ledger.PlaceSlip{Meta: frontend, Table: t.id, Round: round, Player: p, Bets: bets})
		switch {
		case errors.Is(err, ledger.ErrInsufficientFunds):
			continue
		case err != nil:
			return fmt.Errorf("slip of %s: %w", p, err)
		}
		sd := poker.SeatDeal{Seat: seat, Hand: hands[seat], Fold: true}
		if poker.Eval(sd.Hand) >= poker.AceKing {
			call := ledger.BetRequest{Code: "call:" + strconv.Itoa(seat), Stake: ante.Mul(decimal.NewFromInt(demoCallMultiple))}
			_, err := d.led.Execute(ctx, &ledger.PlaceSlip{Meta: frontend, Table: t.id, Round: round, Player: p, Bets: []ledger.BetRequest{call}})
			switch {
			case err == nil:
				sd.Fold = false
			case !errors.Is(err, ledger.ErrInsufficientFunds):
				return fmt.Errorf("call of %s: %w", p, err)
			}
		}
		result.Seats = append(result.Seats, sd)
	}
	if len(result.Seats) == 0 {
		_, err := d.led.Execute(ctx, &ledger.Cancel{Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: t.id, Round: round, Reason: "no player sat down"})
		return err
	}
	if _, err := d.led.Execute(ctx, &ledger.CloseBetting{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round}); err != nil {
		return fmt.Errorf("close betting: %w", err)
	}
	if _, err := d.led.Execute(ctx, &ledger.RecordResult{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round, Result: result.JSON()}); err != nil {
		return fmt.Errorf("record result %s: %w", result.JSON(), err)
	}
	d.log.Debug("demo deal settled", "table", t.id, "round", round, "seats", len(result.Seats))
	return nil
}
