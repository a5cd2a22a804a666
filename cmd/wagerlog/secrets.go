package main

import (
	"fmt"
	"io"
	"os"
)

// secretFileBytesMax bounds a secret file read (a password, an nkey seed).
const secretFileBytesMax = 64 << 10

// The modes secret files are refused with, as ssh refuses a private key
// others can read: a secret that group or others may read is no longer
// the owner's alone, and a tokens file they may write lets them admit
// themselves to the API.

// checkSecretMode refuses a file that group or others may read (or write).
func checkSecretMode(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("permissions %04o for %s are too open: it holds a secret that only its owner may read; run chmod 600 %s", perm, path, path)
	}
	return nil
}

// checkNotWritableByOthers refuses a file that group or others may write.
func checkNotWritableByOthers(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if perm := fi.Mode().Perm(); perm&0o022 != 0 {
		return fmt.Errorf("permissions %04o for %s are too open: group or others may write it and so admit themselves; run chmod 600 %s", perm, path, path)
	}
	return nil
}

// readSecretFile reads a small secret file after checking its mode.
func readSecretFile(path string) ([]byte, error) {
	if err := checkSecretMode(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, secretFileBytesMax+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(b) > secretFileBytesMax {
		return nil, fmt.Errorf("%s: over %d bytes: not a secret file", path, secretFileBytesMax)
	}
	return b, nil
}
