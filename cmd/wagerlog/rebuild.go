package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// rebuildLogEvery is how often rebuild prints a progress line when its
// output is not a terminal.
const rebuildLogEvery = 2 * time.Second

// rebuildHeapMiB is the default of --heap-limit-mib.
const rebuildHeapMiB = 1024

type rebuildConfig struct {
	store    storeFlags
	db       string
	timeZone string
	heapMiB  int
	// heapSet is true when --heap-limit-mib was given.
	heapSet bool
}

func (m *Main) rebuildCmd() *cobra.Command {
	var cfg rebuildConfig
	cmd := &cobra.Command{
		Use:   "rebuild",
		Short: "Rebuild the projections from sequence 1 into a new file and swap it in",
		Long: `Rebuild reads the whole stream into a new projections file (<db>.rebuild)
and renames it over the projections file once it holds every event the stream
had when the rebuild started. Until then the old file keeps serving; a
running server notices the new file within a second and switches to it.

With the server stopped, --data-dir alone is enough. With the server
running, its embedded store is in use (a second process on the data
directory is refused): point --nats-url at its listener (serve
--nats-listen), as the operator (WAGERLOG_NATS_NKEY_SEED or --nats-nkey
with the seed of wagerlog nats creds), and --db at its projections file.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg.heapSet = cmd.Flags().Changed("heap-limit-mib")
			return m.rebuild(cmd.Context(), cfg)
		},
	}
	cfg.store.registerRead(cmd.Flags())
	cmd.Flags().StringVar(&cfg.db, "db", "", "projections file (default <data-dir>/projections.db)")
	cmd.Flags().StringVar(&cfg.timeZone, "time-zone", "UTC", "IANA time zone whose midnight divides the days (as serve's --time-zone)")
	cmd.Flags().IntVar(&cfg.heapMiB, "heap-limit-mib", rebuildHeapMiB, "collect garbage only when the Go heap nears this many MiB (GOGC=off with GOMEMLIMIT; about 20% faster than Go's default); 0 keeps Go's default; GOGC or GOMEMLIMIT in the environment win over the default")
	return cmd
}

// gcForRebuild sets the garbage collector for a rebuild and returns what
// restores it. A rebuild allocates at a high rate while holding little
// (the decoded events in flight, the records of one transaction), so with
// Go's default the collector runs every few megabytes and takes a fifth of
// the CPU; with a heap limit instead it runs only near the limit. The
// collector's settings are the process's, so they are restored after.
func gcForRebuild(cfg rebuildConfig) (restore func(), err error) {
	switch {
	case cfg.heapMiB < 0:
		return nil, fmt.Errorf("--heap-limit-mib %d: want 0 or more", cfg.heapMiB)
	case cfg.heapMiB == 0:
		return func() {}, nil
	case !cfg.heapSet && (os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""):
		return func() {}, nil // the operator's choice
	}
	limit := debug.SetMemoryLimit(int64(cfg.heapMiB) << 20)
	percent := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}, nil
}

func (m *Main) rebuild(ctx context.Context, cfg rebuildConfig) error {
	loc, err := time.LoadLocation(cfg.timeZone)
	if err != nil {
		return fmt.Errorf("--time-zone: %w", err)
	}
	restoreGC, err := gcForRebuild(cfg)
	if err != nil {
		return err
	}
	defer restoreGC()
	path := cfg.db
	if path == "" {
		path = cfg.store.projectionsPath()
	}
	log, err := m.logger("warn")
	if err != nil {
		return err
	}
	// Two rebuilds of one file would write the same <db>.rebuild and swap
	// it in turn; the second is refused. (With the embedded store the data
	// directory's lock already refuses it, and a running server.)
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	rlock, err := lockFile(path+".rebuild.lock", "rebuild")
	if errors.Is(err, errLocked) {
		return fmt.Errorf("a rebuild of %s is running (%w)", path, err)
	}
	if err != nil {
		return err
	}
	defer rlock.unlock()
	store, err := cfg.store.open(ctx, "rebuild", log, true)
	if err != nil {
		return err
	}
	defer store.Close()

	report, done := m.rebuildProgress()
	p, err := replay.Rebuild(ctx, store, path, projections.Options{Location: loc}, report)
	done()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(m.Stdout, "rebuilt %s: %d events in %s (%.0f events/s)\n",
		path, p.Applied, p.Elapsed.Round(time.Millisecond), p.Rate())
	return err
}

// rebuildProgress returns the progress callback: a bar with rate and ETA
// on a terminal, a plain line every rebuildLogEvery otherwise.
func (m *Main) rebuildProgress() (func(replay.Progress), func()) {
	if f, ok := m.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := newTermProgress(m.Stderr, "rebuild")
		return func(p replay.Progress) { bar.set(p.Applied, p.Target) }, bar.finish
	}
	var last time.Time
	return func(p replay.Progress) {
		if time.Since(last) < rebuildLogEvery && p.Applied < p.Target {
			return
		}
		last = time.Now()
		logProgress(m.Stderr, p)
	}, func() {}
}

func logProgress(w io.Writer, p replay.Progress) {
	pct := 100.0
	if p.Target > 0 {
		pct = 100 * float64(p.Applied) / float64(p.Target)
	}
	// A rate over the first milliseconds says nothing (see
	// progressRateAfter): the first line gives the count only.
	rate := rateText(p.Applied, p.Elapsed)
	if rate == "" {
		fmt.Fprintf(w, "rebuild: %d/%d events (%.1f%%)\n", p.Applied, p.Target, pct)
		return
	}
	eta := "0s"
	if r := p.Rate(); r > 0 && p.Target > p.Applied {
		eta = time.Duration(float64(p.Target-p.Applied) / r * float64(time.Second)).Round(time.Second).String()
	}
	fmt.Fprintf(w, "rebuild: %d/%d events (%.1f%%), %s, eta %s\n", p.Applied, p.Target, pct, rate, eta)
}
