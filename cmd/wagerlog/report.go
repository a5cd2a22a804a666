package main

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/audit"
)

type reportConfig struct {
	store    storeFlags
	format   string
	out      string
	timeZone string
	operator string
	pubkey   string
	from, to string
	period   string
	largeWin string
}

func (m *Main) reportCmd() *cobra.Command {
	var cfg reportConfig
	cmd := &cobra.Command{
		Use:   "report dispute|reconcile|regulator",
		Short: "Dispute, finance reconciliation and regulator reports (JSON, CSV or HTML with charts)",
		Long: `Every report walks the stream from sequence 1 and verifies it on the way:
each one carries the verification of what it reports on. docs/AUDIT.md
lists every field and the GLI-19 section it answers.

  report dispute ROUND                           one round, re-settled bet by bet
  report reconcile --from DATE --to DATE         finance, day by day
  report regulator --period month:2026-11 --large-win EUR=5000

A period is --from and --to (YYYY-MM-DD, inclusive), or --period
day:DATE, month:YYYY-MM, ytd:DATE (1 January to DATE) or FROM..TO; days
are divided at midnight in --time-zone.`,
	}
	pf := cmd.PersistentFlags()
	cfg.store.registerRead(pf)
	pf.StringVar(&cfg.format, "format", "json", "json, csv (a zip of one CSV file per table), html or pdf")
	pf.StringVar(&cfg.out, "out", "", "write the report to this file (never replaced) instead of standard output; with --format csv, a directory (existing, or ending in /) gets one CSV file per table")
	pf.StringVar(&cfg.timeZone, "time-zone", "UTC", "IANA time zone whose midnight divides the days and in which times are shown")
	pf.StringVar(&cfg.operator, "operator", "", "operator name for the report header")
	pf.StringVar(&cfg.pubkey, "pubkey", "", "Ed25519 public key the seals must verify with (64 hex digits or a file)")
	period := func(c *cobra.Command) {
		c.Flags().StringVar(&cfg.from, "from", "", "first day, YYYY-MM-DD")
		c.Flags().StringVar(&cfg.to, "to", "", "last day, YYYY-MM-DD (inclusive)")
		c.Flags().StringVar(&cfg.period, "period", "", "day:DATE, month:YYYY-MM, ytd:DATE or FROM..TO instead of --from and --to")
	}
	dispute := &cobra.Command{
		Use:   "dispute ROUND",
		Short: "One round: timeline, dice and reshakes, each bet re-settled beside what was paid, balances before and after, chain status",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return m.report(cmd.Context(), cfg, audit.ReportDispute, map[string][]string{"round": {args[0]}})
		},
	}
	reconcile := &cobra.Command{
		Use:   "reconcile (--from DATE --to DATE | --period P)",
		Short: "Per day, table and currency: opening, every flow, closing; the identity checked for every account; discrepancies listed",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.report(cmd.Context(), cfg, audit.ReportReconcile, cfg.periodParams())
		},
	}
	period(reconcile)
	regulator := &cobra.Command{
		Use:   "regulator (--from DATE --to DATE | --period P) [--large-win AMOUNT]",
		Short: "Per game, paytable and table: rounds, bets, GGR, actual and theoretical RTP; large wins; significant events; limits; verification",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p := cfg.periodParams()
			if cfg.largeWin != "" {
				p["large_win"] = []string{cfg.largeWin}
			}
			return m.report(cmd.Context(), cfg, audit.ReportRegulator, p)
		},
	}
	period(regulator)
	regulator.Flags().StringVar(&cfg.largeWin, "large-win", "", `large-win threshold: one amount for every currency ("5000"), or per currency ("EUR=5000,CLP=4000000")`)
	cmd.AddCommand(dispute, reconcile, regulator)
	return cmd
}

func (cfg reportConfig) periodParams() map[string][]string {
	p := map[string][]string{}
	for name, v := range map[string]string{"from": cfg.from, "to": cfg.to, "period": cfg.period} {
		if v != "" {
			p[name] = []string{v}
		}
	}
	return p
}

func (m *Main) report(ctx context.Context, cfg reportConfig, kind string, params map[string][]string) error {
	loc, err := time.LoadLocation(cfg.timeZone)
	if err != nil {
		return fmt.Errorf("--time-zone: %w", err)
	}
	params["format"] = []string{cfg.format}
	opts := audit.Options{Games: m.catalog(), Location: loc, Operator: cfg.operator, SubjectPrefix: cfg.store.prefix}
	if cfg.pubkey != "" {
		if opts.PublicKey, err = loadPublicKey(cfg.pubkey); err != nil {
			return err
		}
	}
	log, err := m.logger("warn")
	if err != nil {
		return err
	}
	store, err := cfg.store.open(ctx, "report", log, true)
	if err != nil {
		return err
	}
	defer store.Close()
	progress, done := m.walkProgress("report " + kind)
	opts.Progress = progress
	r, format, err := audit.BuildReport(ctx, store, kind, params, opts)
	done()
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := audit.Render(&buf, r, format); err != nil {
		return err
	}
	if cfg.out == "" {
		_, err = m.Stdout.Write(buf.Bytes())
		return err
	}
	if format == audit.FormatCSV && isDirTarget(cfg.out) {
		n, err := writeCSVDir(cfg.out, buf.Bytes())
		if err != nil {
			return err
		}
		fmt.Fprintf(m.Stderr, "wrote %d CSV files to %s\n", n, cfg.out)
		return nil
	}
	if err := writeNew(cfg.out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(m.Stderr, "wrote %s (%d bytes)\n", cfg.out, buf.Len())
	return nil
}

// isDirTarget reports whether --out names a directory: one that exists, or
// a path ending in a slash.
func isDirTarget(path string) bool {
	if strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(os.PathSeparator)) {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// reportFilesMax bounds the files a CSV report may hold (a report has a
// dozen tables).
const reportFilesMax = 100

// writeCSVDir writes the CSV files of a CSV report (a zip) into dir,
// creating it, and never replacing a file.
func writeCSVDir(dir string, z []byte) (int, error) {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		return 0, fmt.Errorf("csv report: %w", err)
	}
	if len(zr.File) > reportFilesMax {
		return 0, fmt.Errorf("csv report: %d files, more than %d", len(zr.File), reportFilesMax)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	for _, f := range zr.File {
		// The names are the report's own table names; refuse anything
		// that is not a plain file name all the same.
		if f.Name != filepath.Base(f.Name) || !strings.HasSuffix(f.Name, ".csv") {
			return 0, fmt.Errorf("csv report: unexpected file %q", f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			return 0, err
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return 0, err
		}
		if err := writeNew(filepath.Join(dir, f.Name), data, 0o644); err != nil {
			return 0, err
		}
	}
	return len(zr.File), nil
}
