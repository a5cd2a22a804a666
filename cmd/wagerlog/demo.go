package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// The simulated table of `wagerlog serve --demo`.
const (
	// DemoTable is the table the demo plays on.
	DemoTable = "demo-1"
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

// demo plays rounds on the demo table through the ledger.
type demo struct {
	led *ledger.Ledger
	log *slog.Logger
	rng *rand.Rand
	// dealer issues the round commands: the demo dealer on a table the demo
	// opened, a supervisor on one somebody else opened.
	dealer events.Actor
	// Amounts, parsed once.
	deposit, topUpBelow decimal.Decimal
	stakes              []decimal.Decimal
}

// runDemo opens the demo table (sicbo/live, EUR) unless it is open, funds
// a few players and plays a round every interval until ctx ends: open the
// round, let some players place random slips, close betting, record random
// dice. Every step is a ledger command with a proper actor, so the demo's
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
	d := &demo{
		led: led, log: log,
		rng:        demoRNG(cfg.Seed, led.LastSeq()),
		dealer:     demoActor(ledger.RoleDealer),
		deposit:    decimal.RequireFromString("1000"),
		topUpBelow: decimal.RequireFromString("100"),
	}
	for _, s := range []string{"1", "2", "5", "10", "20", "25"} {
		d.stakes = append(d.stakes, decimal.RequireFromString(s))
	}
	if err := d.setUp(ctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		return fmt.Errorf("demo: %w", err)
	}
	log.Info("demo table running", "table", DemoTable, "interval", cfg.Interval, "players", len(demoPlayers()))
	tick := time.NewTicker(cfg.Interval)
	defer tick.Stop()
	for {
		if err := d.round(ctx); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, ledger.ErrClosed) {
				return fmt.Errorf("demo: %w", err)
			}
			log.Warn("demo round failed; the next one starts on time", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// setUp opens the demo table if it is not open and cancels a round left in
// progress by an earlier run.
func (d *demo) setUp(ctx context.Context) error {
	t, ok, err := d.table(ctx)
	if err != nil {
		return err
	}
	if !ok || t.Closed {
		band := ledger.Limit{Min: decimal.RequireFromString("1"), Max: decimal.RequireFromString("1000")}
		_, err := d.led.Execute(ctx, &ledger.OpenTable{
			Meta:  ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)},
			Table: DemoTable, Paytable: sicbo.IDLive, Currency: demoCurrency,
			Limits: map[string]ledger.Limit{
				"*":     {Min: band.Min, Max: decimal.RequireFromString("200")},
				"total": {Min: band.Min, Max: decimal.RequireFromString("50")},
			},
			Band: band, Dealer: demoActor(ledger.RoleDealer).ID,
		})
		// Another instance may have opened it in between: fine.
		if err != nil && !errors.Is(err, ledger.ErrTableExists) {
			return fmt.Errorf("open table %s: %w", DemoTable, err)
		}
		if t, _, err = d.table(ctx); err != nil {
			return err
		}
	}
	if t.Dealer != demoActor(ledger.RoleDealer).ID {
		// Somebody else's table of that name: a supervisor may run rounds
		// on any table, a dealer only on their own.
		d.dealer = demoActor(ledger.RoleSupervisor)
	}
	if t.Active != "" {
		if _, err := d.led.Execute(ctx, &ledger.Cancel{
			Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: DemoTable, Round: t.Active,
			Reason: "demo restarted with this round in progress",
		}); err != nil {
			return fmt.Errorf("cancel round %s left in progress: %w", t.Active, err)
		}
	}
	return nil
}

// table returns the demo table's state.
func (d *demo) table(ctx context.Context) (t ledger.Table, ok bool, err error) {
	err = d.led.Inspect(ctx, func(s *ledger.State) { t, ok = s.Table(DemoTable) })
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

// round plays one round. If a step after the opening fails, the round is
// cancelled (refunding its bets) so the table is free for the next one.
func (d *demo) round(ctx context.Context) error {
	if err := d.topUp(ctx); err != nil {
		return err
	}
	res, err := d.led.Execute(ctx, &ledger.OpenRound{Meta: ledger.Meta{Actor: d.dealer}, Table: DemoTable})
	if err != nil {
		return fmt.Errorf("open round: %w", err)
	}
	round := res.Round
	if err := d.play(ctx, round); err != nil {
		if ctx.Err() == nil {
			_, cerr := d.led.Execute(ctx, &ledger.Cancel{
				Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: DemoTable, Round: round,
				Reason: "demo round failed",
			})
			if cerr != nil && !errors.Is(cerr, ledger.ErrRoundFinished) {
				err = errors.Join(err, fmt.Errorf("cancel: %w", cerr))
			}
		}
		return fmt.Errorf("round %d: %w", res.RoundNumber, err)
	}
	return nil
}

// play takes the bets, closes betting and records the dice of an open
// round.
func (d *demo) play(ctx context.Context, round string) error {
	for _, p := range demoPlayers() {
		if d.rng.IntN(4) == 0 {
			continue // sits this round out
		}
		bets := make([]ledger.BetRequest, 1+d.rng.IntN(demoSlipBetsMax))
		for i := range bets {
			bets[i] = d.bet()
		}
		_, err := d.led.Execute(ctx, &ledger.PlaceSlip{
			Meta:  ledger.Meta{Actor: demoActor(ledger.RoleFrontend)},
			Table: DemoTable, Round: round, Player: p, Bets: bets,
		})
		if err != nil && !errors.Is(err, ledger.ErrInsufficientFunds) {
			return fmt.Errorf("slip of %s: %w", p, err)
		}
	}
	if _, err := d.led.Execute(ctx, &ledger.CloseBetting{Meta: ledger.Meta{Actor: d.dealer}, Table: DemoTable, Round: round}); err != nil {
		return fmt.Errorf("close betting: %w", err)
	}
	dice := []int{1 + d.rng.IntN(6), 1 + d.rng.IntN(6), 1 + d.rng.IntN(6)}
	if _, err := d.led.Execute(ctx, &ledger.RecordResult{
		Meta: ledger.Meta{Actor: d.dealer}, Table: DemoTable, Round: round,
		Result: sicbo.ResultJSON(dice...),
	}); err != nil {
		return fmt.Errorf("record result %v: %w", dice, err)
	}
	d.log.Debug("demo round settled", "table", DemoTable, "round", round, "dice", dice)
	return nil
}

// bet returns a random bet: mostly the even-money bets players favour, now
// and then a number, a total, a double, a combination or a triple.
func (d *demo) bet() ledger.BetRequest {
	stake := d.stakes[d.rng.IntN(len(d.stakes))]
	face := func() int { return 1 + d.rng.IntN(6) }
	var code string
	switch n := d.rng.IntN(20); {
	case n < 10:
		code = []string{"big", "small", "odd", "even"}[n%4]
	case n < 13:
		code = fmt.Sprintf("single:%d", face())
	case n < 15:
		code = fmt.Sprintf("total:%d", sicbo.TotalMin+d.rng.IntN(sicbo.TotalMax-sicbo.TotalMin+1))
	case n < 17:
		code = fmt.Sprintf("double:%d", face())
	case n < 18:
		a := 1 + d.rng.IntN(5)
		code = fmt.Sprintf("combo:%d-%d", a, a+1+d.rng.IntN(6-a))
	case n < 19:
		code = "any_triple"
	default:
		code = fmt.Sprintf("triple:%d", face())
	}
	return ledger.BetRequest{Code: code, Stake: stake}
}
