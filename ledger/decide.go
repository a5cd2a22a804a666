package ledger

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// draft is an event decided but not yet sealed into an envelope.
type draft struct {
	typ      events.Type
	table    string
	round    string
	payload  events.Payload
	postings []events.Posting
}

// decider validates commands against a state and drafts their events. It
// holds what decisions need besides the state: the rules, the currencies and
// the id generator.
type decider struct {
	games      *games.Catalog
	currencies map[string]int32
	newID      func() uuid.UUID
	// walletMax bounds what a deposit or an adjustment leaves in a wallet.
	walletMax decimal.Decimal
	// poolRules caches pools' parsed parameters by hash (ledger/pool.go).
	poolRules map[string]games.PoolRules
	// seeds keeps the seeds of complementary draws (ledger/draw.go).
	seeds DrawSeeds
	// clock dates the expiry of credits a pass pays (ledger/draw.go).
	clock func() time.Time
}

// decide validates c against s at time now and returns the events that carry
// it out. For a result, a cancel or a correction it returns only the first
// event; the sequencer asks work for the rest once that event is applied, the
// same way Open finishes such work after a crash.
func (d *decider) decide(s *State, c Command, now time.Time) ([]draft, error) {
	if err := authorize(c); err != nil {
		return nil, err
	}
	m := c.meta()
	if len(m.IdempotencyKey) > IdempotencyKeyMax {
		return nil, errf(ErrInvalidRequest, "idempotency key is %d bytes, over the %d-byte limit", len(m.IdempotencyKey), IdempotencyKeyMax)
	}
	if err := checkText("correlation id", m.CorrelationID, false); err != nil {
		return nil, err
	}
	switch c := c.(type) {
	case *Deposit:
		return d.deposit(s, c)
	case *Withdraw:
		return d.withdraw(s, c)
	case *Adjust:
		return d.adjust(s, c)
	case *OpenTable:
		return d.openTable(s, c)
	case *ChangeLimits:
		return d.changeLimits(s, c)
	case *CloseTable:
		return d.closeTable(s, c)
	case *OpenRound:
		return d.openRound(s, c)
	case *PlaceSlip:
		return d.placeSlip(s, c, now)
	case *CloseBetting:
		return d.closeBetting(s, c)
	case *Reshake:
		return d.reshake(s, c)
	case *RecordResult:
		return d.recordResult(s, c)
	case *Pause:
		return d.pause(s, c)
	case *Resume:
		return d.resume(s, c)
	case *Cancel:
		return d.cancel(s, c)
	case *CorrectResult:
		return d.correctResult(s, c)
	case *TakeDown:
		return d.takeDown(s, c)
	case *TakeBank:
		return d.takeBank(s, c)
	case *ReleaseBank:
		return d.releaseBank(s, c)
	case *StartShoe:
		return d.startShoe(s, c)
	case *Claim:
		return d.claim(s, c)
	case *ConfigurePool:
		return d.configurePool(s, c)
	case *LinkPool:
		return d.linkPool(s, c)
	case *UnlinkPool:
		return d.unlinkPool(s, c)
	case *AdjustPool:
		return d.adjustPool(s, c)
	case *DecommissionPool:
		return d.decommissionPool(s, c)
	case *CloseSeat:
		return d.closeSeat(s, c)
	case *ReopenSeat:
		return d.reopenSeat(s, c)
	case *OpenSession:
		return d.openSession(s, c)
	case *CloseSession:
		return d.closeSession(s, c)
	case *ExpireCredits:
		return d.expireCredits(s, c, now)
	}
	return nil, errf(ErrInvalidRequest, "unknown command %T", c)
}

func (d *decider) scale(currency string) (int32, error) {
	sc, ok := d.currencies[currency]
	if !ok {
		if !currencyPattern.MatchString(currency) {
			return 0, errf(ErrUnknownCurrency, "currency %q is not a three-letter code", currency)
		}
		return 0, errf(ErrUnknownCurrency, "currency %s is not configured", currency)
	}
	return sc, nil
}

// --- cashier ---

func (d *decider) cashier(s *State, player string, amount decimal.Decimal, currency, ref string) (decimal.Decimal, error) {
	if err := checkID("player", player); err != nil {
		return decimal.Zero, err
	}
	sc, err := d.scale(currency)
	if err != nil {
		return decimal.Zero, err
	}
	if err := checkAmount("amount", amount, sc); err != nil {
		return decimal.Zero, err
	}
	if err := checkText("reference", ref, false); err != nil {
		return decimal.Zero, err
	}
	return s.walletBalance(player, currency), nil
}

func (d *decider) deposit(s *State, c *Deposit) ([]draft, error) {
	before, err := d.cashier(s, c.Player, c.Amount, c.Currency, c.Reference)
	if err != nil {
		return nil, err
	}
	if err := checkWallet(c.Player, c.Currency, before.Add(c.Amount), d.walletMax); err != nil {
		return nil, err
	}
	return []draft{{
		typ: events.TypeWalletDeposited,
		payload: &events.WalletDeposited{
			Player: c.Player, Amount: c.Amount, Currency: c.Currency, Reference: c.Reference,
			BalanceBefore: before, BalanceAfter: before.Add(c.Amount),
		},
		postings: []events.Posting{{From: posting.AccountCashier, To: posting.WalletAccount(c.Player), Amount: c.Amount, Currency: c.Currency}},
	}}, nil
}

