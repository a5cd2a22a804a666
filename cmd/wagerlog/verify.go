package main

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/projections"
)

// Exit statuses of wagerlog verify, one per audit.Verdict (1 stays for
// errors that stopped it). docs/CLI.md and docs/AUDIT.md list them.
const (
	// exitViolations: violations were found.
	exitViolations = 2
	// exitNotCompared: --projections could not be compared with the
	// stream (they are ahead of it).
	exitNotCompared = 3
	// exitNotFullySealed: an archive verified with --pubkey has events
	// no verified signed seal covers.
	exitNotFullySealed = 4
	// exitNotAuthenticated: an archive verified without --pubkey is
	// consistent but not authenticated.
	exitNotAuthenticated = 5
)

// verdictExit maps a verdict to its exit status (0 for clean).
func verdictExit(v audit.Verdict) int {
	switch v {
	case audit.VerdictClean:
		return 0
	case audit.VerdictNotCompared:
		return exitNotCompared
	case audit.VerdictNotFullySealed:
		return exitNotFullySealed
	case audit.VerdictNotAuthenticated:
		return exitNotAuthenticated
	}
	return exitViolations
}

// progressLogEvery is how often a walk prints a progress line when its
// output is not a terminal.
const progressLogEvery = 2 * time.Second

type verifyConfig struct {
	store       storeFlags
	from, to    uint64
	archive     string
	pubkey      string
	projections string
	timeZone    string
	json        bool
	max         int
}

