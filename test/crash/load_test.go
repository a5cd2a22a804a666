//go:build crash

package crash

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// Shape of the load.
const (
	// heavySlipsMin..heavySlipsMin+heavySlipsSpread-1 slips of
	// heavySlipBets bets make a heavy round: 1,100..1,400 bets, more than
	// one atomic batch (1,000 events) settles.
	heavySlipsMin    = 11
	heavySlipsSpread = 4
	heavySlipBets    = 100
	// heavyWaitMax bounds the wait for a plan's heavy command; the kill
	// comes then anyway.
	heavyWaitMax = 30 * time.Second
	// reshakesMax bounds the reshakes of one round.
	reshakesMax = 2
)

// Kinds of kill plans.
const (
	planRandom       = "random moment"
	planHeavyResult  = "after a heavy result"
	planHeavyCorrect = "after a heavy correction"
	planHeavyCancel  = "after a heavy cancellation"
)

// plan says when a cycle's kill comes: after delay of load, or after the
// heavy command on table was sent, once frac of the time such a command
// takes has passed (the kill then falls before, inside or after its
// batches).
type plan struct {
	kind  string
	table int
	delay time.Duration
	frac  float64
}

func (p plan) String() string {
	if p.kind == planRandom {
		return fmt.Sprintf("%s (%v of load)", p.kind, p.delay.Round(time.Millisecond))
	}
	return fmt.Sprintf("%s on t%d (+%v, %.0f%% of its usual time)", p.kind, p.table+1, p.delay.Round(time.Millisecond), 100*p.frac)
}

// planShares are the shares of the plans' kinds: the cycles get them in a
// shuffled order, so that every kind is drawn.
var planShares = []struct {
	kind  string
	share int
}{{planRandom, 8}, {planHeavyResult, 6}, {planHeavyCorrect, 5}, {planHeavyCancel, 5}}

// choosePlans draws the plans of n cycles: kinds in the shares of
// planShares, in a random order; a random moment of 50..800 ms of load, or
// 20%..120% of the usual time of the heavy command after it was sent.
func choosePlans(rng *rand.Rand, n, tables int) []plan {
	var kinds []string
	for len(kinds) < n {
		for _, s := range planShares {
			for range s.share {
				kinds = append(kinds, s.kind)
			}
		}
	}
	rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	kinds = kinds[:n]
	out := make([]plan, n)
	for i, k := range kinds {
		if k == planRandom {
			out[i] = plan{kind: k, delay: between(rng, 50*time.Millisecond, 800*time.Millisecond)}
		} else {
			out[i] = plan{kind: k, table: rng.IntN(tables), frac: 0.2 + rng.Float64()}
		}
	}
	return out
}

// heavyKind is the command whose time a plan's delay is a fraction of.
func (p plan) heavyKind() string {
	switch p.kind {
	case planHeavyCorrect:
		return "correct"
	case planHeavyCancel:
		return "cancel"
	}
	return "result"
}

// heavyTimeDefault is the time of a heavy command before one was measured.
const heavyTimeDefault = 150 * time.Millisecond