func (d *decider) withdraw(s *State, c *Withdraw) ([]draft, error) {
	before, err := d.cashier(s, c.Player, c.Amount, c.Currency, c.Reference)
	if err != nil {
		return nil, err
	}
	if before.LessThan(c.Amount) {
		return nil, errf(ErrInsufficientFunds, "wallet %s holds %s %s, withdrawal is %s", c.Player, before, c.Currency, c.Amount)
	}
	return []draft{{
		typ: events.TypeWalletWithdrawn,
		payload: &events.WalletWithdrawn{
			Player: c.Player, Amount: c.Amount, Currency: c.Currency, Reference: c.Reference,
			BalanceBefore: before, BalanceAfter: before.Sub(c.Amount),
		},
		postings: []events.Posting{{From: posting.WalletAccount(c.Player), To: posting.AccountCashier, Amount: c.Amount, Currency: c.Currency}},
	}}, nil
}

func (d *decider) adjust(s *State, c *Adjust) ([]draft, error) {
	if err := checkText("reason", c.Reason, true); err != nil {
		return nil, err
	}
	before, err := d.cashier(s, c.Player, c.Amount.Abs(), c.Currency, "")
	if err != nil {
		return nil, err
	}
	after := before.Add(c.Amount)
	if c.Amount.IsPositive() {
		if err := checkWallet(c.Player, c.Currency, after, d.walletMax); err != nil {
			return nil, err
		}
	}
	p := events.Posting{From: posting.AccountAdjustment, To: posting.WalletAccount(c.Player), Amount: c.Amount, Currency: c.Currency}
	if c.Amount.IsNegative() {
		if after.IsNegative() {
			return nil, errf(ErrInsufficientFunds, "wallet %s holds %s %s, adjustment is %s", c.Player, before, c.Currency, c.Amount)
		}
		p = events.Posting{From: posting.WalletAccount(c.Player), To: posting.AccountAdjustment, Amount: c.Amount.Neg(), Currency: c.Currency}
	}
	return []draft{{
		typ: events.TypeWalletAdjusted,
		payload: &events.WalletAdjusted{
			Player: c.Player, Amount: c.Amount, Currency: c.Currency, Reason: c.Reason,
			BalanceBefore: before, BalanceAfter: after,
		},
		postings: []events.Posting{p},
	}}, nil
}

// --- tables ---

func (d *decider) openTable(s *State, c *OpenTable) ([]draft, error) {
	if err := checkID("table", c.Table); err != nil {
		return nil, err
	}
	if err := checkID("dealer", c.Dealer); err != nil {
		return nil, err
	}
	if t := s.tables[c.Table]; t != nil && !t.Closed {
		return nil, errf(ErrTableExists, "table %s is open", c.Table)
	}
	pt, err := d.games.Paytable(c.Paytable)
	if err != nil {
		return nil, errf(ErrUnknownGame, "%v", err)
	}
	sc, err := d.scale(c.Currency)
	if err != nil {
		return nil, err
	}
	if err := checkBand(c.Band, sc); err != nil {
		return nil, err
	}
	if err := checkLimits(pt, c.Limits, c.Band, sc); err != nil {
		return nil, err
	}
	return []draft{{
		typ:   events.TypeTableOpened,
		table: c.Table,
		payload: &events.TableOpened{
			Table: c.Table, Game: pt.Game(), Paytable: pt.ID(), PaytableHash: pt.Hash(),
			Currency: c.Currency, Scale: sc, Limits: c.Limits, Band: c.Band, Dealer: c.Dealer,
		},
	}}, nil
}

func checkBand(b Limit, scale int32) error {
	if err := checkAmount("band min", b.Min, scale); err != nil {
		return err
	}
	if err := checkAmount("band max", b.Max, scale); err != nil {
		return err
	}
	if b.Min.GreaterThan(b.Max) {
		return errf(ErrLimitOutsideBand, "band min %s is above band max %s", b.Min, b.Max)
	}
	return nil
}

