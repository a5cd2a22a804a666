package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/ledger"
)

// DemoDeuxTable is the baccarat à deux tableaux table: player-banked, a
// demo player holding the bank, a coup per interval from a shoe whose cut
// card leaves baccarat.CutCardsBehind cards.
const DemoDeuxTable = "demo-deux"

// demoDeuxSpec is the deux tableaux table of the demo, appended to
// demoTables'.
func demoDeuxSpec(band ledger.Limit) demoSpec {
	return demoSpec{DemoDeuxTable, baccarat.IDDeuxTableaux1979, map[string]ledger.Limit{"*": {Min: band.Min, Max: decimal.RequireFromString("200")}}}
}

// demoPaytableGames are the demo's games for paytables whose game is
// played differently from the game's other paytables (deux tableaux is
// baccarat, but player-banked): demoTables looks a paytable up here
// before demoGames.
func demoPaytableGames() map[string]demoGame {
	return map[string]demoGame{baccarat.IDDeuxTableaux1979: &deuxDemo{}}
}

// demoBanked is a demoGame played against a player's bank (deux tableaux):
// before each round a demo player holds the bank (ledger.TakeBank), now and
// then the banker gives it up (ledger.ReleaseBank) and another takes it,
// and the punters' bets never exceed what the bank can pay.
type demoBanked interface {
	demoGame
	// cut is where the demo's shoes put the cut card.
	cut() int
	// bankAmount is what a demo player puts in the bank, at most wallet.
	bankAmount(rng *rand.Rand, wallet decimal.Decimal) decimal.Decimal
	// release reports whether the banker gives the bank up before a round.
	release(rng *rand.Rand, bank decimal.Decimal) bool
}

// ensureBank gives the bank up now and then, and has a demo player take it
// when nobody holds it. The banker is the demo player after the last one.
func (d *demo) ensureBank(ctx context.Context, t *demoTable, bk demoBanked) error {
	var (
		tv     ledger.Table
		bank   decimal.Decimal
		wallet = map[string]decimal.Decimal{}
	)
	err := d.led.Inspect(ctx, func(s *ledger.State) {
		tv, _ = s.Table(t.id)
		bank = s.Balance(ledger.BankAccount(t.id), demoCurrency)
		for _, p := range demoPlayers() {
			wallet[p] = s.Balance(ledger.WalletAccount(p), demoCurrency)
		}
	})
	if err != nil {
		return err
	}
	banker := tv.Banker
	if banker != "" && bk.release(d.rng, bank) {
		if _, err := d.led.Execute(ctx, &ledger.ReleaseBank{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id}); err != nil {
			return fmt.Errorf("release the bank of %s: %w", banker, err)
		}
		wallet[banker] = wallet[banker].Add(bank)
		banker = ""
	}
	if banker != "" {
		return nil
	}
	players := demoPlayers()
	next := players[0]
	for i, p := range players {
		if p == tv.Banker {
			next = players[(i+1)%len(players)]
		}
	}
	amount := bk.bankAmount(d.rng, wallet[next])
	if _, err := d.led.Execute(ctx, &ledger.TakeBank{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Player: next, Amount: amount}); err != nil {
		return fmt.Errorf("%s takes the bank with %s: %w", next, amount, err)
	}
	return nil
}

// playBanked takes the punters' bets within the bank (every player but
// the banker), closes betting and deals the coup.
func (d *demo) playBanked(ctx context.Context, t *demoTable, round string) error {
	var (
		banker string
		bank   decimal.Decimal
	)
	err := d.led.Inspect(ctx, func(s *ledger.State) {
		tv, _ := s.Table(t.id)
		banker = tv.Banker
		bank = s.Balance(ledger.BankAccount(t.id), demoCurrency)
	})
	if err != nil {
		return err
	}
	// What the bets may still expose: every bet exposes at most its
	// stake (a line bet plays half, a caballo splits it), so stakes that
	// add up to at most the bank never exceed it.
	left := bank
	for _, p := range demoPlayers() {
		if p == banker || d.rng.IntN(4) == 0 {
			continue // the banker does not punt; others sit out
		}
		var bets []ledger.BetRequest
		for range 1 + d.rng.IntN(demoSlipBetsMax) {
			stake := d.stakes[d.rng.IntN(len(d.stakes))]
			if stake.GreaterThan(left) {
				break
			}
			left = left.Sub(stake)
			bets = append(bets, ledger.BetRequest{Code: t.game.bet(d.rng, t.paytable), Stake: stake})
		}
		if len(bets) == 0 {
			continue
		}
		_, err := d.led.Execute(ctx, &ledger.PlaceSlip{
			Meta:  ledger.Meta{Actor: demoActor(ledger.RoleFrontend)},
			Table: t.id, Round: round, Player: p, Bets: bets,
		})
		if err != nil {
			if errors.Is(err, ledger.ErrInsufficientFunds) {
				for _, b := range bets {
					left = left.Add(b.Stake)
				}
				continue
			}
			return fmt.Errorf("slip of %s: %w", p, err)
		}
	}
	if _, err := d.led.Execute(ctx, &ledger.CloseBetting{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round}); err != nil {
		return fmt.Errorf("close betting: %w", err)
	}
	result := t.game.result(d.rng, t.paytable)
	if _, err := d.led.Execute(ctx, &ledger.RecordResult{
		Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round, Result: result,
	}); err != nil {
		return fmt.Errorf("record result %s: %w", result, err)
	}
	d.log.Debug("demo coup settled", "table", t.id, "round", round, "result", string(result))
	return nil
}

