package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/api/dashboard"
	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/drawseed"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// readyCheckTimeout bounds the stream check /readyz makes.
const readyCheckTimeout = 2 * time.Second

// serveConfig is everything `wagerlog serve` is configured with.
type serveConfig struct {
	store     storeFlags
	http      string
	logLevel  string
	tokens    string
	devTokens bool
	// devTokensOut is where --dev-tokens also writes the tokens it made,
	// as JSON, for scripts ("" for nowhere).
	devTokensOut string
	// walletMax is the ledger's maximum wallet balance ("" for the
	// default).
	walletMax   string
	publicBoard bool
	timeZone    string
	// readOnly makes a read replica: no ledger, the projections kept from
	// the stream, writes refused (docs/CLUSTER.md).
	readOnly bool
	// demo runs the simulated table (demo.go) beside the server.
	demo         bool
	demoInterval time.Duration
	demoSeed     uint64
	// demoSeedSet is true when --demo-seed was given: without it the
	// demo seeds itself from the clock (demoSeedFrom).
	demoSeedSet bool
	// onListen is set by tests: it gets the address the HTTP server
	// listens on once it is up.
	onListen func(addr string)
	// Seals: the key file that signs them, and when to write them.
	sealKey      string
	sealEvery    int
	sealInterval time.Duration
	// Checkpoints of the ledger's state, in the object store beside the
	// stream (docs/ARCHITECTURE.md, "Checkpoints").
	checkpoints        bool
	checkpointEvery    int
	checkpointInterval time.Duration
	commitInterval     time.Duration
	settleChunk        int
	checkpointsKept    int
	// memoryMiB is the Go runtime's soft memory limit (memlimit.go);
	// memorySet is true when --memory-limit-mib was given.
	memoryMiB int
	memorySet bool
}

func (m *Main) serveCmd() *cobra.Command {
	var cfg serveConfig
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the ledger: embedded JetStream (or an external cluster), projections, HTTP API and dashboard",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cfg.onListen == nil {
				cfg.onListen = m.onListen
			}
			cfg.memorySet = cmd.Flags().Changed("memory-limit-mib")
			cfg.demoSeedSet = cmd.Flags().Changed("demo-seed")
			return m.serve(cmd.Context(), cfg)
		},
	}
	cfg.store.register(cmd.Flags())
	cmd.Flags().StringVar(&cfg.http, "http", "127.0.0.1:8080", "HTTP listen address")
	cmd.Flags().StringVar(&cfg.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	cmd.Flags().StringVar(&cfg.tokens, "tokens", "", "API tokens file, one role:actor:sha256 per line (default <data-dir>/tokens; create tokens with `wagerlog token add`)")
	cmd.Flags().BoolVar(&cfg.devTokens, "dev-tokens", false, "when the tokens file does not exist, create it with one token per role and print the tokens (for trying wagerlog out, never for production)")
	cmd.Flags().StringVar(&cfg.devTokensOut, "dev-tokens-out", "", "with --dev-tokens, also write the tokens it creates to this file (mode 0600) as JSON, {\"<role>\":{\"actor\":…,\"token\":…}}, for scripts")
	cmd.Flags().StringVar(&cfg.walletMax, "wallet-max", "", "the largest balance a deposit or an adjustment may leave in a wallet, in units of its currency (default "+ledger.DefaultWalletMax.String()+"); payouts are never refused by it")
	cmd.Flags().BoolVar(&cfg.publicBoard, "public-board", false, "serve the statistics board (JSON and live stream) without a token")
	cmd.Flags().StringVar(&cfg.timeZone, "time-zone", "UTC", "IANA time zone whose midnight divides the days of the daily reports (fixed for a projections file)")
	cmd.Flags().BoolVar(&cfg.readOnly, "read-only", false, "run a read replica: no ledger, the stream only checked (never created), this instance's own projections in --data-dir, every read served, every write answered read_only; connect as a NATS user with read-only consumers (docs/CLUSTER.md)")
	cmd.Flags().BoolVar(&cfg.demo, "demo", false, "also run simulated tables, those every game of the registry declares (a dealer and a few players at each), writing real events, and imply --public-board and --dev-tokens (for trying wagerlog out, never on a production data directory)")
	cmd.Flags().DurationVar(&cfg.demoInterval, "demo-interval", DefaultDemoInterval, "time between two rounds of each --demo table")
	cmd.Flags().Uint64Var(&cfg.demoSeed, "demo-seed", 0, "seed of the --demo tables' results and players (default: from the clock; the seed is logged at start, so that a run can be replayed with it)")
	cmd.Flags().StringVar(&cfg.sealKey, "seal-key", "", "Ed25519 private key file that signs every ledger.sealed event (PEM PKCS #8 or hex; create one with `wagerlog keygen`)")
	cmd.Flags().IntVar(&cfg.sealEvery, "seal-every", ledger.DefaultSealEvery, "write a seal after this many events (negative: never by count)")
	cmd.Flags().DurationVar(&cfg.sealInterval, "seal-interval", ledger.DefaultSealInterval, "write a seal this long after the last one when events were written since (negative: never by time)")
	cmd.Flags().BoolVar(&cfg.checkpoints, "checkpoints", true, "keep checkpoints of the ledger's state in the object store <stream>"+jetstream.CheckpointBucketSuffix+" beside the stream, and start from the newest valid one (--checkpoints=false: every start replays the whole stream)")
	cmd.Flags().IntVar(&cfg.checkpointEvery, "checkpoint-every", ledger.DefaultCheckpointEvery, "take a checkpoint after this many events (negative: never by count)")
	cmd.Flags().DurationVar(&cfg.checkpointInterval, "checkpoint-interval", ledger.DefaultCheckpointInterval, "take a checkpoint this long after the last one when events were written since (negative: never by time)")
	memoryLimitFlag(cmd.Flags(), &cfg.memoryMiB)
	commitIntervalFlag(cmd.Flags(), &cfg.commitInterval)
	settleChunkFlag(cmd.Flags(), &cfg.settleChunk)
	cmd.Flags().IntVar(&cfg.checkpointsKept, "checkpoints-kept", jetstream.DefaultCheckpointsKept, "how many checkpoints to keep (the older ones are what a damaged newest falls back to)")
	return cmd
}