// checkLimits validates a table's limits: at most LimitsMax kinds, each a bet
// kind the paytable offers or "*" for every other kind, each within the band.
func checkLimits(pt games.Paytable, limits map[string]Limit, band Limit, scale int32) error {
	if len(limits) == 0 {
		return errf(ErrInvalidRequest, "limits are required (use \"*\" for every bet kind)")
	}
	if len(limits) > LimitsMax {
		return errf(ErrInvalidRequest, "%d limits is over the limit of %d", len(limits), LimitsMax)
	}
	for kind, l := range limits {
		if kind != "*" {
			if strings.Contains(kind, ":") {
				return errf(ErrInvalidRequest, "limit key %q must be a bet kind such as \"total\", not a bet code", kind)
			}
			if !slices.Contains(pt.Kinds(), kind) {
				return errf(ErrInvalidRequest, "limit for %q: paytable %s has no such bet kind", kind, pt.ID())
			}
		}
		if err := checkAmount("limit min for "+kind, l.Min, scale); err != nil {
			return err
		}
		if err := checkAmount("limit max for "+kind, l.Max, scale); err != nil {
			return err
		}
		if l.Min.GreaterThan(l.Max) {
			return errf(ErrLimitOutsideBand, "limit for %q: min %s is above max %s", kind, l.Min, l.Max)
		}
		if l.Min.LessThan(band.Min) || l.Max.GreaterThan(band.Max) {
			return errf(ErrLimitOutsideBand, "limit for %q is %s..%s, the authorised band is %s..%s", kind, l.Min, l.Max, band.Min, band.Max)
		}
	}
	return nil
}

func (d *decider) table(s *State, id string) (*Table, error) {
	if err := checkID("table", id); err != nil {
		return nil, err
	}
	t := s.tables[id]
	if t == nil {
		return nil, errf(ErrTableNotFound, "table %s", id)
	}
	if t.Closed {
		return nil, errf(ErrTableClosed, "table %s is closed", id)
	}
	return t, nil
}

func (d *decider) changeLimits(s *State, c *ChangeLimits) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, false); err != nil {
		return nil, err
	}
	if t.Active != "" {
		return nil, errf(ErrRoundInProgress, "limits change only between rounds; round %s is in progress", t.Active)
	}
	pt, err := d.paytable(t)
	if err != nil {
		return nil, err
	}
	if err := checkLimits(pt, c.Limits, t.Band, t.Scale); err != nil {
		return nil, err
	}
	if id := s.PoolOf(t.ID); id != "" {
		if err := d.checkPoolLimits(s, s.pools[id], t.ID, pt, c.Limits); err != nil {
			return nil, err
		}
	}
	return []draft{{
		typ:   events.TypeTableLimitsChanged,
		table: t.ID,
		payload: &events.TableLimitsChanged{
			Table: t.ID, Before: t.Limits, After: c.Limits, EffectiveFromRound: t.Rounds + 1, Reason: c.Reason,
		},
	}}, nil
}

func (d *decider) closeTable(s *State, c *CloseTable) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, false); err != nil {
		return nil, err
	}
	if t.Active != "" {
		return nil, errf(ErrRoundInProgress, "round %s is in progress", t.Active)
	}
	if t.Banker != "" {
		return nil, errf(ErrBetRefused, "player %s holds the bank of table %s: release it first", t.Banker, t.ID)
	}
	if se := s.OpenSessionOf(t.ID); se != nil {
		return nil, errf(ErrSessionOpen, "session %s of table %s is open: close it first", se.ID, t.ID)
	}
	return []draft{{typ: events.TypeTableClosed, table: t.ID, payload: &events.TableClosed{Table: t.ID, Reason: c.Reason}}}, nil
}

// paytable returns the rules a table was opened with, refusing a paytable
// whose content changed since.
func (d *decider) paytable(t *Table) (games.Paytable, error) {
	return d.resolve(t.Paytable, t.PaytableHash, "table "+t.ID)
}

// roundPaytable returns the rules a round was opened under: a round is
// always settled, corrected or refunded under its own rules and currency,
// whatever its table was opened with since.
func (d *decider) roundPaytable(r *Round) (games.Paytable, error) {
	return d.resolve(r.Paytable, r.PaytableHash, "round "+r.ID)
}

func (d *decider) resolve(id, hash, of string) (games.Paytable, error) {
	pt, err := d.games.Resolve(id, hash)
	switch {
	case errors.Is(err, games.ErrPaytableChanged):
		return nil, errf(ErrPaytableChanged, "%s: %v", of, err)
	case err != nil:
		return nil, errf(ErrUnknownGame, "%s: %v", of, err)
	}
	return pt, nil
}

// results parses a round's recorded results with its paytable. They were
// validated when recorded, so an error means this build reads them
// differently: the round cannot be settled by it.
func results(pt games.Paytable, r *Round) ([]games.Result, error) {
	out := make([]games.Result, len(r.Results))
	for i, raw := range r.Results {
		res, err := pt.ParseResult(raw)
		if err != nil {
			return nil, errf(ErrPaytableChanged, "round %s: result %d %s does not parse under %s: %v", r.ID, i+1, raw, pt.ID(), err)
		}
		out[i] = res
	}
	return out, nil
}

// --- rounds ---

