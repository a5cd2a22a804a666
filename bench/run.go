package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
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
	r := &runner{cfg: cfg, rep: &Report{Machine: machine()}, prof: &profiler{dir: cfg.ProfileDir}, handoff: projections.NewHandoff(0)}
	d := &r.rep.Details
	d.Start, d.Duration = time.Now(), cfg.Duration
	d.Clients, d.HTTPClients, d.Tables, d.RoundSlips = cfg.Clients, cfg.HTTPClients, cfg.Tables, cfg.RoundSlips
	r.rep.MemoryLimitMiB = memoryLimitMiB()
	r.say("Go memory limit: %d MiB (0: none)", r.rep.MemoryLimitMiB)

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
	r.dir = dir
	r.runID = uuid.NewString()[:8] // eight hex digits
	defer r.prof.stop()

	lopts := storeOptions(cfg.Store, dir, "ledger", r.runID)
	r.lopts = lopts
	r.say("opening the event store (%s)", where(lopts))
	if err := r.openLedger(ctx); err != nil {
		return nil, err
	}
	// The restarts replace the store and the ledger: close the last ones.
	defer r.closeLedger()
	if lopts.URL != "" {
		d.Streams = append(d.Streams, lopts.Stream)
	}
	if last, err := r.st.LastSeq(ctx); err != nil || last > 0 {
		return nil, fmt.Errorf("bench: the stream %s must be new (last sequence %d, %v)", lopts.Stream, last, err)
	}
	defer func() {
		if r.views != nil {
			r.views.Close()
		}
	}()
	r.c = newCasino(r.led, cfg.Tables, cfg.RoundSlips, cfg.Seed)
	r.ingestPlayers, r.httpPlayers = players("p", cfg.Clients), players(httpPlayerPrefix, cfg.HTTPClients)
	r.say("opening %d tables, funding %d players", cfg.Tables, cfg.Clients+cfg.HTTPClients)
	if err := r.c.setUp(ctx, append(slices.Clone(r.ingestPlayers), r.httpPlayers...)); err != nil {
		return nil, err
	}

	type phase struct {
		name string
		run  func(context.Context) error
	}
	phases := []phase{
		{"ingest", r.ingest}, {"raw append", r.raw}, {"fill", r.fill}, {"read and rebuild", r.readBack},
		{"replay and board", r.replayAndBoard}, {"http", r.http},
	}
	if cfg.HTTPOnly {
		phases = []phase{{"projections", r.openViews}, {"http", r.http}}
	}
	if cfg.IngestOnly {
		phases = []phase{{"ingest", r.ingest}, {"raw append", r.raw}}
	}
	for _, phase := range phases {
		if err := phase.run(ctx); err != nil {
			return nil, err
		}
		r.say("after %s, %s", phase.name, memoryLine())
	}
	if err := r.prof.heap("end"); err != nil {
		return nil, err
	}
	if rss, ok := peakRSSMB(); ok {
		r.rep.PeakRSSMB = rss
	}
	r.rep.Machine.LoadEnd = loadAvg()
	d.Elapsed = time.Since(d.Start)
	r.rep.tidy()
	return r.rep, nil
}

// runner is one run: its configuration, what it opened, what it measured.
type runner struct {
	cfg   Config
	rep   *Report
	prof  *profiler
	dir   string
	runID string
	// lopts are the options of the ledger's store; st, log and led the
	// store, the counting log on it and the ledger, replaced by each
	// restart.
	lopts jetstream.Options
	// storeOpened is how long the last opening of st took.
	storeOpened time.Duration
	st          *jetstream.Store
	log         *countingLog
	led         *ledger.Ledger
	c           *casino
	views       *projections.Store
	// handoff passes the ledger's stored events to the HTTP phase's
	// projector, as serve does.
	handoff *projections.Handoff

	ingestPlayers, httpPlayers []string
	// ingested is what the ingest phase appended; rounds the rounds its
	// dealers settled.
	ingested appendCount
	rounds   []roundRecord
}

func (r *runner) say(format string, args ...any) {
	fmt.Fprintf(r.cfg.Progress, "bench: "+format+"\n", args...)
}

