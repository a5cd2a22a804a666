package ledger

import (
	"fmt"
	"math"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/assert"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// Retention of what the state remembers beyond what validation needs.
const (
	// DefaultFinishedIDsMax is how many ids of rounds that left memory the
	// state remembers, so that a command on one is told round_finished
	// rather than round_not_found: about 100 bytes each (a 36-byte id, a
	// map slot, a queue slot), 10 MB at the default. A hundred tables at
	// a round a minute finish 100,000 rounds in 17 hours.
	DefaultFinishedIDsMax = 100_000
)

// apply applies one stored (or about to be stored) event to the state. It
// only applies a fact: the decision that produced the event was validated
// before, so apply cannot fail for business reasons. A payload that does not
// fit the state is a broken log or a programmer error, and panics.
func (s *State) apply(e *events.Envelope, payload events.Payload) {
	if e.Seq != s.lastSeq+1 {
		assert.Fail("apply: sequence %d after %d", e.Seq, s.lastSeq)
	}
	if e.PrevHash != s.head {
		assert.Fail("apply: event %d does not chain to the head", e.Seq)
	}
	for _, p := range e.Postings {
		s.post(p)
	}
	// A round's event is folded by the round model first (its status by
	// the one lifecycle table, its results and bets); the cases below
	// apply what the ledger adds.
	if e.Round != "" {
		r := s.rounds[e.Round]
		if op, ok := payload.(*events.RoundOpened); ok && r == nil {
			t := s.mustTable(op.Table)
			r = &Round{openSeq: e.Seq}
			r.Currency, r.Scale = t.Currency, t.Scale
			s.rounds[op.Round] = r
		}
		if r == nil {
			assert.Fail("apply: unknown round %q", e.Round)
		}
		if err := r.Apply(e, payload, s); err != nil {
			assert.Fail("apply: %v", err)
		}
		r.lastSeq = e.Seq
	}
	switch p := payload.(type) {
	case *events.WalletDeposited, *events.WalletWithdrawn, *events.WalletAdjusted:
		// The postings are the whole effect.
	case *events.TableOpened:
		t := &Table{
			ID: p.Table, Game: p.Game, Paytable: p.Paytable, PaytableHash: p.PaytableHash,
			Currency: p.Currency, Scale: p.Scale, Limits: p.Limits, Band: p.Band, Dealer: p.Dealer,
		}
		if old := s.tables[p.Table]; old != nil {
			// A closed table reopened keeps numbering its rounds.
			t.Rounds = old.Rounds
		}
		s.tables[p.Table] = t
	case *events.TableLimitsChanged:
		s.mustTable(p.Table).Limits = p.After
	case *events.TableClosed:
		s.mustTable(p.Table).Closed = true
	case *events.TableBankTaken:
		s.mustTable(p.Table).Banker = p.Player
	case *events.TableBankReleased:
		s.mustTable(p.Table).Banker = ""
	case *events.TableShoeStarted:
		t := s.mustTable(p.Table)
		t.Shoe, t.ShoeRound, t.ShoeOver = p.Shoe, p.AfterRound, false
		t.ShoeResults = nil
	case *events.RoundOpened:
		t := s.mustTable(p.Table)
		t.Rounds = p.Number
		t.Active = p.Round
		s.sessionRound(p)
	case *events.BetPlaced:
		s.sessionSold(p)
	case *events.RoundBettingClosed, *events.RoundPaused, *events.RoundResumed, *events.RoundStepSettled,
		*events.BingoClaimed, *events.RoundReshake, *events.BetSettled, *events.BetSettlementReversed, *events.BetTakenDown:
		// The round model's fold is the whole effect.
	case *events.RoundResult:
		s.mustRound(p.Round).work = workOf(e)
	case *events.RoundSettled:
		r := s.mustRound(p.Round)
		if r.Open != 0 {
			assert.Fail("apply: round %s settled with %d bets open", r.ID, r.Open)
		}
		r.work = workMeta{}
		// The table is between rounds again, unless this settlement is a
		// correction of an earlier round while a later one is in progress.
		t := s.mustTable(r.Table)
		if t.Active == r.ID {
			t.Active = ""
		}
		// The cut card ends the shoe of the table's last round; a
		// correction of a round dealt from an earlier shoe changes nothing.
		if r.Number == t.Rounds && r.Number > t.ShoeRound {
			t.ShoeOver = p.ShoeOver
		}
		t.keepShoeResults(r)
		s.finishRound(r)
	case *events.RoundCancelled:
		r := s.mustRound(p.Round)
		r.work = workOf(e)
		s.mustTable(r.Table).Active = ""
		// The cards a cancelled deal took left the shoe all the same.
		s.mustTable(r.Table).keepShoeResults(r)
		if r.Open == 0 {
			s.finishRound(r)
		}
	case *events.BetRefunded:
		r := s.mustRound(p.Round)
		if r.Open == 0 {
			r.work = workMeta{}
			s.finishRound(r)
		}
	case *events.RoundResultCorrected:
		r := s.mustRound(p.Round)
		// The ledger loads a finished round's bets before it decides or
		// replays its correction (Ledger.loadBets).
		if r.unloaded {
			assert.Fail("apply: correction of round %s whose bets are not loaded", r.ID)
		}
		r.work = workOf(e)
	case *events.LedgerSealed:
		s.sealSeq, s.sealTo, s.sealAt = e.Seq, p.ToSeq, e.OccurredAt
	default:
		if !s.applyPool(payload) && !s.applySession(payload) {
			panic(fmt.Sprintf("ledger: apply: unexpected payload %T", payload))
		}
	}
	if e.IdempotencyKey != "" {
		s.remember(e)
	}
	s.lastSeq = e.Seq
	s.head = e.Hash
}

// remember records the event under its command's idempotency key and forgets
// keys older than the window, or beyond the count limit. Expiry follows event
// time, so a replay forgets exactly what the live ledger forgot.
func (s *State) remember(e *events.Envelope) {
	k := newIdemKey(e.Actor.ID, e.IdempotencyKey)
	ent, ok := s.idem.get(k)
	if !ok {
		ent = idemEntry{req: reqDigest(e.RequestHash), at: e.OccurredAt.UnixNano(), first: e.Seq}
	}
	if e.Seq < ent.first || e.Seq-ent.first > math.MaxUint32 {
		assert.Fail("remember: event %d of a command that began at %d", e.Seq, ent.first)
	}
	ent.span = uint32(e.Seq - ent.first)
	ent.events++
	s.idem.set(k, ent)
	cut := e.OccurredAt.Add(-s.lim.IdemWindow).UnixNano()
	for s.idem.len() > 0 {
		if s.idem.oldest().ent.at >= cut && s.idem.len() <= s.lim.IdemMax {
			break
		}
		s.idem.dropOldest()
	}
}

// finishRound keeps a finished round in memory (for corrections) until more
// than FinishedRoundsKept rounds of its table have finished after it, and
// drops its bets: a correction reads them back from the stream
// (Ledger.loadBets), so memory holds the bets of the rounds in progress
// only, whatever the size of the rounds kept. A corrected round finishes
// again and drops them again.
func (s *State) finishRound(r *Round) {
	r.SetBets(nil)
	r.unloaded = true
	if r.done {
		return
	}
	r.done = true
	q := append(s.finishedQ[r.Table], r.ID)
	if len(q) > s.lim.RoundsKept {
		old := q[0]
		q = q[1:]
		delete(s.rounds, old)
		s.finished[old] = r.Table
		s.finishedOrder = append(s.finishedOrder, old)
		for len(s.finishedOrder) > s.lim.FinishedIDsMax {
			delete(s.finished, s.finishedOrder[0])
			s.finishedOrder = s.finishedOrder[1:]
		}
	}
	s.finishedQ[r.Table] = q
}

func workOf(e *events.Envelope) workMeta {
	return workMeta{actor: e.Actor, key: e.IdempotencyKey, reqHash: e.RequestHash, corr: e.CorrelationID}
}

func (s *State) mustTable(id string) *Table {
	t := s.tables[id]
	if t == nil {
		assert.Fail("apply: unknown table %q", id)
	}
	return t
}

func (s *State) mustRound(id string) *Round {
	r := s.rounds[id]
	if r == nil {
		assert.Fail("apply: unknown round %q", id)
	}
	return r
}

// AtResult reads what a round's result finds (round.Funds): the table's
// bank balance and the balances of the pool it is linked to.
func (s *State) AtResult(r *round.Round) round.AtResult {
	at := round.AtResult{Bank: s.balance(posting.BankAccount(r.Table), r.Currency)}
	if id := s.PoolOf(r.Table); id != "" {
		at.Pool = s.poolBalances(s.pools[id])
	}
	return at
}

// walletBalance is a player's wallet balance in a currency.
func (s *State) walletBalance(player, currency string) decimal.Decimal {
	return s.balance(posting.WalletAccount(player), currency)
}
