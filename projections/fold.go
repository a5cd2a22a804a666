package projections

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// The folds: pure functions from an event to changes of the projected
// records. They read the records as they stood before the batch through a
// loader and keep every record they touch, decoded, in a fold until the
// batch ends; the store then writes them in the batch's one transaction.
// Nothing here knows about bbolt, so the folds are tested with a map.

// loader returns the stored value of key in bucket, nil when there is none.
// The bytes need only stay valid until the call returns.
type loader interface {
	load(bucket, key []byte) []byte
}

// putter stores value under key in bucket.
type putter func(bucket, key, value []byte) error

type balanceRec struct {
	AccountBalance
	// pending holds the batch's additions to Balance: value and write
	// settle them.
	pending sum
}

// value returns the balance with every posting folded so far.
func (b *balanceRec) value() decimal.Decimal {
	settle(&b.Balance, &b.pending)
	return b.Balance
}

// roundRec is a round's head record. Its bets are records of their own
// (bets), so that a batch that touches a round writes what changed, not the
// whole round: a round of thousands of bets would otherwise be decoded and
// encoded again by every batch that places or settles one of them.
type roundRec struct {
	RoundInfo
	// Prior is the status a paused round resumes to (round.Round.Prior),
	// stored under its first name, paused_from, with the record but not
	// shown.
	Prior string `json:"paused_from,omitempty"`
	// Seqs are the sequences of the round's own events (opened, closed,
	// reshakes, result, corrections, pauses, settled, cancelled); those of
	// its bets' events are in the bets' records. Stored but not shown.
	Seqs []uint64 `json:"seqs"`
	// History is every result of the round in order, as its game's JSON
	// (the last one corrected in place); shown as Results when there are
	// several.
	History []json.RawMessage `json:"history,omitempty"`
	// Payouts and Payees are the bets the round paid so far, for the
	// board of a game that shows its winners (games.BoardPayer): at most
	// games.BoardPayoutsMax, and how many in all. Stored but not shown.
	Payouts []games.BoardPayout `json:"payouts,omitempty"`
	Payees  int                 `json:"payees,omitempty"`

	// sums hold the batch's additions to Totals (sum): write settles
	// them.
	sums struct {
		staked, placementCommission, won, paid, residue, commission, refunded, takenDown sum
	}
	// stored is how many of the round's bets earlier transactions wrote
	// (its stored Totals.Bets; 0 for a round opened in this one): a bet
	// placed in a round without any is checked against this batch's bets
	// only, not looked up in the file.
	stored int
}

// settleTotals gives Totals the batch's additions.
func (r *roundRec) settleTotals() {
	t, s := &r.Totals, &r.sums
	settle(&t.Staked, &s.staked)
	settle(&t.PlacementCommission, &s.placementCommission)
	settle(&t.Won, &s.won)
	settle(&t.Paid, &s.paid)
	settle(&t.Residue, &s.residue)
	settle(&t.Commission, &s.commission)
	settle(&t.Refunded, &s.refunded)
	settle(&t.TakenDown, &s.takenDown)
}

// dailyRec is a day's totals of one row of the daily report, with the
// batch's additions to its amounts (sum): write settles them.
type dailyRec struct {
	DailyTotals
	sums struct {
		staked, commission, won, paid, residue, refunded, takenDown, reversedWon, reversedPaid, reversedResidue sum
	}
}

func (d *dailyRec) settle() {
	t, s := &d.DailyTotals, &d.sums
	settle(&t.Staked, &s.staked)
	settle(&t.Commission, &s.commission)
	settle(&t.Won, &s.won)
	settle(&t.Paid, &s.paid)
	settle(&t.Residue, &s.residue)
	settle(&t.Refunded, &s.refunded)
	settle(&t.TakenDown, &s.takenDown)
	settle(&t.ReversedWon, &s.reversedWon)
	settle(&t.ReversedPaid, &s.reversedPaid)
	settle(&t.ReversedResidue, &s.reversedResidue)
}

// setResult shows raw as the round's result in force.
func (r *roundRec) setResult(raw []byte) {
	r.Dice, r.Result = resultMembers(raw)
}

// model returns the round's lifecycle and results in force as the round
// model holds them, to fold an event with it (round.Round); put stores
// them back in the record, whose bytes keep their shape.
func (r *roundRec) model() *round.Round {
	m := &round.Round{ID: r.ID, Status: round.Status(r.Status), Prior: round.Status(r.Prior)}
	if r.History != nil {
		m.Results = make([][]byte, len(r.History))
		for i, h := range r.History {
			m.Results[i] = h
		}
	}
	return m
}

func (r *roundRec) put(m *round.Round) {
	r.Status, r.Prior = string(m.Status), string(m.Prior)
	if m.Results != nil {
		r.History = make([]json.RawMessage, len(m.Results))
		for i, h := range m.Results {
			r.History[i] = h
		}
	}
}