// ingest is phase 1: slips through the ledger.
func (r *runner) ingest(ctx context.Context) error {
	cfg, rep, d := r.cfg, r.rep, &r.rep.Details
	r.say("ingest: %d clients placing one-bet slips for %s, %d tables, rounds of %d slips", cfg.Clients, cfg.Duration, cfg.Tables, cfg.RoundSlips)
	prof, closeProf, err := r.prof.ingestProfile(cfg.CPUProfile)
	if err != nil {
		return err
	}
	ing, err := ingest(ctx, r.c, r.log, "ingest", cfg.Clients, cfg.Duration, prof, r.ingestPlayers)
	if cerr := closeProf(); err == nil && cerr != nil {
		err = fmt.Errorf("bench: CPU profile: %w", cerr)
	}
	if err != nil {
		return err
	}
	secs := ing.elapsed.Seconds()
	rep.IngestBetsPerS = float64(ing.bets) / secs
	rep.IngestP50Ms, rep.IngestP99Ms = ms(ing.lat.quantile(0.50)), ms(ing.lat.quantile(0.99))
	d.IngestBets, d.IngestRefused, d.IngestEvents = ing.bets, ing.refused, ing.appended.events
	d.IngestEventsPerS = float64(ing.appended.events) / secs
	d.IngestBatchMean, d.IngestEventBytes = ing.appended.batchMean(), ing.appended.eventMean()
	if secs > 0 {
		d.IngestAppendBusy = ing.appended.busy.Seconds() / secs
	}
	rep.IngestBatchMean = d.IngestBatchMean
	rep.IngestBatchP50, rep.IngestBatchP99 = float64(ing.appended.batchQuantile(0.50)), float64(ing.appended.batchQuantile(0.99))
	if ing.bets > 0 {
		rep.IngestCPUUsPerSlip = float64(ing.cpu.Microseconds()) / float64(ing.bets)
	}
	r.ingested, r.rounds = ing.appended, ing.rounds
	r.say("ingest: %.0f bets/s, p50 %.2f ms, p99 %.2f ms; %.0f events/s in batches of %.1f events of %.0f bytes; an append in flight %.0f%% of the time",
		rep.IngestBetsPerS, rep.IngestP50Ms, rep.IngestP99Ms, d.IngestEventsPerS, d.IngestBatchMean, d.IngestEventBytes, 100*d.IngestAppendBusy)
	return nil
}

// raw is phase 2: JetStream alone.
func (r *runner) raw(ctx context.Context) error {
	if err := r.prof.start("raw"); err != nil {
		return err
	}
	raw, err := rawPhase(ctx, r.cfg, r.dir, r.runID, r.ingested, r.say)
	if perr := r.prof.stop(); err == nil {
		err = perr
	}
	if raw.stream != "" {
		r.rep.Details.Streams = append(r.rep.Details.Streams, raw.stream)
	}
	if err != nil {
		return err
	}
	d := &r.rep.Details
	r.rep.RawAppendEventsPerS, d.RawRefPerS = raw.rate, raw.rateRef
	d.RawBatch, d.RawEventBytes = raw.batch, raw.eventBytes
	r.rep.IngestRatio = d.IngestEventsPerS / raw.rate
	return nil
}

