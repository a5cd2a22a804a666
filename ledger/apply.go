package ledger

import (
	"fmt"
	"math"

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
	// It is the default and the most Options.FinishedRoundsKept allows:
	// the verifier (audit) holds the ledger to it.
	FinishedRoundsKept = 100
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
	// The round's status moves by the one lifecycle table; the cases
	// below apply the rest of the fact.
	var next, nextPrior string
	if e.Round != "" {
		var status, prior string
		if r := s.rounds[e.Round]; r != nil {
			status, prior = r.Status, r.Prior
		}
		var ok bool
		next, nextPrior, ok = RoundStatusAfter(status, prior, e.Type)
		if !ok {
			assert.Fail("apply: %s on round %s while %q", e.Type, e.Round, status)
		}
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
		s.rounds[p.Round] = &Round{
			ID: p.Round, Table: p.Table, Number: p.Number,
			Paytable: p.Paytable, PaytableHash: p.PaytableHash, Currency: t.Currency, Scale: t.Scale,
			OpenedAt: e.OccurredAt, Window: p.BettingWindow, bets: make(map[string]*Bet), openSeq: e.Seq,
		}
		s.sessionRound(p)
	case *events.BetPlaced:
		r := s.mustRound(p.Round)
		r.placeBets(p, len(r.Results))
		for _, b := range p.Bets {
			r.Staked = r.Staked.Add(b.Stake)
		}
		r.Open += len(p.Bets)
		s.sessionSold(p)
	case *events.RoundBettingClosed:
		if len(p.Transfers) > 0 {
			s.mustRound(p.Round).salesClosed = GameTransfers(p.Transfers)
		}
	case *events.RoundPaused, *events.RoundResumed, *events.RoundStepSettled, *events.BingoClaimed:
		// The status change is the whole effect.
	case *events.RoundReshake:
		s.mustRound(p.Round).Reshakes++
	case *events.RoundResult:
		r := s.mustRound(p.Round)
		r.Results = append(r.Results, p.ResultJSON())
		r.bankAtResult = s.balance(BankAccount(r.Table), r.Currency)
		r.poolAtResult = nil
		if id := s.PoolOf(r.Table); id != "" {
			r.poolAtResult = s.poolBalances(s.pools[id])
		}
		r.work = workOf(e)
	case *events.BetSettled:
		r := s.mustRound(p.Round)
		r.settleBet(p, len(r.Results))
		r.Open--
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
		r.refundBet(p)
		r.Open--
		if r.Open == 0 {
			r.work = workMeta{}
			s.finishRound(r)
		}
	case *events.BetTakenDown:
		r := s.mustRound(p.Round)
		r.takeDownBet(p)
		r.Open--
	case *events.RoundResultCorrected:
		r := s.mustRound(p.Round)
		// The ledger loads a finished round's bets before it decides or
		// replays its correction (Ledger.loadBets).
		if r.unloaded {
			assert.Fail("apply: correction of round %s whose bets are not loaded", r.ID)
		}
		r.Correction = p.Correction
		r.Results[len(r.Results)-1] = p.AfterJSON()
		r.work = workOf(e)
	case *events.BetSettlementReversed:
		r := s.mustRound(p.Round)
		r.reverseBet(p)
		r.Open++
	case *events.LedgerSealed:
		s.sealSeq, s.sealTo, s.sealAt = e.Seq, p.ToSeq, e.OccurredAt
	default:
		if !s.applyPool(payload) && !s.applySession(payload) {
			panic(fmt.Sprintf("ledger: apply: unexpected payload %T", payload))
		}
	}
	if e.Round != "" {
		r := s.mustRound(e.Round)
		r.Status, r.Prior = next, nextPrior
		r.lastSeq = e.Seq
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
	r.Bets, r.bets, r.unloaded = nil, nil, true
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

// The changes events make to a round's bets, shared by apply and by the
// loading of a finished round's bets from the stream (Ledger.loadBets).
// since and step are how many results the round had.

func (r *Round) placeBets(p *events.BetPlaced, since int) {
	for _, b := range p.Bets {
		bet := &Bet{
			ID: b.Bet, Slip: p.Slip, Player: p.Player, Code: b.Code, Stake: b.Stake,
			Since: since, Working: b.Working, Commission: b.Commission, Status: BetOpen, Funding: p.Funding,
		}
		r.Bets = append(r.Bets, bet)
		r.bets[b.Bet] = bet
	}
}

func (r *Round) settleBet(p *events.BetSettled, step int) {
	b := r.mustBet(p.Bet)
	if b.Status != BetOpen {
		assert.Fail("apply: bet %s settled while %s", b.ID, b.Status)
	}
	b.Status = BetSettled
	b.Correction = p.Correction
	b.Step = step
	b.Settlement = games.Settlement{
		Outcome: games.Outcome(p.Outcome), Win: p.Win, Returned: p.Returned,
		Residue: p.Residue, Rule: p.Rule, Commission: p.Commission, Counterparty: p.Counterparty,
	}
	for _, c := range p.Contributions {
		b.Settlement.Contributions = append(b.Settlement.Contributions, games.Contribution{Pool: c.Pool, Amount: c.Amount})
	}
}

func (r *Round) reverseBet(p *events.BetSettlementReversed) {
	b := r.mustBet(p.Bet)
	if b.Status != BetSettled {
		assert.Fail("apply: bet %s reversed while %s", b.ID, b.Status)
	}
	b.Status = BetOpen
	b.Reversed = p.Correction
}

func (r *Round) refundBet(p *events.BetRefunded) {
	b := r.mustBet(p.Bet)
	if b.Status != BetOpen {
		assert.Fail("apply: bet %s refunded while %s", b.ID, b.Status)
	}
	b.Status = BetRefunded
}

func (r *Round) takeDownBet(p *events.BetTakenDown) {
	b := r.mustBet(p.Bet)
	if b.Status != BetOpen {
		assert.Fail("apply: bet %s taken down while %s", b.ID, b.Status)
	}
	b.Status = BetTakenDown
}

func (r *Round) mustBet(id string) *Bet {
	b := r.bets[id]
	if b == nil {
		assert.Fail("apply: unknown bet %q in round %s", id, r.ID)
	}
	return b
}

// walletBalance is a player's wallet balance in a currency.
func (s *State) walletBalance(player, currency string) decimal.Decimal {
	return s.balance(WalletAccount(player), currency)
}
