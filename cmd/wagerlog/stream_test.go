package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events/jetstream"
)

func streamRun(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &bytes.Buffer{}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	err := m.Run(ctx, append([]string{"stream"}, args...))
	return out.String(), err
}

// TestStreamCmd creates the stream on an embedded store, creates it again
// (a check of the existing one), and checks it read-only; a check never
// creates a stream, and options that cannot work are refused.
func TestStreamCmd(t *testing.T) {
	dir := t.TempDir()
	t.Run("CheckMissing", func(t *testing.T) {
		if _, err := streamRun(t, "check", "--data-dir", dir); !errors.Is(err, jetstream.ErrNoStream) {
			t.Fatalf("check before create: %v, want ErrNoStream", err)
		}
	})
	for _, args := range [][]string{
		{"create", "--data-dir", dir, "--max-bytes", "100000000"},
		{"create", "--data-dir", dir},
		{"check", "--data-dir", dir},
	} {
		out, err := streamRun(t, args...)
		if err != nil {
			t.Fatalf("stream %v: %v", args, err)
		}
		if !strings.HasPrefix(out, "stream WAGERLOG (subjects wagerlog.>)") || !strings.HasSuffix(out, "last sequence 0\n") {
			t.Errorf("stream %v printed %q", args, out)
		}
	}
	t.Run("EmbeddedReplicas", func(t *testing.T) {
		if _, err := streamRun(t, "create", "--data-dir", t.TempDir(), "--replicas", "3"); !errors.Is(err, jetstream.ErrInvalidOptions) {
			t.Fatalf("3 replicas on the embedded server: %v, want ErrInvalidOptions", err)
		}
	})
}
