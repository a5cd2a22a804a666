package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/spf13/cobra"

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
	cmd.AddCommand(createCmd, checkCmd)
	return cmd
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
