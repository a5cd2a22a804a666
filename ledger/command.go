package ledger

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// Limits on what a command may carry.
const (
	// BetsPerSlipMax is the most bets one slip may hold.
	BetsPerSlipMax = 100
	// TextMax is the longest free text (reason, note, reference) accepted.
	TextMax = 500
	// IdempotencyKeyMax is the longest idempotency key accepted.
	IdempotencyKeyMax = 255
	// LimitsMax is the most bet kinds a table's limits may name.
	LimitsMax = 64
	// BettingWindowMax is the longest betting window a round may announce.
	BettingWindowMax = time.Hour
)

// Roles of the actors that issue commands.
const (
	RoleDealer     = "dealer"
	RoleSupervisor = "supervisor"
	RoleCashier    = "cashier"
	RoleFrontend   = "frontend"
	RoleAuditor    = "auditor"
	RoleFinance    = "finance"
	RoleViewer     = "viewer"
	// RoleSystem is the ledger itself, finishing work after a restart.
	RoleSystem = "system"
)

// Meta is what every command carries besides its body: who issued it, its
// idempotency key and a correlation id for tracing.
type Meta struct {
	Actor          events.Actor
	IdempotencyKey string
	CorrelationID  string
}

// Command is a request to change the ledger. The concrete types are below
// and in the files of their concepts; each is declared by a CommandSpec
// (commandspec.go).
type Command interface {
	meta() *Meta
	spec() *CommandSpec
}

// nameOf returns the declared name of c's command.
func nameOf(c Command) string { return c.spec().Name }

// Limit is a minimum and a maximum stake.
type Limit = events.Limit

// Deposit credits a wallet from the external cashier.
type Deposit struct {
	Meta      `json:"-"`
	Player    string          `json:"player"`
	Amount    decimal.Decimal `json:"amount"`
	Currency  string          `json:"currency"`
	Reference string          `json:"reference,omitempty"`
}

// Withdraw pays a wallet out to the external cashier.
type Withdraw struct {
	Meta      `json:"-"`
	Player    string          `json:"player"`
	Amount    decimal.Decimal `json:"amount"`
	Currency  string          `json:"currency"`
	Reference string          `json:"reference,omitempty"`
}

// Adjust corrects a wallet (supervisor only, with a reason). A positive
// Amount credits the wallet, a negative one debits it.
type Adjust struct {
	Meta     `json:"-"`
	Player   string          `json:"player"`
	Amount   decimal.Decimal `json:"amount"`
	Currency string          `json:"currency"`
	Reason   string          `json:"reason"`
}

// OpenTable opens a table.
type OpenTable struct {
	Meta     `json:"-"`
	Table    string           `json:"table"`
	Paytable string           `json:"paytable"`
	Currency string           `json:"currency"`
	Limits   map[string]Limit `json:"limits"`
	Band     Limit            `json:"band"`
	Dealer   string           `json:"dealer"`
}

// ChangeLimits changes a table's limits between rounds, within its band.
type ChangeLimits struct {
	Meta   `json:"-"`
	Table  string           `json:"table"`
	Limits map[string]Limit `json:"limits"`
	Reason string           `json:"reason,omitempty"`
}

// CloseTable closes a table between rounds.
type CloseTable struct {
	Meta   `json:"-"`
	Table  string `json:"table"`
	Reason string `json:"reason,omitempty"`
}

// OpenRound opens a round for betting on a table.
type OpenRound struct {
	Meta          `json:"-"`
	Table         string        `json:"table"`
	BettingWindow time.Duration `json:"betting_window,omitempty"`
}

// BetRequest is one bet of a slip.
type BetRequest struct {
	Code  string          `json:"code"`
	Stake decimal.Decimal `json:"stake"`
	// Working asks for a craps bet that plays on come-out rolls too; games
	// without the flag refuse it.
	Working bool `json:"working,omitempty"`
}

// PlaceSlip places one player's bets on the table's open round; they are
// accepted or rejected together. Round may be empty for "the round open now".
type PlaceSlip struct {
	Meta   `json:"-"`
	Table  string       `json:"table"`
	Round  string       `json:"round,omitempty"`
	Player string       `json:"player"`
	Bets   []BetRequest `json:"bets"`
	// Print, instead of Bets, asks the ledger to print the slip's bets
	// from a seed, where the game prints them (bingo cards).
	Print *PrintRequest `json:"print,omitempty"`
	// Funding is where the slip's stakes come from: empty for the
	// wallet, FundingCredits for the player's promotional credits, which
	// pay only progressive bets (ledger/credits.go).
	Funding string `json:"funding,omitempty"`
}

// CloseBetting is the dealer's "no more bets".
type CloseBetting struct {
	Meta  `json:"-"`
	Table string `json:"table"`
	Round string `json:"round"`
}

