package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLatencies_Quantile(t *testing.T) {
	var l latencies
	for i := 1; i <= 100; i++ {
		l = append(l, time.Duration(i)*time.Millisecond)
	}
	for _, tc := range []struct {
		q    float64
		want time.Duration
	}{
		{0.5, 50 * time.Millisecond},
		{0.99, 99 * time.Millisecond},
		{1, 100 * time.Millisecond},
		{0.001, time.Millisecond},
	} {
		if got := l.quantile(tc.q); got != tc.want {
			t.Errorf("quantile(%v) = %v, want %v", tc.q, got, tc.want)
		}
	}
	if got := (latencies{}).quantile(0.99); got != 0 {
		t.Errorf("quantile of nothing = %v, want 0", got)
	}
	one := latencies{7 * time.Microsecond}
	if got := one.quantile(0.99); got != 7*time.Microsecond {
		t.Errorf("quantile of one sample = %v", got)
	}
}

func TestRecorder_BoundedAndMerged(t *testing.T) {
	r := newRecorder(1, 2)
	n := samplesPerRecorderMax + 1000
	for i := range n {
		r.add(time.Duration(i))
	}
	if len(r.samples) != samplesPerRecorderMax || r.seen != n {
		t.Fatalf("kept %d of %d samples, want %d", len(r.samples), r.seen, samplesPerRecorderMax)
	}
	small := newRecorder(3, 4)
	small.add(5)
	small.add(1)
	m := merge([]*recorder{small, {samples: []time.Duration{3}}})
	if len(m) != 3 || m[0] != 1 || m[1] != 3 || m[2] != 5 {
		t.Errorf("merge = %v, want [1 3 5]", m)
	}
}

func TestTidyAndNumber(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		tidy float64
		text string
	}{
		{31245.67, 31246, "31,246"},
		{1234567, 1234567, "1,234,567"},
		{0.81234, 0.812, "0.812"},
		{0.0041234, 0.00412, "0.00412"},
		{12.345, 12.3, "12.3"},
		{999.6, 1000, "1,000"},
		{0, 0, "0"},
	} {
		if got := tidy(tc.in); got != tc.tidy {
			t.Errorf("tidy(%v) = %v, want %v", tc.in, got, tc.tidy)
		}
		if got := number(tc.in); got != tc.text {
			t.Errorf("number(%v) = %q, want %q", tc.in, got, tc.text)
		}
	}
}

func TestAim_Met(t *testing.T) {
	atLeast := Aim{Key: "k", AtLeast: true, Value: 10}
	below := Aim{Key: "k", Value: 10}
	if !atLeast.Met(10) || atLeast.Met(9.99) || !below.Met(9.99) || below.Met(10) {
		t.Error("≥ is inclusive and < is strict")
	}
	keys := (&Report{}).Figures()
	for _, a := range Aims() {
		if _, ok := keys[a.Key]; !ok {
			t.Errorf("aim on %s, which is not a figure", a.Key)
		}
	}
}

func TestReport_WriteTable(t *testing.T) {
	r := &Report{
		IngestBetsPerS: 40_000, IngestRatio: 0.5, RebuildEventsPerS: 150_000, RebuildRatio: 0.9,
		RoundReplayMs: 80, BoardReadP99Us: 20, HTTPPlaceBetP99Ms: 5, PeakRSSMB: 600,
		Machine: Machine{Cores: 2, CPU: "test cpu", Go: "go1.26", OS: "linux/amd64"},
		Command: "wagerlog bench --json",
	}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	want := map[string]string{
		"ingest_bets_per_s": "✓", "ingest_ratio": "✗", "rebuild_events_per_s": "✓", "rebuild_ratio": "✓",
		"round_replay_ms": "✗", "board_read_p99_us": "✓", "http_place_bet_p99_ms": "✓", "peak_rss_mb": "✗",
	}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		for key, mark := range want {
			if contains(f, key) {
				if !strings.HasSuffix(strings.TrimSpace(line), mark) {
					t.Errorf("row of %s does not end with %s: %q", key, mark, line)
				}
				delete(want, key)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("no rows for %v in:\n%s", want, out)
	}
	for _, s := range []string{"aims met: 8 of 12", "2 cores, test cpu", "command: wagerlog bench --json"} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %q:\n%s", s, out)
		}
	}
}

func contains(fields []string, s string) bool {
	for _, f := range fields {
		if f == s {
			return true
		}
	}
	return false
}

func TestRun_ErrConfig(t *testing.T) {
	for _, c := range []Config{
		{Clients: -1}, {HTTPClients: ClientsMax + 1}, {Events: -5}, {Duration: time.Millisecond},
		{Tables: TablesMax + 1}, {RoundSlips: -1}, {IdempotencyWindow: -time.Second},
	} {
		if _, err := Run(context.Background(), c); !errors.Is(err, ErrConfig) {
			t.Errorf("Run(%+v) = %v, want ErrConfig", c, err)
		}
	}
}

func TestRun_ErrDataDirNotEmpty(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "precious"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), Config{DataDir: dir}); !errors.Is(err, ErrDataDirNotEmpty) {
		t.Errorf("Run on a directory with a file: %v, want ErrDataDirNotEmpty", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "precious")); err != nil {
		t.Errorf("the file is gone: %v", err)
	}
}