func (m *Main) logger(level string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	return slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: l})), nil
}

// serveTokens loads the tokens file, creating it first with --dev-tokens.
// Without a tokens file serve refuses to start: an API nobody can call is a
// mistake, and one anybody can call is worse.
func (m *Main) serveTokens(cfg serveConfig, log *slog.Logger) (*api.Tokens, error) {
	path := tokensPath(cfg.tokens, cfg.store.dataDir)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		if !cfg.devTokens {
			return nil, fmt.Errorf("no tokens file at %s: create tokens with `wagerlog token add --tokens %s --role ROLE --actor ID`, or start once with --dev-tokens to get one token per role", path, path)
		}
		toks, err := devTokens(path)
		if err != nil {
			return nil, fmt.Errorf("--dev-tokens: %w", err)
		}
		fmt.Fprintf(m.Stderr, "created %s with one token per role (only their hashes are stored; these tokens are shown once):\n", path)
		for _, t := range toks {
			fmt.Fprintf(m.Stderr, "  %-10s %-12s %s\n", t[0], t[1], t[2])
		}
		if cfg.devTokensOut != "" {
			if err := writeDevTokens(cfg.devTokensOut, toks); err != nil {
				return nil, fmt.Errorf("--dev-tokens-out: %w", err)
			}
			fmt.Fprintf(m.Stderr, "wrote the tokens to %s (mode 0600)\n", cfg.devTokensOut)
		}
	}
	t, err := loadTokens(path)
	if err != nil {
		return nil, fmt.Errorf("tokens: %w", err)
	}
	log.Info("tokens loaded", "file", path, "tokens", t.Len())
	return t, nil
}

// switchHandler serves a start-up handler until the API is ready, then the
// API: /healthz answers at once, /readyz says when the server is ready.
type switchHandler struct {
	h atomic.Pointer[http.Handler]
}

func (s *switchHandler) set(h http.Handler) { s.h.Store(&h) }

func (s *switchHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	(*s.h.Load()).ServeHTTP(w, r)
}

// startingHandler answers while the stream is checked and the state loaded.
func startingHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintln(w, `{"status":"ok"}`)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", api.ProblemContentType)
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, `{"type":"https://wagerlog.dev/errors#not_ready","title":"Not ready","status":503,"code":"not_ready","detail":"starting: stream not checked or state not loaded yet"}`)
	})
	return mux
}

// startFault returns the stream fault found at start: the ledger's, or for
// a read replica the store's own check.
func startFault(ctx context.Context, led *ledger.Ledger, store *openedStore) *events.StreamFault {
	var err error
	if led != nil {
		err = led.Check(ctx)
	} else {
		cctx, cancel := context.WithTimeout(ctx, readyCheckTimeout)
		err = store.Check(cctx)
		cancel()
	}
	var f *events.StreamFault
	if errors.As(err, &f) {
		return f
	}
	return nil
}