// fill is phase 3a: the ledger writes the stream the rebuild reads, in two
// halves, each followed by a restart of the store and the ledger: the
// restart's time at the two lengths shows whether it grows with history.
func (r *runner) fill(ctx context.Context) error {
	d := &r.rep.Details
	var times [2]restartResult
	for i, target := range []uint64{uint64(r.cfg.Events) / 2, uint64(r.cfg.Events)} {
		r.say("fill: the ledger writes until the stream holds %d events (now %d)", target, r.c.led.LastSeq())
		if err := r.prof.start("fill"); err != nil {
			return err
		}
		fl, err := fill(ctx, r.c, r.log, target, 4*r.cfg.Clients, r.ingestPlayers, strconv.Itoa(i), r.cfg.Progress)
		if perr := r.prof.stop(); err == nil {
			err = perr
		}
		if err != nil {
			return err
		}
		d.FillEvents += fl.events
		d.FillElapsed += fl.elapsed
		r.say("restart: the store and the ledger stop and start again at %d events", r.c.led.LastSeq())
		if times[i], err = r.restart(ctx); err != nil {
			return err
		}
		t := times[i]
		r.say("restart: ready in %s at %d events (the median of %s; the fastest %s), %s of it opening the store, %s reading the checkpoint, %s decoding and checking it (%s of that reading the stream's event it is checked against; from a checkpoint: %v, tail %d events; the checkpoint: %d bytes, sequencer paused %s; the state: %d idempotency keys, %d rounds, %d bets)",
			t.ready.Round(time.Millisecond), t.events, roundedAll(t.all), t.fastest.Round(time.Millisecond), t.store.Round(time.Millisecond),
			t.ckLoad.Round(100*time.Microsecond), t.ckDecode.Round(100*time.Microsecond), t.ckCheck.Round(100*time.Microsecond), t.loaded, t.tail, t.ckBytes, t.ckPause.Round(time.Millisecond), t.state.IdempotencyKeys, t.state.Rounds, t.state.Bets)
	}
	r.rep.RestartReadyMs = ms(times[1].ready)
	// The ratio asks whether a start grows with the stream: the medians
	// of nine restarts of each length. A restart takes tens of
	// milliseconds and so does the machine's noise; the median of nine
	// holds through four outliers either way, where the fastest of nine
	// is one lucky start (docs/BENCHMARKS.md, "wagerlog bench: what each
	// figure is", compares the two over six runs).
	if times[0].ready > 0 {
		r.rep.RestartRatio = float64(times[1].ready) / float64(times[0].ready)
	}
	r.rep.CheckpointPauseMs, r.rep.CheckpointMB = ms(times[1].ckPause), float64(times[1].ckBytes)/(1<<20)
	d.RestartHalfEvents, d.RestartHalf = times[0].events, times[0].ready
	d.RestartEvents, d.RestartTail = times[1].events, times[1].tail
	d.RestartStore = times[1].store
	return r.prof.heap("fill")
}

// readBack is phase 3b: a raw read of the whole stream, then a rebuild.
func (r *runner) readBack(ctx context.Context) error {
	rep, d := r.rep, &r.rep.Details
	r.say("raw read: one ordered consumer over the whole stream")
	// The raw read and the rebuild each start as a new process does, with
	// no freed pages at hand: a page faulted in costs about 12 µs on the
	// machine of docs/BENCHMARKS.md, so the phase that ran first would
	// otherwise pay for the pages the other reuses, and the restarts
	// before them leave every page returned (restart).
	debug.FreeOSMemory()
	if err := r.prof.start("read"); err != nil {
		return err
	}
	faults := selfFaults()
	rate, n, err := rawRead(ctx, r.st)
	faults = selfFaults() - faults
	if perr := r.prof.stop(); err == nil {
		err = perr
	}
	if err != nil {
		return err
	}
	rep.RawReadEventsPerS, d.StreamEvents = rate, n
	r.say("raw read: %d events, %.0f events/s, %d page faults; rebuild", n, rate, faults)
	path := filepath.Join(r.dir, "projections.db")
	debug.FreeOSMemory()
	if err := r.prof.start("rebuild"); err != nil {
		return err
	}
	cpu0, faults := selfCPU(), selfFaults()
	rb, err := rebuild(ctx, r.st, path, r.cfg.Progress)
	cpu, faults := selfCPU()-cpu0, selfFaults()-faults
	if perr := r.prof.stop(); err == nil {
		err = perr
	}
	if err != nil {
		return err
	}
	rep.RebuildEventsPerS = float64(rb.Applied) / rb.Elapsed.Seconds()
	rep.RebuildRatio = rep.RebuildEventsPerS / rep.RawReadEventsPerS
	if rb.Applied > 0 {
		rep.ProjectorCPUUsPerEvent = float64(cpu.Microseconds()) / float64(rb.Applied)
	}
	d.RebuildElapsed = rb.Elapsed
	r.say("rebuild: %d events in %s, %.0f events/s, %.1f µs of CPU per event, %d page faults", rb.Applied, rb.Elapsed.Round(time.Millisecond), rep.RebuildEventsPerS, rep.ProjectorCPUUsPerEvent, faults)
	if err := r.prof.heap("rebuild"); err != nil {
		return err
	}
	// The boards are read as serve reads them: with the games computing
	// their statistics.
	if r.views, err = projections.Open(path, projections.Options{Games: registry.New()}); err != nil {
		return err
	}
	return nil
}

