package ledger

import (
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/assert"
)

// Retention of what the state remembers beyond what validation needs.
const (
	// FinishedRoundsKept is how many finished rounds per table stay in
	// memory with their bets, so that their results can be corrected:
	// twice the statistics board's 50, so that every round on the board
	// can still be corrected even on a table with many cancelled rounds.
	FinishedRoundsKept = 100
)

// apply applies one stored (or about to be stored) event to the state. It
// only applies a fact: the decision that produced the event was validated
// before, so apply cannot fail for business reasons. A payload that does not
// fit the state is a broken log or a programmer error, and panics.
func (s *State) apply(e *events.Envelope, payload any, idemWindow time.Duration, idemMax int) {
	assert.That(e.Seq == s.lastSeq+1, "apply: sequence %d after %d", e.Seq, s.lastSeq)
	assert.That(e.PrevHash == s.head, "apply: event %d does not chain to the head", e.Seq)
	for _, p := range e.Postings {
		s.post(p)
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
	case *events.RoundOpened:
		t := s.mustTable(p.Table)
		t.Rounds = p.Number
		t.Active = p.Round
		s.rounds[p.Round] = &Round{
			ID: p.Round, Table: p.Table, Number: p.Number, Status: RoundBetting,
			OpenedAt: e.OccurredAt, Window: p.BettingWindow, bets: make(map[string]*Bet),
		}
	case *events.BetPlaced:
		r := s.mustRound(p.Round)
		for _, b := range p.Bets {
			bet := &Bet{ID: b.Bet, Slip: p.Slip, Player: p.Player, Code: b.Code, Stake: b.Stake, Status: BetOpen}
			r.Bets = append(r.Bets, bet)
			r.bets[b.Bet] = bet
			r.Staked = r.Staked.Add(b.Stake)
		}
	case *events.RoundBettingClosed:
		s.mustRound(p.Round).Status = RoundClosed
	case *events.RoundReshake:
		s.mustRound(p.Round).Reshakes++
	case *events.RoundResult:
		r := s.mustRound(p.Round)
		r.Result = &games.Result{Dice: p.Dice[:]}
		r.Status = RoundSettling
		r.Pending = len(r.Bets)
		r.work = workOf(e)
	case *events.BetSettled:
		r := s.mustRound(p.Round)
		b := r.mustBet(p.Bet)
		assert.That(b.Status == BetOpen, "apply: bet %s settled while %s", b.ID, b.Status)
		b.Status = BetSettled
		b.Correction = p.Correction
		b.Settlement = games.Settlement{
			Outcome: games.Outcome(p.Outcome), Win: p.Win, Returned: p.Returned,
			Residue: p.Residue, Rule: p.Rule, Commission: p.Commission,
		}
		for _, c := range p.Contributions {
			b.Settlement.Contributions = append(b.Settlement.Contributions, games.Contribution{Pool: c.Pool, Amount: c.Amount})
		}
		r.Pending--
	case *events.RoundSettled:
		r := s.mustRound(p.Round)
		assert.That(r.Pending == 0, "apply: round %s settled with %d bets pending", r.ID, r.Pending)
		r.Status = RoundSettled
		r.work = workMeta{}
		// The table is between rounds again, unless this settlement is a
		// correction of an earlier round while a later one is in progress.
		if t := s.mustTable(r.Table); t.Active == r.ID {
			t.Active = ""
		}
		s.finishRound(r)
	case *events.RoundPaused:
		r := s.mustRound(p.Round)
		r.Prior, r.Status = r.Status, RoundPaused
	case *events.RoundResumed:
		r := s.mustRound(p.Round)
		r.Status, r.Prior = r.Prior, ""
	case *events.RoundCancelled:
		r := s.mustRound(p.Round)
		r.Status = RoundCancelled
		r.Pending = len(r.Bets)
		r.work = workOf(e)
		s.mustTable(r.Table).Active = ""
		if r.Pending == 0 {
			s.finishRound(r)
		}
	case *events.BetRefunded:
		r := s.mustRound(p.Round)
		b := r.mustBet(p.Bet)
		assert.That(b.Status == BetOpen, "apply: bet %s refunded while %s", b.ID, b.Status)
		b.Status = BetRefunded
		r.Pending--
		if r.Pending == 0 {
			r.work = workMeta{}
			s.finishRound(r)
		}
	case *events.RoundResultCorrected:
		r := s.mustRound(p.Round)
		r.Correction = p.Correction
		r.Result = &games.Result{Dice: p.After[:]}
		r.Status = RoundSettling
		r.Pending = len(r.Bets)
		r.work = workOf(e)
	case *events.BetSettlementReversed:
		b := s.mustRound(p.Round).mustBet(p.Bet)
		assert.That(b.Status == BetSettled, "apply: bet %s reversed while %s", b.ID, b.Status)
		b.Status = BetOpen
		b.Reversed = p.Correction
	case *events.LedgerSealed:
		s.sealSeq, s.sealTo, s.sealAt = e.Seq, p.ToSeq, e.OccurredAt
	default:
		panic(fmt.Sprintf("ledger: apply: unexpected payload %T", payload))
	}
	if e.IdempotencyKey != "" {
		s.remember(e, payload, idemWindow, idemMax)
	}
	s.lastSeq = e.Seq
	s.head = e.Hash
}

// remember records the event under its command's idempotency key and forgets
// keys older than the window, or beyond the count limit. Expiry follows event
// time, so a replay forgets exactly what the live ledger forgot.
func (s *State) remember(e *events.Envelope, payload any, window time.Duration, max int) {
	k := idemMapKey(e.Actor.ID, e.IdempotencyKey)
	ent := s.idem[k]
	if ent == nil {
		ent = &idemEntry{reqHash: e.RequestHash, at: e.OccurredAt}
		s.idem[k] = ent
		s.idemQ = append(s.idemQ, k)
	}
	ent.result.add(e, payload)
	cut := e.OccurredAt.Add(-window)
	for len(s.idemQ) > 0 {
		old := s.idem[s.idemQ[0]]
		if old != nil && !old.at.Before(cut) && len(s.idemQ) <= max {
			break
		}
		delete(s.idem, s.idemQ[0])
		s.idemQ[0] = ""
		s.idemQ = s.idemQ[1:]
	}
}

// finishRound keeps a finished round in memory (for corrections) until more
// than FinishedRoundsKept rounds of its table have finished after it.
func (s *State) finishRound(r *Round) {
	if r.done {
		return
	}
	r.done = true
	q := append(s.finishedQ[r.Table], r.ID)
	if len(q) > FinishedRoundsKept {
		old := q[0]
		q = q[1:]
		delete(s.rounds, old)
		s.finished[old] = r.Table
	}
	s.finishedQ[r.Table] = q
}

func workOf(e *events.Envelope) workMeta {
	return workMeta{actor: e.Actor, key: e.IdempotencyKey, reqHash: e.RequestHash, corr: e.CorrelationID}
}

func (s *State) mustTable(id string) *Table {
	t := s.tables[id]
	assert.That(t != nil, "apply: unknown table %q", id)
	return t
}

func (s *State) mustRound(id string) *Round {
	r := s.rounds[id]
	assert.That(r != nil, "apply: unknown round %q", id)
	return r
}

func (r *Round) mustBet(id string) *Bet {
	b := r.bets[id]
	assert.That(b != nil, "apply: unknown bet %q in round %s", id, r.ID)
	return b
}

// walletBalance is a player's wallet balance in a currency.
func (s *State) walletBalance(player, currency string) decimal.Decimal {
	return s.balance(WalletAccount(player), currency)
}
