package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// lockFileName is the lock file of a data directory.
const lockFileName = "LOCK"

// lockInfoBytesMax bounds what is read of another process's lock file.
const lockInfoBytesMax = 4096

// fileLock is an exclusive flock(2) held on a file, with the holder's pid
// and command written into it so that a second process can name the first.
// The kernel releases it when the process exits, however it exits: a
// killed server leaves no stale lock behind.
type fileLock struct {
	f *os.File
}

// errLocked is returned by lockFile when another process holds the lock.
var errLocked = errors.New("in use by another process")

// lockFile takes the exclusive lock on path (created with mode 0600 when
// missing) for command, or returns an error wrapping errLocked that names
// the holder as its lock file records it.
func lockFile(path, command string) (*fileLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		b := make([]byte, lockInfoBytesMax)
		n, _ := f.ReadAt(b, 0)
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			holder := strings.Join(strings.Fields(string(b[:n])), " ")
			if holder == "" {
				holder = "a process that has not written its name yet"
			}
			return nil, fmt.Errorf("%w: %s", errLocked, holder)
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	info := fmt.Sprintf("pid %d: wagerlog %s, since %s\n", os.Getpid(), command, time.Now().UTC().Format(time.RFC3339))
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(info), 0)
	}
	return &fileLock{f: f}, nil
}

// unlock releases the lock (closing the file releases the flock). The
// file stays: removing it would race with a process that just opened it.
func (l *fileLock) unlock() {
	if l != nil && l.f != nil {
		_ = l.f.Truncate(0)
		l.f.Close()
		l.f = nil
	}
}

// lockDataDir takes the data directory's lock for command: one process
// opens a data directory's embedded store at a time. The message of a
// refusal names the running process and the ways to reach its data.
func lockDataDir(dir, command string) (*fileLock, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	l, err := lockFile(filepath.Join(dir, lockFileName), command)
	if errors.Is(err, errLocked) {
		return nil, fmt.Errorf("data directory %s is %w; only one process may open its store: while it runs, ask its HTTP API, or read the stream through its NATS listener (serve --nats-listen) with --nats-url and the operator's nkey (docs/OPERATIONS.md, Security)", dir, err)
	}
	return l, err
}