type kv struct{ bucket, key, value []byte }

// fold holds the records one batch has read or changed.
type fold struct {
	ld        loader
	loc       *time.Location
	boardSize int
	// byRound reports whether a paytable's game keeps whole rounds on
	// its board (games.RoundBoarder); nil: none does.
	byRound func(paytable string) bool
	// payer reports whether a paytable's game shows its rounds' winners
	// on its board (games.BoardPayer); nil: none does.
	payer func(paytable string) bool
	// games names the daily report's rows of games that sell items
	// (reportCode); nil reports every bet under its code.
	catalog *games.Catalog

	balances map[balanceID]*balanceRec
	tables   map[string]*TableInfo
	boards   map[string]*boardRec
	rounds   map[string]*roundRec
	bets     map[betID]*betRecord
	// betOrder is the order the batch first touched its bets in: nearly
	// key order (rounds follow each other in time), which the sort before
	// writing finishes cheaply, where a map's order is random.
	betOrder []betID
	daily    map[dailyID]*dailyRec
	// appends are records written once and never read back by a fold.
	appends []kv
	// pools are the progressive pools the batch touched (pools.go).
	pools map[string]bool
	// heads are the players whose histories the batch appended to
	// (history.go).
	heads map[string]*playerHead

	lastSeq uint64
	lastAt  time.Time

	// err is the first record the batch found damaged (a *DamagedError);
	// the event that found it fails with it.
	err error

	// The day of the last event, as [dayFrom, dayTo) in f.loc: events
	// come in time order, so most fall on the same day as the one before.
	dayFrom, dayTo time.Time
	dayName        string

	// scratch holds the key of a read (scratchBetKey), which is not kept.
	scratch []byte

	// open has the records of bets left open by earlier batches, read
	// before the file (openbets.go); nil: none.
	open *openBets
}

// scratchBetKey returns betKey(round, bet) in the fold's scratch buffer,
// valid until the next call: a read's key, made once a bet in a rebuild.
func (f *fold) scratchBetKey(round, bet string) []byte {
	f.scratch = appendBetKey(f.scratch[:0], round, bet)
	return f.scratch
}

// The maps of a fold are keyed by the parts of a record's key, so that a
// lookup builds no key; the key is built once, when the record is written.
type (
	balanceID struct{ account, currency string }
	betID     struct{ round, bet string }
	dailyID   struct{ day, table, currency, code string }
)

// newFold returns a fold for a batch of about events events: its bet map
// and appended records are sized for them up front, since growing them
// step by step copied them a dozen times over a rebuild's transactions.
func newFold(ld loader, loc *time.Location, boardSize, events int) *fold {
	return &fold{
		ld: ld, loc: loc, boardSize: boardSize,
		balances: make(map[balanceID]*balanceRec),
		tables:   make(map[string]*TableInfo),
		boards:   make(map[string]*boardRec),
		rounds:   make(map[string]*roundRec),
		bets:     make(map[betID]*betRecord, events),
		daily:    make(map[dailyID]*dailyRec),
		heads:    make(map[string]*playerHead),
		appends:  make([]kv, 0, 2*events),
		betOrder: make([]betID, 0, events),
	}
}

// decoded is one event ready to fold.
type decoded struct {
	env     events.Envelope
	payload any
}

// decode decodes one stored event with codec, its strings shared through
// strs with the other events of its batch.
func decode(codec *events.Codec, raw events.Raw, strs *events.Interner) (decoded, error) {
	e, p, err := codec.DecodeForProjectionWith(raw.Data, strs)
	if err != nil {
		return decoded{}, fmt.Errorf("projections: event %d: %w", raw.Seq, err)
	}
	e.Seq = raw.Seq
	return decoded{env: e, payload: p}, nil
}

func inconsistent(e *events.Envelope, format string, args ...any) error {
	return fmt.Errorf("%w: event %d (%s): %s", ErrInconsistent, e.Seq, e.Type, fmt.Sprintf(format, args...))
}

// damage records the first damaged record the batch found.
func (f *fold) damage(bucket, key []byte, err error) {
	if f.err == nil {
		f.err = damaged(bucket, key, err)
	}
}