// openViews opens a new projections file for the HTTP phase alone
// (Config.HTTPOnly): its projector follows the stream from the start.
func (r *runner) openViews(context.Context) error {
	var err error
	r.views, err = projections.Open(filepath.Join(r.dir, "projections.db"), projections.Options{Games: registry.New()})
	return err
}

// replayAndBoard are phases 4 and 5: round replay and board reads on the
// rebuilt projections.
func (r *runner) replayAndBoard(ctx context.Context) error {
	rep, d := r.rep, &r.rep.Details
	if err := r.prof.start("replay"); err != nil {
		return err
	}
	rr, err := replayRound(ctx, r.st, r.views, r.rounds)
	if perr := r.prof.stop(); err == nil {
		err = perr
	}
	if err != nil {
		return err
	}
	rep.RoundReplayMs, rep.RoundReplayReadMs = ms(rr.median), ms(rr.read)
	d.ReplayRound, d.ReplayBets, d.ReplayEvents = rr.round, rr.bets, rr.events
	r.say("round replay: round %s, %d bets, %d events over %d of the stream: %.2f ms (the median of %s; page faults %v); the stretch read alone %.2f ms (the median of %s)", rr.round, rr.bets, rr.events, rr.stretch, rep.RoundReplayMs, roundedAll(rr.all), rr.faults, rep.RoundReplayReadMs, roundedAll(rr.reads))

	ids := make([]string, len(r.c.tables))
	for i, t := range r.c.tables {
		ids[i] = t.id
	}
	if err := r.prof.start("board"); err != nil {
		return err
	}
	bl, err := boardReads(r.views, ids, r.cfg.Duration)
	if perr := r.prof.stop(); err == nil {
		err = perr
	}
	if err != nil {
		return err
	}
	rep.BoardReadP99Us, d.BoardReads, d.BoardReadP50 = us(bl.quantile(0.99)), len(bl), bl.quantile(0.50)
	r.say("board: %d reads, p99 %.1f µs", len(bl), rep.BoardReadP99Us)
	return nil
}

