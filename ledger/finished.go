package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// A finished round stays in memory without its bets (State.finishRound):
// its status, results, rules and the sequences of its first and last
// events, which a correction needs to be decided and a command on it to be
// answered. Its bets are read back from the stream when a correction comes:
// the round's events are on its table's subject between its round.opened
// and its last event, so the read costs that stretch of one table's
// events, not the history. The same read serves a replay that meets a
// correction, so a replay and the live ledger hold the same state.

// roundLoadTimeout bounds the read of one finished round's bets.
const roundLoadTimeout = 30 * time.Second

// tableReader is the read of one table's events that events/jetstream.Store
// offers besides Log; readBets falls back to Log.Read without it.
type tableReader interface {
	ReadTable(ctx context.Context, table string, from uint64, fn func(events.Raw) error) error
}

// errReadEnough stops a read at the round's last event.
var errReadEnough = errors.New("ledger: read far enough")

// loadBets reads the bets of a finished round back into it.
func (l *Ledger) loadBets(ctx context.Context, r *Round) error {
	if !r.unloaded {
		return nil
	}
	bets, byID, err := l.readBets(ctx, r)
	if err != nil {
		return fmt.Errorf("%w: reading the bets of round %s: %v", ErrUnavailable, r.ID, err)
	}
	r.Bets, r.bets, r.unloaded = bets, byID, false
	return nil
}

// readBets returns the bets of a finished round as they were after its last
// event, rebuilt from its stored events by the functions apply uses.
func (l *Ledger) readBets(ctx context.Context, r *Round) ([]*Bet, map[string]*Bet, error) {
	ctx, cancel := context.WithTimeout(ctx, roundLoadTimeout)
	defer cancel()
	scratch := &Round{ID: r.ID, bets: make(map[string]*Bet)}
	results := 0
	var seen uint64 // the sequence of the last event of the round read
	fn := func(raw events.Raw) error {
		if raw.Seq > r.lastSeq {
			return errReadEnough
		}
		if raw.Seq < r.openSeq {
			return nil
		}
		// The events were checked against the chain when they were
		// first applied; their own hash still catches damage since.
		if _, err := events.CheckHash(raw.Data); err != nil {
			return fmt.Errorf("event %d: %w", raw.Seq, err)
		}
		env, err := l.opts.Codec.Decode(raw.Data)
		if err != nil {
			return fmt.Errorf("decode event %d: %w", raw.Seq, err)
		}
		if env.Round != r.ID {
			return nil
		}
		env.Seq = raw.Seq
		seen = raw.Seq
		payload, err := events.DecodePayload(&env)
		if err != nil {
			return fmt.Errorf("decode event %d: %w", raw.Seq, err)
		}
		switch p := payload.(type) {
		case *events.BetPlaced:
			scratch.placeBets(p, results)
		case *events.RoundResult:
			results++
		case *events.BetSettled:
			scratch.settleBet(p, results)
		case *events.BetSettlementReversed:
			scratch.reverseBet(p)
		case *events.BetRefunded:
			scratch.refundBet(p)
		case *events.BetTakenDown:
			scratch.takeDownBet(p)
		}
		return nil
	}
	var err error
	if tr, ok := l.log.(tableReader); ok {
		err = tr.ReadTable(ctx, r.Table, r.openSeq, fn)
	} else {
		err = l.log.Read(ctx, r.openSeq, r.lastSeq, fn)
	}
	if err != nil && !errors.Is(err, errReadEnough) {
		return nil, nil, err
	}
	if seen != r.lastSeq {
		// The round's last events are not stored yet: a correction
		// decided earlier in the same group. Its bets as the state knows
		// them are not in the stream; the command is answered
		// unavailable and its retry finds them.
		return nil, nil, fmt.Errorf("the round's last event is %d, the stream's is %d: not stored yet", r.lastSeq, seen)
	}
	open := 0
	for _, b := range scratch.Bets {
		if b.Status == BetOpen {
			open++
		}
	}
	if results != len(r.Results) || open != r.Open {
		return nil, nil, fmt.Errorf("the stream gives %d results and %d open bets, the state %d and %d", results, open, len(r.Results), r.Open)
	}
	return scratch.Bets, scratch.bets, nil
}

// Round returns a copy of a round kept in memory (Options.FinishedRoundsKept)
// with its bets, read back from the stream for a finished round. It runs on
// the sequencer's goroutine, between two groups.
func (l *Ledger) Round(ctx context.Context, id string) (Round, bool, error) {
	var (
		out   Round
		found bool
		rerr  error
	)
	err := l.Inspect(ctx, func(s *State) {
		r := s.rounds[id]
		if r == nil {
			return
		}
		found = true
		out, _ = s.Round(id)
		if r.unloaded {
			bets, _, err := l.readBets(ctx, r)
			if err != nil {
				rerr = fmt.Errorf("%w: reading the bets of round %s: %v", ErrUnavailable, r.ID, err)
				return
			}
			out.Bets = bets
		}
	})
	if err == nil {
		err = rerr
	}
	return out, found, err
}