func (d *decider) openRound(s *State, c *OpenRound) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := authorizeTable(c, t); err != nil {
		return nil, err
	}
	if t.Active != "" {
		return nil, errf(ErrRoundInProgress, "round %s is in progress", t.Active)
	}
	if c.BettingWindow < 0 || c.BettingWindow > BettingWindowMax {
		return nil, errf(ErrInvalidRequest, "betting window %s is outside 0..%s", c.BettingWindow, BettingWindowMax)
	}
	pt, err := d.paytable(t)
	if err != nil {
		return nil, err
	}
	if _, ok := pt.(games.Shoed); ok {
		switch {
		case t.Shoe == 0:
			return nil, errf(ErrShoeRequired, "table %s has no shoe: start one before the first round", t.ID)
		case t.ShoeOver:
			return nil, errf(ErrShoeRequired, "the cut card of shoe %d came out in round %d: start a new shoe", t.Shoe, t.Rounds)
		}
	}
	id := d.newID().String()
	se := s.OpenSessionOf(t.ID)
	out := []draft{{
		typ: events.TypeRoundOpened, table: t.ID, round: id,
		payload: &events.RoundOpened{
			Table: t.ID, Round: id, Number: t.Rounds + 1, BettingWindow: c.BettingWindow,
			Paytable: t.Paytable, PaytableHash: t.PaytableHash, Session: sessionID(se),
		},
	}}
	if se != nil {
		// Double cards' second halves play in this game (ledger/session.go).
		out = append(out, d.carriedSlips(s, t, id, se)...)
	}
	return out, nil
}

// round finds a round of table, reporting a finished or unknown one.
func (d *decider) round(s *State, c Command, table, id string) (*Table, *Round, error) {
	t, err := d.table(s, table)
	if err != nil {
		// A correction is a supervisor's fix of a past round: it needs
		// the round, not an open table (a closed table's rounds can be
		// disputed the next morning).
		if _, ok := c.(*CorrectResult); !ok || !errors.Is(err, ErrTableClosed) {
			return nil, nil, err
		}
		t = s.tables[table]
	}
	if err := authorizeTable(c, t); err != nil {
		return nil, nil, err
	}
	if _, err := uuid.Parse(id); err != nil {
		return nil, nil, errf(ErrInvalidID, "round id %q is not a UUID", id)
	}
	r := s.rounds[id]
	if r == nil {
		if s.finished[id] == table {
			return nil, nil, errf(ErrRoundFinished, "round %s", id)
		}
		return nil, nil, errf(ErrRoundNotFound, "round %s of table %s", id, table)
	}
	if r.Table != table {
		return nil, nil, errf(ErrRoundNotFound, "round %s of table %s", id, table)
	}
	return t, r, nil
}

// activeRound is round for commands on a round in progress, in a status
// the command declares (CommandSpec.Rounds).
func (d *decider) activeRound(s *State, c Command, table, id string) (*Table, *Round, error) {
	want := c.spec().Rounds
	t, r, err := d.round(s, c, table, id)
	if err != nil {
		return nil, nil, err
	}
	switch r.Status {
	case RoundSettled, RoundCancelled:
		return nil, nil, errf(ErrRoundFinished, "round %s is %s", r.ID, r.Status)
	}
	for _, w := range want {
		if r.Status == w {
			return t, r, nil
		}
	}
	return nil, nil, errf(ErrRoundState, "cannot %s round %s while it is %s", nameOf(c), r.ID, r.Status)
}