// http is phase 6: slips through the API, then the same number of clients
// through the ledger, for http_ratio.
func (r *runner) http(ctx context.Context) error {
	rep, d := r.rep, &r.rep.Details
	r.say("http: %d keep-alive clients placing one-bet slips for %s", r.cfg.HTTPClients, r.cfg.Duration)
	// Always profiled: the profile splits the server's CPU into its parts.
	if err := r.prof.captureStart("http"); err != nil {
		return err
	}
	rss := sampleRSS()
	faults := selfFaults()
	before := r.log.snapshot()
	taken0, missed0 := r.handoff.Counts()
	hr, err := httpPhase(ctx, r.c, r.st, r.views, r.handoff, r.cfg, r.dir, "http-"+r.runID, r.httpPlayers)
	taken1, missed1 := r.handoff.Counts()
	d.HTTPHandoffTaken, d.HTTPHandoffMissed = taken1-taken0, missed1-missed0
	d.HTTPBatches = r.log.snapshot().since(before).batchSizes()
	rep.ServeRSSMB = rss.end()
	faults = selfFaults() - faults
	prof, perr := r.prof.captureStop()
	if err == nil {
		err = perr
	}
	if err != nil {
		return err
	}
	events := r.log.snapshot().since(before).events
	l := hr.load
	rep.HTTPPlaceBetPerS, rep.HTTPPlaceBetP99Ms = l.SlipsPerS, l.P99Ms
	d.HTTPSlips, d.HTTPRefused, d.HTTPP50, d.HTTPSeparate = l.Slips, l.Refused, time.Duration(l.P50Ms*float64(time.Millisecond)), hr.separate
	if hr.separate {
		rep.HTTPServerCPUUsPerSlip, rep.HTTPLoadgenCPUUsPerSlip = l.ServerCPUUsPerSlip, l.LoadgenCPUUsPerSlip
	}
	if hr.separate && l.Slips > 0 {
		// With the load generator in this process its CPU would be in
		// the profile: the split is the server's only when it is not.
		split, err := cpuSplit(prof)
		if err != nil {
			return err
		}
		rep.HTTPCPUSplit = make(map[string]float64, len(split))
		for part, us := range split {
			rep.HTTPCPUSplit[part] = us / float64(l.Slips)
		}
		if events > 0 {
			rep.ServeProjectorCPUUsPerEvent = split["projector"] / float64(events)
		}
		r.say("http: the server's CPU per slip by part (whole phase, catch-up included): %s; the projector's per event: %.1f µs",
			splitText(rep.HTTPCPUSplit), rep.ServeProjectorCPUUsPerEvent)
	}
	rep.HTTPProjectorBehindEvents = float64(hr.catchUp.behind)
	if l.Slips > 0 {
		rep.HTTPCatchUpCPUUsPerSlip = float64(hr.catchUp.cpu.Microseconds()) / float64(l.Slips)
		rep.HTTPRefusedPerSlip = float64(l.Refused) / float64(l.Slips)
	}
	r.say("http: the projector was %d events behind when the load ended; caught up in %s with %s of CPU",
		hr.catchUp.behind, hr.catchUp.elapsed.Round(time.Millisecond), hr.catchUp.cpu.Round(time.Millisecond))
	r.say("http: %.0f bets/s, p99 %.2f ms; CPU per slip: server %.0f µs, load generator %.0f µs; the server's page faults per slip (whole phase): %.1f", rep.HTTPPlaceBetPerS, rep.HTTPPlaceBetP99Ms, l.ServerCPUUsPerSlip, l.LoadgenCPUUsPerSlip, float64(faults)/float64(max(l.Slips, 1)))

	r.say("direct: %d clients placing one-bet slips through the ledger for %s", r.cfg.HTTPClients, r.cfg.Duration)
	ing, err := ingest(ctx, r.c, r.log, "direct", r.cfg.HTTPClients, r.cfg.Duration, nil, r.httpPlayers)
	if err != nil {
		return err
	}
	d.DirectBatches = ing.appended.batchSizes()
	rep.LedgerPlaceBetPerS = float64(ing.bets) / ing.elapsed.Seconds()
	if ing.bets > 0 {
		rep.LedgerCPUUsPerSlip = float64(ing.cpu.Microseconds()) / float64(ing.bets)
	}
	if rep.LedgerPlaceBetPerS > 0 {
		rep.HTTPRatio = rep.HTTPPlaceBetPerS / rep.LedgerPlaceBetPerS
	}
	r.say("direct: %.0f bets/s (http_ratio %.2f), %.0f µs of CPU per slip; events per group commit: HTTP %s, direct %s",
		rep.LedgerPlaceBetPerS, rep.HTTPRatio, rep.LedgerCPUUsPerSlip, d.HTTPBatches, d.DirectBatches)
	return nil
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

// httpPlayerPrefix names the HTTP phase's players: h0, h1, …
const httpPlayerPrefix = "h"

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
		&r.RebuildEventsPerS, &r.RawReadEventsPerS, &r.RebuildRatio, &r.ProjectorCPUUsPerEvent, &r.RoundReplayMs, &r.BoardReadP99Us,
		&r.HTTPPlaceBetPerS, &r.HTTPPlaceBetP99Ms, &r.PeakRSSMB, &r.RestartReadyMs, &r.RestartRatio,
		&r.CheckpointPauseMs, &r.CheckpointMB, &r.ServeRSSMB,
		&r.LedgerPlaceBetPerS, &r.HTTPRatio, &r.LedgerCPUUsPerSlip, &r.HTTPServerCPUUsPerSlip, &r.HTTPLoadgenCPUUsPerSlip,
		&r.HTTPProjectorBehindEvents, &r.HTTPCatchUpCPUUsPerSlip, &r.HTTPRefusedPerSlip,
		&r.IngestBatchMean, &r.IngestBatchP50, &r.IngestBatchP99, &r.IngestCPUUsPerSlip,
	} {
		*f = tidy(*f)
	}
}

// roundedAll lists durations rounded to the millisecond: "102ms, 98ms, 131ms".
func roundedAll(ds []time.Duration) string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Round(time.Millisecond).String()
	}
	return strings.Join(out, ", ")
}
