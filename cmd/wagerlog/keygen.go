package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/events"
)

// keyFileBytesMax bounds a key file read: a PEM key is a few hundred bytes.
const keyFileBytesMax = 64 << 10

// The seal key files. A private key is written as PEM "PRIVATE KEY"
// (PKCS #8, as `openssl genpkey -algorithm ed25519` writes it); a public
// key as PEM "PUBLIC KEY" (PKIX, as `openssl pkey -pubout` writes it).
// Readers also take the raw keys in hex: a 32-byte seed or 64-byte private
// key, a 32-byte public key — in a file or, for --pubkey, on the command
// line.

func (m *Main) keygenCmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "keygen --out FILE",
		Short: "Create an Ed25519 key to sign seals (serve --seal-key FILE); print its public key",
		Long: `keygen writes a new Ed25519 private key to FILE (PEM PKCS #8, mode 0600,
never over an existing file) and its public key to FILE.pub (PEM PKIX), and
prints the public key in hex with its key id (the id seals record).

Give FILE to serve --seal-key; give FILE.pub, or the hex, to
verify --pubkey and report --pubkey. Keep FILE secret: whoever holds it can
sign seals.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if out == "" {
				return errors.New("--out FILE is required")
			}
			pub, priv, err := ed25519.GenerateKey(rand.Reader)
			if err != nil {
				return err
			}
			der, err := x509.MarshalPKCS8PrivateKey(priv)
			if err != nil {
				return err
			}
			pubDER, err := x509.MarshalPKIXPublicKey(pub)
			if err != nil {
				return err
			}
			if err := writeNew(out, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
				return err
			}
			if err := writeNew(out+".pub", pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER}), 0o644); err != nil {
				return err
			}
			_, err = fmt.Fprintf(m.Stdout, "private key: %s\npublic key:  %s.pub\npublic key (hex): %s\nkey id: %s\n", out, out, hex.EncodeToString(pub), events.KeyID(pub))
			return err
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "file to write the private key to (the public key goes to FILE.pub)")
	return cmd
}

// writeNew creates path with data, refusing to replace an existing file.
func writeNew(path string, data []byte, mode os.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readKeyFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, keyFileBytesMax+1)
	n, err := f.Read(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if n > keyFileBytesMax {
		return nil, fmt.Errorf("%s: over %d bytes: not a key file", path, keyFileBytesMax)
	}
	return b[:n], nil
}

// loadPrivateKey reads an Ed25519 private key file: PEM PKCS #8, or hex of
// a 32-byte seed or a 64-byte key.
func loadPrivateKey(path string) (ed25519.PrivateKey, error) {
	b, err := readKeyFile(path)
	if err != nil {
		return nil, err
	}
	if blk, _ := pem.Decode(b); blk != nil {
		if blk.Type != "PRIVATE KEY" {
			return nil, fmt.Errorf("%s: PEM block %q, want PRIVATE KEY", path, blk.Type)
		}
		k, err := x509.ParsePKCS8PrivateKey(blk.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		priv, ok := k.(ed25519.PrivateKey)
		if !ok {
			return nil, fmt.Errorf("%s: a %T, not an Ed25519 key", path, k)
		}
		return priv, nil
	}
	raw, err := hex.DecodeString(strings.TrimSpace(string(b)))
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: neither PEM nor hex", path)
	case len(raw) == ed25519.SeedSize:
		return ed25519.NewKeyFromSeed(raw), nil
	case len(raw) == ed25519.PrivateKeySize:
		return ed25519.PrivateKey(raw), nil
	}
	return nil, fmt.Errorf("%s: %d bytes of hex, want a %d-byte seed or a %d-byte key", path, len(raw), ed25519.SeedSize, ed25519.PrivateKeySize)
}

// loadPublicKey reads an Ed25519 public key: 64 hex digits given directly,
// or a file holding them, a PEM PUBLIC KEY, or a private key (whose public
// half is used).
func loadPublicKey(arg string) (ed25519.PublicKey, error) {
	if raw, err := hex.DecodeString(arg); err == nil && len(raw) == ed25519.PublicKeySize {
		return ed25519.PublicKey(raw), nil
	}
	b, err := readKeyFile(arg)
	if err != nil {
		return nil, fmt.Errorf("--pubkey: neither 64 hex digits nor a readable file: %w", err)
	}
	if blk, _ := pem.Decode(b); blk != nil && blk.Type == "PUBLIC KEY" {
		k, err := x509.ParsePKIXPublicKey(blk.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", arg, err)
		}
		pub, ok := k.(ed25519.PublicKey)
		if !ok {
			return nil, fmt.Errorf("%s: a %T, not an Ed25519 key", arg, k)
		}
		return pub, nil
	}
	if raw, err := hex.DecodeString(strings.TrimSpace(string(b))); err == nil && len(raw) == ed25519.PublicKeySize {
		return ed25519.PublicKey(raw), nil
	}
	priv, err := loadPrivateKey(arg)
	if err != nil {
		return nil, fmt.Errorf("%s: not a public key: %w", arg, err)
	}
	return priv.Public().(ed25519.PublicKey), nil
}