func (d *decider) placeSlip(s *State, c *PlaceSlip, now time.Time) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := checkID("player", c.Player); err != nil {
		return nil, err
	}
	roundID := c.Round
	if roundID == "" {
		roundID = t.Active
		if roundID == "" {
			return nil, errf(ErrRoundNotOpen, "table %s has no round open", t.ID)
		}
	}
	_, r, err := d.round(s, c, t.ID, roundID)
	if err != nil {
		return nil, err
	}
	if r.Status != RoundBetting {
		if r.Status == RoundSettled || r.Status == RoundCancelled {
			return nil, errf(ErrRoundFinished, "round %s is %s", r.ID, r.Status)
		}
		return nil, errf(ErrRoundNotOpen, "round %s is %s", r.ID, r.Status)
	}
	if r.Window > 0 && now.After(r.OpenedAt.Add(r.Window)) {
		return nil, errf(ErrRoundNotOpen, "the betting window of round %s closed at %s", r.ID, r.OpenedAt.Add(r.Window).Format(time.RFC3339))
	}
	if c.Print != nil {
		if c, err = d.printSlip(r, c); err != nil {
			return nil, err
		}
	}
	if len(c.Bets) == 0 {
		return nil, errf(ErrInvalidRequest, "a slip needs at least one bet")
	}
	if len(c.Bets) > BetsPerSlipMax {
		return nil, errf(ErrInvalidRequest, "%d bets is over the limit of %d per slip", len(c.Bets), BetsPerSlipMax)
	}
	pt, err := d.roundPaytable(r)
	if err != nil {
		return nil, err
	}
	var prior []games.Result
	placer, isPlacer := pt.(games.Placer)
	charger, isCharger := pt.(games.Charger)
	var open []games.Bet
	if isPlacer {
		if prior, err = results(pt, r); err != nil {
			return nil, err
		}
		for _, b := range r.Bets {
			if b.Player == c.Player && b.Status == BetOpen {
				open = append(open, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
			}
		}
	}
	// A sale in a session: the terms say how each bet plays (a double
	// card's second half held for the next game; ledger/session.go).
	bets, held, err := d.sessionSales(s, t, r, pt, c.Player, c.Bets)
	if err != nil {
		return nil, err
	}
	slip := d.newID().String()
	placed := make([]events.PlacedBet, len(c.Bets))
	postings := make([]events.Posting, 0, len(c.Bets))
	total := decimal.Zero
	for i, b := range bets {
		kind, err := pt.BetKind(b.Code)
		if err != nil {
			return nil, err
		}
		if err := s.checkProgressive(pt, t, b.Code); err != nil {
			return nil, err
		}
		if err := checkSeat(pt, r, c.Player, b.Code); err != nil {
			return nil, err
		}
		if err := checkSeatOpen(pt, t, b.Code); err != nil {
			return nil, err
		}
		if err := checkAmount("stake of "+b.Code, b.Stake, r.Scale); err != nil {
			return nil, err
		}
		l, ok := t.Limits[kind]
		if !ok {
			l, ok = t.Limits["*"]
		}
		if !ok {
			return nil, errf(ErrInvalidRequest, "table %s takes no %s bets", t.ID, kind)
		}
		if b.Stake.LessThan(l.Min) || b.Stake.GreaterThan(l.Max) {
			return nil, &LimitError{Code: b.Code, Kind: kind, Stake: b.Stake, Min: l.Min, Max: l.Max}
		}
		gb := games.Bet{Code: b.Code, Stake: b.Stake, Since: len(r.Results), Working: b.Working}
		switch {
		case isPlacer:
			// A bet may stand behind another of the same slip (a line bet
			// and its odds are placed together only when the line bet
			// already has its point, so the slip's earlier bets count).
			if err := placer.CheckPlacement(gb, prior, open); err != nil {
				return nil, errf(ErrBetRefused, "%s: %v", b.Code, err)
			}
			open = append(open, gb)
		case b.Working:
			// The flag is a game rule the bet's game does not have, not a
			// malformed request: the game refuses the bet (docs/ERRORS.md).
			return nil, errf(ErrBetRefused, "%s: paytable %s has no working flag", b.Code, pt.ID())
		}
		if err := checkCreditsBet(pt, c.Funding, b.Code, held != nil && held[i].IsPositive() || isCharger && charger.Charge(gb, r.Scale).IsPositive()); err != nil {
			return nil, err
		}
		placed[i] = events.PlacedBet{Bet: d.newID().String(), Code: b.Code, Stake: b.Stake, Working: b.Working}
		postings = append(postings, events.Posting{From: posting.StakeAccount(c.Funding, c.Player), To: posting.InPlayAccount(t.ID), Amount: b.Stake, Currency: r.Currency})
		total = total.Add(b.Stake)
		if held != nil && held[i].IsPositive() {
			placed[i].Held = held[i]
			postings = append(postings, events.Posting{From: posting.WalletAccount(c.Player), To: posting.HeldAccount(t.ID), Amount: held[i], Currency: r.Currency})
			total = total.Add(held[i])
		}
		if isCharger {
			if fee := charger.Charge(gb, r.Scale); fee.IsPositive() {
				placed[i].Commission = fee
				postings = append(postings, events.Posting{From: posting.WalletAccount(c.Player), To: posting.CommissionAccount(t.ID), Amount: fee, Currency: r.Currency})
				total = total.Add(fee)
			}
		}
	}
	if seller, ok := pt.(games.Seller); ok {
		codes := make([]string, len(c.Bets))
		for i, b := range c.Bets {
			codes[i] = b.Code
		}
		if err := checkSales(r, seller, codes); err != nil {
			return nil, err
		}
	}
	if _, banked := pt.(games.PlayerBanked); banked {
		// The punters play against the bank: a player must hold it, not
		// bet against themself, and the round's stakes may not exceed it.
		switch bank := s.balance(posting.BankAccount(t.ID), r.Currency); {
		case t.Banker == "":
			return nil, errf(ErrBetRefused, "table %s has no bank: a player must take it first", t.ID)
		case t.Banker == c.Player:
			return nil, errf(ErrBetRefused, "player %s holds the bank of table %s", c.Player, t.ID)
		case r.Staked.Add(total).GreaterThan(bank):
			return nil, errf(ErrBetRefused, "the round's stakes would be %s, over the bank's %s %s", r.Staked.Add(total), bank, r.Currency)
		}
	}
	before := s.walletBalance(c.Player, r.Currency)
	if c.Funding == posting.FundingCredits {
		before = s.balance(posting.CreditsAccount(c.Player), r.Currency)
	}
	if before.LessThan(total) {
		return nil, errf(ErrInsufficientFunds, "%s holds %s %s, the slip stakes %s", posting.StakeAccount(c.Funding, c.Player), before, r.Currency, total)
	}
	return []draft{{
		typ: events.TypeBetPlaced, table: t.ID, round: r.ID,
		payload: &events.BetPlaced{
			Slip: slip, Player: c.Player, Table: t.ID, Round: r.ID, Currency: r.Currency,
			Bets: placed, Total: total, BalanceBefore: before, BalanceAfter: before.Sub(total), Funding: c.Funding,
		},
		postings: postings,
	}}, nil
}