// apply folds one event. A round's status moves by the one lifecycle
// table (round.StatusAfter); an event the round's status does not
// allow does not fit.
func (f *fold) apply(d *decoded) error {
	e := &d.env
	wallets := f.post(e)
	var err error
	switch p := d.payload.(type) {
	case *events.WalletDeposited, *events.WalletWithdrawn, *events.WalletAdjusted, *events.LedgerSealed:
		// Postings (and the wallet history below) are the whole effect.
	case *events.TableOpened:
		f.tableOpened(e, p)
	case *events.TableLimitsChanged:
		err = f.withTable(e, p.Table, func(t *TableInfo) {
			t.Limits = p.After
			t.LimitsFromRound = p.EffectiveFromRound
		})
	case *events.TableClosed:
		err = f.withTable(e, p.Table, func(t *TableInfo) {
			t.Status = TableClosed
			t.ClosedAt = e.OccurredAt
		})
	case *events.TableShoeStarted:
		err = f.withTable(e, p.Table, func(t *TableInfo) {
			t.Shoe = &ShoeInfo{Number: p.Shoe, Decks: p.Decks, CutCards: p.CutCards, AfterRound: p.AfterRound, StartedAt: e.OccurredAt, StartedSeq: e.Seq}
		})
	case *events.TableBankTaken:
		err = f.withTable(e, p.Table, func(t *TableInfo) {
			t.Bank = &BankInfo{Banker: p.Player, PutUp: p.Amount, TakenAt: e.OccurredAt, TakenSeq: e.Seq}
		})
	case *events.TableBankReleased:
		err = f.withTable(e, p.Table, func(t *TableInfo) { t.Bank = nil })
	case *events.RoundOpened:
		err = f.roundOpened(e, p)
	case *events.BetPlaced:
		err = f.betPlaced(e, p)
	case *events.RoundBettingClosed:
		if p.Announcement != "" {
			err = f.withRound(e, p.Round, func(r *roundRec) error {
				r.Announcement = p.Announcement
				f.announced(e, r, p.Announcement)
				return nil
			})
		}
	case *events.RoundStepSettled:
		err = f.stepSettled(e, p)
	case *events.BingoClaimed:
		err = f.withRound(e, p.Round, func(r *roundRec) error {
			r.Claims = append(r.Claims, RoundClaim{Seq: e.Seq, At: e.OccurredAt, Bet: p.Bet, Player: p.Player, Prize: p.Prize,
				Balls: p.Balls, Correct: p.Correct, Reason: p.Reason})
			return nil
		})
	case *events.RoundReshake:
		err = f.withRound(e, p.Round, func(r *roundRec) error {
			r.Reshakes = append(r.Reshakes, Reshake{Seq: e.Seq, At: e.OccurredAt, Reason: p.Reason, Note: p.Note})
			return nil
		})
	case *events.RoundResult:
		err = f.withRound(e, p.Round, func(r *roundRec) error {
			raw := p.ResultJSON()
			m := r.model()
			m.RecordResult(raw, nil)
			r.put(m)
			r.setResult(raw)
			return nil
		})
	case *events.BetSettled:
		err = f.betSettled(e, p)
	case *events.RoundSettled:
		err = f.roundSettled(e, p)
	case *events.RoundPaused:
		err = f.withRound(e, p.Round, func(r *roundRec) error {
			r.PauseReason = p.Reason
			return nil
		})
	case *events.RoundResumed:
		err = f.withRound(e, p.Round, func(r *roundRec) error {
			r.PauseReason = ""
			return nil
		})
	case *events.RoundCancelled:
		err = f.roundCancelled(e, p)
	case *events.BetRefunded:
		err = f.betRefunded(e, p)
	case *events.RoundResultCorrected:
		err = f.withRound(e, p.Round, func(r *roundRec) error {
			after := p.AfterJSON()
			m := r.model()
			m.CorrectResult(p)
			r.put(m)
			r.setResult(after)
			c := Correction{Seq: e.Seq, At: e.OccurredAt, Number: p.Correction, Reason: p.Reason}
			if before, other := events.ResultMembers(p.BeforeJSON()); other == nil {
				c.Before = before
			} else {
				c.BeforeResult = other
			}
			if a, other := events.ResultMembers(after); other == nil {
				c.After = a
			} else {
				c.AfterResult = other
			}
			r.Corrections = append(r.Corrections, c)
			return nil
		})
	case *events.BetSettlementReversed:
		err = f.betReversed(e, p)
	case *events.BetTakenDown:
		err = f.betTakenDown(e, p)
	case *events.JackpotConfigured:
		f.poolEvent(e, p.Pool, p)
	case *events.JackpotLinked:
		f.poolEvent(e, p.Pool, p)
	case *events.JackpotUnlinked:
		f.poolEvent(e, p.Pool, p)
	case *events.JackpotAdjusted:
		f.poolEvent(e, p.Pool, p)
	case *events.JackpotDecommissioned:
		f.poolEvent(e, p.Pool, p)
	case *events.JackpotSeatClosed, *events.JackpotSeatReopened:
		// A seat closed to progressive bets: the ledger refuses them; the
		// round's bets show what was taken.
	case *events.JackpotPassFunded:
		// A pass's shortfall funding: its postings are the pool's
		// movements (poolEntries).
	case *events.JackpotDrawn:
		// A pass's complementary prizes: its postings are the pool's
		// movements (poolEntries) and the winners' wallets'.
	case *events.JackpotDrawSeedRevealed:
		f.poolEvent(e, p.Pool, p)
	case *events.CreditsExpired:
		// Its posting is the whole effect: the credits' balance, and the
		// pool's history when they return to a pool (poolEntries).
	default:
		var ok bool
		if ok, err = f.sessionEvent(e, d.payload); !ok {
			return inconsistent(e, "no fold for payload %T", d.payload)
		}
	}
	if f.err != nil {
		return f.err
	}
	if err != nil {
		return err
	}
	if e.Round != "" {
		r, err := f.round(e, e.Round)
		if err != nil {
			return err
		}
		// Only the status is needed: no copy of the results.
		m := round.Round{ID: r.ID, Status: round.Status(r.Status), Prior: round.Status(r.Prior)}
		if m.Move(e.Type) != nil {
			return inconsistent(e, "round %s is %s", r.ID, r.Status)
		}
		r.Status, r.Prior = string(m.Status), string(m.Prior)
		switch d.payload.(type) {
		case *events.BetPlaced, *events.BetSettled, *events.BetRefunded, *events.BetSettlementReversed, *events.BetTakenDown:
			// In the records of the bets they are about.
		default:
			r.Seqs = append(r.Seqs, e.Seq)
		}
	}
	f.walletEntries(e, d.payload, wallets)
	f.poolEntries(e, d.payload)
	f.sessionEntries(e, d.payload)
	f.lastSeq, f.lastAt = e.Seq, e.OccurredAt
	return nil
}

