package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/wagerlog/wagerlog/bench"
	"github.com/wagerlog/wagerlog/events/jetstream"
)

// benchConfig is everything `wagerlog bench` is configured with.
type benchConfig struct {
	store      storeFlags
	run        bench.Config
	json       bool
	cpuProfile string
	inProcess  bool
	// commitInterval is --projector-commit-interval: 0 commits every batch.
	commitInterval time.Duration
	// settleChunk is --settle-chunk: 0 writes every settlement at once.
	settleChunk int
	// memoryMiB and memorySet are serve's --memory-limit-mib
	// (memlimit.go): the bench measures the memory serve would use.
	memoryMiB int
	memorySet bool
}

func (m *Main) benchCmd() *cobra.Command {
	var cfg benchConfig
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure ingest, raw JetStream, rebuild, round replay, board reads, HTTP and memory in one run",
		Long: `Bench runs wagerlog's benchmark in one process on a fresh
stream: the embedded JetStream server in a temporary directory, fsync on every
write (or --data-dir DIR, kept, or --nats-url). Phases, each timed:

  ingest      --clients clients place one-bet slips through the ledger for
              --duration, each answered once stored; dealers settle rounds
  raw append  JetStream atomic batches of the ledger's mean batch and event
              size, no ledger (and batches of 1,000 for reference)
  restart     the ledger fills the stream to half of --events, then to all
              of it; after each half the store and the ledger stop and
              start again (from a checkpoint), timed
  rebuild     a plain ordered-consumer read of the stream against a
              projection rebuild
  replay      one settled round of the ingest phase, replayed
  board       board reads on the rebuilt projections
  http        --http-clients keep-alive clients place slips through the API,
              from a separate process (wagerlog loadgen), then as many
              clients through the ledger: http_ratio
  memory      the process's peak RSS, and its RSS during the HTTP phase

It prints a table with each figure's aim, or one line of JSON with --json;
progress goes to stderr. Against an external server it creates streams of
its own and leaves them (their names are printed): delete them as the admin.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg.memorySet = cmd.Flags().Changed("memory-limit-mib")
			return m.bench(cmd.Context(), cfg, commandLine(cmd.Flags()))
		},
	}
	fs := cmd.Flags()
	cfg.store.register(fs)
	// The benchmark writes a fresh stream: by default in a temporary
	// directory, never in serve's ./data.
	dd := fs.Lookup("data-dir")
	dd.DefValue, dd.Usage = "", "keep the data (embedded store, projections) in this directory, which must be empty; default: a temporary directory, removed at the end"
	cfg.store.dataDir = ""
	fs.IntVar(&cfg.run.Clients, "clients", bench.DefaultClients, "concurrent clients of the ingest phase")
	fs.IntVar(&cfg.run.HTTPClients, "http-clients", bench.DefaultHTTPClients, "concurrent keep-alive HTTP clients")
	fs.IntVar(&cfg.run.Events, "events", bench.DefaultEvents, "events in the stream for the rebuild")
	fs.DurationVar(&cfg.run.Duration, "duration", bench.DefaultDuration, "duration of the ingest phase and of the HTTP phase")
	fs.IntVar(&cfg.run.Tables, "tables", bench.DefaultTables, "tables the dealers run rounds on")
	fs.IntVar(&cfg.run.RoundSlips, "round-slips", bench.DefaultRoundSlips, "slips a round takes before its dealer settles it")
	fs.Uint64Var(&cfg.run.Seed, "seed", 1, "seed of the dice")
	commitIntervalFlag(fs, &cfg.commitInterval)
	settleChunkFlag(fs, &cfg.settleChunk)
	fs.DurationVar(&cfg.run.IdempotencyWindow, "idempotency-window", 0, "how long the bench's ledger remembers an idempotency key; 0: the ledger's default (24h). The fill writes a day's events in seconds, all within the default window: a short one (e.g. 5s) shows the restart without the keys")
	fs.DurationVar(&cfg.run.RestartWait, "restart-wait", jetstream.DefaultDuplicates, "wait this long after each half of the fill before the restart, so that the embedded server's duplicate window (which a start reads back) holds what a casino's would, not the fill's burst; 0: restart at once")
	fs.BoolVar(&cfg.run.HTTPOnly, "http-only", false, "run only the HTTP phase and its direct run (http_ratio), on a stream that holds only the setup")
	fs.BoolVar(&cfg.run.IngestOnly, "ingest-only", false, "run only the ingest phase and the raw append it is compared with (ingest_ratio, ingest_cpu_us_per_slip)")
	fs.BoolVar(&cfg.inProcess, "loadgen-in-process", false, "run the HTTP phase's load generator in this process instead of as a separate `wagerlog loadgen` process")
	memoryLimitFlag(fs, &cfg.memoryMiB)
	fs.BoolVar(&cfg.json, "json", false, "print one line of JSON instead of the table")
	fs.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile of the ingest phase to this file (go tool pprof -top FILE)")
	fs.StringVar(&cfg.run.ProfileDir, "profile-dir", "", "write a CPU profile of every phase (<phase>.cpu.pprof) and heap profiles (after the fill, the rebuild and at the end) into this existing directory")
	return cmd
}

func (m *Main) bench(ctx context.Context, cfg benchConfig, command string) (err error) {
	log, err := m.logger("error")
	if err != nil {
		return err
	}
	if cfg.run.Store, err = cfg.store.options(log, false); err != nil {
		return err
	}
	cfg.run.DataDir = cfg.store.dataDir
	cfg.run.Progress = m.Stderr
	restoreMemory, err := setMemoryLimit(cfg.memoryMiB, cfg.memorySet)
	if err != nil {
		return err
	}
	defer restoreMemory()
	if cfg.cpuProfile != "" {
		f, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		defer func() {
			if cerr := f.Close(); err == nil && cerr != nil {
				err = fmt.Errorf("--cpuprofile: %w", cerr)
			}
		}()
		cfg.run.CPUProfile = f
	}
	if !cfg.inProcess {
		// The HTTP phase's load generator runs as a process of its own:
		// this very binary's loadgen command.
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("the load generator's executable: %w", err)
		}
		cfg.run.LoadgenCommand = []string{exe, "loadgen"}
	}
	if cfg.run.SettleChunk, err = settleChunk(cfg.settleChunk); err != nil {
		return err
	}
	if cfg.run.CommitInterval, err = projectorCommitInterval(cfg.commitInterval); err != nil {
		return err
	}
	rep, err := bench.Run(ctx, cfg.run)
	if err != nil {
		return err
	}
	rep.Command = command
	if cfg.json {
		return rep.WriteJSON(m.Stdout)
	}
	return rep.WriteTable(m.Stdout)
}

// commandLine rebuilds the command line from the flags that were set, so
// that the report says exactly what was run (secrets left out).
func commandLine(fs *pflag.FlagSet) string {
	parts := []string{"wagerlog bench"}
	fs.Visit(func(f *pflag.Flag) {
		v := f.Value.String()
		if f.Name == "nats-password" {
			v = "REDACTED"
		}
		if f.Value.Type() == "bool" && v == "true" {
			parts = append(parts, "--"+f.Name)
			return
		}
		parts = append(parts, "--"+f.Name+" "+v)
	})
	return strings.Join(parts, " ")
}