// takeBank puts up a player's bank at a player-banked table.
func (d *decider) takeBank(s *State, c *TakeBank) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := authorizeTable(c, t); err != nil {
		return nil, err
	}
	if err := checkID("player", c.Player); err != nil {
		return nil, err
	}
	if err := checkAmount("amount", c.Amount, t.Scale); err != nil {
		return nil, err
	}
	pt, err := d.paytable(t)
	if err != nil {
		return nil, err
	}
	if _, ok := pt.(games.PlayerBanked); !ok {
		return nil, errf(ErrInvalidRequest, "paytable %s is house-banked: there is no bank to take", pt.ID())
	}
	switch {
	case t.Active != "":
		return nil, errf(ErrRoundInProgress, "the bank changes hands only between rounds; round %s is in progress", t.Active)
	case t.Banker != "":
		return nil, errf(ErrBetRefused, "player %s holds the bank of table %s", t.Banker, t.ID)
	}
	before := s.walletBalance(c.Player, t.Currency)
	if before.LessThan(c.Amount) {
		return nil, errf(ErrInsufficientFunds, "wallet %s holds %s %s, the bank is %s", c.Player, before, t.Currency, c.Amount)
	}
	return []draft{{
		typ: events.TypeTableBankTaken, table: t.ID,
		payload: &events.TableBankTaken{
			Table: t.ID, Player: c.Player, Amount: c.Amount, Currency: t.Currency,
			BalanceBefore: before, BalanceAfter: before.Sub(c.Amount),
		},
		postings: []events.Posting{{From: posting.WalletAccount(c.Player), To: posting.BankAccount(t.ID), Amount: c.Amount, Currency: t.Currency}},
	}}, nil
}

// releaseBank gives the bank back to its holder between rounds.
func (d *decider) releaseBank(s *State, c *ReleaseBank) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := authorizeTable(c, t); err != nil {
		return nil, err
	}
	switch {
	case t.Banker == "":
		return nil, errf(ErrBetRefused, "nobody holds the bank of table %s", t.ID)
	case t.Active != "":
		return nil, errf(ErrRoundInProgress, "the bank changes hands only between rounds; round %s is in progress", t.Active)
	}
	bank := s.balance(posting.BankAccount(t.ID), t.Currency)
	var ps []events.Posting
	if bank.IsPositive() {
		ps = []events.Posting{{From: posting.BankAccount(t.ID), To: posting.WalletAccount(t.Banker), Amount: bank, Currency: t.Currency}}
	}
	return []draft{{
		typ: events.TypeTableBankReleased, table: t.ID,
		payload:  &events.TableBankReleased{Table: t.ID, Player: t.Banker, Amount: bank, Currency: t.Currency},
		postings: ps,
	}}, nil
}

// startShoe starts a new shoe between rounds at a table dealt from one.
func (d *decider) startShoe(s *State, c *StartShoe) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := authorizeTable(c, t); err != nil {
		return nil, err
	}
	if t.Active != "" {
		return nil, errf(ErrRoundInProgress, "a shoe changes only between rounds; round %s is in progress", t.Active)
	}
	pt, err := d.paytable(t)
	if err != nil {
		return nil, err
	}
	shoed, ok := pt.(games.Shoed)
	if !ok {
		return nil, errf(ErrInvalidRequest, "paytable %s is not dealt from a shoe", pt.ID())
	}
	if err := shoed.CheckCut(c.CutCards); err != nil {
		return nil, errf(ErrInvalidRequest, "cut card: %v", err)
	}
	return []draft{{
		typ: events.TypeTableShoeStarted, table: t.ID,
		payload: &events.TableShoeStarted{
			Table: t.ID, Shoe: t.Shoe + 1, Decks: shoed.Decks(), CutCards: c.CutCards, AfterRound: t.Rounds,
		},
	}}, nil
}

// takeDown returns an open bet's stake to its player between two results,
// where the game allows it (games.TakeDowner).
func (d *decider) takeDown(s *State, c *TakeDown) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	b := r.Bet(c.Bet)
	if b == nil {
		return nil, errf(ErrBetNotFound, "bet %s of round %s", c.Bet, r.ID)
	}
	if b.Player != c.Player {
		return nil, errf(ErrBetNotFound, "bet %s of round %s is not player %s's", c.Bet, r.ID, c.Player)
	}
	if b.Status != BetOpen {
		return nil, errf(ErrBetRefused, "bet %s is %s", b.ID, b.Status)
	}
	pt, err := d.roundPaytable(r)
	if err != nil {
		return nil, err
	}
	downer, ok := pt.(games.TakeDowner)
	if !ok {
		return nil, errf(ErrBetRefused, "paytable %s takes no bet down", pt.ID())
	}
	if b.Funding != "" {
		// Promotional credits are never given back as cash.
		return nil, errf(ErrCreditsNotAllowed, "bet %s was paid with credits and cannot be taken down", b.ID)
	}
	res, err := results(pt, r)
	if err != nil {
		return nil, err
	}
	var open []games.Bet
	for _, o := range r.Bets {
		if o != b && o.Player == b.Player && o.Status == BetOpen {
			open = append(open, games.Bet{Code: o.Code, Stake: o.Stake, Since: o.Since, Working: o.Working})
		}
	}
	if err := downer.CheckTakeDown(games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}, res, open); err != nil {
		return nil, errf(ErrBetRefused, "%s: %v", b.Code, err)
	}
	return []draft{{
		typ: events.TypeBetTakenDown, table: t.ID, round: r.ID,
		payload: &events.BetTakenDown{
			Table: t.ID, Round: r.ID, Slip: b.Slip, Bet: b.ID, Player: b.Player,
			Code: b.Code, Stake: b.Stake, Currency: r.Currency,
		},
		postings: []events.Posting{{From: posting.InPlayAccount(t.ID), To: posting.WalletAccount(b.Player), Amount: b.Stake, Currency: r.Currency}},
	}}, nil
}