// walletDelta is the net change of one wallet by one event.
type walletDelta struct {
	player, currency string
	amount           decimal.Decimal
}

// post applies an event's postings to the balances and returns the net
// change of each wallet they touch.
func (f *fold) post(e *events.Envelope) []walletDelta {
	var out []walletDelta
	add := func(account, currency string, amount decimal.Decimal, from bool) {
		b := f.balance(account, currency)
		if from {
			subFrom(&b.Balance, &b.pending, amount)
		} else {
			addTo(&b.Balance, &b.pending, amount)
		}
		b.UpdatedSeq = e.Seq
		player, ok := posting.IsWallet(account)
		if !ok {
			return
		}
		if from {
			amount = amount.Neg()
		}
		for i := range out {
			if out[i].player == player && out[i].currency == currency {
				out[i].amount = out[i].amount.Add(amount)
				return
			}
		}
		out = append(out, walletDelta{player: player, currency: currency, amount: amount})
	}
	for _, p := range e.Postings {
		add(p.From, p.Currency, p.Amount, true)
		add(p.To, p.Currency, p.Amount, false)
	}
	return out
}

func (f *fold) balance(account, currency string) *balanceRec {
	id := balanceID{account, currency}
	if b := f.balances[id]; b != nil {
		return b
	}
	b := &balanceRec{AccountBalance: AccountBalance{Account: account, Currency: currency}}
	key := balanceKey(account, currency)
	if v := f.ld.load(bucketBalances, key); v != nil {
		var err error
		if b.UpdatedSeq, b.Balance, err = decodeBalance(v); err != nil {
			f.damage(bucketBalances, key, err)
		}
	}
	f.balances[id] = b
	return b
}

// walletEntries records one history entry per wallet the event moved.
func (f *fold) walletEntries(e *events.Envelope, payload any, ws []walletDelta) {
	for _, w := range ws {
		ent := WalletEntry{
			Seq: e.Seq, At: e.OccurredAt, Type: e.Type, Currency: w.currency, Amount: w.amount,
			BalanceAfter: f.balance(posting.WalletAccount(w.player), w.currency).value(),
			Table:        e.Table, Round: e.Round, Actor: e.Actor,
		}
		switch p := payload.(type) {
		case *events.WalletDeposited:
			ent.Reference = p.Reference
		case *events.WalletWithdrawn:
			ent.Reference = p.Reference
		case *events.WalletAdjusted:
			ent.Reason = p.Reason
		case *events.BetPlaced:
			ent.Slip = p.Slip
		case *events.BetSettled:
			ent.Slip, ent.Bet = p.Slip, p.Bet
		case *events.BetRefunded:
			ent.Slip, ent.Bet = p.Slip, p.Bet
		case *events.BetSettlementReversed:
			ent.Slip, ent.Bet = p.Slip, p.Bet
		case *events.BetTakenDown:
			ent.Slip, ent.Bet = p.Slip, p.Bet
		case *events.JackpotDrawn:
			for _, z := range p.Prizes {
				if z.Player == w.player {
					ent.Bet, ent.Reason = z.Bet, "complementary prize: "+z.Name
				}
			}
		}
		f.appendWallet(w.player, &ent)
	}
}

