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
	// sealKey signs the archive (its trailer's seal).
	sealKey string
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
an existing file is never replaced.

The ledger seals the stream every --seal-every events, so the newest events
of a range are usually past its last seal: export says so on standard
error, and verify --archive reports such an archive "not fully sealed".
--seal-key FILE (the key serve signs seals with) signs the archive itself:
export follows the hash chain as it writes and puts a signature over the
archive's range and chain head in the trailer, which covers every event
of the archive. It never writes into the stream: only the ledger does.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return m.export(cmd.Context(), cfg, args[0])
		},
	}
	cfg.store.registerRead(cmd.Flags())
	cmd.Flags().Uint64Var(&cfg.from, "from", 0, "first sequence (default 1)")
	cmd.Flags().Uint64Var(&cfg.to, "to", 0, "last sequence (default: the stream's last)")
	cmd.Flags().BoolVar(&cfg.gzip, "gzip", false, "gzip the archive (implied by a FILE ending in .gz)")
	cmd.Flags().StringVar(&cfg.sealKey, "seal-key", "", "Ed25519 private key file that signs the archive's trailer, covering events past the stream's last seal (the key of serve --seal-key)")
	return cmd
}

func (m *Main) export(ctx context.Context, cfg exportConfig, path string) error {
	log, err := m.logger("warn")
	if err != nil {
		return err
	}
	store, err := cfg.store.open(ctx, "export", log, true)
	if err != nil {
		return err
	}
	defer store.Close()
	opts := audit.ExportOptions{
		Stream: store.StreamName(), SubjectPrefix: store.Prefix(),
		Gzip: cfg.gzip || strings.HasSuffix(path, ".gz"),
	}
	if cfg.sealKey != "" {
		if opts.SealKey, err = loadPrivateKey(cfg.sealKey); err != nil {
			return fmt.Errorf("--seal-key: %w", err)
		}
	}
	progress, done := m.walkProgress("export")
	opts.Progress = progress
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
	m.exportSealNote(tr)
	return nil
}

// exportSealNote tells, on standard error, what proves the archive: a
// range that ends past the stream's last seal is not fully sealed unless
// export signed it.
func (m *Main) exportSealNote(r audit.ExportResult) {
	u, unsealed := r.Unsealed()
	switch {
	case r.Seal != nil:
		fmt.Fprintf(m.Stderr, "signed the archive %d..%d with key %s (head %s)\n", r.Seal.FromSeq, r.Seal.ToSeq, r.Seal.KeyID, r.Seal.Head)
	case unsealed && r.SealedThrough == 0:
		fmt.Fprintf(m.Stderr, "warning: no seal of the stream covers this archive (events %s): verify --archive will report it not fully sealed; sign it with --seal-key\n", u)
	case unsealed:
		fmt.Fprintf(m.Stderr, "warning: the archive ends past the stream's last seal (at %d): events %s are covered by no seal; verify --archive will report them; sign the archive with --seal-key, or export up to %d\n", r.SealedThrough, u, r.SealedThrough)
	}
}
