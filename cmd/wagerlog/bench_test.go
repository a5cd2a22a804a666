package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/bench"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
)

// benchTinyArgs is a whole benchmark run at sizes that take seconds. The
// test checks what the command reports, never how fast anything was.
func benchTinyArgs() []string {
	return []string{"bench", "--events", "2000", "--duration", "1s", "--clients", "4", "--http-clients", "4", "--restart-wait", "0s"}
}

// runBench runs `wagerlog bench` in-process and returns stdout and stderr.
func runBench(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	// The HTTP phase's load generator is this test binary run as wagerlog
	// (TestMain).
	t.Setenv(runMainEnv, "1")
	var out bytes.Buffer
	errs := &syncbuf.Buffer{}
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: errs}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := m.Run(ctx, args); err != nil {
		t.Fatalf("wagerlog %s: %v\nstderr:\n%s", strings.Join(args, " "), err, errs.String())
	}
	return out.String(), errs.String()
}

// benchKeys are the JSON keys docs/BENCHMARKS.md documents.
func benchKeys() []string {
	return []string{
		"restart_ready_ms", "restart_ratio", "serve_rss_mb", "checkpoint_pause_ms", "checkpoint_mb",
		"ingest_bets_per_s", "ingest_p50_ms", "ingest_p99_ms",
		"raw_append_events_per_s", "ingest_ratio",
		"rebuild_events_per_s", "raw_read_events_per_s", "rebuild_ratio", "projector_cpu_us_per_event",
		"round_replay_ms", "round_replay_read_ms", "board_read_p99_us",
		"http_place_bet_per_s", "http_place_bet_p99_ms", "peak_rss_mb",
		"ledger_place_bet_per_s", "http_ratio", "ledger_cpu_us_per_slip",
		"http_server_cpu_us_per_slip", "http_loadgen_cpu_us_per_slip",
		"ingest_batch_mean", "ingest_batch_p50", "ingest_batch_p99", "ingest_cpu_us_per_slip",
	}
}

func TestBench_JSON(t *testing.T) {
	// The default data directory is a temporary one: point the temporary
	// directory at the test's to see that the run removes what it made.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	stdout, stderr := runBench(t, append(benchTinyArgs(), "--json", "--memory-limit-mib", "300")...)

	if n := strings.Count(stdout, "\n"); n != 1 || !strings.HasSuffix(stdout, "\n") {
		t.Fatalf("want one line of JSON, got %d lines:\n%s", n, stdout)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("output is not a JSON object: %v\n%s", err, stdout)
	}
	want := map[string]bool{"machine": true, "command": true, "memory_limit_mib": true}
	// The run's Go memory limit is the flag's (docs/BENCHMARKS.md, "Memory").
	if string(got["memory_limit_mib"]) != "300" {
		t.Errorf("memory_limit_mib = %s, want 300 (--memory-limit-mib 300)", got["memory_limit_mib"])
	}
	for _, k := range benchKeys() {
		want[k] = true
		raw, ok := got[k]
		if !ok {
			t.Errorf("key %s missing", k)
			continue
		}
		var v float64
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Errorf("%s = %s, not a number", k, raw)
			continue
		}
		if !(v > 0) {
			t.Errorf("%s = %v, want a positive figure", k, v)
		}
	}
	// What the projector had left when the HTTP load ended: zero when it
	// kept up, so present and not negative.
	for _, k := range []string{"http_projector_behind_events", "http_catchup_cpu_us_per_slip", "http_refused_per_slip"} {
		want[k] = true
		var v float64
		if err := json.Unmarshal(got[k], &v); err != nil || v < 0 {
			t.Errorf("%s = %s (%v), want a figure ≥ 0", k, got[k], err)
		}
	}
	// The server's CPU by part: every part present, none negative, some
	// CPU in all (a short run has few samples: any part may have none).
	want["http_cpu_split_us_per_slip"] = true
	// The projector's part per event: absent when no sample fell in it.
	want["serve_projector_cpu_us_per_event"] = true
	if raw, ok := got["serve_projector_cpu_us_per_event"]; ok {
		var v float64
		if err := json.Unmarshal(raw, &v); err != nil || !(v > 0) {
			t.Errorf("serve_projector_cpu_us_per_event = %s, want a positive figure when present", raw)
		}
	}
	var split map[string]float64
	if err := json.Unmarshal(got["http_cpu_split_us_per_slip"], &split); err != nil {
		t.Errorf("http_cpu_split_us_per_slip = %s: %v", got["http_cpu_split_us_per_slip"], err)
	}
	for _, part := range bench.CPUSplitParts() {
		if v, ok := split[part]; !ok || v < 0 {
			t.Errorf("http_cpu_split_us_per_slip.%s = %v (%v), want a figure ≥ 0", part, v, ok)
		}
	}
	sum := 0.0
	for _, v := range split {
		sum += v
	}
	if len(split) != len(bench.CPUSplitParts()) || !(sum > 0) {
		t.Errorf("http_cpu_split_us_per_slip = %v", split)
	}
	if !strings.Contains(stderr, "bench: http: the projector was ") {
		t.Errorf("no progress line for the projector's catch-up on stderr:\n%s", stderr)
	}
	for k := range got {
		if !want[k] {
			t.Errorf("unexpected key %s", k)
		}
	}
	var cmd string
	if err := json.Unmarshal(got["command"], &cmd); err != nil || !strings.HasPrefix(cmd, "wagerlog bench ") || !strings.Contains(cmd, "--events 2000") {
		t.Errorf("command = %s, want the command line with its flags", got["command"])
	}
	var mach bench.Machine
	if err := json.Unmarshal(got["machine"], &mach); err != nil || mach.Cores < 1 || mach.Go == "" {
		t.Errorf("machine = %s (%v), want cores and Go version", got["machine"], err)
	}
	for _, phase := range []string{"ingest:", "raw append:", "raw read:", "rebuild:", "round replay:", "board:", "http:", "direct:"} {
		if !strings.Contains(stderr, "bench: "+phase) {
			t.Errorf("no progress line for %q on stderr:\n%s", phase, stderr)
		}
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) > 0 {
		t.Errorf("the run left %d entries in the temporary directory, e.g. %s", len(left), left[0].Name())
	}
}