func (m *Main) verifyCmd() *cobra.Command {
	var cfg verifyConfig
	cmd := &cobra.Command{
		Use:   "verify [--from SEQ] [--to SEQ] | verify --archive FILE [--pubkey KEY]",
		Short: "Walk the stream (or an exported archive) and report every violation; exit 0 only when clean",
		Long: `verify reads the stream once and checks every event: the hash chain (a
changed, missing, inserted or reordered event), the postings (movements that
balance and match what each event says it did), stated balances, wallets
never negative, every currency summing to zero, every bet settled, refunded
or in a round still open, every payout re-settled under its paytable, round
totals, and each seal's range, head and (with --pubkey) signature. With
--projections it also compares the projections file with the fresh fold.
It lists every violation, not just the first (docs/AUDIT.md lists the
kinds). The first line is the verdict. Exit status: 0 clean, 1 could not
verify, 2 violations found, 3 --projections not compared (they are ahead
of the stream: not this stream's), 4 an archive not fully sealed (events
no verified signed seal covers, named on the first line), 5 an archive
verified without --pubkey (consistent, not authenticated).

--from later than 1 still reads the stream from sequence 1 (balances and
bets need the history), reporting only what lies in the range.

--archive checks a file written by wagerlog export without any server. An
archive is clean only when every event is covered by a seal whose
signature verifies with --pubkey: a ledger seal in it, or the archive's own
seal (export --seal-key).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.verify(cmd.Context(), cfg)
		},
	}
	cfg.store.registerRead(cmd.Flags())
	f := cmd.Flags()
	f.Uint64Var(&cfg.from, "from", 0, "first sequence to report on (default 1)")
	f.Uint64Var(&cfg.to, "to", 0, "last sequence (default: the stream's last)")
	f.StringVar(&cfg.archive, "archive", "", "verify this archive (wagerlog export) instead of the stream")
	f.StringVar(&cfg.pubkey, "pubkey", "", "Ed25519 public key every seal must verify with: 64 hex digits or a file (PEM, hex, or the private key file)")
	f.StringVar(&cfg.projections, "projections", "", "also compare this projections file (opened read-only; a running server holds it) with the fresh fold")
	f.StringVar(&cfg.timeZone, "time-zone", "UTC", "the projections file's time zone (as serve's --time-zone)")
	f.BoolVar(&cfg.json, "json", false, "print the report as JSON")
	f.IntVar(&cfg.max, "max", audit.DefaultViolationsMax, "list at most this many violations (the rest are counted)")
	return cmd
}

func (m *Main) verify(ctx context.Context, cfg verifyConfig) error {
	opts := audit.Options{Games: m.catalog(), ViolationsMax: cfg.max, SubjectPrefix: cfg.store.prefix}
	if cfg.pubkey != "" {
		pub, err := loadPublicKey(cfg.pubkey)
		if err != nil {
			return err
		}
		opts.PublicKey = pub
	}
	var rep *audit.VerifyReport
	if cfg.archive != "" {
		if cfg.from != 0 || cfg.to != 0 || cfg.projections != "" {
			return errors.New("--archive checks the whole archive: --from, --to and --projections do not apply")
		}
		f, err := os.Open(cfg.archive)
		if err != nil {
			return err
		}
		defer f.Close()
		if rep, err = audit.VerifyArchive(ctx, f, opts); err != nil {
			return err
		}
	} else {
		log, err := m.logger("warn")
		if err != nil {
			return err
		}
		store, err := cfg.store.open(ctx, "verify", log, true)
		if err != nil {
			return err
		}
		defer store.Close()
		if cfg.projections != "" {
			loc, err := time.LoadLocation(cfg.timeZone)
			if err != nil {
				return fmt.Errorf("--time-zone: %w", err)
			}
			ps, err := projections.Open(cfg.projections, projections.Options{Location: loc, ReadOnly: true})
			if err != nil {
				return fmt.Errorf("--projections: %w (a running server holds the file: ask its API, or stop it)", err)
			}
			defer ps.Close()
			opts.Projections = ps
		}
		// The server knows what the events cannot show: a last sequence
		// whose message it lost, messages missing, settings changed.
		opts.StreamCheck = store.Check
		progress, done := m.walkProgress("verify")
		opts.Progress = progress
		rep, err = audit.Verify(ctx, store, cfg.from, cfg.to, opts)
		done()
		if err != nil {
			return err
		}
	}
	if cfg.json {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else if err := printVerify(m.Stdout, rep, opts.PublicKey); err != nil {
		return err
	}
	if code := verdictExit(rep.Verdict); code != 0 {
		return &ExitError{Code: code, Err: errors.New(rep.Summary)}
	}
	return nil
}

func printVerify(w io.Writer, r *audit.VerifyReport, pub ed25519.PublicKey) error {
	// The verdict comes first: it is the line a script or a hurried
	// reader sees.
	if _, err := fmt.Fprintln(w, r.Summary); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	p := func(format string, args ...any) { fmt.Fprintf(tw, format, args...) }
	if a := r.Archive; a != nil {
		p("Archive\t%s (stream %s, exported %s)\n", rangeOf(a.From, a.To), a.Stream, a.ExportedAt.Format(time.RFC3339))
	}
	p("Range\t%s: %d events read (%s)\n", rangeOf(r.From, r.To), r.Events, rangeOf(r.FirstSeq, r.LastSeq))
	p("Head\t%s\n", r.Head)
	if !r.Complete {
		p("Scope\tthe range does not start at sequence 1: balance and bet checks that need earlier events were skipped\n")
	}
	s := r.Seals
	keyNote := "no --pubkey: signatures not checked"
	if pub != nil {
		keyNote = fmt.Sprintf("%d verified with the key given", s.Verified)
	}
	p("Seals\t%d, %d signed, %s; sealed through %d\n", s.Seals, s.Signed, keyNote, s.SealedThrough)
	switch s.Archive {
	case audit.ArchiveSealVerified:
		p("Archive seal\tverified with the key given: covers %s\n", rangeOf(r.From, r.To))
	case audit.ArchiveSealUnchecked:
		p("Archive seal\tpresent, not checked (no --pubkey)\n")
	}
	if u := r.Uncovered; u != nil {
		p("Not covered\t%s: no verified signed seal covers these events\n", u)
	}
	if pc := r.Projections; pc != nil {
		if pc.Compared {
			p("Projections\t%d balances compared at sequence %d %s\n", pc.Balances, pc.Seq, pc.Note)
		} else {
			p("Projections\tnot compared: %s\n", pc.Note)
		}
	}
	for _, o := range r.OpenRounds {
		p("Open round\t%s table %s #%d %s: %d bets, %s %s in play\n", o.Round, o.Table, o.Number, o.Status, o.Bets, o.InPlay, o.Currency)
	}
	if r.Verdict != audit.VerdictViolations {
		p("Result\t%s\n", strings.ReplaceAll(string(r.Verdict), "_", " "))
		return tw.Flush()
	}
	p("Result\t%d violations\n", len(r.Violations)+r.More)
	for _, c := range r.Counts {
		p("  %s\t%d\n", c.Kind, c.Count)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, v := range r.Violations {
		if _, err := fmt.Fprintln(w, v.String()); err != nil {
			return err
		}
	}
	if r.More > 0 {
		_, err := fmt.Fprintf(w, "… and %d more (raise --max to list them)\n", r.More)
		return err
	}
	return nil
}

func rangeOf(from, to uint64) string { return fmt.Sprintf("%d..%d", from, to) }

// walkProgress returns a progress callback for audit walks: a bar on a
// terminal, a line every progressLogEvery otherwise.
func (m *Main) walkProgress(what string) (func(audit.Progress), func()) {
	if f, ok := m.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := newTermProgress(m.Stderr, what)
		return func(p audit.Progress) { bar.set(p.Seq, p.Last) }, bar.finish
	}
	var last time.Time
	return func(p audit.Progress) {
		if time.Since(last) < progressLogEvery && p.Seq < p.Last {
			return
		}
		last = time.Now()
		fmt.Fprintf(m.Stderr, "%s: %d/%d events, %d violations so far\n", what, p.Seq, p.Last, p.Violations)
	}, func() {}
}