// heavyTime is the median answer time of the acknowledged commands of kind
// written in several batches: the usual time of a plan's heavy command on
// this machine at this moment.
func (b *book) heavyTime(kind string) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	var ds []time.Duration
	for _, o := range b.acked {
		if o.kind == kind && o.res.Events > ledger.BatchEventsMax && o.resolvedFrom == "" {
			ds = append(ds, o.took)
		}
	}
	if len(ds) == 0 {
		return heavyTimeDefault
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// dealerPlan is what a dealer does first in a cycle.
type dealerPlan struct {
	// heavy makes the first new round a heavy one; cancel cancels it
	// instead of recording its result; correct starts with a correction
	// of the last heavy round (a heavy round when there is none yet).
	heavy, cancel, correct bool
	// onHeavy, if set, is called just before the plan's heavy command is
	// sent.
	onHeavy func()
}

// dealerPlanOf returns table i's part of p.
func dealerPlanOf(p plan, i int, sent func()) dealerPlan {
	if p.kind == planRandom || p.table != i {
		return dealerPlan{}
	}
	return dealerPlan{
		heavy: p.kind == planHeavyResult || p.kind == planHeavyCancel, cancel: p.kind == planHeavyCancel,
		correct: p.kind == planHeavyCorrect, onHeavy: sent,
	}
}

// load runs the clients against the server until the plan's moment, kills
// the server (SIGKILL) and stops the clients. It reports whether a plan's
// heavy command was sent before the kill.
func (w *world) load(c *client, srv *server, p *plan, seed uint64, cycle int) bool {
	ctx, cancel := context.WithCancel(context.Background())
	heavySent := make(chan struct{}, 1)
	sent := func() {
		select {
		case heavySent <- struct{}{}:
		default:
		}
	}
	rngOf := func(worker uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, uint64(cycle)<<8|worker)) }
	var wg sync.WaitGroup
	run := func(fn func()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn()
		}()
	}
	run(func() { w.cashierLoop(ctx, c, rngOf(1)) })
	for i, fe := range w.frontends {
		run(func() { w.frontendLoop(ctx, c, fe, rngOf(uint64(10+i))) })
	}
	for i, t := range w.tables {
		dp := dealerPlanOf(*p, i, sent)
		run(func() { w.dealerLoop(ctx, c, t, rngOf(uint64(20+i)), dp) })
	}
	heavy := false
	if p.kind == planRandom {
		time.Sleep(p.delay)
	} else {
		p.delay = time.Duration(p.frac * float64(w.book.heavyTime(p.heavyKind())))
		select {
		case <-heavySent:
			heavy = true
			time.Sleep(p.delay)
		case <-time.After(heavyWaitMax):
			w.tb.Logf("cycle %d: the heavy command was not sent within %v; killing anyway", cycle, heavyWaitMax)
		}
	}
	srv.kill()
	cancel()
	wg.Wait()
	return heavy
}

// cashierLoop deposits into random wallets and now and then withdraws
// (sometimes more than the wallet holds: insufficient_funds).
func (w *world) cashierLoop(ctx context.Context, c *client, rng *rand.Rand) {
	for ctx.Err() == nil {
		p := w.players[rng.IntN(len(w.players))]
		var o *op
		switch r := rng.Float64(); {
		case r < 0.15:
			o = w.book.write(ctx, c, w.cashier, "withdraw", "/v1/wallets/"+p+"/withdraw",
				cashBody{Amount: fmt.Sprintf("%d.%02d", 5+rng.IntN(300), rng.IntN(100)), Currency: currency})
		case r < 0.17:
			o = w.book.write(ctx, c, w.cashier, "deposit", "/v1/wallets/"+p+"/deposit", cashBody{Amount: "-5", Currency: currency})
		case r < 0.18:
			if prev := w.book.ackedOf(w.cashier, "deposit"); len(prev) > 0 {
				orig := prev[rng.IntN(len(prev))]
				if !w.book.conflict(ctx, c, orig, cashBody{Amount: "1.23", Currency: currency, Reference: "conflict"}) {
					return
				}
				continue
			}
			fallthrough
		default:
			o = w.book.write(ctx, c, w.cashier, "deposit", "/v1/wallets/"+p+"/deposit",
				cashBody{Amount: fmt.Sprintf("%d.%02d", 10+rng.IntN(190), rng.IntN(100)), Currency: currency})
		}
		if o.outcome == outcomeUnknown || !sleep(ctx, between(rng, 15*time.Millisecond, 60*time.Millisecond)) {
			return
		}
	}
}

