package baccarat

import (
	"context"
	"encoding/json"
	"math/rand/v2"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// DemoTables returns the baccarat tables of `serve --demo`: demo-baccarat
// on punto banco (a tie up to 25), and demo-deux on à deux tableaux,
// player-banked, a demo player holding the bank.
func (Game) DemoTables() []games.DemoTable {
	return []games.DemoTable{
		{
			ID: "demo-baccarat", Paytable: IDPuntoBanco,
			Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200), "tie": games.DemoLimitUpTo(25)},
			Player: &puntoDemo{},
		},
		{
			ID: "demo-deux", Paytable: IDDeuxTableaux1979,
			Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(200)},
			Player: &deuxDemo{},
		},
	}
}

// puntoDemo plays punto banco from a shuffled shoe: each coup is dealt
// from the shoe by the drawing rules (DealPuntoBanco), and when a coup
// reaches the cut card the next one starts a new shoe. The shoe lives
// only here: the ledger does not track cards across coups (docs/GAMES.md).
type puntoDemo struct {
	shoe []Card
	next int
}

// puntoDemoCutCard is how many cards are left behind the cut card: a
// coup takes at most six, so one always finishes before the shoe runs out.
const puntoDemoCutCard = 16

func (g *puntoDemo) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	decks := 8
	if p, ok := d.Paytable().(*Paytable); ok {
		decks = p.Decks()
	}
	// Banker or player mostly, now and then a tie.
	bet := func(rng *rand.Rand) string {
		switch n := rng.IntN(20); {
		case n < 9:
			return "banker"
		case n < 18:
			return "player"
		}
		return "tie"
	}
	return games.PlayDemoRound(ctx, d, rng, bet, func(rng *rand.Rand) json.RawMessage { return g.coup(rng, decks) })
}

// coup deals the next coup of the shoe, shuffling a new shoe of decks
// first when the cut card came out.
func (g *puntoDemo) coup(rng *rand.Rand, decks int) json.RawMessage {
	if len(g.shoe) == 0 || g.next > len(g.shoe)-puntoDemoCutCard {
		g.shoe = Shoe(decks)
		rng.Shuffle(len(g.shoe), func(i, j int) { g.shoe[i], g.shoe[j] = g.shoe[j], g.shoe[i] })
		g.next = 0
	}
	return DealPuntoBanco(func() Card {
		g.next++
		return g.shoe[g.next-1]
	}).JSON()
}

// deuxDemo plays baccarat à deux tableaux from a shuffled shoe: before
// each coup a demo player holds the bank (now and then the banker gives it
// up and the next player takes it), the punters' stakes never exceed what
// the bank can pay, and each coup is dealt by the drawing rules of seed
// 002 (Tableau for the punters holding the tableaux, DeuxBanker for the
// banker, a random choice where the rules leave one), the coup that
// brings the cut card out marked so (the ledger then ends the shoe and the
// demo starts another). The cards live only here, as for punto banco.
type deuxDemo struct {
	shoe []Card
	next int
	// over is set once a coup brought the cut card out: the next coup
	// comes from a new shoe.
	over bool
}

func (g *deuxDemo) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	if err := d.EnsureShoe(ctx, CutCardsBehind); err != nil {
		return err
	}
	banker, bank, err := g.ensureBank(ctx, d, rng)
	if err != nil {
		return err
	}
	if err := d.OpenRound(ctx); err != nil {
		return err
	}
	// What the bets may still expose: every bet exposes at most its
	// stake (a line bet plays half, a caballo splits it), so stakes that
	// add up to at most the bank never exceed it.
	left := bank
	for _, p := range d.Players() {
		if p == banker || rng.IntN(4) == 0 {
			continue // the banker does not punt; others sit out
		}
		var bets []games.DemoBet
		for range 1 + rng.IntN(games.DemoSlipBetsMax) {
			stake := games.DemoStake(rng)
			if stake.GreaterThan(left) {
				break
			}
			left = left.Sub(stake)
			bets = append(bets, games.DemoBet{Code: deuxDemoBet(rng), Stake: stake})
		}
		if len(bets) == 0 {
			continue
		}
		placed, err := d.Place(ctx, p, bets)
		if err != nil {
			return err
		}
		if !placed {
			for _, b := range bets {
				left = left.Add(b.Stake)
			}
		}
	}
	if err := d.CloseBetting(ctx); err != nil {
		return err
	}
	decks := 6
	if p, ok := d.Paytable().(Deux); ok {
		decks = p.Decks()
	}
	return d.Record(ctx, g.coup(rng, decks))
}

