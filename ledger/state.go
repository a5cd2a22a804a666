package ledger

import (
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// Bet statuses.
const (
	BetOpen      = "open"
	BetSettled   = "settled"
	BetRefunded  = "refunded"
	BetTakenDown = "taken_down"
)

// Table is a table's state.
type Table struct {
	ID           string
	Game         string
	Paytable     string
	PaytableHash string
	Currency     string
	Scale        int32
	Limits       map[string]Limit
	Band         Limit
	Dealer       string
	Closed       bool
	// Rounds counts the rounds opened; the next round gets Rounds+1.
	Rounds int64
	// Active is the id of the round in progress, "" between rounds.
	Active string
	// Banker is the player holding the bank of a player-banked table, ""
	// when nobody does.
	Banker string
}

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
	Status     string
	// Settlement is the settlement in force (valid when Status is settled).
	Settlement games.Settlement
	// Correction is the correction number of the settlement in force, and
	// Step how many results the round had when it was settled.
	Correction int
	Step       int
	// Reversed is the number of the last correction that reversed this
	// bet's settlement; 0 when none has (corrections count from 1).
	Reversed int
}

// Round is a round's state.
type Round struct {
	ID     string
	Table  string
	Number int64
	// Paytable, PaytableHash, Currency and Scale are what the round was
	// opened under. Every command on the round (a result, a correction
	// long after, a cancel) uses them, never the table's current ones: a
	// table closed and opened again under other rules or another currency
	// does not change its old rounds.
	Paytable     string
	PaytableHash string
	Currency     string
	Scale        int32
	Status       string
	Prior        string // status before a pause
	OpenedAt     time.Time
	Window       time.Duration
	// Results are the round's results in order, as their games' JSON; the
	// decider parses them with the round's paytable. A correction replaces
	// the last one.
	Results [][]byte
	// Correction counts result corrections (0 before any).
	Correction int
	Reshakes   int
	Bets       []*Bet // in placement order
	bets       map[string]*Bet
	Staked     decimal.Decimal
	// bankAtResult is the table's bank balance when the round's last
	// result was recorded: the funds a round settled as a whole
	// (games.RoundSettler) is settled with, also when its settlement is
	// finished after a crash, once some of its bets moved the bank.
	bankAtResult decimal.Decimal
	// Open counts the bets still in play: placed and not yet settled,
	// refunded or taken down (a reversed settlement makes its bet open
	// again).
	Open int
	// work is the command whose events are still being written when the
	// round is settling or cancelling; continuation events carry its
	// idempotency key so that they belong to it.
	work workMeta
	done bool
}

// workMeta identifies the command that started work spanning batches.
type workMeta struct {
	actor   events.Actor
	key     string
	reqHash string
	corr    string
}

type balanceKey struct{ account, currency string }

type idemEntry struct {
	reqHash string
	result  Result
	at      time.Time
}

// State is everything the sequencer validates commands against. It is
// changed only by apply, from events; it is owned by the ledger's goroutine.
type State struct {
	lastSeq  uint64
	head     events.Hash
	balances map[balanceKey]decimal.Decimal
	tables   map[string]*Table
	rounds   map[string]*Round
	// finished remembers the rounds that left memory (beyond
	// FinishedRoundsKept per table) so that commands on them get
	// ErrRoundFinished rather than ErrRoundNotFound.
	finished  map[string]string // round → table
	finishedQ map[string][]string
	idem      map[string]*idemEntry
	idemQ     []string // keys in arrival order, for expiry
	// sealSeq is the sequence of the last ledger.sealed event and sealTo the
	// last sequence it sealed; sealAt is when it was written.
	sealSeq uint64
	sealTo  uint64
	sealAt  time.Time
}

func newState() *State {
	return &State{
		balances:  make(map[balanceKey]decimal.Decimal),
		tables:    make(map[string]*Table),
		rounds:    make(map[string]*Round),
		finished:  make(map[string]string),
		finishedQ: make(map[string][]string),
		idem:      make(map[string]*idemEntry),
	}
}

// balance returns an account's balance in a currency.
func (s *State) balance(account, currency string) decimal.Decimal {
	return s.balances[balanceKey{account, currency}]
}

func (s *State) post(p events.Posting) {
	from := balanceKey{p.From, p.Currency}
	to := balanceKey{p.To, p.Currency}
	s.balances[from] = s.balances[from].Sub(p.Amount)
	s.balances[to] = s.balances[to].Add(p.Amount)
}

func idemMapKey(actor, key string) string { return actor + "\x00" + key }
