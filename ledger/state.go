package ledger

import (
	"crypto/sha256"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/round"
)

// Bet statuses: the round model's (round.BetStatus).
const (
	BetOpen      = round.BetOpen
	BetSettled   = round.BetSettled
	BetRefunded  = round.BetRefunded
	BetTakenDown = round.BetTakenDown
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
	// Shoe counts the shoes started at a table dealt from one
	// (games.Shoed); ShoeRound is the number of the table's last round
	// before the current shoe, and ShoeOver is set once a round of the
	// current shoe brought its cut card out.
	Shoe      int64
	ShoeRound int64
	ShoeOver  bool
	// ClosedSeats are the seats closed to progressive bets
	// (jackpot.seat_closed), sorted; a table opened again starts with
	// every seat open.
	ClosedSeats []int
	// ShoeResults are the results in force of the finished rounds of the
	// current shoe (settled or cancelled), by round id, as their games'
	// JSON: the cards dealt since the shoe started (ledger/shoe.go). Nil
	// before the first shoe and at a table not dealt from one.
	ShoeResults map[string][][]byte
}

// Bet is one bet's state: the round model's.
type Bet = round.Bet

// Round is a round's state: the round model's (round.Round, folded by
// round.Round.Apply) and what the ledger adds to decide and to finish its
// work.
type Round struct {
	round.Round
	// derived holds what is derived from Bets and Results for games
	// that need it (bingo): never checkpointed, built again when missing
	// (ledger/sales.go).
	derived *roundDerived
	// poolFunded is set once the round's pass has written its shortfall
	// funding (jackpot.pass_funded), so that a settlement finished after
	// a crash writes it once.
	poolFunded bool
	// drawn is set once the round's pass has written its complementary
	// draws (jackpot.drawn, ledger/draw.go), so that they are drawn and
	// paid once.
	drawn bool
	// work is the command whose events are still being written when the
	// round is settling or cancelling; continuation events carry its
	// idempotency key so that they belong to it.
	work workMeta
	done bool
	// openSeq and lastSeq are the sequences of the round's round.opened
	// and of its last event: a finished round's events lie between them,
	// on its table's subject. unloaded is set when a finished round's bets
	// were dropped from memory (Bets is empty then); Ledger.loadBets reads
	// them back for a correction.
	openSeq, lastSeq uint64
	unloaded         bool
}

// workMeta identifies the command that started work spanning batches.
type workMeta struct {
	actor   events.Actor
	key     string
	reqHash string
	corr    string
}

type balanceKey struct{ account, currency string }

// idemKey identifies an idempotency key of an actor: the first 16 bytes of
// SHA-256(actor, 0, key). A fixed-size key keeps an entry's cost fixed
// whatever the length of the client's key, and 128 bits make a collision
// between two keys of a stream out of reach.
type idemKey [16]byte

// idemEntry is what the ledger remembers of a command sent with an
// idempotency key: enough to recognise its body and to find its answer in
// the log, not the answer itself. A retry reads the command's first event
// back (Ledger.idemResult), so a key costs the same few bytes whatever the
// command did. IdemEntryBytes documents the cost.
type idemEntry struct {
	// req is the first 8 bytes of SHA-256 of the request hash: a body
	// different from the original's has a 2^-64 chance of passing for it.
	req [8]byte
	// at is the time of the command's first event (Unix nanoseconds):
	// expiry follows event time.
	at int64
	// first and last are the sequences of the command's first and last
	// events, and events how many it wrote.
	first  uint64
	span   uint32 // last - first
	events uint32
}

// IdemEntryBytes is what one remembered idempotency key costs in memory, in
// bytes, on average: the 16-byte key and its 32-byte entry in a chunk of
// the index (ledger/idem.go), and the key and its 8-byte position in a Go
// map (24 bytes a slot, about 1.5 slots a key with the map's load factor
// and its growth by doubling); 88 measured, with room for a chunk copied
// for a snapshot. Measured by TestState_IdempotencyMemory.
const IdemEntryBytes = 120

func newIdemKey(actor, key string) idemKey {
	// One Sum256 over the joined bytes, in a buffer on the stack for the
	// usual lengths: the same hash as writing the parts to a sha256.New,
	// without its three allocations (twice per command).
	var buf [192]byte
	b := append(buf[:0], actor...)
	b = append(b, 0)
	b = append(b, key...)
	sum := sha256.Sum256(b)
	var k idemKey
	copy(k[:], sum[:])
	return k
}

func reqDigest(reqHash string) [8]byte {
	sum := sha256.Sum256([]byte(reqHash))
	var d [8]byte
	copy(d[:], sum[:])
	return d
}

// State is everything the sequencer validates commands against. It is
// changed only by apply, from events; it is owned by the ledger's goroutine.
type State struct {
	lastSeq uint64
	head    events.Hash
	// balances is every account's balance (ledger/balances.go).
	balances balanceMap
	tables   map[string]*Table
	rounds   map[string]*Round
	// finished remembers the rounds that left memory (beyond
	// FinishedRoundsKept per table) so that commands on them get
	// ErrRoundFinished rather than ErrRoundNotFound.
	// It is bounded too (limits.finishedIDsMax, oldest forgotten first):
	// beyond it a command on a forgotten round gets ErrRoundNotFound.
	finished      map[string]string // round → table
	finishedOrder []string          // rounds of finished, oldest first
	finishedQ     map[string][]string
	// idem is the idempotency keys remembered, oldest first (ledger/idem.go).
	idem idemIndex
	// lim are the bounds of what the state remembers; they shape the
	// state, so a checkpoint records them and is used only under the same.
	lim stateLimits
	// sealSeq is the sequence of the last ledger.sealed event and sealTo the
	// last sequence it sealed; sealAt is when it was written.
	sealSeq uint64
	sealTo  uint64
	sealAt  time.Time
	// pools are the progressive pools, by id (ledger/pool.go).
	pools map[string]*Pool
	// sessions are each table's open or last session (ledger/session.go).
	sessions map[string]*Session
	// credits are the expiries of players' promotional credits, by
	// creditsKey (ledger/credits.go).
	credits map[string]CreditsTerm
}

// stateLimits bound what the state remembers beyond what validation of the
// next command needs (Options.IdempotencyWindow, IdempotencyMax,
// FinishedRoundsKept, FinishedIDsMax).
type stateLimits struct {
	IdemWindow     time.Duration
	IdemMax        int
	RoundsKept     int
	FinishedIDsMax int
}

func newState(lim stateLimits) *State {
	return &State{
		balances:  newBalanceMap(0),
		tables:    make(map[string]*Table),
		rounds:    make(map[string]*Round),
		finished:  make(map[string]string),
		finishedQ: make(map[string][]string),
		idem:      newIdemIndex(0),
		lim:       lim,
		pools:     make(map[string]*Pool),
		sessions:  make(map[string]*Session),
		credits:   make(map[string]CreditsTerm),
	}
}

// balance returns an account's balance in a currency.
func (s *State) balance(account, currency string) decimal.Decimal {
	return s.balances.get(balanceKey{account, currency})
}

func (s *State) post(p events.Posting) {
	from := balanceKey{p.From, p.Currency}
	to := balanceKey{p.To, p.Currency}
	s.balances.set(from, s.balances.get(from).Sub(p.Amount))
	s.balances.set(to, s.balances.get(to).Add(p.Amount))
}
