package ledger

import (
	"fmt"

	"github.com/wagerlog/wagerlog/events"
)

// A result on a round with many bets settles all of them, and until now
// every settlement went into the result's own group commit: one group of
// thousands of events that every command queued behind it waited for, on
// every table (the bench's HTTP p99 rose from 91 ms at 500 slips a round
// to 252 ms at 4,000). Now the sequencer writes such a settlement in
// chunks of SettleChunk events, one chunk per group, and the commands of
// the other tables go into the same groups between the chunks. The round
// stays `settling` meanwhile, exactly as a crash between two batches
// leaves it (work.go), and the result is answered once its last chunk is
// stored, with every event of the settlement.
//
// What a command may see between two chunks:
//
//   - a slip, a new round, a close of betting or a result of another
//     table is decided between the chunks: the settlement touches only its
//     round and the wallets it pays, and a wallet paid in a later chunk
//     shows that payment nowhere yet (not in the stream, not in the
//     projections), so no decision sees less than a reader could;
//   - so is a slip on the settling table when the settlement ends the
//     round: it is refused either way (mustWait says why);
//   - every other command (a command of the settling table, a wallet's
//     deposit or withdrawal, a correction, a pool, a bingo session), and a
//     checkpoint, waits: the rest of the settlement is written first, in
//     its group, so that it is decided on the settled round as before.
//
// A round settled together (games.RoundSettler: card games with a bank,
// bingo, progressive pools) is chunked too: its settlement is drafted at
// once from the funds of its result, and round.settled, the last event,
// posts the round's transfers. A pool is the one thing such a round shares
// with other tables, so while a settlement of a table linked to a pool is
// owed, the commands of every table linked to that pool wait as well.
//
// A failed append drops what is owed: the state is read back from the
// log, and the recovery finishes the round (finishWork) before anything
// else, as after a crash. A result whose own events were stored is then
// answered unavailable; its retry with the same idempotency key reads the
// whole settlement back. docs/ARCHITECTURE.md, "Large settlements".

// DefaultSettleChunk is how many events of a settlement one group commit
// takes at most (Options.SettleChunk).
const DefaultSettleChunk = 256

// owedWork is a settlement being written in chunks.
type owedWork struct {
	table, round string
	// pool is the pool the table is linked to, "" for none.
	pool string
	// orig is the result that started it, answered once the last chunk
	// is stored (appendGroup) with every event in events.
	orig   *pending
	wm     workMeta
	key    idemKey
	keyed  bool
	rest   []draft
	events []sealed
	// ends is set when the settlement ends the round (round.settled),
	// not one roll of a round that goes on (round.step_settled).
	ends bool
	// origFl carries orig's own events, finalFl the last chunk.
	origFl, finalFl *flight
}

// chunkSettlement seals the first chunk of more, the work that p (a
// result) started on round r, and owes the rest. It reports false, sealing
// nothing, when the settlement is written at once: a small one, the work of
// another command (a cancellation's refunds, a correction's re-settlement),
// or chunks turned off.
func (l *Ledger) chunkSettlement(g *grouping, p *pending, r *Round, more []draft, wm workMeta) bool {
	if _, ok := p.req.cmd.(*RecordResult); !ok || l.opts.SettleChunk <= 0 || len(more) <= l.opts.SettleChunk {
		return false
	}
	n := l.opts.SettleChunk
	g.out = l.sealAll(g.out, more[:n], wm, g.now)
	w := &owedWork{
		table: r.Table, round: r.ID, pool: l.state.PoolOf(r.Table), orig: p, wm: wm, rest: more[n:],
		ends: more[len(more)-1].typ == events.TypeRoundSettled,
	}
	if m := p.req.cmd.meta(); m.IdempotencyKey != "" {
		w.key, w.keyed = newIdemKey(m.Actor.ID, m.IdempotencyKey), true
	}
	w.events = appendAnswer(w.events, g.out[p.lo:])
	p.owed = w
	l.owed = append(l.owed, w)
	l.owedN.Store(int64(len(l.owed)))
	return true
}

// appendAnswer keeps what an answer needs of the sealed events (not their
// encoded bytes).
func appendAnswer(to, out []sealed) []sealed {
	for _, s := range out {
		to = append(to, sealed{env: s.env, payload: s.payload})
	}
	return to
}

// owing reports whether a settlement has events left to seal.
func (l *Ledger) owing() bool {
	for _, w := range l.owed {
		if len(w.rest) > 0 {
			return true
		}
	}
	return false
}

