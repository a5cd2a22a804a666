package bench

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/wagerlog/wagerlog/ledger"
)

// The fill phase writes real ledger events quickly: many clients, slips of
// several bets (each settled by its own event), rounds of about 500 bets
// like the ingest phase's (DefaultRoundSlips one-bet slips).
const (
	fillClientsMin = 256
	fillClientsMax = 2048
	fillSlipBets   = 10
	fillRoundSlips = 50
	// progressEvery is the period of the progress lines of long phases.
	progressEvery = 2 * time.Second
)

// fillResult is what the fill phase wrote.
type fillResult struct {
	events  int64
	elapsed time.Duration
}

// fill keeps the ledger writing until the stream holds target events:
// clients place slips of fillSlipBets bets while the dealers settle rounds
// of fillRoundSlips slips. Nothing here is measured against an aim; it
// makes a stream of real ledger events for the rebuild.
// Its idempotency keys begin with tag, which must differ from one call to
// the next.
func fill(ctx context.Context, c *casino, log *countingLog, target uint64, clients int, players []string, tag string, progress io.Writer) (fillResult, error) {
	var res fillResult
	if c.led.LastSeq() >= target {
		return res, nil
	}
	clients = max(fillClientsMin, min(clients, fillClientsMax))
	before := log.snapshot()
	saved := c.roundSlips
	c.roundSlips = fillRoundSlips
	defer func() { c.roundSlips = saved }()
	dl := c.runDealers(ctx, "fill")
	stopped := func() bool { return c.led.LastSeq() >= target }
	g, gctx := errgroup.WithContext(ctx)
	start := time.Now()
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				seq := c.led.LastSeq()
				fmt.Fprintf(progress, "bench: fill: %d of %d events (%.0f events/s)\n",
					seq, target, float64(log.snapshot().since(before).events)/time.Since(start).Seconds())
			}
		}
	}()
	for i := range clients {
		g.Go(func() error {
			p := &placer{c: c, at: i % len(c.tables)}
			player := players[i%len(players)]
			prefix := "fill" + tag + "-" + strconv.Itoa(i) + "-"
			for n := 0; !stopped(); n++ {
				bets := c.bets(i, n, fillSlipBets)
				_, _, err := p.place(gctx, stopped, func(table string) (outcome, error) {
					_, err := c.led.Execute(gctx, &ledger.PlaceSlip{
						Meta:  ledger.Meta{Actor: actor(ledger.RoleFrontend), IdempotencyKey: prefix + strconv.Itoa(n)},
						Table: table, Player: player, Bets: bets,
					})
					out, known := classify(err)
					if !known {
						return out, fmt.Errorf("bench: fill slip of %s on %s: %w", player, table, err)
					}
					return out, nil
				})
				if err != nil {
					return err
				}
			}
			return nil
		})
	}
	err := g.Wait()
	close(done)
	if _, derr := dl.end(); err == nil {
		err = derr
	}
	res.elapsed = time.Since(start)
	res.events = log.snapshot().since(before).events
	return res, err
}