func (d *decider) closeBetting(s *State, c *CloseBetting) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	pt, err := d.roundPaytable(r)
	if err != nil {
		return nil, err
	}
	sc, err := salesClose(pt, r)
	if err != nil {
		return nil, err
	}
	p := &events.RoundBettingClosed{Table: t.ID, Round: r.ID, Bets: len(r.Bets), Staked: r.Staked,
		Transfers: EventTransfers(sc.Transfers), Announcement: sc.Announcement}
	if len(sc.Transfers) > 0 {
		p.Currency = r.Currency
	}
	return []draft{{
		typ: events.TypeRoundBettingClosed, table: t.ID, round: r.ID, payload: p,
		postings: posting.TransferPostings(t.ID, r.Currency, sc.Transfers),
	}}, nil
}

func (d *decider) reshake(s *State, c *Reshake) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	if !events.KnownReshakeReason(c.Reason) {
		return nil, errf(ErrInvalidRequest, "reshake reason %q is not one of %s", c.Reason, strings.Join(events.ReshakeReasons(), ", "))
	}
	if err := checkText("note", c.Note, c.Reason == events.ReshakeOther); err != nil {
		return nil, err
	}
	return []draft{{
		typ: events.TypeRoundReshake, table: t.ID, round: r.ID,
		payload: &events.RoundReshake{Table: t.ID, Round: r.ID, Reason: c.Reason, Note: c.Note},
	}}, nil
}

// parseResult parses and validates a result for round r under pt, after
// the round's earlier results.
func parseResult(pt games.Paytable, r *Round, raw json.RawMessage) (games.Result, []games.Result, error) {
	if len(raw) == 0 {
		return nil, nil, errf(ErrInvalidResult, "a result is required")
	}
	res, err := pt.ParseResult(raw)
	if err != nil {
		return nil, nil, errf(ErrInvalidResult, "%v", err)
	}
	prior, err := results(pt, r)
	if err != nil {
		return nil, nil, err
	}
	if rc, ok := pt.(games.ResultChecker); ok {
		if err := rc.CheckResult(res, prior); err != nil {
			return nil, nil, errf(ErrInvalidResult, "%v", err)
		}
	}
	return res, prior, nil
}

func (d *decider) recordResult(s *State, c *RecordResult) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		// Only a refusal for the round's status becomes "already
		// recorded"; a foreign dealer or a round of another table keeps
		// its own error.
		stateErr := errors.Is(err, ErrRoundState) || errors.Is(err, ErrRoundFinished)
		if r2 := s.rounds[c.Round]; stateErr && r2 != nil && len(r2.Results) > 0 && (r2.Status == RoundSettled || r2.Status == RoundSettling) {
			return nil, errf(ErrResultRecorded, "round %s has result %s; use a correction", r2.ID, r2.Results[len(r2.Results)-1])
		}
		return nil, err
	}
	pt, err := d.roundPaytable(r)
	if err != nil {
		return nil, err
	}
	res, prior, err := parseResult(pt, r, c.Result)
	if err != nil {
		return nil, err
	}
	if v, ok := pt.(games.Voider); ok {
		// A void play returns stakes the cards would have decided: the
		// floor's call, not the dealer's (seed 002 section VIII).
		if reason := v.VoidReason(res); reason != "" && c.Actor.Role != RoleSupervisor {
			return nil, errf(ErrForbidden, "a void play (%s) is recorded by a supervisor", reason)
		}
	}
	if err := checkDecision(pt, r, res, prior); err != nil {
		return nil, err
	}
	if err := checkShoeCount(t, r, pt, append(prior, res)); err != nil {
		return nil, err
	}
	if err := d.checkSettles(s, r, pt, append(prior, res)); err != nil {
		return nil, err
	}
	dice, other := events.ResultMembers(res.JSON())
	return []draft{{
		typ: events.TypeRoundResult, table: t.ID, round: r.ID,
		payload: &events.RoundResult{Table: t.ID, Round: r.ID, Dice: dice, Result: other},
	}}, nil
}

func (d *decider) pause(s *State, c *Pause) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, true); err != nil {
		return nil, err
	}
	return []draft{{
		typ: events.TypeRoundPaused, table: t.ID, round: r.ID,
		payload: &events.RoundPaused{Table: t.ID, Round: r.ID, Reason: c.Reason},
	}}, nil
}