// frontendLoop places slips for random players on random tables, most of
// them valid; some break a rule (stake under or over the limits, a bet
// code that does not parse or that the paytable does not offer, too many
// bets, a player without funds, a round that is not open) or reuse an
// acknowledged key with another body.
func (w *world) frontendLoop(ctx context.Context, c *client, fe *actor, rng *rand.Rand) {
	for ctx.Err() == nil {
		t := w.tables[rng.IntN(len(w.tables))]
		round, betting := t.current()
		if !betting && rng.Float64() < 0.8 {
			// Mostly wait for the next round; sometimes bet anyway
			// (round_not_open, or a slip that lands on the next round).
			if !sleep(ctx, between(rng, 2*time.Millisecond, 20*time.Millisecond)) {
				return
			}
			continue
		}
		s := slipBody{Player: w.players[rng.IntN(len(w.players))]}
		for range 1 + rng.IntN(5) {
			s.Bets = append(s.Bets, betBody{Code: t.codes[rng.IntN(len(t.codes))], Stake: stake(rng)})
		}
		if round != "" && rng.IntN(2) == 0 {
			s.Round = round
		}
		switch r := rng.Float64(); {
		case r < 0.03:
			s.Bets[0].Stake = "0.50"
		case r < 0.05:
			s.Bets[0].Stake = "600"
		case r < 0.07:
			s.Bets[0].Code = "total:3"
		case r < 0.08:
			s.Bets[0].Code = t.notOffered
		case r < 0.09:
			for len(s.Bets) <= 100 {
				s.Bets = append(s.Bets, betBody{Code: "small", Stake: "1"})
			}
		case r < 0.11:
			s.Player = brokePlayer
		case r < 0.12:
			if prev := w.book.ackedOf(fe, "slip"); len(prev) > 0 {
				if !w.book.conflict(ctx, c, prev[rng.IntN(len(prev))], s) {
					return
				}
				continue
			}
		}
		o := w.book.write(ctx, c, fe, "slip", "/v1/tables/"+t.id+"/slips", s)
		if o.outcome == outcomeUnknown || !sleep(ctx, between(rng, 2*time.Millisecond, 20*time.Millisecond)) {
			return
		}
	}
}

