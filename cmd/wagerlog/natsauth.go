package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/events/jetstream"
)

// The nkeys of the embedded server's port (serve --nats-listen) live in
// <data-dir>/nats: the read-only operator's seed, which `wagerlog nats
// creds` hands out, and the public key of an admin, whose seed is printed
// once by `wagerlog nats init --admin-out` and never kept here.
const (
	natsAuthDirName  = "nats"
	operatorSeedFile = "operator.nk"
	adminPubFile     = "admin.pub"
)

// natsAuthDir is the directory of the port's nkeys in a data directory.
func natsAuthDir(dataDir string) string { return filepath.Join(dataDir, natsAuthDirName) }

// operatorSeed reads the operator's seed, refusing a file others may read.
func operatorSeed(dir string) (string, error) {
	path := filepath.Join(dir, operatorSeedFile)
	if _, err := os.Stat(path); err != nil {
		return "", err
	}
	b, err := readSecretFile(path)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(b)), nil
}

// operatorPublicKey returns the public key of the operator's seed in dir.
func operatorPublicKey(dir string) (string, error) {
	seed, err := operatorSeed(dir)
	if err != nil {
		return "", err
	}
	pub, err := jetstream.PublicKeyOfSeed(seed)
	if err != nil {
		return "", fmt.Errorf("%s: %w", filepath.Join(dir, operatorSeedFile), err)
	}
	return pub, nil
}

func (m *Main) natsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "nats",
		Short: "Credentials of the embedded NATS server's port (serve --nats-listen)",
	}
	var dataDir, adminOut, out, stream string
	initCmd := &cobra.Command{
		Use:   "init [--admin-out FILE]",
		Short: "Create the read-only operator's nkey (and, with --admin-out, an admin's) for serve --nats-listen",
		Long: `init creates <data-dir>/nats/operator.nk (mode 0600), the nkey seed of the
read-only operator that serve --nats-listen admits: stream info, get, view
and subscribe, nothing that publishes an event or changes the stream. An
existing seed is kept. Hand it out with wagerlog nats creds.

With --admin-out FILE it also creates an admin nkey, with every right on the
port (the stream's update and delete included): its seed goes to FILE (mode
0600, never over an existing file) and only its public key stays in
<data-dir>/nats/admin.pub. Create one only for a repair, and remove
admin.pub (and restart serve) after.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir := natsAuthDir(dataDir)
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return err
			}
			pub, err := operatorPublicKey(dir)
			if errors.Is(err, os.ErrNotExist) {
				var seed string
				if seed, pub, err = jetstream.NewUserNKey(); err != nil {
					return err
				}
				if err := writeNew(filepath.Join(dir, operatorSeedFile), []byte(seed+"\n"), 0o600); err != nil {
					return err
				}
				fmt.Fprintf(m.Stderr, "created %s\n", filepath.Join(dir, operatorSeedFile))
			} else if err != nil {
				return err
			}
			fmt.Fprintf(m.Stdout, "operator (read-only) nkey: %s\n", pub)
			if adminOut == "" {
				return nil
			}
			seed, apub, err := jetstream.NewUserNKey()
			if err != nil {
				return err
			}
			if err := writeNew(adminOut, []byte(seed+"\n"), 0o600); err != nil {
				return err
			}
			if err := os.WriteFile(filepath.Join(dir, adminPubFile), []byte(apub+"\n"), 0o644); err != nil {
				return err
			}
			_, err = fmt.Fprintf(m.Stdout, "admin nkey: %s (seed in %s; restart serve to admit it, remove %s to stop)\n", apub, adminOut, filepath.Join(dir, adminPubFile))
			return err
		},
	}
	initCmd.Flags().StringVar(&dataDir, "data-dir", "data", "data directory")
	initCmd.Flags().StringVar(&adminOut, "admin-out", "", "also create an admin nkey and write its seed to this file")

	credsCmd := &cobra.Command{
		Use:   "creds [--out FILE]",
		Short: "Print the read-only operator's nkey seed, or write it to a file (mode 0600) for nats --nkey FILE",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			seed, err := operatorSeed(natsAuthDir(dataDir))
			if errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("no operator nkey in %s: create it with `wagerlog nats init --data-dir %s`", natsAuthDir(dataDir), dataDir)
			}
			if err != nil {
				return err
			}
			if out == "" {
				_, err = fmt.Fprintln(m.Stdout, seed)
				return err
			}
			if err := writeNew(out, []byte(seed+"\n"), 0o600); err != nil {
				return err
			}
			_, err = fmt.Fprintf(m.Stdout, "wrote %s; for example:\n  nats --server nats://HOST:PORT --nkey %s stream info %s\n", out, out, stream)
			return err
		},
	}
	credsCmd.Flags().StringVar(&dataDir, "data-dir", "data", "data directory")
	credsCmd.Flags().StringVar(&out, "out", "", "write the seed to this file (mode 0600, never over an existing file) instead of standard output")
	credsCmd.Flags().StringVar(&stream, "stream", jetstream.DefaultStream, "stream name, for the example command")
	cmd.AddCommand(initCmd, credsCmd)
	return cmd
}