func (f *fold) table(id string) *TableInfo {
	if t, ok := f.tables[id]; ok {
		return t
	}
	var t *TableInfo
	if v := f.ld.load(bucketTables, []byte(id)); v != nil {
		t = new(TableInfo)
		if err := json.Unmarshal(v, t); err != nil {
			f.damage(bucketTables, []byte(id), err)
		}
	}
	f.tables[id] = t
	return t
}

func (f *fold) withTable(e *events.Envelope, id string, fn func(*TableInfo)) error {
	t := f.table(id)
	if t == nil {
		return inconsistent(e, "unknown table %q", id)
	}
	fn(t)
	return nil
}

func (f *fold) tableOpened(e *events.Envelope, p *events.TableOpened) {
	t := &TableInfo{
		ID: p.Table, Game: p.Game, Paytable: p.Paytable, PaytableHash: p.PaytableHash,
		Currency: p.Currency, Scale: p.Scale, Limits: p.Limits, Band: p.Band, Dealer: p.Dealer,
		Status: TableOpen, OpenedAt: e.OccurredAt, OpenedSeq: e.Seq,
	}
	if old := f.table(p.Table); old != nil {
		// A table reopened keeps numbering its rounds (as the ledger does).
		t.Rounds = old.Rounds
	}
	f.tables[p.Table] = t
}

func (f *fold) round(e *events.Envelope, id string) (*roundRec, error) {
	if r, ok := f.rounds[id]; ok {
		return r, nil
	}
	v := f.ld.load(bucketRounds, []byte(id))
	if v == nil {
		return nil, inconsistent(e, "unknown round %q", id)
	}
	r := new(roundRec)
	if err := decodeJSON(bucketRounds, []byte(id), v, r); err != nil {
		f.damage(bucketRounds, []byte(id), err)
		return nil, f.err
	}
	r.stored = r.Totals.Bets
	f.rounds[id] = r
	return r, nil
}

func (f *fold) withRound(e *events.Envelope, id string, fn func(*roundRec) error) error {
	r, err := f.round(e, id)
	if err != nil {
		return err
	}
	return fn(r)
}

func (f *fold) roundOpened(e *events.Envelope, p *events.RoundOpened) error {
	t := f.table(p.Table)
	if t == nil {
		return inconsistent(e, "round on unknown table %q", p.Table)
	}
	t.Rounds = p.Number
	t.ActiveRound = p.Round
	// The status moves from "" to betting by the lifecycle, in apply.
	r := &roundRec{RoundInfo: RoundInfo{
		ID: p.Round, Table: p.Table, Number: p.Number,
		Paytable: p.Paytable, PaytableHash: p.PaytableHash, Currency: t.Currency, Scale: t.Scale,
		OpenedAt: e.OccurredAt, Totals: RoundTotals{}, Session: p.Session,
	}}
	f.rounds[p.Round] = r
	f.appends = append(f.appends, kv{bucketTableRounds, tableRoundKey(p.Table, p.Number), []byte(p.Round)})
	return nil
}

// day returns the date of at in the configured zone.
func (f *fold) day(at time.Time) string {
	if !at.Before(f.dayFrom) && at.Before(f.dayTo) {
		return f.dayName
	}
	local := at.In(f.loc)
	y, m, d := local.Date()
	f.dayFrom = time.Date(y, m, d, 0, 0, 0, 0, f.loc)
	f.dayTo = time.Date(y, m, d+1, 0, 0, 0, 0, f.loc)
	f.dayName = local.Format(time.DateOnly)
	return f.dayName
}

func (f *fold) dailyOf(e *events.Envelope, table, currency, code string) *dailyRec {
	code = f.reportCode(table, code)
	id := dailyID{f.day(e.OccurredAt), table, currency, code}
	if d := f.daily[id]; d != nil {
		return d
	}
	d := &dailyRec{DailyTotals: DailyTotals{Day: id.day, Table: table, Currency: currency, Code: code}}
	key := dailyKey(id.day, table, currency, code)
	if v := f.ld.load(bucketDaily, key); v != nil {
		if err := json.Unmarshal(v, &d.DailyTotals); err != nil {
			f.damage(bucketDaily, key, err)
		}
	}
	f.daily[id] = d
	return d
}

