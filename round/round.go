package round

import (
	"errors"
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// Errors Apply returns for an event that does not fit the round: a broken
// log (the ledger never writes one; it asserts, the readers report).
var (
	// ErrTransition is returned for an event the lifecycle table
	// (StatusAfter) does not allow in the round's status; the status
	// stays as it was.
	ErrTransition = errors.New("round: event not allowed in the round's status")
	// ErrUnknownBet is returned for a bet event naming a bet the round
	// does not hold (never placed in it, or dropped from memory).
	ErrUnknownBet = errors.New("round: unknown bet")
	// ErrBetStatus is returned for a bet settled, refunded or taken down
	// while not open, or reversed while not settled; the bet takes the
	// status the event gives it all the same.
	ErrBetStatus = errors.New("round: bet not in the status the event needs")
	// ErrBetPlacedTwice is returned for a bet placed again under an id
	// the round already holds; the second placing is ignored.
	ErrBetPlacedTwice = errors.New("round: bet placed twice")
)

// Round is a round's state as its events tell it.
type Round struct {
	ID     string
	Table  string
	Number int64
	// Paytable, PaytableHash, Currency and Scale are what the round was
	// opened under. Every command on the round (a result, a correction
	// long after, a cancel) uses them, never the table's current ones.
	// Currency and Scale are the table's, set by whoever folds the round
	// (round.opened does not repeat them).
	Paytable     string
	PaytableHash string
	Currency     string
	Scale        int32
	Status       Status
	// Prior is the status a paused round resumes to ("" unless paused).
	Prior    Status
	OpenedAt time.Time
	Window   time.Duration
	// Results are the round's results in force in order, as their games'
	// JSON: a correction replaces the last one; a reshake is not a result.
	Results [][]byte
	// Correction counts result corrections (0 before any).
	Correction int
	Reshakes   int
	// Bets are the round's bets in placement order.
	Bets []*Bet
	// byID indexes Bets; built again when missing (SetBets).
	byID   map[string]*Bet
	Staked decimal.Decimal
	// Open counts the bets still in play: placed and not yet settled,
	// refunded or taken down (a reversed settlement makes its bet open
	// again).
	Open int
	// AtResult is what the round's last result found (Funds): the funds a
	// round settled as a whole (games.RoundSettler) is settled with, also
	// when its settlement is finished after a crash, once some of its
	// bets moved the bank.
	AtResult AtResult
	// SalesClose are the transfers the round posted at its first close of
	// betting (games.SalesCloser): nil when none.
	SalesClose []games.Transfer
}

// AtResult is what a round's last result found outside the round.
type AtResult struct {
	// Bank is the table's bank balance.
	Bank decimal.Decimal
	// Pool are the balances of the accounts of the pool the table was
	// linked to (nil when none): the funds a progressive round is
	// settled with.
	Pool []decimal.Decimal
}

// Funds reads what a result finds outside its round: the ledger and the
// verifier keep the balances, the round does not.
type Funds interface {
	AtResult(r *Round) AtResult
}

// BetStatus is a bet's status in its round. Its values are stored and
// answered: they never change.
type BetStatus string

// Bet statuses.
const (
	BetOpen      BetStatus = "open"
	BetSettled   BetStatus = "settled"
	BetRefunded  BetStatus = "refunded"
	BetTakenDown BetStatus = "taken_down"
)

// Bet is one bet's state.
type Bet struct {
	ID     string
	Slip   string
	Player string
	Code   string
	Stake  decimal.Decimal
	// Since is how many of the round's results were recorded before the
	// bet was placed; Working is the player's craps flag; Commission what
	// was charged on placing it.
	Since      int
	Working    bool
	Commission decimal.Decimal
	Status     BetStatus
	// Settlement is the settlement in force (valid when Status is
	// settled); its Outcome is the bet's outcome (games.Outcome, the one
	// definition).
	Settlement games.Settlement
	// Correction is the correction number of the settlement in force, and
	// Step how many results the round had when it was settled.
	Correction int
	Step       int
	// Reversed is the number of the last correction that reversed this
	// bet's settlement; 0 when none has (corrections count from 1).
	Reversed int
	// Funding is the slip's funding (events.BetPlaced.Funding): "credits"
	// for a bet paid with promotional credits, empty for the wallet.
	Funding string
}

// Bet returns the round's bet id, nil when it holds none.
func (r *Round) Bet(id string) *Bet {
	if r.byID == nil && len(r.Bets) > 0 {
		r.byID = make(map[string]*Bet, len(r.Bets))
		for _, b := range r.Bets {
			r.byID[b.ID] = b
		}
	}
	return r.byID[id]
}

// SetBets replaces the round's bets (nil drops them from memory), for a
// round copied or read back from storage.
func (r *Round) SetBets(bets []*Bet) {
	r.Bets, r.byID = bets, nil
}

// Last returns the result in force, nil before any.
func (r *Round) Last() []byte {
	if len(r.Results) == 0 {
		return nil
	}
	return r.Results[len(r.Results)-1]
}

// Apply applies one event of the round (e.Round == r.ID; a fresh Round for
// its round.opened) and returns what in it does not fit the round, nil
// when all does: the fact is applied as far as it can be all the same.
// funds is read at a result; nil leaves AtResult zero (a reader that keeps
// no balances). Apply is Move and then the method of the event's fact; a
// reader that checks each fact against the round before it is applied
// (the verifier) calls them itself, in the same order.
func (r *Round) Apply(e *events.Envelope, payload events.Payload, funds Funds) error {
	// errs stays nil, with no allocation, for an event that fits: the
	// ledger folds every event of the stream through here.
	var errs []error
	if err := r.Move(e.Type); err != nil {
		errs = append(errs, fmt.Errorf("event %d: %w", e.Seq, err))
	}
	var err error
	switch p := payload.(type) {
	case *events.RoundOpened:
		r.Opened(p, e.OccurredAt)
	case *events.BetPlaced:
		errs = append(errs, r.PlaceBets(p)...)
	case *events.RoundBettingClosed:
		r.CloseSales(p)
	case *events.RoundReshake:
		r.Reshake()
	case *events.RoundResult:
		r.RecordResult(p.ResultJSON(), funds)
	case *events.RoundResultCorrected:
		r.CorrectResult(p)
	case *events.BetSettled:
		err = r.SettleBet(p)
	case *events.BetSettlementReversed:
		err = r.ReverseBet(p)
	case *events.BetRefunded:
		err = r.RefundBet(p)
	case *events.BetTakenDown:
		err = r.TakeDownBet(p)
	}
	if err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Move moves the round's status after an event of type t by the lifecycle
// table (StatusAfter); an event the table does not allow leaves it as it
// is and returns ErrTransition.
func (r *Round) Move(t events.Type) error {
	next, prior, ok := StatusAfter(r.Status, r.Prior, t)
	if !ok {
		return fmt.Errorf("%w: %s on round %s while %q", ErrTransition, t, r.ID, r.Status)
	}
	r.Status, r.Prior = next, prior
	return nil
}

// Opened records what round.opened says of the round, opened at at.
func (r *Round) Opened(p *events.RoundOpened, at time.Time) {
	r.ID, r.Table, r.Number = p.Round, p.Table, p.Number
	r.Paytable, r.PaytableHash = p.Paytable, p.PaytableHash
	r.OpenedAt, r.Window = at, p.BettingWindow
}

// Reshake counts a reshake: the dealer throws again, no result is
// recorded.
func (r *Round) Reshake() { r.Reshakes++ }

// CloseSales records what a close of betting posted (games.SalesCloser):
// only the first close of a round posts anything.
func (r *Round) CloseSales(p *events.RoundBettingClosed) {
	if len(p.Transfers) > 0 {
		r.SalesClose = GameTransfers(p.Transfers)
	}
}

// RecordResult adds a result (its game's JSON) to the results in force,
// and reads from funds (nil: none) what the result finds.
func (r *Round) RecordResult(raw []byte, funds Funds) {
	r.Results = append(r.Results, raw)
	r.AtResult = AtResult{}
	if funds != nil {
		r.AtResult = funds.AtResult(r)
	}
}

// CorrectResult replaces the last result in force by the corrected one
// (the only result of a round without any, in a broken log).
func (r *Round) CorrectResult(p *events.RoundResultCorrected) {
	if n := len(r.Results); n > 0 {
		r.Results[n-1] = p.AfterJSON()
	} else {
		r.Results = append(r.Results, p.AfterJSON())
	}
	r.Correction = p.Correction
}

// The changes bet events make, also used alone to read a finished round's
// bets back from the stream (ledger.Ledger.loadBets).

// PlaceBets adds a slip's bets, placed after the round's results so far.
func (r *Round) PlaceBets(p *events.BetPlaced) []error {
	var errs []error
	for _, b := range p.Bets {
		if r.Bet(b.Bet) != nil {
			errs = append(errs, fmt.Errorf("%w: bet %s", ErrBetPlacedTwice, b.Bet))
			continue
		}
		bet := &Bet{
			ID: b.Bet, Slip: p.Slip, Player: p.Player, Code: b.Code, Stake: b.Stake,
			Since: len(r.Results), Working: b.Working, Commission: b.Commission, Status: BetOpen, Funding: p.Funding,
		}
		r.Bets = append(r.Bets, bet)
		if r.byID == nil {
			r.byID = make(map[string]*Bet)
		}
		r.byID[b.Bet] = bet
		r.Staked = r.Staked.Add(b.Stake)
		r.Open++
	}
	return errs
}

// SettleBet records a bet's settlement, on the round's results so far.
func (r *Round) SettleBet(p *events.BetSettled) error {
	b := r.Bet(p.Bet)
	if b == nil {
		return fmt.Errorf("%w: bet %s settled in round %s", ErrUnknownBet, p.Bet, r.ID)
	}
	var err error
	if b.Status != BetOpen {
		err = fmt.Errorf("%w: bet %s settled while %s", ErrBetStatus, b.ID, b.Status)
	} else {
		r.Open--
	}
	b.Status = BetSettled
	b.Correction = p.Correction
	b.Step = len(r.Results)
	b.Settlement = games.Settlement{
		Outcome: games.Outcome(p.Outcome), Win: p.Win, Returned: p.Returned,
		Residue: p.Residue, Rule: p.Rule, Commission: p.Commission, Counterparty: p.Counterparty,
	}
	for _, c := range p.Contributions {
		b.Settlement.Contributions = append(b.Settlement.Contributions, games.Contribution{Pool: c.Pool, Amount: c.Amount})
	}
	return err
}

// ReverseBet reverses a bet's settlement: the bet is open again.
func (r *Round) ReverseBet(p *events.BetSettlementReversed) error {
	b := r.Bet(p.Bet)
	if b == nil {
		return fmt.Errorf("%w: bet %s reversed in round %s", ErrUnknownBet, p.Bet, r.ID)
	}
	var err error
	if b.Status != BetSettled {
		err = fmt.Errorf("%w: bet %s reversed while %s", ErrBetStatus, b.ID, b.Status)
	} else {
		r.Open++
	}
	b.Status = BetOpen
	b.Reversed = p.Correction
	return err
}

// RefundBet records a bet's refund.
func (r *Round) RefundBet(p *events.BetRefunded) error { return r.end(p.Bet, BetRefunded, "refunded") }

// TakeDownBet records a bet taken down.
func (r *Round) TakeDownBet(p *events.BetTakenDown) error {
	return r.end(p.Bet, BetTakenDown, "taken down")
}

// end gives an open bet's stake back: refunded or taken down.
func (r *Round) end(id string, status BetStatus, what string) error {
	b := r.Bet(id)
	if b == nil {
		return fmt.Errorf("%w: bet %s %s in round %s", ErrUnknownBet, id, what, r.ID)
	}
	var err error
	if b.Status != BetOpen {
		err = fmt.Errorf("%w: bet %s %s while %s", ErrBetStatus, b.ID, what, b.Status)
	} else {
		r.Open--
	}
	b.Status = status
	return err
}

// GameTransfers converts recorded transfers to the games' type, nil for
// none.
func GameTransfers(ts []events.Transfer) []games.Transfer {
	if len(ts) == 0 {
		return nil
	}
	out := make([]games.Transfer, len(ts))
	for i, t := range ts {
		out[i] = games.Transfer{From: t.From, To: t.To, Amount: t.Amount, Rule: t.Rule}
	}
	return out
}
