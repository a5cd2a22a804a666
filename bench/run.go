package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// Run runs every phase in order and returns the report. It opens its own
// event stores and ledger on a fresh stream, and removes its temporary
// directory at the end (Config.DataDir is kept).
func Run(ctx context.Context, cfg Config) (rep *Report, err error) {
	cfg, err = cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	rep = &Report{Machine: machine()}
	d := &rep.Details
	d.Start, d.Duration = time.Now(), cfg.Duration
	d.Clients, d.HTTPClients, d.Tables, d.RoundSlips = cfg.Clients, cfg.HTTPClients, cfg.Tables, cfg.RoundSlips
	say := func(format string, args ...any) { fmt.Fprintf(cfg.Progress, "bench: "+format+"\n", args...) }

	dir, cleanup, err := dataDir(cfg.DataDir)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := cleanup(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	if cfg.DataDir != "" {
		d.DataDir = dir
	}
	runID := uuid.NewString()[:8] // eight hex digits

	lopts := storeOptions(cfg.Store, dir, "ledger", runID)
	say("opening the event store (%s)", where(lopts))
	st, err := jetstream.Open(ctx, lopts)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	if lopts.URL != "" {
		d.Streams = append(d.Streams, lopts.Stream)
	}
	if last, err := st.LastSeq(ctx); err != nil || last != 0 {
		return nil, fmt.Errorf("bench: the stream %s must be new (last sequence %d, %v)", lopts.Stream, last, err)
	}
	clog := &countingLog{Log: st}
	led, err := ledger.Open(ctx, clog, ledger.Options{Paytables: paytables()})
	if err != nil {
		return nil, err
	}
	defer led.Close()
	c := newCasino(led, cfg.Tables, cfg.RoundSlips, cfg.Seed)
	ingestPlayers, httpPlayers := players("p", cfg.Clients), players("h", cfg.HTTPClients)
	say("opening %d tables, funding %d players", cfg.Tables, len(ingestPlayers)+len(httpPlayers))
	if err := c.setUp(ctx, append(ingestPlayers, httpPlayers...)); err != nil {
		return nil, err
	}

	// 1. Ingest.
	say("ingest: %d clients placing one-bet slips for %s, %d tables, rounds of %d slips", cfg.Clients, cfg.Duration, cfg.Tables, cfg.RoundSlips)
	ing, err := ingest(ctx, c, clog, cfg.Clients, cfg.Duration, cfg.CPUProfile, ingestPlayers)
	if err != nil {
		return nil, err
	}
	secs := ing.elapsed.Seconds()
	rep.IngestBetsPerS = float64(ing.bets) / secs
	rep.IngestP50Ms, rep.IngestP99Ms = ms(ing.lat.quantile(0.50)), ms(ing.lat.quantile(0.99))
	d.IngestBets, d.IngestRefused, d.IngestEvents = ing.bets, ing.refused, ing.appended.events
	d.IngestEventsPerS = float64(ing.appended.events) / secs
	d.IngestBatchMean, d.IngestEventBytes = ing.appended.batchMean(), ing.appended.eventMean()
	say("ingest: %.0f bets/s, p50 %.2f ms, p99 %.2f ms; %.0f events/s in batches of %.1f events of %.0f bytes",
		rep.IngestBetsPerS, rep.IngestP50Ms, rep.IngestP99Ms, d.IngestEventsPerS, d.IngestBatchMean, d.IngestEventBytes)

	// 2. Raw append.
	raw, err := rawPhase(ctx, cfg, dir, runID, ing.appended, say)
	if err != nil {
		return nil, err
	}
	if raw.stream != "" {
		d.Streams = append(d.Streams, raw.stream)
	}
	rep.RawAppendEventsPerS, d.RawRefPerS = raw.rate, raw.rateRef
	d.RawBatch, d.RawEventBytes = raw.batch, raw.eventBytes
	rep.IngestRatio = d.IngestEventsPerS / raw.rate

	// 3. Fill, raw read, rebuild.
	say("fill: the ledger writes until the stream holds %d events (now %d)", cfg.Events, led.LastSeq())
	fl, err := fill(ctx, c, clog, uint64(cfg.Events), 4*cfg.Clients, ingestPlayers, cfg.Progress)
	if err != nil {
		return nil, err
	}
	d.FillEvents, d.FillElapsed = fl.events, fl.elapsed
	say("raw read: one ordered consumer over the whole stream")
	readRate, n, err := rawRead(ctx, st)
	if err != nil {
		return nil, err
	}
	rep.RawReadEventsPerS, d.StreamEvents = readRate, n
	say("raw read: %d events, %.0f events/s; rebuild", n, readRate)
	dbPath := filepath.Join(dir, "projections.db")
	rb, err := rebuild(ctx, st, dbPath, cfg.Progress)
	if err != nil {
		return nil, err
	}
	rep.RebuildEventsPerS = float64(rb.Applied) / rb.Elapsed.Seconds()
	rep.RebuildRatio = rep.RebuildEventsPerS / rep.RawReadEventsPerS
	d.RebuildElapsed = rb.Elapsed
	say("rebuild: %d events in %s, %.0f events/s", rb.Applied, rb.Elapsed.Round(time.Millisecond), rep.RebuildEventsPerS)

	views, err := projections.Open(dbPath, projections.Options{})
	if err != nil {
		return nil, err
	}
	defer views.Close()

	// 4. Round replay.
	rr, err := replayRound(ctx, st, views, ing.rounds)
	if err != nil {
		return nil, err
	}
	rep.RoundReplayMs = ms(rr.median)
	d.ReplayRound, d.ReplayBets, d.ReplayEvents = rr.round, rr.bets, rr.events
	say("round replay: round %s, %d bets, %d events: %.2f ms", rr.round, rr.bets, rr.events, rep.RoundReplayMs)

	// 5. Board reads.
	ids := make([]string, len(c.tables))
	for i, t := range c.tables {
		ids[i] = t.id
	}
	bl, err := boardReads(views, ids, cfg.Duration)
	if err != nil {
		return nil, err
	}
	rep.BoardReadP99Us, d.BoardReads, d.BoardReadP50 = us(bl.quantile(0.99)), len(bl), bl.quantile(0.50)
	say("board: %d reads, p99 %.1f µs", len(bl), rep.BoardReadP99Us)

	// 6. HTTP.
	say("http: %d keep-alive clients placing one-bet slips for %s", cfg.HTTPClients, cfg.Duration)
	hr, err := httpPhase(ctx, c, st, views, cfg.HTTPClients, cfg.Duration, httpPlayers)
	if err != nil {
		return nil, err
	}
	rep.HTTPPlaceBetPerS = float64(hr.slips) / hr.elapsed.Seconds()
	rep.HTTPPlaceBetP99Ms = ms(hr.lat.quantile(0.99))
	d.HTTPSlips, d.HTTPRefused, d.HTTPP50 = hr.slips, hr.refused, hr.lat.quantile(0.50)
	say("http: %.0f bets/s, p99 %.2f ms", rep.HTTPPlaceBetPerS, rep.HTTPPlaceBetP99Ms)

	// 7. Memory.
	if rss, ok := peakRSSMB(); ok {
		rep.PeakRSSMB = rss
	}
	rep.Machine.LoadEnd = loadAvg()
	d.Elapsed = time.Since(d.Start)
	rep.tidy()
	return rep, nil
}

// rawOutcome is the raw phase's result with the stream it left on an
// external server.
type rawOutcome struct {
	rawResult
	stream string
}

// rawPhase measures JetStream alone on a store of its own (a second
// embedded server in dir/raw, or a stream of its own on the external
// server): atomic batches of the ledger's mean batch and event sizes, then
// of rawReferenceBatch, each for half the ingest duration.
func rawPhase(ctx context.Context, cfg Config, dir, runID string, ledgerAppends appendCount, say func(string, ...any)) (rawOutcome, error) {
	var out rawOutcome
	out.batch, out.eventBytes = rawSizes(ledgerAppends)
	ropts := storeOptions(cfg.Store, dir, "raw", runID)
	if ropts.URL != "" {
		out.stream = ropts.Stream
	} else {
		defer os.RemoveAll(ropts.DataDir)
	}
	say("raw append: atomic batches of %d events of %d bytes, then of %d, no ledger (%s)", out.batch, out.eventBytes, rawReferenceBatch, where(ropts))
	rst, err := jetstream.Open(ctx, ropts)
	if err != nil {
		return out, err
	}
	defer rst.Close()
	span := max(cfg.Duration/2, 250*time.Millisecond)
	if out.rate, out.events, err = rawAppend(ctx, rst, out.batch, out.eventBytes, span); err != nil {
		return out, err
	}
	if out.rateRef, _, err = rawAppend(ctx, rst, rawReferenceBatch, out.eventBytes, span); err != nil {
		return out, err
	}
	say("raw append: %.0f events/s at batch %d, %.0f at batch %d", out.rate, out.batch, out.rateRef, rawReferenceBatch)
	return out, nil
}

// storeOptions derives the options of one of the run's stores from the
// base: with the embedded server, its own directory under dir; with an
// external server, a stream and subject prefix of its own, so the run
// never writes to an existing stream.
func storeOptions(base jetstream.Options, dir, name, runID string) jetstream.Options {
	o := base
	if o.URL == "" {
		o.DataDir = filepath.Join(dir, name)
		return o
	}
	o.Stream = cmp.Or(base.Stream, jetstream.DefaultStream) + "_BENCH_" + strings.ToUpper(name) + "_" + runID
	o.SubjectPrefix = cmp.Or(base.SubjectPrefix, jetstream.DefaultSubjectPrefix) + "-bench-" + name + "-" + runID
	return o
}

// where describes a store for the progress lines.
func where(o jetstream.Options) string {
	if o.URL != "" {
		return "stream " + o.Stream + " on " + o.URL
	}
	sync := "fsync always"
	if o.FsyncInterval > 0 {
		sync = "fsync every " + o.FsyncInterval.String()
	}
	return "embedded, " + sync + ", " + o.DataDir
}

// dataDir returns the run's directory: a new temporary one (removed by
// cleanup) when path is empty, else path, which must be empty or missing.
func dataDir(path string) (dir string, cleanup func() error, err error) {
	if path == "" {
		dir, err := os.MkdirTemp("", "wagerlog-bench-")
		if err != nil {
			return "", nil, fmt.Errorf("bench: temporary directory: %w", err)
		}
		return dir, func() error { return os.RemoveAll(dir) }, nil
	}
	entries, err := os.ReadDir(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(path, 0o750); err != nil {
			return "", nil, fmt.Errorf("bench: data directory: %w", err)
		}
	case err != nil:
		return "", nil, fmt.Errorf("bench: data directory: %w", err)
	case len(entries) > 0:
		return "", nil, fmt.Errorf("%w: %s", ErrDataDirNotEmpty, path)
	}
	return path, func() error { return nil }, nil
}

// players returns n player ids with a prefix.
func players(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + strconv.Itoa(i)
	}
	return out
}

// tidy rounds every figure for the report.
func (r *Report) tidy() {
	for _, f := range []*float64{
		&r.IngestBetsPerS, &r.IngestP50Ms, &r.IngestP99Ms, &r.RawAppendEventsPerS, &r.IngestRatio,
		&r.RebuildEventsPerS, &r.RawReadEventsPerS, &r.RebuildRatio, &r.RoundReplayMs, &r.BoardReadP99Us,
		&r.HTTPPlaceBetPerS, &r.HTTPPlaceBetP99Ms, &r.PeakRSSMB,
	} {
		*f = tidy(*f)
	}
}
