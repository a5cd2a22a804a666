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
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// The demo of `wagerlog serve --demo` plays every table that the games of
// the registry declare (games.Demoer), each through its game's
// games.DemoPlayer, from one loop: this file names no game.
const (
	// DefaultDemoInterval is the time between two demo rounds.
	DefaultDemoInterval = 3 * time.Second
	// DemoIntervalMin bounds --demo-interval from below, so that a typo
	// cannot flood the stream.
	DemoIntervalMin = 10 * time.Millisecond
	demoCurrency    = "EUR"
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

// demoTable is one table of the demo: what its game declares, with its
// paytable looked up.
type demoTable struct {
	games.DemoTable
	paytable games.Paytable
	// dealer issues the round commands: the demo dealer on a table the
	// demo opened, a supervisor on one somebody else opened.
	dealer events.Actor
}

// demoTables returns the demo tables of every game of catalog that
// declares some, in the catalog's order of games.
func demoTables(catalog *games.Catalog) ([]*demoTable, error) {
	var out []*demoTable
	seen := map[string]bool{}
	for _, g := range catalog.Games() {
		dg, ok := g.(games.Demoer)
		if !ok {
			continue
		}
		for _, dt := range dg.DemoTables() {
			if seen[dt.ID] {
				return nil, fmt.Errorf("demo table %s declared twice", dt.ID)
			}
			seen[dt.ID] = true
			pt, err := catalog.Paytable(dt.Paytable)
			if err != nil {
				return nil, fmt.Errorf("demo table %s: %w", dt.ID, err)
			}
			if pt.Game() != g.Name() || dt.Player == nil {
				return nil, fmt.Errorf("demo table %s of game %s: paytable %s, player %v", dt.ID, g.Name(), pt.ID(), dt.Player)
			}
			out = append(out, &demoTable{DemoTable: dt, paytable: pt, dealer: demoActor(ledger.RoleDealer)})
		}
	}
	return out, nil
}

// demoLink is the address of a demo table's board, with its pool's panel
// when it is linked to one.
func demoLink(base string, t games.DemoTable) string {
	u := base + "/?table=" + t.ID
	if t.Pool != nil {
		u += "&pool=" + t.Pool.ID
	}
	return u
}

// demoLimits converts a game's demo limits to the ledger's.
func demoLimits(in map[string]games.DemoLimit) map[string]ledger.Limit {
	out := make(map[string]ledger.Limit, len(in))
	for k, l := range in {
		out[k] = ledger.Limit{Min: l.Min, Max: l.Max}
	}
	return out
}

// demoConfig configures the simulated tables.
type demoConfig struct {
	// Interval is the time between rounds; 0 means DefaultDemoInterval.
	Interval time.Duration
	// Seed seeds the results and the players' choices together with the
	// stream's last sequence (demoRNG), so that a run on a given stream can
	// be repeated and a restart plays new rounds.
	Seed uint64
	// Games is the catalog whose demo tables are played; nil means
	// registry.New().
	Games *games.Catalog
}

// demoSeedFrom returns the demo's seed: the one given with --demo-seed
// (set), else one from the clock. A fixed default made every newcomer's
// demo deal the same wheel, and a short run of one seed can look rigged
// (all black, no zero); serve logs the seed it used, so a run can still be
// replayed.
func demoSeedFrom(given uint64, set bool, now time.Time) uint64 {
	if set {
		return given
	}
	return uint64(now.UnixNano())
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
	led     *ledger.Ledger
	log     *slog.Logger
	rng     *rand.Rand
	catalog *games.Catalog
	tables  []*demoTable
	// Amounts, parsed once.
	deposit, topUpBelow decimal.Decimal
}

// runDemo opens the demo tables of the registry's games unless they are
// open (linking each to its pool, configured first if need be), funds a
// few players and plays a round on each table every interval until ctx
// ends, through the table's game's player. Every step is a ledger command
// with a proper actor, so the demo's events are real events, settled,
// chained and projected like any others. A round that fails is cancelled
// and the next one starts on time; runDemo returns nil when ctx ends, or
// an error when a table cannot be set up or the ledger is closed.
func runDemo(ctx context.Context, led *ledger.Ledger, log *slog.Logger, cfg demoConfig) error {
	if cfg.Interval <= 0 {
		cfg.Interval = DefaultDemoInterval
	}
	if cfg.Interval < DemoIntervalMin {
		return fmt.Errorf("demo interval %s is below the minimum of %s", cfg.Interval, DemoIntervalMin)
	}
	catalog := cfg.Games
	if catalog == nil {
		catalog = registry.New()
	}
	tables, err := demoTables(catalog)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	d := &demo{
		led: led, log: log, catalog: catalog, tables: tables,
		rng:        demoRNG(cfg.Seed, led.LastSeq()),
		deposit:    decimal.RequireFromString("1000"),
		topUpBelow: decimal.RequireFromString("100"),
	}
	for _, t := range d.tables {
		if err := d.setUp(ctx, t); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("demo: %w", err)
		}
		log.Info("demo table running", "table", t.ID, "paytable", t.paytable.ID(), "interval", cfg.Interval, "players", len(demoPlayers()))
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
				log.Warn("demo round failed; the next one starts on time", "table", t.ID, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// setUp opens a demo table if it is not open, links it to its pool, and
// cancels a round left in progress by an earlier run.
func (d *demo) setUp(ctx context.Context, dt *demoTable) error {
	t, ok, err := d.table(ctx, dt.ID)
	if err != nil {
		return err
	}
	if !ok || t.Closed {
		_, err := d.led.Execute(ctx, &ledger.OpenTable{
			Meta:  ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)},
			Table: dt.ID, Paytable: dt.paytable.ID(), Currency: demoCurrency,
			Limits: demoLimits(dt.Limits), Band: ledger.Limit{Min: games.DemoBand().Min, Max: games.DemoBand().Max},
			Dealer: demoActor(ledger.RoleDealer).ID,
		})
		// Another instance may have opened it in between: fine.
		if err != nil && !errors.Is(err, ledger.ErrTableExists) {
			return fmt.Errorf("open table %s: %w", dt.ID, err)
		}
		if t, _, err = d.table(ctx, dt.ID); err != nil {
			return err
		}
	}
	if t.Dealer != demoActor(ledger.RoleDealer).ID {
		// Somebody else's table of that name: a supervisor may run rounds
		// on any table, a dealer only on their own.
		dt.dealer = demoActor(ledger.RoleSupervisor)
	}
	if dt.Pool != nil {
		if err := d.ensurePool(ctx, dt); err != nil {
			return err
		}
	}
	if t.Active != "" {
		if _, err := d.led.Execute(ctx, &ledger.Cancel{
			Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: dt.ID, Round: t.Active,
			Reason: "demo restarted with this round in progress",
		}); err != nil {
			return fmt.Errorf("cancel round %s left in progress: %w", t.Active, err)
		}
	}
	return nil
}

// ensurePool links t to its pool, configuring the pool first (a finance
// officer, with the parameters the catalog gives a demo pool) when it was
// never configured.
func (d *demo) ensurePool(ctx context.Context, t *demoTable) error {
	var linked string
	if err := d.led.Inspect(ctx, func(s *ledger.State) { linked = s.PoolOf(t.ID) }); err != nil {
		return err
	}
	if linked != "" {
		return nil
	}
	id := t.Pool.ID
	link := &ledger.LinkPool{Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Pool: id, Table: t.ID}
	_, err := d.led.Execute(ctx, link)
	if errors.Is(err, ledger.ErrPoolNotFound) {
		params, perr := d.catalog.DemoPoolParams(id)
		if perr != nil {
			return fmt.Errorf("pool %s: %w", id, perr)
		}
		if _, err := d.led.Execute(ctx, &ledger.ConfigurePool{
			Meta: ledger.Meta{Actor: demoActor(ledger.RoleFinance)}, Pool: id, Currency: demoCurrency, Params: params, Reason: "demo pool",
		}); err != nil {
			return fmt.Errorf("configure pool %s: %w", id, err)
		}
		_, err = d.led.Execute(ctx, link)
	}
	if err != nil {
		return fmt.Errorf("link %s to pool %s: %w", t.ID, id, err)
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
			low[i] = s.Balance(posting.WalletAccount(p), demoCurrency).LessThan(d.topUpBelow)
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

// round tops the wallets up and has the table's game play one round (or
// one result of a round of several). If the play fails, the round in
// progress is cancelled (refunding its bets) so the table is free for the
// next one.
func (d *demo) round(ctx context.Context, t *demoTable) error {
	if err := d.topUp(ctx); err != nil {
		return err
	}
	err := t.Player.Play(ctx, &demoDealer{d: d, t: t}, d.rng)
	if err == nil || ctx.Err() != nil {
		return err
	}
	tv, _, ierr := d.table(ctx, t.ID)
	if ierr != nil {
		return errors.Join(err, ierr)
	}
	if tv.Active != "" {
		_, cerr := d.led.Execute(ctx, &ledger.Cancel{
			Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: t.ID, Round: tv.Active,
			Reason: "demo round failed",
		})
		if cerr != nil && !errors.Is(cerr, ledger.ErrRoundFinished) {
			err = errors.Join(err, fmt.Errorf("cancel: %w", cerr))
		}
		return fmt.Errorf("round %s: %w", tv.Active, err)
	}
	return err
}
