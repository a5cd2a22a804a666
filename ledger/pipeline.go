package ledger

import (
	"context"
	"fmt"
)

// The sequencer is a pipeline of depth two. While the events of one group
// of commands are appended (an atomic batch costs the stream about as much
// time as deciding the group costs the sequencer), the next group is taken
// from the queue and decided on the state the first leaves; it is appended
// only once the first is stored, with the first's last sequence as its
// expected last sequence. So at most one append is in flight, the stream
// still receives every batch in order and fenced, and nothing is answered
// before it is stored:
//
//   - an accepted command is answered by the append that stored its last
//     event (appendGroup);
//   - a refusal, and the replay of a retried idempotency key whose
//     original is in the group in flight, are answered once that group is
//     stored (launch), since they were decided on its events;
//   - when the group in flight fails, the state is read back from the log
//     as before (recover), and the next group, decided on events that were
//     never stored, is decided again after the failed group's retries
//     (process).
//
// A request that reads the state (Inspect, a stream check, a checkpoint),
// a seal or a checkpoint due, and a state being recovered all wait for the
// group in flight first (canPipeline, land), so they see only stored
// events. docs/ARCHITECTURE.md, "The sequencer", says why and what it
// bought.

// flight is a group of commands whose events are being appended.
type flight struct {
	ps  []*pending
	out []sealed
	// attempt counts the earlier decisions of these commands that a
	// conflict or a failed append undid.
	attempt int
	// done is closed when every event is stored or an append failed;
	// failed and err are the outcome (appendGroup's), read only after.
	// The commands of the last batch may still be being answered.
	done   chan struct{}
	failed []*pending
	err    error
	// landed is set by the sequencer once it saw every event stored.
	landed bool
}

// canPipeline reports whether group may be decided while the group before
// it is appended: it holds only commands, and the state is the one the
// log leaves, not one being recovered.
func (l *Ledger) canPipeline(group []*request) bool {
	if l.state == nil || l.workPending || l.fault.Load() != nil {
		return false
	}
	for _, r := range group {
		if r.cmd == nil {
			return false
		}
	}
	return true
}

// idemReplay is the original command found for a retried idempotency key.
type idemReplay struct {
	key idemKey
	ent idemEntry
}

// answerReplay answers a retried command with its original's result.
func (l *Ledger) answerReplay(p *pending) {
	if p.done {
		return
	}
	res, err := l.idemResult(context.Background(), p.replay.key, p.replay.ent)
	if err != nil {
		l.answer(p, Result{}, fmt.Errorf("%w: reading the answer of key %q: %v", ErrUnavailable, p.req.cmd.meta().IdempotencyKey, err))
		return
	}
	l.answer(p, res, nil)
}

// reset readies commands to be decided again, leaving out those already
// answered.
func reset(ps []*pending) []*pending {
	var out []*pending
	for _, p := range ps {
		if p.done {
			continue
		}
		p.lo, p.hi, p.leader, p.refused, p.replay = 0, 0, nil, nil, nil
		out = append(out, p)
	}
	return out
}

// fillWhileInFlight decides into g the commands that arrive while prev is
// appended, up to GroupMax: the clients that prev's predecessor answered
// come back during prev's append, and this way they go to the stream in
// the next batch instead of being split over several smaller ones. A
// request that is not a command ends the group; the sequencer takes it
// first on its next turn.
func (l *Ledger) fillWhileInFlight(g *grouping, ps []*pending, prev *flight) []*pending {
	for len(ps) < l.opts.GroupMax {
		select {
		case <-prev.done:
			return ps
		case r := <-l.queue:
			if r.cmd == nil {
				l.held = r
				return ps
			}
			ps = l.decideNext(g, ps, &pending{req: r})
		}
	}
	return ps
}
