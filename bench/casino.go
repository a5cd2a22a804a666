package bench

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shopspring/decimal"
	"golang.org/x/sync/errgroup"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// The benchmark's money and tables.
const (
	currency = "EUR"
	// benchPaytable is the registry's paytable every table plays, by id:
	// its dealers throw three dice (Sic Bo) and the ledger settles through
	// the catalog.
	benchPaytable = "sicbo/live"
	// playerDeposit is each player's deposit: enough that no slip of a
	// run is ever refused for lack of funds.
	playerDeposit = 1_000_000_000
	// setupParallel bounds the deposits in flight while the players are
	// funded.
	setupParallel = 256
	// overloadedPause is how long a client waits after the ledger answered
	// ErrOverloaded (its queue was full) before trying again.
	overloadedPause = time.Millisecond
	// allClosedPause is how long a client waits when betting was closed on
	// every table in turn (every dealer settling at once).
	allClosedPause = 200 * time.Microsecond
	// dealerRetriesMax bounds a dealer's attempts of one command refused as
	// overloaded.
	dealerRetriesMax = 10_000
)

// betCodes and stakes are what the clients bet: mostly the even-money
// bets, now and then a number, a total, a double or a combination.
func betCodes() []string {
	return []string{"small", "big", "odd", "even", "small", "big", "single:3", "total:10", "double:2", "combo:1-2", "any_triple"}
}

func stakes() []decimal.Decimal {
	return []decimal.Decimal{decimal.NewFromInt(1), decimal.NewFromInt(2), decimal.NewFromInt(5), decimal.NewFromInt(10), decimal.NewFromInt(25)}
}

// actor returns the benchmark's actor of a role.
func actor(role string) events.Actor { return events.Actor{ID: "bench-" + role, Role: role} }

// casino is the tables the benchmark runs and the ledger it runs them on.
type casino struct {
	led *ledger.Ledger
	// exec executes the setup's and the dealers' commands: the ledger's
	// Execute, or the HTTP API's (the load generator).
	exec       func(context.Context, ledger.Command) (ledger.Result, error)
	tables     []*table
	roundSlips int64
	seed       uint64
	codes      []string
	stakes     []decimal.Decimal
}

// table is one table and what its dealer needs to know.
type table struct {
	id string
	// slips counts the slips accepted since the dealer opened the round;
	// full is signalled when it reaches roundSlips.
	slips atomic.Int64
	full  chan struct{}
	// rounds counts the rounds the dealer opened (for idempotency keys).
	rounds int
	// open is the dealer's word that betting is open: set once the ledger
	// answered its OpenRound, cleared before it sends CloseBetting. A
	// client reads it as a player reads the table's sign and goes to
	// another table without asking; a slip already on its way when the
	// dealer closes is refused by the ledger, as at a real table.
	open atomic.Bool
}

// roundRecord is a round a dealer settled, with about how many slips it
// took (the counter is a pacing signal, not an exact count).
type roundRecord struct {
	id    string
	slips int64
}

func newCasino(led *ledger.Ledger, tables, roundSlips int, seed uint64) *casino {
	ids := make([]string, tables)
	for i := range ids {
		ids[i] = "bench-" + strconv.Itoa(i+1)
	}
	c := newCasinoOn(led.Execute, ids, roundSlips, seed)
	c.led = led
	return c
}

// newCasinoOn returns a casino whose setup and dealers execute their
// commands with exec, on the tables ids.
func newCasinoOn(exec func(context.Context, ledger.Command) (ledger.Result, error), ids []string, roundSlips int, seed uint64) *casino {
	c := &casino{exec: exec, roundSlips: int64(roundSlips), seed: seed, codes: betCodes(), stakes: stakes()}
	for _, id := range ids {
		c.tables = append(c.tables, &table{id: id, full: make(chan struct{}, 1)})
	}
	return c
}