// faultHandler answers while the stream is faulty: /healthz 200 (the
// process runs), /readyz 503 with the fault, every other request 503 with
// the fault's code (stream_damaged, stream_untrusted).
func faultHandler(f *events.StreamFault) http.Handler {
	detail := fmt.Sprintf("stream fault %s at sequence %d: %s", f.Kind, f.Seq, f.Detail)
	problem := func(code string) []byte {
		b, _ := json.Marshal(api.Problem{
			Type: "https://wagerlog.dev/errors#" + code, Title: "Stream fault", Status: http.StatusServiceUnavailable,
			Code: code, Detail: detail,
		})
		return b
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintln(w, `{"status":"ok"}`)
	})
	write := func(w http.ResponseWriter, body []byte) {
		w.Header().Set("Content-Type", api.ProblemContentType)
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write(append(body, '\n'))
	}
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) { write(w, problem("not_ready")) })
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		write(w, problem(ledger.CodeOf(f)))
	})
	return mux
}

// serve runs until ctx is cancelled (SIGINT or SIGTERM in main), then shuts
// down in order: HTTP first (live streams end, no new commands), then the
// projector, the projections, the ledger (answers what it holds) and the
// store (drains the connection, stops the server).
func (m *Main) serve(ctx context.Context, cfg serveConfig) (err error) {
	log, err := m.logger(cfg.logLevel)
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(cfg.timeZone)
	if err != nil {
		return fmt.Errorf("--time-zone: %w", err)
	}
	if cfg.demo && cfg.readOnly {
		return errors.New("--demo writes events: it cannot run with --read-only")
	}
	commitInterval, err := projectorCommitInterval(cfg.commitInterval)
	if err != nil {
		return err
	}
	chunk, err := settleChunk(cfg.settleChunk)
	if err != nil {
		return err
	}
	restoreMemory, err := setMemoryLimit(cfg.memoryMiB, cfg.memorySet)
	if err != nil {
		return err
	}
	defer restoreMemory()
	if cfg.demo {
		// A newcomer's first command shows a moving board: no token to
		// create first, none to paste into the page.
		cfg.publicBoard, cfg.devTokens = true, true
	}
	// The data directory holds the projections (and the embedded store).
	if err := os.MkdirAll(cfg.store.dataDir, 0o750); err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	// One catalog for every part serve runs: the ledger, the
	// projections, the API's auditor, the dashboard and the demo.
	catalog := m.catalog()
	tokens, err := m.serveTokens(cfg, log)
	if err != nil {
		return err
	}

	var handler switchHandler
	handler.set(startingHandler())
	ln, err := net.Listen("tcp", cfg.http)
	if err != nil {
		return fmt.Errorf("http: %w", err)
	}
	srv := &http.Server{Handler: &handler, ReadHeaderTimeout: 10 * time.Second}
	httpDone := make(chan error, 1)
	go func() { httpDone <- srv.Serve(ln) }()
	log.Info("http listening", "addr", ln.Addr().String())
	if cfg.onListen != nil {
		cfg.onListen(ln.Addr().String())
	}
	var closers []func()
	defer func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}()
	shutdownHTTP := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}

	store, err := cfg.store.open(ctx, "serve", log, cfg.readOnly)
	if err != nil {
		shutdownHTTP()
		return err
	}
	closers = append(closers, func() { store.Close() })
	// A read replica has no ledger: it never writes, and the API answers
	// its write routes read_only. (A nil *ledger.Ledger must not become a
	// non-nil api.Ledger.)
	var led *ledger.Ledger
	var writer api.Ledger
	// The auditor checks seal signatures with the seal key's public half.
	var sealPub ed25519.PublicKey
	// The ledger's metrics: every command goes through the ledger, the
	// demo table's included, so they count all the traffic.
	var ledgerMetrics *api.LedgerMetrics
	// The ledger hands the events it stores to the projector of this
	// process, which then need not decode them again (projections.Handoff).
	var handoff *projections.Handoff
	if !cfg.readOnly {
		ledgerMetrics = api.NewLedgerMetrics()
		handoff = projections.NewHandoff(0)
		lopts := ledger.Options{
			Games: catalog, Logger: log, SealEvery: cfg.sealEvery, SealInterval: cfg.sealInterval,
			Observer:        ledger.Observers(ledgerMetrics, ledger.Appends(handoff)),
			CheckpointEvery: cfg.checkpointEvery, CheckpointInterval: cfg.checkpointInterval,
			SettleChunk: chunk,
		}
		// The seeds of complementary draws stay in the data directory,
		// never in the stream (package drawseed).
		if lopts.DrawSeeds, err = drawseed.Open(filepath.Join(cfg.store.dataDir, drawSeedsDirName)); err != nil {
			shutdownHTTP()
			return err
		}
		if cfg.walletMax != "" {
			if lopts.WalletMax, err = ledger.ParseAmount(cfg.walletMax); err != nil || !lopts.WalletMax.IsPositive() {
				shutdownHTTP()
				return fmt.Errorf("--wallet-max %q: a positive plain decimal", cfg.walletMax)
			}
		}
		if cfg.checkpoints {
			// Checkpoints only make starts faster: without the object
			// store (an external cluster whose operator has not created
			// it, a user without the rights) the ledger replays the
			// whole stream, as before.
			if ck, err := store.Checkpoints(ctx, cfg.checkpointsKept); err != nil {
				log.Warn("checkpoints unavailable; every start replays the whole stream", "err", err)
			} else {
				lopts.Checkpoints = ck
			}
		}
		if cfg.sealKey != "" {
			if err = checkSecretMode(cfg.sealKey); err == nil {
				lopts.SealKey, err = loadPrivateKey(cfg.sealKey)
			}
			if err != nil {
				shutdownHTTP()
				return fmt.Errorf("--seal-key: %w", err)
			}
			sealPub = lopts.SealKey.Public().(ed25519.PublicKey)
		}
		start := time.Now()
		if led, err = ledger.Open(ctx, store, lopts); err != nil {
			shutdownHTTP()
			return err
		}
		ck := led.LastCheckpoint()
		log.Info("ledger state loaded", "last_seq", led.LastSeq(), "from_checkpoint", ck.Loaded, "checkpoint_seq", ck.Seq, "tail_events", ck.Tail,
			"checkpoint_read", ck.Load.Round(100*time.Microsecond), "checkpoint_decode", ck.Decode.Round(100*time.Microsecond), "checkpoint_check", ck.Check.Round(100*time.Microsecond), "elapsed", time.Since(start).Round(time.Millisecond))
		closers = append(closers, func() { led.Close() })
		writer = led
	}
	// A stream found faulty at start (a foreign message, a damaged tail,
	// the stream gone or changed) cannot prove or rebuild the projections:
	// serve answers with the fault, /readyz and every request alike, and
	// opens no projections, so that nothing is read from a file that may
	// hold events the stream lost. It keeps running (no restart loop)
	// until the operator stops it to repair the stream.
	if f := startFault(ctx, led, store); f != nil {
		log.Error("not ready: the stream must be repaired before anything is served (docs/OPERATIONS.md)", "kind", f.Kind, "seq", f.Seq, "detail", f.Detail)
		handler.set(faultHandler(f))
		<-ctx.Done()
		shutdownHTTP()
		return nil
	}
	// A projections file that cannot be proven to hold this stream's
	// events (ahead of it, on another chain, no chain hash recorded) or
	// written by another release's layout is rebuilt before serving
	// (reads answer 503 not_ready meanwhile); one built under other
	// settings is refused with the error saying so. A read replica goes
	// through the same proof against the stream it follows.
	popts := projections.Options{Location: loc, Games: catalog}
	views, err := replay.OpenOrRebuild(ctx, store, cfg.store.projectionsPath(), popts, rebuildLog(log))
	if err != nil {
		shutdownHTTP()
		return fmt.Errorf("projections %s: %w", cfg.store.projectionsPath(), err)
	}
	closers = append(closers, func() { views.Close() })

	proj := projections.NewProjector(views, store, log)
	proj.CommitInterval = commitInterval
	proj.Handoff = handoff
	// A damaged projections file (a record that does not decode) is
	// derived data: rebuild it from the stream and follow on, rather than
	// stop serving.
	proj.Repair = func(ctx context.Context) error {
		_, err := replay.Rebuild(ctx, store, cfg.store.projectionsPath(), popts, rebuildLog(log))
		return err
	}
	pctx, stopProjector := context.WithCancel(context.Background())
	var projErr atomic.Pointer[error]
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := proj.Run(pctx); err != nil {
			log.Error("projector stopped; reads are stale until a restart (or wagerlog rebuild)", "err", err)
			projErr.Store(&err)
		}
	}()
	closers = append(closers, func() { stopProjector(); wg.Wait() })

	a, err := api.New(api.Config{
		Ledger: writer, ReadOnly: cfg.readOnly, Views: views, Tokens: tokens, PublicBoard: cfg.publicBoard,
		Logger: log, Dashboard: dashboard.Handler(catalog), Lag: proj.Lag, Handoff: handoff, LedgerMetrics: ledgerMetrics, Version: Version,
		Auditor: &auditor{store: store, views: views, opts: audit.Options{
			Games: catalog, Location: loc, SubjectPrefix: store.Prefix(), PublicKey: sealPub,
		}},
		Ready: func() error {
			// The stream first: a fault in it (a foreign message, a
			// damaged tail, the stream gone or changed) is the reason
			// everything else fails, and writes answer it.
			ctx, cancel := context.WithTimeout(context.Background(), readyCheckTimeout)
			defer cancel()
			check := store.Check
			if led != nil {
				check = led.Check
			}
			if err := check(ctx); err != nil {
				return fmt.Errorf("stream check: %w", err)
			}
			if p := projErr.Load(); p != nil {
				return fmt.Errorf("projector stopped: %w", *p)
			}
			return nil
		},
	})
	if err != nil {
		shutdownHTTP()
		return err
	}
	// Last registered, first run: live streams end, then HTTP stops.
	closers = append(closers, func() { a.Close(); shutdownHTTP() })
	// Logged before the handler goes live: once /readyz answers 200, the
	// listener's line is in the log for whoever waits on readiness.
	if u := store.ClientURL(); u != "" {
		log.Info("nats listening: the read-only operator's nkey (wagerlog nats creds) and the admin's, if configured, are admitted", "url", u)
	}
	handler.set(a)
	lastSeq := views.LastSeq()
	if led != nil {
		lastSeq = led.LastSeq()
	}
	if led != nil && led.Fault() != nil {
		f := led.Fault()
		log.Error("not ready: writes are refused until the stream is repaired", "kind", f.Kind, "seq", f.Seq, "detail", f.Detail)
	}
	log.Info("ready", "stream", store.StreamName(), "read_only", cfg.readOnly, "last_seq", lastSeq, "projected_seq", views.LastSeq(), "public_board", cfg.publicBoard)
	if cfg.demo {
		seed := demoSeedFrom(cfg.demoSeed, cfg.demoSeedSet, time.Now())
		log.Info("demo seed: replay this run with --demo-seed", "seed", seed)
		dctx, stopDemo := context.WithCancel(ctx)
		demoDone := make(chan struct{})
		go func() {
			defer close(demoDone)
			if err := runDemo(dctx, led, log, demoConfig{Interval: cfg.demoInterval, Seed: seed, Games: catalog}); err != nil {
				log.Error("demo stopped", "err", err)
			}
		}()
		// Last registered, first run: the demo stops before the API and
		// the ledger.
		closers = append(closers, func() { stopDemo(); <-demoDone })
		// An error here is runDemo's too, and it logs it.
		tables, _ := demoTables(catalog)
		for _, t := range tables {
			log.Info("demo: open the live board", "table", t.ID, "url", demoLink("http://"+ln.Addr().String(), t.DemoTable))
		}
	}

	select {
	case <-ctx.Done():
		log.Info("shutting down")
		return nil
	case err := <-httpDone:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("http: %w", err)
	}
}