func (f *fold) betPlaced(e *events.Envelope, p *events.BetPlaced) error {
	r, err := f.round(e, p.Round)
	if err != nil {
		return err
	}
	for i, b := range p.Bets {
		id := betID{p.Round, b.Bet}
		if f.bets[id] != nil || r.stored > 0 && f.ld.load(bucketBets, f.scratchBetKey(p.Round, b.Bet)) != nil {
			return inconsistent(e, "bet %s placed twice", b.Bet)
		}
		r.Totals.Bets++
		addTo(&r.Totals.Staked, &r.sums.staked, b.Stake)
		addTo(&r.Totals.PlacementCommission, &r.sums.placementCommission, b.Commission)
		f.betOrder = append(f.betOrder, id)
		f.bets[id] = &betRecord{
			Bet: b.Bet, Slip: p.Slip, Player: p.Player, Table: p.Table, Round: p.Round,
			RoundNumber: r.Number, Position: i, Code: b.Code, Stake: b.Stake,
			Working: b.Working, Commission: b.Commission, Since: len(r.History), Currency: p.Currency,
			PlacedAt: e.OccurredAt, PlacedSeq: e.Seq, Status: BetOpen, Events: []uint64{e.Seq},
		}
		f.appendBet(p.Player, e.Seq, i, p.Round, b.Bet)
		d := f.dailyOf(e, p.Table, p.Currency, b.Code)
		d.Bets++
		addTo(&d.Staked, &d.sums.staked, b.Stake)
		addTo(&d.Commission, &d.sums.commission, b.Commission)
	}
	return nil
}

// settledBet finds the records a settlement, reversal or refund of a bet
// changes, its round and the bet, and adds the event to the bet's.
func (f *fold) settledBet(e *events.Envelope, round, bet string) (*roundRec, *betRecord, error) {
	r, err := f.round(e, round)
	if err != nil {
		return nil, nil, err
	}
	id := betID{round, bet}
	b := f.bets[id]
	if b == nil && f.open != nil {
		if b = f.open.get(id); b != nil {
			f.betOrder = append(f.betOrder, id)
			f.bets[id] = b
		}
	}
	if b == nil {
		v := f.ld.load(bucketBets, f.scratchBetKey(round, bet))
		if v == nil {
			return nil, nil, inconsistent(e, "unknown bet %q in round %s", bet, round)
		}
		rec, err := decodeBetRecord(v)
		if err != nil {
			f.damage(bucketBets, betKey(round, bet), err)
			return nil, nil, f.err
		}
		b = &rec
		f.betOrder = append(f.betOrder, id)
		f.bets[id] = b
	}
	b.Events = append(b.Events, e.Seq)
	return r, b, nil
}

func (f *fold) betSettled(e *events.Envelope, p *events.BetSettled) error {
	r, b, err := f.settledBet(e, p.Round, p.Bet)
	if err != nil {
		return err
	}
	status := p.Outcome
	addTo(&r.Totals.Won, &r.sums.won, p.Win)
	addTo(&r.Totals.Paid, &r.sums.paid, p.Returned)
	addTo(&r.Totals.Residue, &r.sums.residue, p.Residue)
	addTo(&r.Totals.Commission, &r.sums.commission, p.Commission)

	b.Status, b.Result, b.Win, b.Returned, b.Residue, b.Rule = status, p.ResultJSON(), p.Win, p.Returned, p.Residue, p.Rule
	b.Kept = p.Commission
	if status != BetPush && p.Returned.IsPositive() && f.payer != nil && f.payer(r.Paytable) {
		r.Payees++
		if len(r.Payouts) < games.BoardPayoutsMax {
			r.Payouts = append(r.Payouts, games.BoardPayout{Code: p.Code, Paid: p.Returned})
		}
	}
	b.Correction, b.SettledAt, b.SettledSeq = p.Correction, e.OccurredAt, e.Seq

	d := f.dailyOf(e, p.Table, p.Currency, p.Code)
	d.Settled++
	switch status {
	case BetWon:
		d.Wins++
	case BetLost:
		d.Losses++
	case BetPush:
		d.Pushes++
	}
	addTo(&d.Won, &d.sums.won, p.Win)
	addTo(&d.Paid, &d.sums.paid, p.Returned)
	addTo(&d.Residue, &d.sums.residue, p.Residue)
	return nil
}

func (f *fold) betReversed(e *events.Envelope, p *events.BetSettlementReversed) error {
	r, b, err := f.settledBet(e, p.Round, p.Bet)
	if err != nil {
		return err
	}
	zero := decimal.Zero
	subFrom(&r.Totals.Won, &r.sums.won, p.Win)
	subFrom(&r.Totals.Paid, &r.sums.paid, p.Returned)
	subFrom(&r.Totals.Residue, &r.sums.residue, p.Residue)
	subFrom(&r.Totals.Commission, &r.sums.commission, b.Kept)

	if b.Status != BetPush && p.Returned.IsPositive() && r.Payees > 0 {
		// The payout leaves the round's list (a correction settles the
		// bet again).
		r.Payees--
		if i := slices.IndexFunc(r.Payouts, func(o games.BoardPayout) bool { return o.Code == p.Code }); i >= 0 {
			r.Payouts = slices.Delete(r.Payouts, i, i+1)
		}
	}
	b.Status, b.Result, b.Win, b.Returned, b.Residue, b.Rule = BetOpen, nil, zero, zero, zero, ""
	b.Kept = zero
	b.SettledAt, b.SettledSeq = time.Time{}, 0

	d := f.dailyOf(e, p.Table, p.Currency, p.Code)
	d.Reversals++
	addTo(&d.ReversedWon, &d.sums.reversedWon, p.Win)
	addTo(&d.ReversedPaid, &d.sums.reversedPaid, p.Returned)
	addTo(&d.ReversedResidue, &d.sums.reversedResidue, p.Residue)
	return nil
}