// Reshake records that the dice are shaken again (seed 001).
type Reshake struct {
	Meta   `json:"-"`
	Table  string `json:"table"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
	Note   string `json:"note,omitempty"`
}

// RecordResult records a result as the dealer entered it (its game's JSON
// object: {"dice":[2,2,5]}, {"pocket":"00"}) and settles every bet it
// decides.
type RecordResult struct {
	Meta   `json:"-"`
	Table  string          `json:"table"`
	Round  string          `json:"round"`
	Result json.RawMessage `json:"result"`
}

// Pause pauses a round on a fault (seed 001).
type Pause struct {
	Meta   `json:"-"`
	Table  string `json:"table"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
}

// Resume resumes a paused round where it was.
type Resume struct {
	Meta  `json:"-"`
	Table string `json:"table"`
	Round string `json:"round"`
	Note  string `json:"note,omitempty"`
}

// Cancel cancels a round and refunds every bet (seed 001).
type Cancel struct {
	Meta   `json:"-"`
	Table  string `json:"table"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
}

// CorrectResult replaces a wrongly entered result of a settled round: every
// bet's settlement is reversed and the round is settled again.
type CorrectResult struct {
	Meta   `json:"-"`
	Table  string          `json:"table"`
	Round  string          `json:"round"`
	Result json.RawMessage `json:"result"`
	Reason string          `json:"reason"`
}

// TakeDown returns an open bet's stake to its player between two results,
// where the game allows it (craps place, buy, lay, odds).
type TakeDown struct {
	Meta   `json:"-"`
	Table  string `json:"table"`
	Round  string `json:"round"`
	Player string `json:"player"`
	Bet    string `json:"bet"`
}

// TakeBank puts up a player's bank at a player-banked table, between
// rounds: Amount moves from the wallet into the table's bank account.
type TakeBank struct {
	Meta   `json:"-"`
	Table  string          `json:"table"`
	Player string          `json:"player"`
	Amount decimal.Decimal `json:"amount"`
}

// ReleaseBank gives the bank up between rounds: its whole balance goes
// back to the banker's wallet.
type ReleaseBank struct {
	Meta  `json:"-"`
	Table string `json:"table"`
}

// StartShoe starts a new shoe at a table whose game is dealt from one
// (games.Shoed), between rounds: CutCards is how many cards the cut card
// leaves behind it, checked against the game's rules.
type StartShoe struct {
	Meta     `json:"-"`
	Table    string `json:"table"`
	CutCards int    `json:"cut_cards"`
}

func (c *StartShoe) meta() *Meta { return &c.Meta }

func (c *TakeBank) meta() *Meta      { return &c.Meta }
func (c *ReleaseBank) meta() *Meta   { return &c.Meta }
func (c *Deposit) meta() *Meta       { return &c.Meta }
func (c *Withdraw) meta() *Meta      { return &c.Meta }
func (c *Adjust) meta() *Meta        { return &c.Meta }
func (c *OpenTable) meta() *Meta     { return &c.Meta }
func (c *ChangeLimits) meta() *Meta  { return &c.Meta }
func (c *CloseTable) meta() *Meta    { return &c.Meta }
func (c *OpenRound) meta() *Meta     { return &c.Meta }
func (c *PlaceSlip) meta() *Meta     { return &c.Meta }
func (c *CloseBetting) meta() *Meta  { return &c.Meta }
func (c *Reshake) meta() *Meta       { return &c.Meta }
func (c *RecordResult) meta() *Meta  { return &c.Meta }
func (c *Pause) meta() *Meta         { return &c.Meta }
func (c *Resume) meta() *Meta        { return &c.Meta }
func (c *Cancel) meta() *Meta        { return &c.Meta }
func (c *CorrectResult) meta() *Meta { return &c.Meta }
func (c *TakeDown) meta() *Meta      { return &c.Meta }

// requestHash identifies a command's body, so that an idempotency key reused
// with a different body is detected. Amounts are hashed by value: "10" and
// "10.00" are the same request.
func requestHash(c Command) string {
	body, err := commandJSON(c)
	if err != nil {
		// Commands hold only strings, numbers, decimals and maps of them.
		panic("ledger: marshal command: " + err.Error())
	}
	h := sha256.New()
	h.Write([]byte(nameOf(c)))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

func checkText(what, s string, required bool) error {
	if required && s == "" {
		return errf(ErrInvalidRequest, "%s is required", what)
	}
	if len(s) > TextMax {
		return errf(ErrInvalidRequest, "%s is %d bytes, over the %d-byte limit", what, len(s), TextMax)
	}
	return nil
}

func checkID(what, s string) error {
	if !events.ValidID(s) {
		return errf(ErrInvalidID, "%s %q must be 1..64 letters, digits, '_' or '-'", what, s)
	}
	return nil
}
