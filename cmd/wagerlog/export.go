package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/audit"
)

type exportConfig struct {
	store    storeFlags
	from, to uint64
	gzip     bool
}

func (m *Main) exportCmd() *cobra.Command {
	var cfg exportConfig
	cmd := &cobra.Command{
		Use:   "export [--from SEQ] [--to SEQ] FILE",
		Short: "Write the events and seals of a range to a portable archive (JSON Lines, gzip for .gz)",
		Long: `export copies the events from..to, byte for byte and seals included, into
an archive: JSON Lines with a header (range, stream, the hash the range's
chain starts from) and a trailer (count, last hash), gzip-compressed when
FILE ends in .gz or with --gzip. "-" writes to standard output.
docs/AUDIT.md describes the format. Check an archive anywhere, with no
server, with: wagerlog verify --archive FILE --pubkey KEY.

The file is written under a temporary name and renamed when complete, and
an existing file is never replaced.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return m.export(cmd.Context(), cfg, args[0])
		},
	}
	cfg.store.registerRead(cmd.Flags())
	cmd.Flags().Uint64Var(&cfg.from, "from", 0, "first sequence (default 1)")
	cmd.Flags().Uint64Var(&cfg.to, "to", 0, "last sequence (default: the stream's last)")
	cmd.Flags().BoolVar(&cfg.gzip, "gzip", false, "gzip the archive (implied by a FILE ending in .gz)")
	return cmd
}

func (m *Main) export(ctx context.Context, cfg exportConfig, path string) error {
	log, err := m.logger("warn")
	if err != nil {
		return err
	}
	store, err := cfg.store.open(ctx, log, true)
	if err != nil {
		return err
	}
	defer store.Close()
	progress, done := m.walkProgress("export")
	opts := audit.ExportOptions{
		Stream: store.StreamName(), SubjectPrefix: store.Prefix(),
		Gzip: cfg.gzip || strings.HasSuffix(path, ".gz"), Progress: progress,
	}
	var out io.Writer = m.Stdout
	var tmp *os.File
	if path != "-" {
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("%s exists: choose another file", path)
		} else if !errors.Is(err, os.ErrNotExist) {
			return err
		}
		if tmp, err = os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp"); err != nil {
			return err
		}
		defer os.Remove(tmp.Name()) // a no-op once renamed
		out = tmp
	}
	tr, err := audit.Export(ctx, store, out, cfg.from, cfg.to, opts)
	done()
	if err != nil {
		if tmp != nil {
			tmp.Close()
		}
		return err
	}
	if tmp != nil {
		if err := tmp.Sync(); err != nil {
			tmp.Close()
			return err
		}
		if err := tmp.Close(); err != nil {
			return err
		}
		// A hard link never replaces an existing file; where links are
		// not supported, fall back to a rename.
		if err := os.Link(tmp.Name(), path); errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s: %w", path, err)
		} else if err != nil {
			if err := os.Rename(tmp.Name(), path); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		}
		fmt.Fprintf(m.Stderr, "exported %d events up to sequence %d (head %s) to %s\n", tr.Count, tr.LastSeq, tr.LastHash, path)
	}
	return nil
}
