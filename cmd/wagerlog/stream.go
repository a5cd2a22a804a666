package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
)

// streamSetupTimeout bounds `stream create` and `stream check`: a freshly
// started cluster elects its leaders first.
const streamSetupTimeout = 2 * time.Minute

// streamCmd is `wagerlog stream`: creating and checking the event stream.
// On an external cluster only the admin user may create the stream (the
// ledger's user may not, by design: docs/CLUSTER.md), so this is the
// operator's command, run once with the admin credentials.
func (m *Main) streamCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "stream",
		Short: "Create or check the event stream (on a cluster: run as the admin user, once)",
	}
	var (
		create   storeFlags
		check    storeFlags
		maxBytes int64
	)
	createCmd := &cobra.Command{
		Use:   "create",
		Short: "Create the stream with wagerlog's settings, or check an existing one",
		Long: `Create the stream with every setting the ledger relies on: file storage,
subjects <prefix>.>, deny delete, deny purge, no rollup, limits retention with
discard-new, no maximum age, no message TTLs, atomic publish, direct get, a
duplicate window and --replicas (3 on a cluster). An existing stream is only
checked: every setting that contradicts these is listed, and nothing is
changed (deny-delete and deny-purge cannot be undone, and limits are the
operator's decision). It also creates the object store <stream>_CHECKPOINTS
beside it (same replicas, file storage), where the ledger keeps checkpoints
of its state so that a restart or a standby reads only the events after the
newest one.

On an external cluster, run it with the admin user's credentials: the
ledger's user has no right to create or change streams (docs/CLUSTER.md).
Without --nats-url it works on the embedded store in --data-dir.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.streamSetup(cmd.Context(), &create, false, maxBytes)
		},
	}
	create.register(createCmd.Flags())
	createCmd.Flags().Int64Var(&maxBytes, "max-bytes", 0, "size limit of a new stream in bytes (0: unlimited, the server's store limit applies); a full stream refuses writes, it never evicts history")

	checkCmd := &cobra.Command{
		Use:   "check",
		Short: "Check that the stream exists with settings that keep its history immutable (read-only)",
		Long: `Check, without changing or creating anything, that the stream exists and
that its settings keep every event: file storage, deny delete and purge,
discard-new, no maximum age, no rollups, TTLs or delete markers. Any user
allowed to read the stream (STREAM.INFO) may run it, an auditor's included.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.streamSetup(cmd.Context(), &check, true, 0)
		},
	}
	check.register(checkCmd.Flags())

	var repair storeFlags
	repairCmd := &cobra.Command{
		Use:   "repair",
		Short: "Rebuild a damaged embedded stream from the events it still holds (server stopped)",
		Long: `repair handles a damaged_tail or messages_missing fault of the embedded
store (serve's /readyz and wagerlog verify report them): the stream counts
messages its store no longer holds, and every write is refused.

With serve stopped, it moves <data-dir>/jetstream and projections.db aside
into <data-dir>/damaged-<time>/ (kept, never deleted), creates the stream
again, and copies into it, byte for byte with their message ids, the events
from sequence 1 up to the first one missing. Those keep their sequences, so
their hash chain still verifies; the events from the first missing one on
are lost from the ledger (the copy aside still holds what was readable).
Then run wagerlog verify, and start serve: it rebuilds the projections.
docs/OPERATIONS.md, "Damaged stream tail", has the whole procedure.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.streamRepair(cmd.Context(), &repair)
		},
	}
	repair.register(repairCmd.Flags())
	cmd.AddCommand(createCmd, checkCmd, repairCmd)
	return cmd
}

// errRepairGap stops the copy of a repair at the first missing sequence.
var errRepairGap = errors.New("first missing sequence")

// streamRepair rebuilds a damaged embedded stream from its intact prefix.
func (m *Main) streamRepair(ctx context.Context, f *storeFlags) error {
	if f.natsURL != "" || f.natsListen != "" {
		return errors.New("stream repair works on the embedded store in --data-dir, with serve stopped (no --nats-url, no --nats-listen)")
	}
	lock, err := lockDataDir(f.dataDir, "stream repair")
	if err != nil {
		return err
	}
	defer lock.unlock()
	log := slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	o, err := f.options(log, true)
	if err != nil {
		return err
	}
	damaged, err := jetstream.Open(ctx, o)
	if err != nil {
		return err
	}
	var fault *events.StreamFault
	err = damaged.Check(ctx)
	last, lerr := damaged.LastSeq(ctx)
	damaged.Close()
	switch {
	case errors.As(err, &fault) && (fault.Kind == events.FaultDamagedTail || fault.Kind == events.FaultMessagesMissing):
	case err == nil:
		return fmt.Errorf("stream %s in %s has no fault: nothing to repair", o.Stream, f.dataDir)
	case fault != nil:
		return fmt.Errorf("%w: repair only rebuilds a damaged store; see docs/OPERATIONS.md, Security", fault)
	default:
		return err
	}
	if lerr != nil {
		return lerr
	}

	aside := filepath.Join(f.dataDir, "damaged-"+time.Now().UTC().Format("20060102T150405Z"))
	if err := os.Mkdir(aside, 0o750); err != nil {
		return err
	}
	for _, name := range []string{"jetstream", "projections.db"} {
		if err := os.Rename(filepath.Join(f.dataDir, name), filepath.Join(aside, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	fmt.Fprintf(m.Stderr, "moved the damaged store and the projections to %s\n", aside)
	oldOpts := o
	oldOpts.DataDir = aside
	old, err := jetstream.Open(ctx, oldOpts)
	if err != nil {
		return fmt.Errorf("the damaged store in %s: %w", aside, err)
	}
	defer old.Close()
	newOpts := o
	newOpts.ReadOnly = false
	fresh, err := jetstream.Open(ctx, newOpts)
	if err != nil {
		return err
	}
	defer fresh.Close()

	var (
		batch []events.Raw
		kept  uint64
	)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if _, err := fresh.Append(ctx, kept, batch); err != nil {
			return fmt.Errorf("copy events %d..%d: %w", kept+1, kept+uint64(len(batch)), err)
		}
		kept += uint64(len(batch))
		batch = batch[:0]
		return nil
	}
	err = old.Read(ctx, 1, 0, func(r events.Raw) error {
		if r.Seq != kept+uint64(len(batch))+1 {
			return errRepairGap
		}
		batch = append(batch, events.Raw{Subject: r.Subject, MsgID: r.MsgID, Data: r.Data})
		if len(batch) == jetstream.BatchEventsMax {
			return flush()
		}
		return nil
	})
	if err != nil && !errors.Is(err, errRepairGap) {
		return err
	}
	if err := flush(); err != nil {
		return err
	}
	_, err = fmt.Fprintf(m.Stdout, "repaired stream %s: kept events 1..%d; lost sequences %d..%d (%d events); the damaged store is in %s\nnext: wagerlog verify --data-dir %s, then start serve (it rebuilds the projections)\n",
		o.Stream, kept, kept+1, last, last-kept, aside, f.dataDir)
	return err
}

// streamSetup opens the stream the flags describe (creating it unless
// readOnly), which checks its settings, and prints a line about it.
func (m *Main) streamSetup(ctx context.Context, f *storeFlags, readOnly bool, maxBytes int64) error {
	log := slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	o, err := f.options(log, readOnly)
	if err != nil {
		return err
	}
	o.MaxBytes = maxBytes
	ctx, cancel := context.WithTimeout(ctx, streamSetupTimeout)
	defer cancel()
	if f.natsURL == "" {
		lock, err := lockDataDir(f.dataDir, "stream")
		if err != nil {
			return err
		}
		defer lock.unlock()
	}
	s, err := jetstream.Open(ctx, o)
	if err != nil {
		return err
	}
	defer s.Close()
	last, err := s.LastSeq(ctx)
	if err != nil {
		return err
	}
	what := "ready for the ledger"
	if readOnly {
		what = "settings keep its history"
	} else if _, err := s.Checkpoints(ctx, 0); err != nil {
		// The ledger's user cannot create it on a cluster: the admin
		// does, here.
		return fmt.Errorf("checkpoint store: %w", err)
	}
	_, err = fmt.Fprintf(m.Stdout, "stream %s (subjects %s.>): %s; last sequence %d\n", s.StreamName(), s.Prefix(), what, last)
	return err
}