func (d *decider) resume(s *State, c *Resume) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	if err := checkText("note", c.Note, false); err != nil {
		return nil, err
	}
	return []draft{{
		typ: events.TypeRoundResumed, table: t.ID, round: r.ID,
		payload: &events.RoundResumed{Table: t.ID, Round: r.ID, Note: c.Note},
	}}, nil
}

func (d *decider) cancel(s *State, c *Cancel) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, true); err != nil {
		return nil, err
	}
	// What the round's sales close posted goes back (ledger/closing.go).
	back := games.ReversedTransfers(r.SalesClose)
	p := &events.RoundCancelled{Table: t.ID, Round: r.ID, Reason: c.Reason, Bets: r.Open, Refunded: openStakes(r), Transfers: EventTransfers(back)}
	if len(back) > 0 {
		p.Currency = r.Currency
	}
	return []draft{{
		typ: events.TypeRoundCancelled, table: t.ID, round: r.ID, payload: p,
		postings: posting.TransferPostings(t.ID, r.Currency, back),
	}}, nil
}

// openStakes adds up the stakes of a round's open bets: what a cancel
// refunds (in a round of several results, the bets already decided stay
// settled).
func openStakes(r *Round) decimal.Decimal {
	sum := decimal.Zero
	for _, b := range r.Bets {
		if b.Status == BetOpen {
			sum = sum.Add(b.Stake)
		}
	}
	return sum
}

func (d *decider) correctResult(s *State, c *CorrectResult) ([]draft, error) {
	t, r, err := d.round(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	if r.Status != RoundSettled {
		return nil, errf(ErrRoundState, "only a settled round's result can be corrected; round %s is %s", r.ID, r.Status)
	}
	if err := checkText("reason", c.Reason, true); err != nil {
		return nil, err
	}
	// The round's own paytable and currency, whatever the table was
	// opened with since.
	pt, err := d.roundPaytable(r)
	if err != nil {
		return nil, err
	}
	if _, ok := pt.(games.RoundSettler); ok {
		// A round settled as a whole moved money between its bets (shared
		// prizes, a bank's net win): a correction would have to reverse
		// the transfers too, and a prize already shared cannot be taken
		// back by reversing one bet. Such a round is corrected by the
		// supervisor's adjustments, each with its reason.
		return nil, errf(ErrRoundState, "round %s of %s was settled as a whole; correct it with adjustments", r.ID, pt.ID())
	}
	all, err := results(pt, r)
	if err != nil {
		return nil, err
	}
	last := len(all) - 1
	prior := &Round{Round: round.Round{ID: r.ID, Results: r.Results[:last]}}
	after, priorRes, err := parseResult(pt, prior, c.Result)
	if err != nil {
		return nil, err
	}
	if err := checkDecision(pt, r, after, priorRes); err != nil {
		return nil, err
	}
	before := all[last]
	if after.Equal(before) {
		return nil, errf(ErrInvalidRequest, "the corrected result %s is the recorded one %s", after, before)
	}
	corrected := append(all[:last:last], after)
	if !pt.RoundOver(corrected) {
		return nil, errf(ErrInvalidResult, "the corrected result %s would not end round %s; a correction replaces the result that ended it", after, r.ID)
	}
	if err := checkShoeCount(t, r, pt, corrected); err != nil {
		return nil, err
	}
	// Walk the compensating events before raising the correction: each
	// wallet must stay non-negative at every step, not only at the end.
	k := r.Correction + 1
	wallets := map[string]decimal.Decimal{}
	for _, b := range r.Bets {
		if b.Status != BetSettled {
			continue
		}
		ds, err := reverseAndSettle(r, b, pt, corrected, k)
		if err != nil {
			return nil, err
		}
		for _, dr := range ds {
			for _, p := range dr.postings {
				for _, acc := range []string{p.From, p.To} {
					if _, ok := wallets[acc]; !ok {
						if pl, isW := posting.IsWallet(acc); isW {
							wallets[acc] = s.walletBalance(pl, r.Currency)
						}
					}
				}
				if _, ok := wallets[p.From]; ok {
					wallets[p.From] = wallets[p.From].Sub(p.Amount)
					if wallets[p.From].IsNegative() {
						return nil, errf(ErrCorrectionOverdraw, "reversing bet %s would take %s below zero", b.ID, p.From)
					}
				}
				if _, ok := wallets[p.To]; ok {
					wallets[p.To] = wallets[p.To].Add(p.Amount)
				}
			}
		}
	}
	bd, bo := events.ResultMembers(before.JSON())
	ad, ao := events.ResultMembers(after.JSON())
	return []draft{{
		typ: events.TypeRoundResultCorrected, table: t.ID, round: r.ID,
		payload: &events.RoundResultCorrected{
			Table: t.ID, Round: r.ID, Before: bd, After: ad, BeforeResult: bo, AfterResult: ao,
			Reason: c.Reason, Correction: k,
		},
	}}, nil
}
