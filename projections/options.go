package projections

import (
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// Defaults and limits.
const (
	// DefaultBoardSize is how many completed rounds a table's statistics
	// board holds (seed 001: "las 50 rondas previas").
	DefaultBoardSize = 50
	// BoardSizeMax bounds Options.BoardSize.
	BoardSizeMax = 1000
	// PageLimitDefault is the page size when Page.Limit is 0.
	PageLimitDefault = 50
	// PageLimitMax is the largest page a query returns.
	PageLimitMax = 500
	// BalancesMax is the most rows Balances returns; the answer says when
	// it was cut.
	BalancesMax = 10_000
	// TablesMax is the most tables Tables returns.
	TablesMax = 10_000
	// DailyDaysMax is the longest date range Daily accepts.
	DailyDaysMax = 366
	// DailyRowsMax is the most rows Daily returns; the answer says when it
	// was cut.
	DailyRowsMax = 100_000
	// SchemaVersion is the layout of the file. A file of another version is
	// refused with ErrIncompatible and must be rebuilt.
	// 4: results as their games' JSON (bets and boards), placement
	// commission, working flag and take-downs in the bet records.
	// 5: one board entry per settled result (every roll of a craps hand,
	// the hand in progress included), not per completed round.
	// 6: progressive pools' events and movements (pools.go).
	// 7: the settlement's commission in the bet records.
	// 8: amounts of the binary records in their shortest form, so that a
	// file followed live holds a rebuild's bytes (record.go, shortest).
	// 9: a refunded or taken-down bet's rule (round.RuleRefunded,
	// RuleTakenDown) in its record.
	// 10: no stored time of the last event in the meta bucket: the
	// projector takes the ledger's events from its hand-off, which knows
	// no stored time, and nothing read it (handoff.go).
	// 11: a player's wallet entries and bets keyed by the event's sequence
	// first and linked to the player's entry before them, with the
	// player's newest entries in a head record (history.go).
	SchemaVersion = 11
	// DefaultLockTimeout is how long Open waits for the file lock held by
	// another process.
	DefaultLockTimeout = 2 * time.Second
)

// Options configure Open. The zero value means the defaults.
type Options struct {
	// Location is the time zone whose midnight divides the days of the
	// daily totals; nil means UTC. A file built with one zone is refused
	// under another (ErrIncompatible).
	Location *time.Location
	// Codec decodes stored events (upcasting old versions); nil decodes
	// current versions only.
	Codec *events.Codec
	// Games is the catalog whose games compute the boards' statistics and
	// rows (games/registry.New in cmd). Nil, or a table whose paytable it
	// does not know, gives boards whose rows show their results and whose
	// Stats is nil. Only reads use it: the file is the same without it.
	Games *games.Catalog
	// BoardSize is how many completed rounds a board holds; 0 means
	// DefaultBoardSize.
	BoardSize int
	// ReadOnly opens the file for queries only (a shared lock, so several
	// readers may hold it, but not while a writer does).
	ReadOnly bool
	// NoSync skips the fsync of each committed batch. Only a rebuild sets
	// it: it writes to a file that is thrown away if it does not finish,
	// and syncs once before the swap.
	NoSync bool
	// LockTimeout is how long Open waits for another process's lock on the
	// file; 0 means DefaultLockTimeout.
	LockTimeout time.Duration
	// ReleaseEvents is how many applied events the store waits before it
	// releases the resident pages of the file's memory map
	// (Store.ReleaseMapped), so that the process's resident set does not
	// grow with the file; 0 means DefaultReleaseEvents, negative never.
	ReleaseEvents int
}

func (o Options) withDefaults() Options {
	if o.Location == nil {
		o.Location = time.UTC
	}
	if o.BoardSize <= 0 {
		o.BoardSize = DefaultBoardSize
	}
	if o.BoardSize > BoardSizeMax {
		o.BoardSize = BoardSizeMax
	}
	if o.LockTimeout <= 0 {
		o.LockTimeout = DefaultLockTimeout
	}
	if o.ReleaseEvents == 0 {
		o.ReleaseEvents = DefaultReleaseEvents
	}
	return o
}