func (f *fold) betRefunded(e *events.Envelope, p *events.BetRefunded) error {
	r, b, err := f.settledBet(e, p.Round, p.Bet)
	if err != nil {
		return err
	}
	addTo(&r.Totals.Refunded, &r.sums.refunded, p.Stake)
	b.Status, b.Returned, b.SettledAt, b.SettledSeq = BetRefunded, p.Stake, e.OccurredAt, e.Seq
	// Every ended bet names what decided it, a refund too.
	b.Rule = round.RuleRefunded

	d := f.dailyOf(e, p.Table, p.Currency, p.Code)
	d.Refunds++
	addTo(&d.Refunded, &d.sums.refunded, p.Stake)
	return nil
}

// betTakenDown returns a bet's stake to its player between two results: a
// bet status of its own, the stake counted as returned.
func (f *fold) betTakenDown(e *events.Envelope, p *events.BetTakenDown) error {
	r, b, err := f.settledBet(e, p.Round, p.Bet)
	if err != nil {
		return err
	}
	addTo(&r.Totals.TakenDown, &r.sums.takenDown, p.Stake)
	b.Status, b.Returned, b.SettledAt, b.SettledSeq = BetTakenDown, p.Stake, e.OccurredAt, e.Seq
	b.Rule = round.RuleTakenDown

	d := f.dailyOf(e, p.Table, p.Currency, p.Code)
	d.TakenDowns++
	addTo(&d.TakenDown, &d.sums.takenDown, p.Stake)
	return nil
}

// finishRound marks a round settled or cancelled (its status moves in
// apply) and frees its table.
func (f *fold) finishRound(r *roundRec, e *events.Envelope) {
	r.FinishedAt = e.OccurredAt
	if t := f.table(r.Table); t != nil && t.ActiveRound == r.ID {
		t.ActiveRound = ""
	}
}

func (f *fold) roundSettled(e *events.Envelope, p *events.RoundSettled) error {
	r, err := f.round(e, p.Round)
	if err != nil {
		return err
	}
	raw := p.ResultJSON()
	r.setResult(raw)
	f.finishRound(r, e)
	if p.ShoeOver {
		err = f.withTable(e, p.Table, func(t *TableInfo) {
			if t.Shoe != nil && r.Number > t.Shoe.AfterRound {
				t.Shoe.Over, t.Shoe.OverInRound = true, r.Number
			}
		})
		if err != nil {
			return err
		}
	}
	commission := decimal.Zero
	for _, t := range p.Transfers {
		if t.To == games.CommissionAccount {
			commission = commission.Add(t.Amount)
		}
	}
	entry := boardEntry{
		Round: r.ID, Number: r.Number, Result: raw, Seq: e.Seq, At: e.OccurredAt, Corrected: p.Correction > 0,
		Index: max(len(r.History)-1, 0), Commission: commission,
	}
	if f.payer != nil && f.payer(r.Paytable) {
		entry.Payouts, entry.Payees = slices.Clone(r.Payouts), r.Payees
		// The prizes were funded when sales closed (recorded in the
		// funds), or, in a round written before that, with round.settled.
		var closed []events.Transfer
		if p.Funds != nil {
			closed = p.Funds.Closed
		}
		for _, t := range append(slices.Clone(closed), p.Transfers...) {
			if t.To == games.CounterpartyPrizes && len(entry.Funded) < boardFundedMax {
				entry.Funded = append(entry.Funded, t.Amount)
			}
		}
	}
	f.boardSettle(p.Table, r.Paytable, entry)
	return nil
}

// stepSettled puts a result after which the round goes on (a craps roll
// that is not a seven-out) on the board: its last result.
func (f *fold) stepSettled(e *events.Envelope, p *events.RoundStepSettled) error {
	r, err := f.round(e, p.Round)
	if err != nil {
		return err
	}
	n := len(r.History)
	if n == 0 {
		return inconsistent(e, "round %s settled a step without a result", r.ID)
	}
	f.boardSettle(p.Table, r.Paytable, boardEntry{
		Round: r.ID, Number: r.Number, Result: r.History[n-1], Seq: e.Seq, At: e.OccurredAt, Index: n - 1, Step: true,
	})
	return nil
}

