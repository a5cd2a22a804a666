package ledger

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// Log is the event stream the ledger appends to and rebuilds from.
// events/jetstream.Store implements it.
type Log interface {
	// Append stores msgs as one atomic batch if the stream's last sequence
	// is expectLastSeq, and returns the sequence of the first; the others
	// follow without gaps. It returns an error wrapping events.ErrConflict
	// when the stream moved on, events.ErrStreamFull when it is full.
	Append(ctx context.Context, expectLastSeq uint64, msgs []events.Raw) (first uint64, err error)
	// Read calls fn for every event from..to inclusive, in order; to == 0
	// means up to the last sequence at the time of the call.
	Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error
	// LastSeq returns the stream's last sequence (0 when empty).
	LastSeq(ctx context.Context) (uint64, error)
	// Prefix returns the subject prefix of the stream.
	Prefix() string
	// Check returns a *events.StreamFault when the stream was deleted, its
	// settings changed, or it counts messages it does not hold; nil when
	// none of these; another error when it cannot tell.
	Check(ctx context.Context) error
}

// Paytable is one game's rules at one version, as the ledger needs them.
// games/sicbo.Paytable implements it.
type Paytable interface {
	ID() string
	Game() string
	// Hash is the content hash recorded in table.opened; a table's bets are
	// settled only by a paytable with the same hash.
	Hash() string
	// BetKind validates code against this paytable and returns its kind
	// (the code before ':'), which selects the stake limit.
	BetKind(code string) (string, error)
	// Kinds lists the bet kinds the paytable offers, the keys a table's
	// stake limits may use.
	Kinds() []string
	// ValidateResult reports whether r is a possible result of the game.
	ValidateResult(r games.Result) error
	// Settle settles one bet of stake (in a currency with scale decimals).
	Settle(code string, stake decimal.Decimal, scale int32, r games.Result) (games.Settlement, error)
}

// PaytableFunc looks a paytable up by id; it returns an error for an unknown
// id.
type PaytableFunc func(id string) (Paytable, error)
