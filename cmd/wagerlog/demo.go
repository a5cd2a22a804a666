package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/roulette"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
)

// The simulated tables of `wagerlog serve --demo`.
const (
	// DemoTable is the Sic Bo table the demo plays on.
	DemoTable = "demo-1"
	// DemoRouletteTable is the roulette table the demo plays on beside it.
	DemoRouletteTable = "demo-roulette"
	// DemoBaccaratTable is the punto banco table the demo plays on.
	DemoBaccaratTable = "demo-baccarat"
	// DemoCrapsTable is the craps table: one roll per interval, a
	// shooter's hand lasting until the seven-out.
	DemoCrapsTable = "demo-craps"
	// DemoBingoTable is the bingo room: cards sold before the first ball,
	// one ball per interval, the game over at its first bingo.
	DemoBingoTable = "demo-bingo"
	// DefaultDemoInterval is the time between two demo rounds.
	DefaultDemoInterval = 3 * time.Second
	// DemoIntervalMin bounds --demo-interval from below, so that a typo
	// cannot flood the stream.
	DemoIntervalMin = 10 * time.Millisecond
	demoCurrency    = "EUR"
	// demoSlipBetsMax is the most bets a demo player puts on one slip.
	demoSlipBetsMax = 3
)

// demoActor returns the demo's actor of a role ("demo-dealer", …). Every
// event the demo writes names one, with the role the ledger checks, exactly
// as a real dealer, supervisor, cashier and player frontend would.
func demoActor(role string) events.Actor {
	return events.Actor{ID: "demo-" + role, Role: role}
}

// demoPlayers are the simulated players.
func demoPlayers() []string {
	return []string{"demo-ana", "demo-bruno", "demo-chen", "demo-dara"}
}

// demoTable is one table of the demo: its id, paytable and stake limits,
// and the generator of its game's bets and results.
type demoTable struct {
	id       string
	paytable games.Paytable
	limits   map[string]ledger.Limit
	game     demoGame
	// dealer issues the round commands: the demo dealer on a table the
	// demo opened, a supervisor on one somebody else opened.
	dealer events.Actor
}

// demoGame makes up what players and dealers do at one game's table. It is
// the demo's only knowledge of games, kept here in cmd, and keyed by game
// name (demoGames): the ledger, the projections and the API know none.
type demoGame interface {
	// bet returns a random bet code that pt offers.
	bet(rng *rand.Rand, pt games.Paytable) string
	// result returns a random result of pt's game, as its JSON: the table's
	// paytable parses it as the ledger will.
	result(rng *rand.Rand, pt games.Paytable) json.RawMessage
}

// demoGames are the games the demo can play.
func demoGames() map[string]demoGame {
	return map[string]demoGame{sicbo.GameName: sicboDemo{}, roulette.GameName: rouletteDemo{}, baccarat.GameName: &baccaratDemo{}, craps.GameName: crapsDemo{},
		blackjack.GameName: blackjackDemo{}, war.GameName: warDemo{}, bingo.GameName: &bingoDemo{}, poker.GameName: caribbeanDemo{}}
}