// setUp opens the tables and funds the players.
func (c *casino) setUp(ctx context.Context, players []string) error {
	band := ledger.Limit{Min: decimal.NewFromInt(1), Max: decimal.NewFromInt(10_000)}
	for _, t := range c.tables {
		if _, err := c.exec(ctx, &ledger.OpenTable{
			Meta:  ledger.Meta{Actor: actor(ledger.RoleSupervisor), IdempotencyKey: "open-table-" + t.id},
			Table: t.id, Paytable: benchPaytable, Currency: currency,
			Limits: map[string]ledger.Limit{"*": {Min: band.Min, Max: decimal.NewFromInt(1000)}},
			Band:   band, Dealer: actor(ledger.RoleDealer).ID,
		}); err != nil {
			return fmt.Errorf("open table %s: %w", t.id, err)
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(setupParallel)
	for _, p := range players {
		g.Go(func() error {
			_, err := c.exec(gctx, &ledger.Deposit{
				Meta:   ledger.Meta{Actor: actor(ledger.RoleCashier), IdempotencyKey: "deposit-" + p},
				Player: p, Amount: decimal.NewFromInt(playerDeposit), Currency: currency,
			})
			if err != nil {
				return fmt.Errorf("deposit to %s: %w", p, err)
			}
			return nil
		})
	}
	return g.Wait()
}

// bets returns n bets for a client's i-th slip: the choice cycles through
// the codes and stakes, differently for each client.
func (c *casino) bets(client, i, n int) []ledger.BetRequest {
	out := make([]ledger.BetRequest, n)
	for j := range out {
		k := client*7 + i*n + j
		out[j] = ledger.BetRequest{Code: c.codes[k%len(c.codes)], Stake: c.stakes[(k/3)%len(c.stakes)]}
	}
	return out
}

// dealers is the dealers of one phase, one per table.
type dealers struct {
	stop    chan struct{}
	g       *errgroup.Group
	mu      sync.Mutex
	settled []roundRecord
}

// runDealers starts a dealer on every table: open a round, wait until it
// has taken roundSlips slips, close betting, record random dice (which
// settles every bet), and again. end stops them; each settles the round it
// has open first.
func (c *casino) runDealers(ctx context.Context, phase string) *dealers {
	d := &dealers{stop: make(chan struct{})}
	d.g, ctx = errgroup.WithContext(ctx)
	for i, t := range c.tables {
		rng := rand.New(rand.NewPCG(c.seed, uint64(i)+1))
		d.g.Go(func() error { return c.deal(ctx, d, t, rng, phase) })
	}
	return d
}

// end stops the dealers once each has settled its open round, and returns
// the rounds they settled.
func (d *dealers) end() ([]roundRecord, error) {
	close(d.stop)
	err := d.g.Wait()
	return d.settled, err
}

func (c *casino) deal(ctx context.Context, d *dealers, t *table, rng *rand.Rand, phase string) error {
	dealer := ledger.Meta{Actor: actor(ledger.RoleDealer)}
	key := func(step string) ledger.Meta {
		m := dealer
		m.IdempotencyKey = fmt.Sprintf("%s-%s-%d-%s", phase, t.id, t.rounds, step)
		return m
	}
	for {
		t.rounds++
		res, err := c.dealerExec(ctx, &ledger.OpenRound{Meta: key("open"), Table: t.id})
		if err != nil {
			return fmt.Errorf("dealer of %s: open round: %w", t.id, err)
		}
		t.slips.Store(0)
		select {
		case <-t.full: // a signal left over from the last round
		default:
		}
		t.open.Store(true)
		stopped := false
		select {
		case <-t.full:
		case <-d.stop:
			stopped = true
		case <-ctx.Done():
			return ctx.Err()
		}
		t.open.Store(false)
		if _, err := c.dealerExec(ctx, &ledger.CloseBetting{Meta: key("close"), Table: t.id, Round: res.Round}); err != nil {
			return fmt.Errorf("dealer of %s: close betting: %w", t.id, err)
		}
		dice := []int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
		if _, err := c.dealerExec(ctx, &ledger.RecordResult{Meta: key("result"), Table: t.id, Round: res.Round, Result: fmt.Appendf(nil, `{"dice":[%d,%d,%d]}`, dice[0], dice[1], dice[2])}); err != nil {
			return fmt.Errorf("dealer of %s: result: %w", t.id, err)
		}
		d.mu.Lock()
		d.settled = append(d.settled, roundRecord{id: res.Round, slips: t.slips.Load()})
		d.mu.Unlock()
		if stopped {
			return nil
		}
	}
}

// dealerExec executes a dealer's command, waiting while the ledger's queue
// is full: a dealer's command must not be lost to a burst of bets.
func (c *casino) dealerExec(ctx context.Context, cmd ledger.Command) (ledger.Result, error) {
	for range dealerRetriesMax {
		res, err := c.exec(ctx, cmd)
		if !errors.Is(err, ledger.ErrOverloaded) {
			return res, err
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-time.After(overloadedPause):
		}
	}
	return ledger.Result{}, fmt.Errorf("%w after %d attempts", ledger.ErrOverloaded, dealerRetriesMax)
}

// accepted counts a slip on table i and tells its dealer when the round is
// full.
func (c *casino) accepted(i int) {
	t := c.tables[i]
	if t.slips.Add(1) == c.roundSlips {
		select {
		case t.full <- struct{}{}:
		default:
		}
	}
}

// outcome is what one attempt to place a slip came to.
type outcome int

const (
	placed     outcome = iota
	notOpen            // betting is not open on that table: try the next
	overloaded         // the queue was full: pause, then try again
)

// placer is one client's position among the tables.
type placer struct {
	c       *casino
	at      int
	refused int64 // attempts refused as not open or overloaded
}

// place tries one slip until it is placed or stopped says so, moving to the
// next table whenever betting is not open where the client is. try makes
// one attempt on a table. place returns the latency of the attempt that
// placed the slip, and ok false when stopped ended it first.
func (p *placer) place(ctx context.Context, stopped func() bool, try func(table string) (outcome, error)) (lat time.Duration, ok bool, err error) {
	closedInRow := 0
	for !stopped() {
		if err := ctx.Err(); err != nil {
			return 0, false, err
		}
		if !p.c.tables[p.at].open.Load() {
			p.next(&closedInRow)
			continue
		}
		start := time.Now()
		out, err := try(p.c.tables[p.at].id)
		lat = time.Since(start)
		if err != nil {
			return 0, false, err
		}
		switch out {
		case placed:
			p.c.accepted(p.at)
			return lat, true, nil
		case notOpen:
			p.refused++
			p.next(&closedInRow)
		case overloaded:
			p.refused++
			time.Sleep(overloadedPause)
		}
	}
	return 0, false, nil
}

// next moves the client to the next table, pausing once it has found
// betting closed on every table in turn (every dealer settling at once).
func (p *placer) next(closedInRow *int) {
	p.at = (p.at + 1) % len(p.c.tables)
	if *closedInRow++; *closedInRow%len(p.c.tables) == 0 {
		time.Sleep(allClosedPause)
	}
}

// classify sorts a ledger error into an outcome; known is false for the
// errors a client does not take in its stride. It matches the errors, not
// their codes: an answer of the HTTP API is one of them (problemError).
func classify(err error) (out outcome, known bool) {
	switch {
	case err == nil:
		return placed, true
	case errors.Is(err, ledger.ErrRoundNotOpen), errors.Is(err, ledger.ErrRoundFinished):
		return notOpen, true
	case errors.Is(err, ledger.ErrOverloaded):
		return overloaded, true
	}
	return placed, false
}
