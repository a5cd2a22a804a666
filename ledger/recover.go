package ledger

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/events"
)

// reload rebuilds the state from the log: from the newest valid checkpoint
// and the events after it, or from the whole log when there is none,
// checking the hash chain on the way. It remembers the ids of the events
// after sinceSeq, so that a recovery can tell which of a failed group's
// events did reach the log; so it starts from a checkpoint no newer than
// sinceSeq.
func (l *Ledger) reload(ctx context.Context) error {
	return l.reloadSince(ctx, ^uint64(0))
}

func (l *Ledger) reloadSince(ctx context.Context, sinceSeq uint64) error {
	// What is owed was drafted on the state being replaced.
	l.dropOwed()
	l.state = nil // until the new one is complete
	s := l.loadCheckpoint(ctx, sinceSeq)
	if s == nil {
		s = newState(l.limits())
	}
	base := s.lastSeq
	chain := events.NewChain(s.head, s.lastSeq)
	l.recent = map[uuid.UUID]uint64{}
	err := l.log.Read(ctx, base+1, 0, func(raw events.Raw) error {
		env, err := l.applyRaw(ctx, s, chain, raw)
		if err == nil && raw.Seq > sinceSeq {
			l.recent[env.ID] = raw.Seq
		}
		return err
	})
	if err != nil {
		l.state = nil
		if l.noteFault(err) {
			return err
		}
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	l.state = s
	l.lastSeq.Store(s.lastSeq)
	l.workPending = true
	if l.ckpt.seq < base {
		l.ckpt.seq = base
	}
	if base > 0 {
		l.ckpt.setInfo(func(i *CheckpointInfo) { i.Tail = s.lastSeq - base })
	}
	return nil
}

// idemReadTimeout bounds the read of a retried command's events.
const idemReadTimeout = 10 * time.Second

// idemResult is the answer to the command remembered under k as ent,
// rebuilt from its stored events as Result.add folds them (the command's
// events between its first and its last sequence, told from a seal or
// another command's by their idempotency key): the same Result the command
// got when it was accepted, its settlement included, without keeping it
// in memory.
func (l *Ledger) idemResult(ctx context.Context, k idemKey, ent idemEntry) (Result, error) {
	ctx, cancel := context.WithTimeout(ctx, idemReadTimeout)
	defer cancel()
	var r Result
	last := ent.first + uint64(ent.span)
	err := l.log.Read(ctx, ent.first, last, func(raw events.Raw) error {
		env, err := l.opts.Codec.Decode(raw.Data)
		if err != nil {
			return fmt.Errorf("ledger: decode event %d: %w", raw.Seq, err)
		}
		if env.IdempotencyKey == "" || newIdemKey(env.Actor.ID, env.IdempotencyKey) != k {
			return nil
		}
		env.Seq = raw.Seq
		payload, err := events.DecodePayload(&env)
		if err != nil {
			return fmt.Errorf("ledger: decode event %d: %w", raw.Seq, err)
		}
		r.add(&env, payload)
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	if r.Events != int(ent.events) || r.FirstSeq != ent.first || r.LastSeq != last {
		return Result{}, fmt.Errorf("ledger: the %d events of a retried command at %d..%d read back as %d at %d..%d", ent.events, ent.first, last, r.Events, r.FirstSeq, r.LastSeq)
	}
	return r, nil
}

// recover reloads the state after a failed append and reports which of the
// failed commands' events nevertheless reached the log (an append can fail
// after the server stored the batch, when its answer is lost). It then
// finishes any settlement the failure interrupted.
func (l *Ledger) recover(ctx context.Context, failed []*pending, out []sealed) map[*pending]bool {
	stored := map[*pending]bool{}
	// The append may have failed because the stream is gone or damaged:
	// then there is nothing to reload, and nothing to write after.
	if err := l.log.Check(ctx); l.noteFault(err) {
		return stored
	}
	since := uint64(0)
	if len(out) > 0 {
		since = out[0].env.Seq - 1
	}
	if err := l.reloadSince(ctx, since); err != nil {
		l.opts.Logger.Error("reload after a failed append", "err", err)
		return stored
	}
	if err := l.finishWork(ctx); err != nil {
		l.opts.Logger.Error("finishing interrupted work after a failed append", "err", err)
	}
	if l.state == nil {
		return stored
	}
	for _, p := range failed {
		if p.hi == p.lo {
			continue
		}
		if _, ok := l.recent[out[p.lo].env.ID]; !ok {
			continue
		}
		// The command's first event is stored. It counts as done only if
		// the work it started is finished too; otherwise it is answered
		// unavailable, and the next recovery finishes it.
		if r := l.state.rounds[out[p.lo].env.Round]; r != nil && hasWork(r) {
			continue
		}
		stored[p] = true
	}
	return stored
}

// finishWork writes the events that rounds still owe: settlements, refunds
// and re-settlements that a crash or a failed append interrupted between two
// batches. Each continuation event carries the idempotency key of the
// command that started the work.
func (l *Ledger) finishWork(ctx context.Context) error {
	if l.state == nil {
		return ErrUnavailable
	}
	for _, r := range l.state.rounds {
		if !hasWork(r) {
			continue
		}
		drafts, err := l.d.work(l.state, r)
		if err != nil {
			return fmt.Errorf("ledger: finish round %s: %w", r.ID, err)
		}
		if len(drafts) == 0 {
			continue
		}
		l.opts.Logger.Info("finishing interrupted round work", "round", r.ID, "status", r.Status, "events", len(drafts))
		now := l.opts.Clock().UTC()
		l.decidedAt = now // a seal right after takes this time (maybeSeal)
		out := l.sealAll(nil, drafts, r.work, now)
		for lo := 0; lo < len(out); lo += l.opts.BatchMax {
			hi := min(lo+l.opts.BatchMax, len(out))
			if _, err := l.appendBatch(ctx, out, lo, hi); err != nil {
				// The state holds events that are not stored: rebuild it.
				if rerr := l.reload(ctx); rerr != nil {
					return rerr
				}
				return fmt.Errorf("%w: finishing round %s: %v", ErrUnavailable, r.ID, err)
			}
			l.lastSeq.Store(out[hi-1].env.Seq)
		}
	}
	l.workPending = false
	return nil
}

// hasWork reports whether a round still owes settlements or refunds.
func hasWork(r *Round) bool {
	return r.Status == RoundSettling || (r.Status == RoundCancelled && r.Open > 0)
}

// applyRaw decodes a stored event, checks it against the hash chain and
// applies it to s.
func (l *Ledger) applyRaw(ctx context.Context, s *State, chain *events.Chain, raw events.Raw) (events.Envelope, error) {
	// Each failure is a message the ledger did not write as it stands.
	foreign := func(what string, err error) error {
		return &events.StreamFault{Kind: events.FaultForeignMessage, Seq: raw.Seq,
			Detail: fmt.Sprintf("%s (subject %s, message id %q): %v", what, raw.Subject, raw.MsgID, err)}
	}
	env, err := l.opts.Codec.Decode(raw.Data)
	if err != nil {
		return env, foreign("not an event of this ledger", err)
	}
	if err := chain.Next(raw.Seq, env.PrevHash, raw.Data); err != nil {
		return env, foreign("fails the hash chain", err)
	}
	env.Seq = raw.Seq
	payload, err := events.DecodePayload(&env)
	if err != nil {
		return env, foreign("payload does not decode", err)
	}
	if env.Type == events.TypeRoundResultCorrected {
		// A correction of a finished round: its bets are read back from
		// the stream, as the live ledger read them to decide it.
		if r := s.rounds[env.Round]; r != nil {
			if err := l.loadBets(ctx, r); err != nil {
				return env, err
			}
		}
	}
	s.apply(&env, payload)
	return env, nil
}