// demoTables returns the demo's tables: Sic Bo's live paytable on DemoTable,
// single-zero roulette on DemoRouletteTable, punto banco on
// DemoBaccaratTable, craps on DemoCrapsTable, blackjack on
// DemoBlackjackTable and War on DemoWarTable, from catalog.
func demoTables(catalog *games.Catalog) ([]*demoTable, error) {
	band := demoBand()
	specs := []struct {
		id, paytable string
		limits       map[string]ledger.Limit
	}{
		{DemoTable, sicbo.IDLive, map[string]ledger.Limit{
			"*":     {Min: band.Min, Max: decimal.RequireFromString("200")},
			"total": {Min: band.Min, Max: decimal.RequireFromString("50")},
		}},
		{DemoRouletteTable, roulette.IDFrench, map[string]ledger.Limit{
			"*":        {Min: band.Min, Max: decimal.RequireFromString("200")},
			"straight": {Min: band.Min, Max: decimal.RequireFromString("25")},
		}},
		{DemoBaccaratTable, baccarat.IDPuntoBanco, map[string]ledger.Limit{
			"*":   {Min: band.Min, Max: decimal.RequireFromString("200")},
			"tie": {Min: band.Min, Max: decimal.RequireFromString("25")},
		}},
		{DemoCrapsTable, craps.IDPeru1999, map[string]ledger.Limit{
			"*": {Min: band.Min, Max: decimal.RequireFromString("200")},
		}},
		{DemoBingoTable, bingo.IDEs1979, map[string]ledger.Limit{
			"card": {Min: band.Min, Max: decimal.RequireFromString("25")},
		}},
	}
	for _, sp := range append(demoCardSpecs(band), demoDeuxSpec(band), demoCaribbeanSpec(band)) {
		specs = append(specs, struct {
			id, paytable string
			limits       map[string]ledger.Limit
		}{sp.id, sp.paytable, sp.limits})
	}
	out := make([]*demoTable, 0, len(specs))
	for _, sp := range specs {
		pt, err := catalog.Paytable(sp.paytable)
		if err != nil {
			return nil, err
		}
		g, ok := demoGames()[pt.Game()]
		if pg, found := demoPaytableGames()[pt.ID()]; found {
			g, ok = pg, true
		}
		if !ok {
			return nil, fmt.Errorf("the demo does not play %s", pt.Game())
		}
		out = append(out, &demoTable{id: sp.id, paytable: pt, limits: sp.limits, game: g, dealer: demoActor(ledger.RoleDealer)})
	}
	return out, nil
}

// demoBand is the authorised band of every demo table.
func demoBand() ledger.Limit {
	return ledger.Limit{Min: decimal.RequireFromString("1"), Max: decimal.RequireFromString("1000")}
}

// demoConfig configures the simulated table.
type demoConfig struct {
	// Interval is the time between rounds; 0 means DefaultDemoInterval.
	Interval time.Duration
	// Seed seeds the dice and the players' choices together with the
	// stream's last sequence (demoRNG), so that a run on a given stream can
	// be repeated and a restart plays new rounds.
	Seed uint64
}

// demoRNG returns the demo's random source for a seed on a stream whose
// last sequence is lastSeq. PCG is not a casino RNG: the demo's dice only
// need to look like dice and be repeatable. Mixing in the stream's last
// sequence makes a restart continue with new rounds instead of replaying
// the ones the seed played from an empty stream; the same seed on the same
// stream still plays the same rounds. (The rounds' numbers continue by
// themselves: the ledger numbers a table's rounds from its state.)
func demoRNG(seed, lastSeq uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, (seed^0x9e3779b97f4a7c15)+lastSeq*0xbf58476d1ce4e5b9))
}

// demo plays rounds on the demo tables through the ledger.
type demo struct {
	led    *ledger.Ledger
	log    *slog.Logger
	rng    *rand.Rand
	tables []*demoTable
	// Amounts, parsed once.
	deposit, topUpBelow decimal.Decimal
	stakes              []decimal.Decimal
}