// ensureBank gives the bank up now and then (one coup in twelve, or when
// it can no longer cover the smallest bet comfortably), and has the next
// demo player take it with 100 to 300 when nobody holds it. It returns
// the banker and the bank.
func (g *deuxDemo) ensureBank(ctx context.Context, d games.DemoDealer, rng *rand.Rand) (string, decimal.Decimal, error) {
	banker, bank, wallet, err := d.Bank(ctx)
	if err != nil {
		return "", decimal.Zero, err
	}
	holder := banker
	if banker != "" && (rng.IntN(12) == 0 || bank.LessThan(decimal.NewFromInt(25))) {
		if err := d.ReleaseBank(ctx); err != nil {
			return "", decimal.Zero, err
		}
		wallet[banker] = wallet[banker].Add(bank)
		banker = ""
	}
	if banker != "" {
		return banker, bank, nil
	}
	players := d.Players()
	next := players[0]
	for i, p := range players {
		if p == holder {
			next = players[(i+1)%len(players)]
		}
	}
	amount := decimal.Min(decimal.NewFromInt(int64(100+50*rng.IntN(5))), wallet[next])
	if err := d.TakeBank(ctx, next, amount); err != nil {
		return "", decimal.Zero, err
	}
	return next, amount, nil
}

// deuxDemoBet returns a bet on one tableau mostly, now and then a caballo
// or on a line.
func deuxDemoBet(rng *rand.Rand) string {
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

// coup deals the next coup of the shoe, shuffling a new shoe of decks
// first when the last coup brought the cut card out.
func (g *deuxDemo) coup(rng *rand.Rand, decks int) json.RawMessage {
	if len(g.shoe) == 0 || g.over {
		g.shoe = Shoe(decks)
		rng.Shuffle(len(g.shoe), func(i, j int) { g.shoe[i], g.shoe[j] = g.shoe[j], g.shoe[i] })
		g.next, g.over = 0, false
	}
	draw := func() Card {
		g.next++
		return g.shoe[g.next-1]
	}
	c := demoDealDeux(rng, draw)
	// The cut card sits above the last CutCardsBehind cards: it came out
	// if the coup dealt one of them.
	c.CutCard = g.next > len(g.shoe)-CutCardsBehind
	g.over = c.CutCard
	return c.JSON()
}

// demoDealDeux deals a deux tableaux coup from next by the rules
// DeuxCoup.Check applies, choosing at random where they leave a choice: a
// card to tableau 1, tableau 2 and the banker, twice (seed 002: "primer
// paño, segundo paño y banca"); a banker's natural ends the coup; a
// tableau with a natural abates, else its punter draws on 0..4, stands on
// 6 and 7 and chooses on 5; the banker then follows DeuxBanker, choosing
// where it leaves him free. A coup takes six to nine cards.
func demoDealDeux(rng *rand.Rand, next func() Card) DeuxCoup {
	var c DeuxCoup
	for range 2 {
		c.Tableaux[0] = append(c.Tableaux[0], next())
		c.Tableaux[1] = append(c.Tableaux[1], next())
		c.Banker = append(c.Banker, next())
	}
	if c.Banker.Natural() {
		return c
	}
	choose := func(ch Choice) bool {
		return ch == Draw || (ch == Either && rng.IntN(2) == 0)
	}
	var states [2]TableauState
	for i := range c.Tableaux {
		h := c.Tableaux[i]
		if h.Natural() {
			states[i] = TableauState{Natural: true, Third: NoCard}
			continue
		}
		if choose(Tableau(h.Point())) {
			c.Tableaux[i] = append(h, next())
		}
		states[i] = TableauState{Third: c.Tableaux[i].Third()}
	}
	if choose(DeuxBanker(c.Banker.Point(), states)) {
		c.Banker = append(c.Banker, next())
	}
	return c
}
