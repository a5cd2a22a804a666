package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/projections"
)

func TestProjectorCommitInterval(t *testing.T) {
	for _, c := range []struct {
		in, want time.Duration
		err      bool
	}{
		{in: projections.DefaultCommitInterval, want: projections.DefaultCommitInterval},
		{in: 250 * time.Millisecond, want: 250 * time.Millisecond},
		{in: 0, want: -1},
		{in: -time.Second, err: true},
	} {
		got, err := projectorCommitInterval(c.in)
		if (err != nil) != c.err || (!c.err && got != c.want) {
			t.Errorf("projectorCommitInterval(%s) = %s, %v; want %s, error %t", c.in, got, err, c.want, c.err)
		}
	}
}

// TestServe_ProjectorCommitIntervalRefused: serve refuses a negative
// interval before it starts anything.
func TestServe_ProjectorCommitIntervalRefused(t *testing.T) {
	m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
	err := m.Run(context.Background(), []string{"serve", "--data-dir", t.TempDir(), "--http", "127.0.0.1:0", "--projector-commit-interval", "-1s"})
	if err == nil || !strings.Contains(err.Error(), "--projector-commit-interval -1s: want 0 or more") {
		t.Fatalf("serve --projector-commit-interval -1s: %v, want the flag refused", err)
	}
}