// runDemo opens the demo tables (sicbo/live, roulette/french and
// baccarat/punto-banco and craps/peru-1999, EUR)
// unless they are open, funds a few players and plays a round on each
// table every interval until ctx ends: open the round, let some players
// place random slips, close betting, record a random result of the table's
// game. Every step is a ledger command with a proper actor, so the demo's
// events are real events, settled, chained and projected like any others.
// A round that fails is cancelled and the next one starts on time; runDemo
// returns nil when ctx ends, or an error when the table cannot be set up or
// the ledger is closed.
func runDemo(ctx context.Context, led *ledger.Ledger, log *slog.Logger, cfg demoConfig) error {
	if cfg.Interval <= 0 {
		cfg.Interval = DefaultDemoInterval
	}
	if cfg.Interval < DemoIntervalMin {
		return fmt.Errorf("demo interval %s is below the minimum of %s", cfg.Interval, DemoIntervalMin)
	}
	tables, err := demoTables(registry.New())
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	d := &demo{
		led: led, log: log, tables: tables,
		rng:        demoRNG(cfg.Seed, led.LastSeq()),
		deposit:    decimal.RequireFromString("1000"),
		topUpBelow: decimal.RequireFromString("100"),
	}
	for _, s := range []string{"1", "2", "5", "10", "20", "25"} {
		d.stakes = append(d.stakes, decimal.RequireFromString(s))
	}
	for _, t := range d.tables {
		if err := d.setUp(ctx, t); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("demo: %w", err)
		}
		log.Info("demo table running", "table", t.id, "paytable", t.paytable.ID(), "interval", cfg.Interval, "players", len(demoPlayers()))
	}
	tick := time.NewTicker(cfg.Interval)
	defer tick.Stop()
	for {
		for _, t := range d.tables {
			if err := d.round(ctx, t); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				if errors.Is(err, ledger.ErrClosed) {
					return fmt.Errorf("demo: %w", err)
				}
				log.Warn("demo round failed; the next one starts on time", "table", t.id, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// setUp opens a demo table if it is not open and cancels a round left in
// progress by an earlier run.
func (d *demo) setUp(ctx context.Context, dt *demoTable) error {
	t, ok, err := d.table(ctx, dt.id)
	if err != nil {
		return err
	}
	if !ok || t.Closed {
		_, err := d.led.Execute(ctx, &ledger.OpenTable{
			Meta:  ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)},
			Table: dt.id, Paytable: dt.paytable.ID(), Currency: demoCurrency,
			Limits: dt.limits, Band: demoBand(), Dealer: demoActor(ledger.RoleDealer).ID,
		})
		// Another instance may have opened it in between: fine.
		if err != nil && !errors.Is(err, ledger.ErrTableExists) {
			return fmt.Errorf("open table %s: %w", dt.id, err)
		}
		if t, _, err = d.table(ctx, dt.id); err != nil {
			return err
		}
	}
	if t.Dealer != demoActor(ledger.RoleDealer).ID {
		// Somebody else's table of that name: a supervisor may run rounds
		// on any table, a dealer only on their own.
		dt.dealer = demoActor(ledger.RoleSupervisor)
	}
	if t.Active != "" {
		if _, err := d.led.Execute(ctx, &ledger.Cancel{
			Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: dt.id, Round: t.Active,
			Reason: "demo restarted with this round in progress",
		}); err != nil {
			return fmt.Errorf("cancel round %s left in progress: %w", t.Active, err)
		}
	}
	return nil
}

// table returns a table's state.
func (d *demo) table(ctx context.Context, id string) (t ledger.Table, ok bool, err error) {
	err = d.led.Inspect(ctx, func(s *ledger.State) { t, ok = s.Table(id) })
	return t, ok, err
}

// topUp deposits into every player's wallet that runs low, so that the demo
// never stops for lack of funds.
func (d *demo) topUp(ctx context.Context) error {
	players := demoPlayers()
	low := make([]bool, len(players))
	err := d.led.Inspect(ctx, func(s *ledger.State) {
		for i, p := range players {
			low[i] = s.Balance(ledger.WalletAccount(p), demoCurrency).LessThan(d.topUpBelow)
		}
	})
	if err != nil {
		return err
	}
	for i, p := range players {
		if !low[i] {
			continue
		}
		if _, err := d.led.Execute(ctx, &ledger.Deposit{
			Meta:   ledger.Meta{Actor: demoActor(ledger.RoleCashier)},
			Player: p, Amount: d.deposit, Currency: demoCurrency, Reference: "demo top-up",
		}); err != nil {
			return fmt.Errorf("deposit to %s: %w", p, err)
		}
	}
	return nil
}

// round plays one round, or one result of a round of several (a craps
// roll; the next call plays the next one, the hand's next round starting
// after the seven-out). If a step after the opening fails, the round is
// cancelled (refunding its bets) so the table is free for the next one.
func (d *demo) round(ctx context.Context, t *demoTable) error {
	if err := d.topUp(ctx); err != nil {
		return err
	}
	hand, several := t.game.(demoHand)
	deal, dealt := t.game.(demoDeal)
	if dealt {
		// The deal draws each card at random, not from the cards left
		// in a shoe: a new shoe per round keeps every card within what
		// a shoe holds (the ledger counts a shoe's cards across its
		// rounds).
		if err := d.startShoe(ctx, t, deal); err != nil {
			return err
		}
	}
	banked, isBanked := t.game.(demoBanked)
	if isBanked {
		if err := d.ensureShoe(ctx, t, banked); err != nil {
			return err
		}
		if err := d.ensureBank(ctx, t, banked); err != nil {
			return err
		}
	}
	pooled, isPooled := t.game.(demoPooled)
	if isPooled {
		if err := d.ensurePool(ctx, t, pooled); err != nil {
			return err
		}
	}
	if sg, ok := t.game.(demoSessioned); ok {
		if err := d.ensureSession(ctx, t, sg); err != nil {
			return err
		}
	}
	round, number := "", int64(0)
	if several {
		tv, _, err := d.table(ctx, t.id)
		if err != nil {
			return err
		}
		round = tv.Active
	}
	if round == "" {
		res, err := d.led.Execute(ctx, &ledger.OpenRound{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id})
		if err != nil {
			return fmt.Errorf("open round: %w", err)
		}
		round, number = res.Round, res.RoundNumber
	}
	play := d.play
	if several {
		play = func(ctx context.Context, t *demoTable, round string) error { return d.playStep(ctx, t, hand, round) }
	}
	if dealt {
		play = func(ctx context.Context, t *demoTable, round string) error { return d.playDeal(ctx, t, deal, round) }
	}
	if isBanked {
		play = d.playBanked
	}
	if isPooled {
		play = func(ctx context.Context, t *demoTable, round string) error { return pooled.deal(ctx, d, t, round) }
	}
	if err := play(ctx, t, round); err != nil {
		if ctx.Err() == nil {
			_, cerr := d.led.Execute(ctx, &ledger.Cancel{
				Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: t.id, Round: round,
				Reason: "demo round failed",
			})
			if cerr != nil && !errors.Is(cerr, ledger.ErrRoundFinished) {
				err = errors.Join(err, fmt.Errorf("cancel: %w", cerr))
			}
		}
		return fmt.Errorf("round %s (%d): %w", round, number, err)
	}
	return nil
}

// play takes the bets, closes betting and records a result of an open
// round.
func (d *demo) play(ctx context.Context, t *demoTable, round string) error {
	for _, p := range demoPlayers() {
		if d.rng.IntN(4) == 0 {
			continue // sits this round out
		}
		bets := make([]ledger.BetRequest, 1+d.rng.IntN(demoSlipBetsMax))
		for i := range bets {
			bets[i] = ledger.BetRequest{Code: t.game.bet(d.rng, t.paytable), Stake: d.stakes[d.rng.IntN(len(d.stakes))]}
		}
		_, err := d.led.Execute(ctx, &ledger.PlaceSlip{
			Meta:  ledger.Meta{Actor: demoActor(ledger.RoleFrontend)},
			Table: t.id, Round: round, Player: p, Bets: bets,
		})
		if err != nil && !errors.Is(err, ledger.ErrInsufficientFunds) {
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
	d.log.Debug("demo round settled", "table", t.id, "round", round, "result", string(result))
	return nil
}

// demoHand is a demoGame whose rounds last several results (a craps
// shooter's hand). The demo plays one result per interval: the players'
// bets in the round's state, now and then a take-down, then the result.
// Which bets the state takes is the game's own answer through the seam
// (games.Placer, games.TakeDowner), asked before a command is sent, so that
// the demo's slips are lawful.
type demoHand interface {
	demoGame
	// working reports whether a bet is placed as working.
	working(rng *rand.Rand) bool
	// noRoll reports whether the throw is void (a die left the table).
	noRoll(rng *rand.Rand) bool
}

// playStep plays one result of a round of several: slips in the round's
// state, a take-down now and then, betting closed, a void throw now and
// then, then the result.
func (d *demo) playStep(ctx context.Context, t *demoTable, hand demoHand, round string) error {
	var r ledger.Round
	err := d.led.Inspect(ctx, func(s *ledger.State) { r, _ = s.Round(round) })
	if err != nil {
		return err
	}
	results := make([]games.Result, 0, len(r.Results))
	for _, raw := range r.Results {
		res, err := t.paytable.ParseResult(raw)
		if err != nil {
			return fmt.Errorf("result %s: %w", raw, err)
		}
		results = append(results, res)
	}
	placer, _ := t.paytable.(games.Placer)
	downer, _ := t.paytable.(games.TakeDowner)
	open := func(player string, except string) []games.Bet {
		var out []games.Bet
		for _, b := range r.Bets {
			if b.Player == player && b.Status == ledger.BetOpen && b.ID != except {
				out = append(out, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
			}
		}
		return out
	}
	for _, p := range demoPlayers() {
		if d.rng.IntN(2) == 0 {
			continue // stands pat on this roll
		}
		mine := open(p, "")
		var bets []ledger.BetRequest
		for range 1 + d.rng.IntN(demoSlipBetsMax) {
			b := ledger.BetRequest{Code: hand.bet(d.rng, t.paytable), Stake: d.stakes[d.rng.IntN(len(d.stakes))], Working: hand.working(d.rng)}
			if sg, ok := t.game.(demoSessioned); ok {
				b.Stake = sg.price(b.Code) // a session's price
			}
			gb := games.Bet{Code: b.Code, Stake: b.Stake, Since: len(results), Working: b.Working}
			if placer != nil && placer.CheckPlacement(gb, results, mine) != nil {
				continue
			}
			mine = append(mine, gb)
			bets = append(bets, b)
		}
		if len(bets) == 0 {
			continue
		}
		_, err := d.led.Execute(ctx, &ledger.PlaceSlip{
			Meta:  ledger.Meta{Actor: demoActor(ledger.RoleFrontend)},
			Table: t.id, Round: round, Player: p, Bets: bets,
		})
		if err != nil && !errors.Is(err, ledger.ErrInsufficientFunds) {
			return fmt.Errorf("slip of %s: %w", p, err)
		}
	}
	if downer != nil && len(results) > 0 && d.rng.IntN(4) == 0 {
		// A player takes one of their bets down, where the game allows it.
		for _, b := range r.Bets {
			gb := games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}
			if b.Status != ledger.BetOpen || downer.CheckTakeDown(gb, results, open(b.Player, b.ID)) != nil {
				continue
			}
			if _, err := d.led.Execute(ctx, &ledger.TakeDown{
				Meta: ledger.Meta{Actor: demoActor(ledger.RoleFrontend)}, Table: t.id, Round: round, Player: b.Player, Bet: b.ID,
			}); err != nil {
				return fmt.Errorf("take down %s: %w", b.ID, err)
			}
			break
		}
	}
	if _, err := d.led.Execute(ctx, &ledger.CloseBetting{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round}); err != nil {
		return fmt.Errorf("close betting: %w", err)
	}
	if hand.noRoll(d.rng) {
		if _, err := d.led.Execute(ctx, &ledger.Reshake{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round, Reason: events.ReshakeDieOut}); err != nil {
			return fmt.Errorf("no roll: %w", err)
		}
	}
	result := hand.result(d.rng, t.paytable)
	if dd, ok := hand.(demoDraw); ok {
		result = dd.next(d.rng, results)
	}
	if _, err := d.led.Execute(ctx, &ledger.RecordResult{
		Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round, Result: result,
	}); err != nil {
		return fmt.Errorf("record result %s: %w", result, err)
	}
	d.log.Debug("demo result settled", "table", t.id, "round", round, "result", string(result))
	return nil
}

// crapsDemo plays craps: pass and come with odds behind them, place bets,
// the field, now and then a hardway, a buy or a lay. The bets the table's
// state does not take (come on a come-out, odds without their line bet)
// are left out by the paytable's Placer.
type crapsDemo struct{}

func (crapsDemo) bet(rng *rand.Rand, _ games.Paytable) string {
	codes := []string{"pass", "pass", "come", "come", "pass_odds", "pass_odds", "field", "place:6", "place:8", "place:5", "place:9",
		"dont_pass", "hard:8", "buy:4", "lay:10", "any_craps"}
	if n := rng.IntN(len(codes) + 3); n < len(codes) {
		return codes[n]
	}
	// Odds behind a come bet on some point.
	return fmt.Sprintf("come_odds:%d", []int{4, 5, 6, 8, 9, 10}[rng.IntN(6)])
}

// result returns two random dice.
func (crapsDemo) result(rng *rand.Rand, _ games.Paytable) json.RawMessage {
	return sicbo.ResultJSON(1+rng.IntN(6), 1+rng.IntN(6))
}

func (crapsDemo) working(rng *rand.Rand) bool { return rng.IntN(5) == 0 }

func (crapsDemo) noRoll(rng *rand.Rand) bool { return rng.IntN(25) == 0 }

// sicboDemo plays Sic Bo.
type sicboDemo struct{}

// bet returns a random bet: mostly the even-money bets players favour, now
// and then a number, a total, a double, a combination or a triple.
func (sicboDemo) bet(rng *rand.Rand, _ games.Paytable) string {
	face := func() int { return 1 + rng.IntN(6) }
	switch n := rng.IntN(20); {
	case n < 10:
		return []string{"big", "small", "odd", "even"}[n%4]
	case n < 13:
		return fmt.Sprintf("single:%d", face())
	case n < 15:
		return fmt.Sprintf("total:%d", sicbo.TotalMin+rng.IntN(sicbo.TotalMax-sicbo.TotalMin+1))
	case n < 17:
		return fmt.Sprintf("double:%d", face())
	case n < 18:
		a := 1 + rng.IntN(5)
		return fmt.Sprintf("combo:%d-%d", a, a+1+rng.IntN(6-a))
	case n < 19:
		return "any_triple"
	default:
		return fmt.Sprintf("triple:%d", face())
	}
}

// result returns three random dice.
func (sicboDemo) result(rng *rand.Rand, _ games.Paytable) json.RawMessage {
	return sicbo.ResultJSON(1+rng.IntN(6), 1+rng.IntN(6), 1+rng.IntN(6))
}

// rouletteDemo plays roulette.
type rouletteDemo struct{}

// bet returns a random bet: mostly the even chances, dozens and columns,
// now and then any bet the paytable offers (a straight, a split, …).
func (rouletteDemo) bet(rng *rand.Rand, pt games.Paytable) string {
	if rng.IntN(3) > 0 {
		outside := []string{"red", "black", "odd", "even", "low", "high", "dozen:1", "dozen:2", "dozen:3", "column:1", "column:2", "column:3"}
		return outside[rng.IntN(len(outside))]
	}
	offered := pt.RTP()
	return offered[rng.IntN(len(offered))].Code
}

// result returns a random pocket of pt's wheel: 0..36, and 00 where the
// wheel has it (the paytable says, by parsing it).
func (rouletteDemo) result(rng *rand.Rand, pt games.Paytable) json.RawMessage {
	for {
		n := rng.IntN(38)
		pocket := strconv.Itoa(n)
		if n == 37 {
			pocket = "00"
		}
		raw := json.RawMessage(`{"pocket":"` + pocket + `"}`)
		if _, err := pt.ParseResult(raw); err == nil {
			return raw
		}
	}
}

// baccaratDemo plays punto banco from a shuffled shoe: each coup is dealt
// from the shoe by the drawing rules (baccarat.DealPuntoBanco), and when a
// coup reaches the cut card the next one starts a new shoe. The shoe lives
// only here: the ledger does not track cards across coups (docs/GAMES.md).
type baccaratDemo struct {
	shoe []baccarat.Card
	next int
}

// baccaratDemoCutCard is how many cards are left behind the cut card: a
// coup takes at most six, so one always finishes before the shoe runs out.
const baccaratDemoCutCard = 16

// bet returns banker or player mostly, now and then a tie.
func (*baccaratDemo) bet(rng *rand.Rand, _ games.Paytable) string {
	switch n := rng.IntN(20); {
	case n < 9:
		return "banker"
	case n < 18:
		return "player"
	}
	return "tie"
}

// result deals the next coup of the shoe, shuffling a new shoe of pt's
// decks first when the cut card came out.
func (d *baccaratDemo) result(rng *rand.Rand, pt games.Paytable) json.RawMessage {
	decks := 8
	if p, ok := pt.(*baccarat.Paytable); ok {
		decks = p.Decks()
	}
	if len(d.shoe) == 0 || d.next > len(d.shoe)-baccaratDemoCutCard {
		d.shoe = baccarat.Shoe(decks)
		rng.Shuffle(len(d.shoe), func(i, j int) { d.shoe[i], d.shoe[j] = d.shoe[j], d.shoe[i] })
		d.next = 0
	}
	return baccarat.DealPuntoBanco(func() baccarat.Card {
		d.next++
		return d.shoe[d.next-1]
	}).JSON()
}