// sealOwed seals the next chunk of every settlement owed (all of it with
// all) into g, each as a pending of its own, and returns ps with them.
func (l *Ledger) sealOwed(g *grouping, ps []*pending, all bool) []*pending {
	for _, w := range l.owed {
		if len(w.rest) == 0 {
			continue
		}
		n := len(w.rest)
		if !all {
			n = min(n, l.opts.SettleChunk)
		}
		c := &pending{cont: w, done: true, lo: len(g.out)}
		g.out = l.sealAll(g.out, w.rest[:n], w.wm, g.now)
		c.hi = len(g.out)
		w.events = appendAnswer(w.events, g.out[c.lo:])
		w.rest = w.rest[n:]
		c.final = len(w.rest) == 0
		if w.keyed && g.leaders[w.key] == nil {
			// A retry of the result decided in this group shares its
			// answer: its events are not all stored before this group.
			// (A retry is a command of the settling table, so its group
			// takes the settlement's last chunk: appendGroup answers the
			// result, then the retry, at the end of this group.)
			g.leaders[w.key] = w.orig
		}
		ps = append(ps, c)
	}
	return ps
}

// mustWait reports whether c must be decided on a state with no settlement
// owed: every command but the betting ones (a slip, a new round, a close of
// betting, a result) of a table with no settlement owed and no pool shared
// with a table that has one.
//
// A slip on a table whose round is being settled to its end is decided
// too: it is refused either way, since the round takes no more bets and no
// new round opens on the table before the settlement ends (OpenRound
// waits). Named with the settling round, it gets round_not_open (the round
// is settling) rather than round_finished. A slip on a table that settles
// one roll of a round that goes on (craps) waits: the round takes bets
// again after it.
func (l *Ledger) mustWait(c Command) bool {
	if !l.owing() {
		return false
	}
	var table string
	slip := false
	switch c := c.(type) {
	case *PlaceSlip:
		table, slip = c.Table, true
	case *OpenRound:
		table = c.Table
	case *CloseBetting:
		table = c.Table
	case *RecordResult:
		table = c.Table
	default:
		return true
	}
	pool, poolRead := "", false
	for _, w := range l.owed {
		if len(w.rest) == 0 {
			continue
		}
		if w.table == table {
			if slip && w.ends {
				continue
			}
			return true
		}
		if w.pool != "" {
			if !poolRead {
				pool, poolRead = l.state.PoolOf(table), true
			}
			if pool == w.pool {
				return true
			}
		}
	}
	return false
}

// decideNext decides p into g after the chunks it must wait for, and
// returns ps with them and p.
func (l *Ledger) decideNext(g *grouping, ps []*pending, p *pending) []*pending {
	if l.mustWait(p.req.cmd) {
		ps = l.sealOwed(g, ps, true)
	}
	l.decideOne(g, p)
	return append(ps, p)
}

// owedLaunched notes which settlements fl carries: the results it
// stores, and the last chunks.
func (l *Ledger) owedLaunched(fl *flight) {
	if len(l.owed) == 0 {
		return
	}
	for _, p := range fl.ps {
		switch {
		case p.owed != nil && p.owed.origFl == nil:
			p.owed.origFl = fl
		case p.cont != nil && p.final:
			p.cont.finalFl = fl
		}
	}
}

// owedLanded forgets the settlements whose last chunk fl stored (their
// results are answered by appendGroup).
func (l *Ledger) owedLanded(fl *flight) {
	fl.landed = true
	if len(l.owed) == 0 {
		return
	}
	kept := l.owed[:0]
	for _, w := range l.owed {
		if w.finalFl != fl {
			kept = append(kept, w)
			continue
		}
		w.forget()
	}
	clear(l.owed[len(kept):])
	l.owed = kept
	l.owedN.Store(int64(len(l.owed)))
}

// dropOwed gives up the settlements owed, when the state they were drafted
// on is read back from the log or the log failed. A result whose own
// events were stored is answered here; one whose group failed, or was not
// appended yet, is answered or decided again by the sequencer's recovery.
func (l *Ledger) dropOwed() {
	for _, w := range l.owed {
		if w.origFl == nil || !w.origFl.landed || w.orig.done {
			continue
		}
		err := fmt.Errorf("%w: the settlement of round %s was interrupted after its result was stored; it is finished on recovery, and a retry with the same idempotency key reads it all back", ErrUnavailable, w.round)
		if f := l.fault.Load(); f != nil {
			err = faultErr(f)
		}
		l.answer(w.orig, Result{}, err)
	}
	for _, w := range l.owed {
		w.forget()
	}
	clear(l.owed)
	l.owed = l.owed[:0]
	l.owedN.Store(0)
}

// forget lets go of the flights of a settlement no longer owed. A flight's
// pendings point to the settlements they start or continue, and those
// pointed to their flights: left as they were, each flight kept the ones
// before it, with their events, for as long as the ledger ran. (appendGroup
// may still be answering the result: orig and events stay.)
func (w *owedWork) forget() { w.origFl, w.finalFl = nil, nil }

// finishOwed writes every settlement owed, for a checkpoint or a close.
func (l *Ledger) finishOwed() {
	for l.owing() {
		l.flushOwed = true
		fl := l.start(nil, 0)
		l.flushOwed = false
		l.land(fl)
	}
}
