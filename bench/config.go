package bench

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/wagerlog/wagerlog/events/jetstream"
)

// Defaults of Config (the flags of `wagerlog bench`).
const (
	// DefaultClients is how many concurrent clients place slips through
	// the ledger in the ingest phase.
	DefaultClients = 64
	// DefaultHTTPClients is how many concurrent keep-alive connections
	// place slips through the HTTP API.
	DefaultHTTPClients = 200
	// DefaultEvents is how many events the stream holds for the rebuild.
	DefaultEvents = 1_000_000
	// DefaultDuration is how long the ingest and the HTTP phases each run.
	DefaultDuration = 10 * time.Second
	// DefaultTables is how many tables the dealers run rounds on. With
	// several, clients bet on another table while one is being settled.
	DefaultTables = 4
	// DefaultRoundSlips is how many slips a dealer takes on a round before
	// closing betting and settling it.
	DefaultRoundSlips = 500
)

// Limits on Config, so that a typo cannot start a run that never ends or
// exhausts the machine.
const (
	ClientsMax    = 10_000
	EventsMax     = 100_000_000
	DurationMax   = time.Hour
	TablesMax     = 100
	RoundSlipsMax = 100_000
	// RestartWaitMax bounds Config.RestartWait.
	RestartWaitMax = 10 * time.Minute
)

// Config configures Run. Zero numeric fields mean their defaults.
type Config struct {
	// Clients and HTTPClients are the concurrent clients of the ingest and
	// the HTTP phases.
	Clients     int
	HTTPClients int
	// Events is the size the stream is filled up to before the rebuild.
	Events int
	// Duration is how long the ingest phase and the HTTP phase each run.
	Duration time.Duration
	// Tables and RoundSlips shape the rounds the dealers run.
	Tables     int
	RoundSlips int
	// CommitInterval is the HTTP phase's projector's least time between
	// two commits (projections.Projector.CommitInterval): 0 means the
	// default, a negative value commits every batch as it arrives.
	CommitInterval time.Duration
	// DataDir keeps the data (the embedded store and the projections
	// file); it must be empty or missing. Empty means a temporary
	// directory, removed at the end.
	DataDir string
	// Store is the base of the event stores' options: URL and credentials
	// of an external server, the fsync policy, the logger. Run sets the
	// data directory, the stream name and the subject prefix of each store
	// it opens; with an external server it creates streams of its own
	// (named after Store.Stream and a run id), never touching others.
	Store jetstream.Options
	// CPUProfile, when set, receives a CPU profile of the ingest phase.
	CPUProfile io.Writer
	// ProfileDir, when set, receives a CPU profile of every phase
	// (<phase>.cpu.pprof; the ingest phase's only without CPUProfile) and
	// heap profiles after the fill, after the rebuild and at the end
	// (<when>.heap.pprof).
	ProfileDir string
	// Progress receives one line per phase and periodic progress; nil
	// discards it.
	Progress io.Writer
	// Seed seeds the dealers' dice and the clients' choice of bets.
	Seed uint64
	// RestartWait is how long each restart waits after the fill before
	// stopping the store (at most RestartWaitMax): `wagerlog bench` waits
	// out the embedded server's duplicate window, which a restart reads
	// back. Zero means no wait.
	RestartWait time.Duration
	// IdempotencyWindow is how long the bench's ledger remembers an
	// idempotency key (ledger.Options.IdempotencyWindow); 0 means the
	// ledger's default (24 h). The fill writes a casino's day in seconds,
	// all of it within the default window: a short window shows what a
	// restart costs without the keys (docs/BENCHMARKS.md, session 5).
	IdempotencyWindow time.Duration
	// SettleChunk is the bench ledger's ledger.Options.SettleChunk: zero
	// means the ledger's default, a negative value no chunks.
	SettleChunk int
	// LoadgenCommand, when set, is the command that runs the load
	// generator as a separate process in the HTTP phase (`wagerlog
	// loadgen`: the executable and the command's name; the phase adds the
	// flags), so that the HTTP figures are the server's alone. Empty runs
	// the generator in this process.
	LoadgenCommand []string
	// HTTPOnly runs the HTTP phase alone (and its direct run for
	// http_ratio), after the setup, on a stream that holds only the
	// setup: the figures of the HTTP edge in a fraction of the time.
	HTTPOnly bool
	// IngestOnly runs the ingest phase and the raw append it is compared
	// with (ingest_ratio), nothing after: the figures of the ledger's
	// write path, its CPU per slip included, in a fraction of the time.
	IngestOnly bool
}

func (c Config) withDefaults() (Config, error) {
	if c.HTTPOnly && c.IngestOnly {
		return c, errors.New("bench: --http-only and --ingest-only run different phases; choose one")
	}
	if c.Clients == 0 {
		c.Clients = DefaultClients
	}
	if c.HTTPClients == 0 {
		c.HTTPClients = DefaultHTTPClients
	}
	if c.Events == 0 {
		c.Events = DefaultEvents
	}
	if c.Duration == 0 {
		c.Duration = DefaultDuration
	}
	if c.Tables == 0 {
		c.Tables = DefaultTables
	}
	if c.RoundSlips == 0 {
		c.RoundSlips = DefaultRoundSlips
	}
	if c.Progress == nil {
		c.Progress = io.Discard
	}
	switch {
	case c.Clients < 1 || c.Clients > ClientsMax:
		return c, fmt.Errorf("%w: clients %d, want 1..%d", ErrConfig, c.Clients, ClientsMax)
	case c.HTTPClients < 1 || c.HTTPClients > ClientsMax:
		return c, fmt.Errorf("%w: HTTP clients %d, want 1..%d", ErrConfig, c.HTTPClients, ClientsMax)
	case c.Events < 1 || c.Events > EventsMax:
		return c, fmt.Errorf("%w: events %d, want 1..%d", ErrConfig, c.Events, EventsMax)
	case c.Duration < 100*time.Millisecond || c.Duration > DurationMax:
		return c, fmt.Errorf("%w: duration %s, want 100ms..%s", ErrConfig, c.Duration, DurationMax)
	case c.Tables < 1 || c.Tables > TablesMax:
		return c, fmt.Errorf("%w: tables %d, want 1..%d", ErrConfig, c.Tables, TablesMax)
	case c.RestartWait < 0 || c.RestartWait > RestartWaitMax:
		return c, fmt.Errorf("%w: restart wait %s, want 0..%s", ErrConfig, c.RestartWait, RestartWaitMax)
	case c.IdempotencyWindow < 0:
		return c, fmt.Errorf("%w: idempotency window %s, want 0 (the ledger's default) or more", ErrConfig, c.IdempotencyWindow)
	case c.RoundSlips < 1 || c.RoundSlips > RoundSlipsMax:
		return c, fmt.Errorf("%w: slips per round %d, want 1..%d", ErrConfig, c.RoundSlips, RoundSlipsMax)
	}
	return c, nil
}

// ErrConfig is returned (wrapped) by Run when a Config field is out of
// range.
var ErrConfig = errors.New("bench: invalid configuration")

// ErrDataDirNotEmpty is returned by Run when Config.DataDir holds files: a
// benchmark writes a fresh stream and never appends to existing data.
var ErrDataDirNotEmpty = errors.New("bench: data directory is not empty")