func (f *fold) roundCancelled(e *events.Envelope, p *events.RoundCancelled) error {
	r, err := f.round(e, p.Round)
	if err != nil {
		return err
	}
	r.CancelReason = p.Reason
	f.finishRound(r, e)
	// A round of several results cancelled after some of them (a craps
	// hand) keeps them on the board, the last one marked as ending it.
	// A round cancelled before any result has nothing on the board.
	if len(r.History) > 0 {
		f.board(p.Table).end(r.ID)
	}
	return nil
}

// boardSettle puts a settled result on its table's board: by rounds for
// a game whose board holds whole rounds (games.RoundBoarder), else by
// results.
func (f *fold) boardSettle(table, paytable string, r boardEntry) {
	if f.byRound != nil && f.byRound(paytable) {
		f.board(table).settleRounds(r, f.boardSize)
		return
	}
	f.board(table).settle(r, f.boardSize)
}

func (f *fold) board(table string) *boardRec {
	if b := f.boards[table]; b != nil {
		return b
	}
	b := new(boardRec)
	if v := f.ld.load(bucketBoards, []byte(table)); v != nil {
		if err := b.decode(v); err != nil {
			// Derived data: a damaged board fails the batch with
			// ErrDamaged, and the file is rebuilt.
			f.damage(bucketBoards, []byte(table), err)
		}
	}
	f.boards[table] = b
	return b
}

// changedBoards returns the tables whose boards the batch changed.
func (f *fold) changedBoards() []string {
	out := make([]string, 0, len(f.boards))
	for t := range f.boards {
		out = append(out, t)
	}
	for p := range f.pools {
		// A pool's subscribers (Store.Subscribe(PoolSubject(p))): no
		// table id has a colon.
		out = append(out, PoolSubject(p))
	}
	return out
}

// write stores every record the batch touched. The records it read and
// changed go sorted by bucket and key: bbolt splits a node only when the
// transaction commits, so keys put in random order into a growing node
// cost a copy of the node's tail each; in key order they are appended.
// The appended records (f.appends) go last, as they came: each one's key
// is a prefix (a table, a pool) and the event's sequence, or the event's
// sequence first (a player's histories, history.go), so under every
// prefix they already come in key order, and sorting them
// with the rest took half of the sort's CPU and saved the puts nothing
// (docs/BENCHMARKS.md, "The appended records put as they come").
func (f *fold) write(put putter) error {
	out := make([]kv, 0, len(f.balances)+len(f.tables)+len(f.boards)+len(f.rounds)+len(f.bets)+len(f.daily)+len(f.heads)+len(f.appends))
	for id, b := range f.balances {
		out = append(out, kv{bucketBalances, balanceKey(id.account, id.currency), encodeBalance(b.UpdatedSeq, b.value())})
	}
	for id, t := range f.tables {
		if t != nil {
			out = append(out, kv{bucketTables, []byte(id), mustJSON(t)})
		}
	}
	for id, b := range f.boards {
		out = append(out, kv{bucketBoards, []byte(id), b.encode()})
	}
	for id, r := range f.rounds {
		r.settleTotals()
		head := *r
		head.Bets, head.Events = nil, nil
		out = append(out, kv{bucketRounds, []byte(id), mustJSON(&head)})
	}
	for _, id := range f.betOrder {
		out = append(out, kv{bucketBets, betKey(id.round, id.bet), f.bets[id].encode()})
	}
	for id, d := range f.daily {
		d.settle()
		out = append(out, kv{bucketDaily, dailyKey(id.day, id.table, id.currency, id.code), mustJSON(&d.DailyTotals)})
	}
	for player, h := range f.heads {
		out = append(out, kv{bucketPlayerHeads, []byte(player), encodeHead(h)})
	}
	slices.SortFunc(out, func(a, b kv) int {
		// Buckets are the package's own slices: most pairs share one,
		// which an identity check tells without comparing names.
		if &a.bucket[0] != &b.bucket[0] {
			return bytes.Compare(a.bucket, b.bucket)
		}
		return bytes.Compare(a.key, b.key)
	})
	out = append(out, f.appends...)
	for _, x := range out {
		if err := put(x.bucket, x.key, x.value); err != nil {
			return err
		}
	}
	return nil
}

// mustJSON encodes a record. Records hold only strings, numbers, times and
// decimals, so a failure is a bug.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("projections: encode %T: %v", v, err))
	}
	return b
}

// decodeJSON decodes a JSON record; one that does not decode is damaged.
func decodeJSON(bucket, key, v []byte, into any) error {
	if err := json.Unmarshal(v, into); err != nil {
		return damaged(bucket, key, err)
	}
	return nil
}