// rebuildLog returns a progress callback that logs a rebuild serve runs
// before it is ready (OpenOrRebuild: a file of another layout, or one not
// proven to belong to the stream): the reason, with the file's and the
// stream's positions, when it starts, then the progress at most every
// rebuildLogEvery.
func rebuildLog(log *slog.Logger) func(replay.Progress) {
	var last time.Time
	return func(p replay.Progress) {
		var pe *replay.ProofError
		if p.Applied == 0 && p.Target == 0 && errors.As(p.Reason, &pe) {
			log.Warn("the projections are not this stream's: rebuilding them before ready",
				"reason", pe.Reason, "projected_seq", pe.File.Seq, "projected_hash", pe.File.Hash.String(),
				"stream_last_seq", pe.StreamLast, "stream_hash", pe.StreamHash.String(), "file", pe.Path)
		}
		if p.Applied != p.Target && time.Since(last) < rebuildLogEvery {
			return
		}
		last = time.Now()
		if p.Elapsed < progressRateAfter {
			// No rate over the first milliseconds (progress.go).
			log.Info("rebuilding the projections before ready", "reason", p.Reason, "applied", p.Applied, "target", p.Target)
			return
		}
		log.Info("rebuilding the projections before ready", "reason", p.Reason,
			"applied", p.Applied, "target", p.Target, "events_per_s", int(p.Rate()))
	}
}

// drawSeedsDirName is the directory of the data directory that keeps the
// secret seeds of pools' complementary draws (package drawseed).
const drawSeedsDirName = "draw-seeds"
