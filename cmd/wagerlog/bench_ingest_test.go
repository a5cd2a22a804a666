package main

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestBench_IngestOnly runs the ingest phase and its raw append alone: the
// write path's figures, its CPU per slip among them, and none of the later
// phases.
func TestBench_IngestOnly(t *testing.T) {
	stdout, stderr := runBench(t, "bench", "--ingest-only", "--duration", "1s", "--clients", "8", "--round-slips", "50", "--json")
	var got map[string]any
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("output is not a JSON object: %v\n%s", err, stdout)
	}
	for _, k := range []string{"ingest_bets_per_s", "ingest_cpu_us_per_slip", "raw_append_events_per_s", "ingest_ratio", "ingest_batch_mean"} {
		if v, ok := got[k].(float64); !ok || !(v > 0) {
			t.Errorf("%s = %v, want a positive figure", k, got[k])
		}
	}
	for _, k := range []string{"rebuild_events_per_s", "restart_ready_ms", "http_place_bet_per_s", "round_replay_ms"} {
		if v, _ := got[k].(float64); v != 0 {
			t.Errorf("%s = %v: a later phase ran", k, v)
		}
	}
	// The share of the phase during which the ledger had an append in
	// flight: counted around every append, so above zero, and about the
	// whole phase at most, since the sequencer appends one group at a
	// time (an append under way when the phase starts counts whole).
	m := regexp.MustCompile(`an append in flight (\d+)% of the time`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no append share in the ingest line:\n%s", stderr)
	}
	if busy, _ := strconv.Atoi(m[1]); busy < 1 || busy > 110 {
		t.Errorf("an append in flight %d%% of the ingest phase, want 1..110", busy)
	}
	for _, phase := range []string{"fill:", "rebuild:", "http:"} {
		if strings.Contains(stderr, "bench: "+phase) {
			t.Errorf("phase %q ran:\n%s", phase, stderr)
		}
	}
}

func TestBench_IngestOnlyAndHTTPOnlyRefused(t *testing.T) {
	_, _, err := runMain(t, "bench", "--ingest-only", "--http-only")
	if err == nil || !strings.Contains(err.Error(), "choose one") {
		t.Fatalf("err = %v, want the two flags refused together", err)
	}
}