// dealerLoop drives the rounds of one table: open, let the frontends bet,
// close, now and then a reshake, a pause (resumed or cancelled by the
// supervisor) or a cancellation, the result, and now and then a
// supervisor's correction, first what dp says. It returns at the first
// unknown outcome (the server died) or when ctx ends.
func (w *world) dealerLoop(ctx context.Context, c *client, t *table, rng *rand.Rand, dp dealerPlan) {
	round, status, ok := w.syncTable(ctx, c, t)
	if !ok {
		return
	}
	onHeavy := func() {
		if dp.onHeavy != nil {
			dp.onHeavy()
		}
	}
	heavyFirst, cancelHeavy := dp.heavy, false
	if dp.correct {
		if hr, hd := t.lastHeavy(); hr != "" {
			d := otherDice(rng, hd)
			o := w.book.newOp(w.supervisor, "correct", roundPath(t, hr, "correct"), correctBody{Dice: d, Reason: "crash suite: heavy correction"})
			onHeavy()
			w.book.send(ctx, c, o)
			switch o.outcome {
			case outcomeUnknown:
				return
			case outcomeAcked:
				t.setHeavy(hr, d)
			}
		} else {
			heavyFirst = true
		}
	}
	heavy, reshakes := false, 0
	for ctx.Err() == nil {
		var o *op
		switch status {
		case "", projections.RoundSettled, projections.RoundCancelled:
			o = w.book.write(ctx, c, t.dealer, "open_round", "/v1/tables/"+t.id+"/rounds", emptyBody{})
			if o.outcome == outcomeAcked {
				round, status = o.res.Round, projections.RoundBetting
				heavy, reshakes = heavyFirst || rng.Float64() < 0.06, 0
				cancelHeavy = heavyFirst && dp.cancel
				heavyFirst = false
				t.setRound(round, true)
			}
		case projections.RoundBetting:
			if heavy {
				if !w.placeHeavy(ctx, c, t, round, rng) {
					return
				}
			} else if !sleep(ctx, between(rng, 40*time.Millisecond, 150*time.Millisecond)) {
				return
			}
			switch r := rng.Float64(); {
			case cancelHeavy:
				o = w.book.newOp(w.supervisor, "cancel", roundPath(t, round, "cancel"), reasonBody{Reason: "crash suite: heavy round cancelled"})
				onHeavy()
				w.book.send(ctx, c, o)
				if o.outcome == outcomeAcked {
					status = projections.RoundCancelled
				}
			case r < 0.04 && !heavy:
				o = w.book.write(ctx, c, t.dealer, "pause", roundPath(t, round, "pause"), reasonBody{Reason: "crash suite: shoe fault"})
				if o.outcome == outcomeAcked {
					status = projections.RoundPaused
				}
			case r < 0.07 && !heavy:
				o = w.book.write(ctx, c, w.supervisor, "cancel", roundPath(t, round, "cancel"), reasonBody{Reason: "crash suite: cancelled while betting"})
				if o.outcome == outcomeAcked {
					status = projections.RoundCancelled
				}
			default:
				o = w.book.write(ctx, c, t.dealer, "close_betting", roundPath(t, round, "close-betting"), emptyBody{})
				if o.outcome == outcomeAcked {
					status = projections.RoundClosed
				}
			}
			if status != projections.RoundBetting {
				t.setRound(round, false)
			}
		case projections.RoundClosed:
			switch r := rng.Float64(); {
			case r < 0.15 && reshakes < reshakesMax:
				reshakes++
				reason := []string{"dice_overlapping", "dice_not_flat", "fewer_than_three", "other"}[rng.IntN(4)]
				o = w.book.write(ctx, c, t.dealer, "reshake", roundPath(t, round, "reshake"), map[string]string{"reason": reason})
			case r < 0.18:
				o = w.book.write(ctx, c, t.dealer, "pause", roundPath(t, round, "pause"), reasonBody{Reason: "crash suite: dice stuck"})
				if o.outcome == outcomeAcked {
					status = projections.RoundPaused
				}
			case r < 0.20 && !heavy:
				o = w.book.write(ctx, c, w.supervisor, "cancel", roundPath(t, round, "cancel"), reasonBody{Reason: "crash suite: cancelled after betting"})
				if o.outcome == outcomeAcked {
					status = projections.RoundCancelled
				}
			default:
				d := dice(rng)
				o = w.book.newOp(t.dealer, "result", roundPath(t, round, "result"), diceBody{Dice: d})
				if heavy {
					onHeavy()
				}
				w.book.send(ctx, c, o)
				if o.outcome != outcomeAcked {
					break
				}
				status = projections.RoundSettled
				if heavy {
					t.setHeavy(round, d)
				} else if rng.Float64() < 0.08 {
					co := w.book.write(ctx, c, w.supervisor, "correct", roundPath(t, round, "correct"), correctBody{Dice: otherDice(rng, d), Reason: "crash suite: wrong entry"})
					if co.outcome == outcomeUnknown {
						return
					}
				}
			}
		case projections.RoundPaused:
			if !sleep(ctx, between(rng, 10*time.Millisecond, 40*time.Millisecond)) {
				return
			}
			if rng.Float64() < 0.75 {
				o = w.book.write(ctx, c, w.supervisor, "resume", roundPath(t, round, "resume"), noteBody{Note: "crash suite: fixed"})
				if o.outcome == outcomeAcked {
					// Back to the status before the pause: read it.
					status = "resync"
				}
			} else {
				o = w.book.write(ctx, c, w.supervisor, "cancel", roundPath(t, round, "cancel"), reasonBody{Reason: "crash suite: fault not resolved"})
				if o.outcome == outcomeAcked {
					status = projections.RoundCancelled
				}
			}
		default:
			// A status read while the round was settling, or after a
			// resume: read it again.
			if !sleep(ctx, 10*time.Millisecond) {
				return
			}
			status = "resync"
		}
		if o != nil && o.outcome == outcomeUnknown {
			return
		}
		if (o != nil && o.outcome == outcomeRefused) || status == "resync" {
			if round, status, ok = w.syncTable(ctx, c, t); !ok {
				return
			}
		}
	}
}

// placeHeavy places heavySlipBets-bet slips for the table's whale on round,
// more than a thousand bets in all. It reports false at an unknown
// outcome.
func (w *world) placeHeavy(ctx context.Context, c *client, t *table, round string, rng *rand.Rand) bool {
	n := heavySlipsMin + rng.IntN(heavySlipsSpread)
	for range n {
		s := slipBody{Player: t.whale, Round: round}
		for range heavySlipBets {
			s.Bets = append(s.Bets, betBody{Code: t.codes[rng.IntN(len(t.codes))], Stake: fmt.Sprint(1 + rng.IntN(5))})
		}
		o := w.book.write(ctx, c, t.heavy, "slip", "/v1/tables/"+t.id+"/slips", s)
		switch o.outcome {
		case outcomeUnknown:
			return false
		case outcomeRefused:
			w.tb.Errorf("heavy slip on %s refused: %d %s", t.id, o.status, o.code)
			return true
		}
	}
	return true
}
