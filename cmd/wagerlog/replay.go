package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// exitFindings is the exit status of a replay that found a problem (a broken
// chain or a settlement that does not re-compute).
const exitFindings = 2

type replayConfig struct {
	store    storeFlags
	db       string
	timeZone string
	json     bool
}

func (m *Main) replayCmd() *cobra.Command {
	var cfg replayConfig
	cmd := &cobra.Command{
		Use:   "replay",
		Short: "Replay a disputed round, or compute balances as of a sequence or a time",
	}
	cmd.PersistentFlags().BoolVar(&cfg.json, "json", false, "print JSON")
	cfg.store.registerRead(cmd.PersistentFlags())
	round := &cobra.Command{
		Use:   "round ID",
		Short: "Replay one round: its events in order, the chain checked, every bet re-settled",
		Long: `Replay one round from the stream. Its events are found through the round
index of the projections (no scan of the stream) and fetched by sequence;
each event's hash and its link to the event before it are checked; every
bet is settled again with the paytable recorded in its settlement (refused
when this build's paytable of that id has another hash) from the recorded
dice, and compared with what was paid. Exit status 2 when anything does
not check out.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return m.replayRound(cmd.Context(), cfg, args[0])
		},
	}
	round.Flags().StringVar(&cfg.db, "db", "", "projections file holding the round index (default <data-dir>/projections.db)")
	round.Flags().StringVar(&cfg.timeZone, "time-zone", "UTC", "the projections file's time zone (as serve's --time-zone)")
	var seq uint64
	var at string
	var zero bool
	balances := &cobra.Command{
		Use:   "balances (--seq N | --at TIME)",
		Short: "Every account's balance as of a stream sequence or a time (RFC 3339)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.replayBalances(cmd.Context(), cfg, seq, at, zero)
		},
	}
	balances.Flags().Uint64Var(&seq, "seq", 0, "last sequence to include")
	balances.Flags().StringVar(&at, "at", "", "last event time to include, RFC 3339 (2026-11-29T23:00:00+01:00)")
	balances.Flags().BoolVar(&zero, "zero", false, "also list the accounts whose balance is zero (as GET /v1/balances?zero=true)")
	cmd.AddCommand(round, balances)
	return cmd
}

func (m *Main) replayRound(ctx context.Context, cfg replayConfig, id string) error {
	loc, err := time.LoadLocation(cfg.timeZone)
	if err != nil {
		return fmt.Errorf("--time-zone: %w", err)
	}
	path := cfg.db
	if path == "" {
		path = cfg.store.projectionsPath()
	}
	index, err := projections.Open(path, projections.Options{Location: loc, ReadOnly: true})
	if err != nil {
		return fmt.Errorf("round index: %w (a running server holds the file: ask its API, or stop it)", err)
	}
	defer index.Close()
	log, err := m.logger("warn")
	if err != nil {
		return err
	}
	store, err := cfg.store.open(ctx, "replay", log, true)
	if err != nil {
		return err
	}
	defer store.Close()
	r, err := replay.Round(ctx, store, index, id, m.catalog())
	if err != nil {
		return err
	}
	if cfg.json {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			return err
		}
	} else if err := printRound(m.Stdout, r); err != nil {
		return err
	}
	if !r.ChainOK || !r.Match {
		return &ExitError{Code: exitFindings, Err: fmt.Errorf("round %s: %d problems found", id, len(r.Problems))}
	}
	return nil
}

func printRound(w io.Writer, r *replay.RoundReplay) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	p := func(format string, args ...any) { fmt.Fprintf(tw, format, args...) }
	p("Round %s\ttable %s, number %d, %s\n", r.Round, r.Table, r.Number, r.Status)
	p("Paytable\t%s %s\n", r.Paytable, r.PaytableHash)
	if r.Dice != nil {
		p("Result\t%d-%d-%d\n", r.Dice[0], r.Dice[1], r.Dice[2])
	}
	if r.Reading != "" {
		p("Result\t%s\n", r.Reading)
	}
	if r.Funds != nil {
		p("Bank\t%s before the round\n", r.Funds.Bank)
	}
	if len(r.Reshakes) > 0 {
		p("Reshakes\t%s\n", strings.Join(r.Reshakes, ", "))
	}
	for _, c := range r.Corrections {
		p("Correction %d\t%v → %v (%s)\n", c.Correction, c.Before, c.After, c.Reason)
	}
	p("\nSEQ\tTIME\tTYPE\tACTOR\tHASH\tLINK\n")
	for _, e := range r.Events {
		p("%d\t%s\t%s\t%s (%s)\t%s\t%s\n", e.Seq, e.At.Format(time.RFC3339Nano), e.Type, e.Actor.ID, e.Actor.Role, ok(e.HashOK), ok(e.LinkOK))
	}
	p("\nSEQ\tBET\tPLAYER\tCODE\tSTAKE\tRECORDED\tRECOMPUTED\tCOMMISSION\tMATCH\tRULE\n")
	for _, b := range r.Bets {
		code := b.Code
		if b.Superseded {
			code += " (reversed)"
		}
		// The commission the settlement kept of the win, as recorded:
		// returned = stake + win − commission.
		p("%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", b.Seq, b.Bet, b.Player, code, b.Stake,
			settlement(b.Recorded), settlement(b.Recomputed), b.Recorded.Commission, ok(b.Match), b.Recomputed.Rule)
	}
	if len(r.Steps) > 0 {
		// A round of several results (a craps hand, a blackjack deal):
		// per result, whether the rules allow it after the ones before
		// (a decision the cards allow, with its bet), the bets it
		// decided and the bets still open after it.
		p("\nSTEP\tSEQ\tRESULT\tALLOWED\tDECIDED\tOPEN AFTER\n")
		for _, st := range r.Steps {
			allowed := ok(st.Allowed)
			if !st.Allowed && st.Refusal != "" {
				allowed += ": " + st.Refusal
			}
			p("%d\t%d\t%s\t%s\t%s\t%s\n", st.Index, st.Seq, st.Result, allowed, orNone(st.Decided), orNone(st.Open))
		}
	}
	if r.SalesClosed != nil {
		// A game that posts at its sales close (a bingo game's prizes to
		// the pool): what was posted, recorded and re-computed from the
		// bets sold, and the hall's announcement.
		transfersTable(p, "SALES CLOSE", r.SalesClosed)
		p("Sales close\t%s\n", ok(r.SalesClosed.Match))
	}
	if r.Announcement != "" {
		p("Announcement\t%s\n", r.Announcement)
	}
	if r.Transfers != nil {
		// A round settled as a whole: its transfers (a cagnotte) recorded
		// and re-computed.
		transfersTable(p, "TRANSFER", r.Transfers)
		p("Transfers\t%s\n", ok(r.Transfers.Match))
	}
	if len(r.Claims) > 0 {
		// Players' calls of a prize (bingo's "cantar"), with the game's
		// verdict: recorded, never paid on.
		p("\nCALL\tBET\tPLAYER\tPRIZE\tAFTER\tVERDICT\n")
		for i, c := range r.Claims {
			verdict := "wrong"
			if c.Correct {
				verdict = "right"
			}
			p("%d\t%s\t%s\t%s\t%d results\t%s: %s\n", i+1, c.Bet, c.Player, c.Prize, c.Balls, verdict, c.Reason)
		}
	}
	p("\nChain\t%s\n", ok(r.ChainOK))
	p("Settlements\t%s\n", ok(r.Match))
	for _, pr := range r.Problems {
		p("Problem\t%s\n", pr)
	}
	return tw.Flush()
}

// transfersTable prints a round's transfers as recorded and as
// re-computed, one row per transfer, under a header whose first column is
// named head.
func transfersTable(p func(string, ...any), head string, c *replay.TransfersCheck) {
	p("\n%s\tFROM\tTO\tRECORDED\tRECOMPUTED\tRULE\n", head)
	for i := range max(len(c.Recorded), len(c.Recomputed)) {
		var rec, rc events.Transfer
		if i < len(c.Recorded) {
			rec = c.Recorded[i]
		}
		if i < len(c.Recomputed) {
			rc = c.Recomputed[i]
		}
		from, to, rule := rc.From, rc.To, rc.Rule
		if from == "" {
			from, to, rule = rec.From, rec.To, rec.Rule
		}
		p("%d\t%s\t%s\t%s\t%s\t%s\n", i+1, from, to, rec.Amount, rc.Amount, rule)
	}
}

// orNone lists bet ids, "-" for none.
func orNone(ids []string) string {
	if len(ids) == 0 {
		return "-"
	}
	return strings.Join(ids, " ")
}

func settlement(s replay.Settlement) string {
	if s.Outcome == "" {
		return "-"
	}
	return fmt.Sprintf("%s %s/%s", s.Outcome, s.Win, s.Returned)
}

func ok(b bool) string {
	if b {
		return "ok"
	}
	return "FAIL"
}

func (m *Main) replayBalances(ctx context.Context, cfg replayConfig, seq uint64, at string, zero bool) error {
	var asOf replay.AsOf
	asOf.Seq = seq
	if at != "" {
		t, err := time.Parse(time.RFC3339Nano, at)
		if err != nil {
			return fmt.Errorf("--at: %w", err)
		}
		asOf.Time = t
	}
	if (asOf.Seq == 0) == asOf.Time.IsZero() {
		return errors.New("give exactly one of --seq and --at")
	}
	log, err := m.logger("warn")
	if err != nil {
		return err
	}
	store, err := cfg.store.open(ctx, "replay", log, true)
	if err != nil {
		return err
	}
	defer store.Close()
	b, err := replay.BalancesAt(ctx, store, asOf, nil)
	if err != nil {
		return err
	}
	if !zero {
		b.Balances = projections.OmitZero(b.Balances)
	}
	if cfg.json {
		enc := json.NewEncoder(m.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(b)
	}
	tw := tabwriter.NewWriter(m.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "As of sequence %d (%s)\n\nACCOUNT\tCURRENCY\tBALANCE\n", b.Seq, b.At.Format(time.RFC3339Nano))
	for _, x := range b.Balances {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", x.Account, x.Currency, x.Balance)
	}
	return tw.Flush()
}
