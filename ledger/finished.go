package ledger

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/round"
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
	bets, err := l.readBets(ctx, r)
	if err != nil {
		return fmt.Errorf("%w: reading the bets of round %s: %v", ErrUnavailable, r.ID, err)
	}
	r.SetBets(bets)
	r.unloaded = false
	return nil
}

// readBets returns the bets of a finished round as they were after its last
// event, rebuilt from its stored events by the round model's functions
// that apply uses.
func (l *Ledger) readBets(ctx context.Context, r *Round) ([]*Bet, error) {
	ctx, cancel := context.WithTimeout(ctx, roundLoadTimeout)
	defer cancel()
	// The scratch round counts the results (their content is not needed)
	// so that each bet gets its Since and Step.
	scratch := &round.Round{ID: r.ID}
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
		var errs []error
		switch p := payload.(type) {
		case *events.BetPlaced:
			errs = scratch.PlaceBets(p)
		case *events.RoundResult:
			scratch.Results = append(scratch.Results, nil)
		case *events.BetSettled:
			errs = append(errs, scratch.SettleBet(p))
		case *events.BetSettlementReversed:
			errs = append(errs, scratch.ReverseBet(p))
		case *events.BetRefunded:
			errs = append(errs, scratch.RefundBet(p))
		case *events.BetTakenDown:
			errs = append(errs, scratch.TakeDownBet(p))
		}
		if err := errors.Join(errs...); err != nil {
			return fmt.Errorf("event %d: %w", raw.Seq, err)
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
		return nil, err
	}
	if seen != r.lastSeq {
		// The round's last events are not stored yet: a correction
		// decided earlier in the same group. Its bets as the state knows
		// them are not in the stream; the command is answered
		// unavailable and its retry finds them.
		return nil, fmt.Errorf("the round's last event is %d, the stream's is %d: not stored yet", r.lastSeq, seen)
	}
	open := 0
	for _, b := range scratch.Bets {
		if b.Status == BetOpen {
			open++
		}
	}
	if results := len(scratch.Results); results != len(r.Results) || open != r.Open {
		return nil, fmt.Errorf("the stream gives %d results and %d open bets, the state %d and %d", results, open, len(r.Results), r.Open)
	}
	return scratch.Bets, nil
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
			bets, err := l.readBets(ctx, r)
			if err != nil {
				rerr = fmt.Errorf("%w: reading the bets of round %s: %v", ErrUnavailable, r.ID, err)
				return
			}
			out.SetBets(bets)
		}
	})
	if err == nil {
		err = rerr
	}
	return out, found, err
}