// deuxDemo plays baccarat à deux tableaux from a shuffled shoe: each coup
// dealt by the drawing rules of seed 002 (baccarat.Tableau for the
// punters holding the tableaux, baccarat.DeuxBanker for the banker, a
// random choice where the rules leave one), the coup that brings the cut
// card out marked so (the ledger then ends the shoe and the demo starts
// another). The cards live only here, as for punto banco.
type deuxDemo struct {
	shoe []baccarat.Card
	next int
	// over is set once a coup brought the cut card out: the next coup
	// comes from a new shoe.
	over bool
}

func (*deuxDemo) cut() int { return baccarat.CutCardsBehind }

// bet returns a bet on one tableau mostly, now and then a caballo or on a
// line.
func (*deuxDemo) bet(rng *rand.Rand, _ games.Paytable) string {
	switch n := rng.IntN(10); {
	case n < 3:
		return "tableau:1"
	case n < 6:
		return "tableau:2"
	case n < 8:
		return "a_caballo"
	case n < 9:
		return "line:1"
	}
	return "line:2"
}

// bankAmount is 100 to 300 in steps of 50, at most the wallet.
func (*deuxDemo) bankAmount(rng *rand.Rand, wallet decimal.Decimal) decimal.Decimal {
	return decimal.Min(decimal.NewFromInt(int64(100+50*rng.IntN(5))), wallet)
}

// release gives the bank up one coup in twelve, or when it can no longer
// cover the smallest bet comfortably.
func (*deuxDemo) release(rng *rand.Rand, bank decimal.Decimal) bool {
	return rng.IntN(12) == 0 || bank.LessThan(decimal.NewFromInt(25))
}

// result deals the next coup of the shoe, shuffling a new shoe of pt's
// decks first when the last coup brought the cut card out.
func (d *deuxDemo) result(rng *rand.Rand, pt games.Paytable) json.RawMessage {
	decks := 6
	if p, ok := pt.(baccarat.Deux); ok {
		decks = p.Decks()
	}
	if len(d.shoe) == 0 || d.over {
		d.shoe = baccarat.Shoe(decks)
		rng.Shuffle(len(d.shoe), func(i, j int) { d.shoe[i], d.shoe[j] = d.shoe[j], d.shoe[i] })
		d.next, d.over = 0, false
	}
	draw := func() baccarat.Card {
		d.next++
		return d.shoe[d.next-1]
	}
	c := dealDeux(rng, draw)
	// The cut card sits above the last CutCardsBehind cards: it came out
	// if the coup dealt one of them.
	c.CutCard = d.next > len(d.shoe)-baccarat.CutCardsBehind
	d.over = c.CutCard
	return c.JSON()
}

// dealDeux deals a deux tableaux coup from next by the rules DeuxCoup.Check
// applies: a card to tableau 1, tableau 2 and the banker, twice (seed 002:
// "primer paño, segundo paño y banca"); a banker's natural ends the coup;
// a tableau with a natural abates, else its punter draws on 0..4, stands
// on 6 and 7 and chooses on 5; the banker then follows DeuxBanker, choosing
// where it leaves him free. A coup takes six to nine cards.
func dealDeux(rng *rand.Rand, next func() baccarat.Card) baccarat.DeuxCoup {
	var c baccarat.DeuxCoup
	for range 2 {
		c.Tableaux[0] = append(c.Tableaux[0], next())
		c.Tableaux[1] = append(c.Tableaux[1], next())
		c.Banker = append(c.Banker, next())
	}
	if c.Banker.Natural() {
		return c
	}
	choose := func(ch baccarat.Choice) bool {
		return ch == baccarat.Draw || (ch == baccarat.Either && rng.IntN(2) == 0)
	}
	var states [2]baccarat.TableauState
	for i := range c.Tableaux {
		h := c.Tableaux[i]
		if h.Natural() {
			states[i] = baccarat.TableauState{Natural: true, Third: baccarat.NoCard}
			continue
		}
		if choose(baccarat.Tableau(h.Point())) {
			c.Tableaux[i] = append(h, next())
		}
		states[i] = baccarat.TableauState{Third: c.Tableaux[i].Third()}
	}
	if choose(baccarat.DeuxBanker(c.Banker.Point(), states)) {
		c.Banker = append(c.Banker, next())
	}
	return c
}
