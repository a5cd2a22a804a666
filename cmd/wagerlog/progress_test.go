package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/replay"
)

func TestRateText(t *testing.T) {
	for _, c := range []struct {
		n    uint64
		d    time.Duration
		want string
	}{
		// The first report of a rebuild: a chunk decoded microseconds
		// after the start. No rate rather than 88,723,272 events/s.
		{1000, 11 * time.Microsecond, ""},
		{50_000, 900 * time.Millisecond, ""},
		{1_000_000, 10 * time.Second, "100000 events/s"},
	} {
		if got := rateText(c.n, c.d); got != c.want {
			t.Errorf("rateText(%d, %s) = %q, want %q", c.n, c.d, got, c.want)
		}
	}
}

func TestLogProgress_FirstLineHasNoRate(t *testing.T) {
	var b bytes.Buffer
	logProgress(&b, replay.Progress{Applied: 1000, Target: 1_000_000, Elapsed: 11 * time.Microsecond})
	if strings.Contains(b.String(), "events/s") {
		t.Errorf("first progress line %q shows a rate", b.String())
	}
	b.Reset()
	logProgress(&b, replay.Progress{Applied: 500_000, Target: 1_000_000, Elapsed: 5 * time.Second})
	if !strings.Contains(b.String(), "100000 events/s, eta 5s") {
		t.Errorf("progress line %q, want the rate and the eta", b.String())
	}
}
