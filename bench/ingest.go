package bench

import (
	"context"
	"fmt"
	"io"
	"runtime/pprof"
	"strconv"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/wagerlog/wagerlog/ledger"
)

// ingestResult is what the ingest phase measured.
type ingestResult struct {
	bets    int64
	elapsed time.Duration
	lat     latencies
	refused int64
	// appended is what the ledger appended during the phase (bets,
	// settlements, round events and seals).
	appended appendCount
	rounds   []roundRecord
	// cpu is the process's CPU time over the timed part: the ledger, the
	// embedded server, the clients and the dealers.
	cpu time.Duration
}

// ingest runs clients that each place one-bet slips through
// ledger.Execute, one at a time, for d, while the dealers run rounds.
// Every slip carries an idempotency key, as the API's do.
// name tells the phase's idempotency keys apart from another's.
func ingest(ctx context.Context, c *casino, log *countingLog, name string, clients int, d time.Duration, profile io.Writer, players []string) (ingestResult, error) {
	var res ingestResult
	before := log.snapshot()
	dl := c.runDealers(ctx, name)
	if profile != nil {
		if err := pprof.StartCPUProfile(profile); err != nil {
			_, _ = dl.end()
			return res, fmt.Errorf("bench: CPU profile: %w", err)
		}
	}
	var stop atomic.Bool
	stopped := stop.Load
	recs := make([]*recorder, clients)
	placers := make([]*placer, clients)
	bets := make([]int64, clients)
	g, gctx := errgroup.WithContext(ctx)
	cpu0 := selfCPU()
	start := time.Now()
	timer := time.AfterFunc(d, func() { stop.Store(true) })
	for i := range clients {
		recs[i] = newRecorder(uint64(i), 1)
		placers[i] = &placer{c: c, at: i % len(c.tables)}
		g.Go(func() error {
			player := players[i]
			prefix := name + "-" + strconv.Itoa(i) + "-"
			for n := 0; !stopped(); n++ {
				bet := c.bets(i, n, 1)
				lat, ok, err := placers[i].place(gctx, stopped, func(table string) (outcome, error) {
					_, err := c.led.Execute(gctx, &ledger.PlaceSlip{
						Meta:  ledger.Meta{Actor: actor(ledger.RoleFrontend), IdempotencyKey: prefix + strconv.Itoa(n)},
						Table: table, Player: player, Bets: bet,
					})
					out, known := classify(err)
					if !known {
						return out, fmt.Errorf("bench: slip of %s on %s: %w", player, table, err)
					}
					return out, nil
				})
				if err != nil {
					return err
				}
				if ok {
					recs[i].add(lat)
					bets[i]++
				}
			}
			return nil
		})
	}
	err := g.Wait()
	res.elapsed = time.Since(start)
	res.cpu = selfCPU() - cpu0
	// Counted before the dealers settle their last rounds, which is
	// after the clock stopped.
	res.appended = log.snapshot().since(before)
	timer.Stop()
	if profile != nil {
		pprof.StopCPUProfile()
	}
	rounds, derr := dl.end()
	if err == nil {
		err = derr
	}
	if err != nil {
		return res, err
	}
	for i := range clients {
		res.bets += bets[i]
		res.refused += placers[i].refused
	}
	res.lat = merge(recs)
	res.rounds = rounds
	return res, nil
}
