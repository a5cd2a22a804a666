//go:build slow

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/bench"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
)

// TestBench_TableDataDirProfile runs a second whole `wagerlog bench` (about
// ten seconds on two cores), for the table output, --data-dir,
// --cpuprofile and --profile-dir: it runs in the slow suite (.ci/run runs
// it with -tags slow), TestBench_JSON in every run.
func TestBench_TableDataDirProfile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "keep")
	prof := filepath.Join(t.TempDir(), "ingest.pprof")
	profDir := t.TempDir()
	stdout, _ := runBench(t, append(benchTinyArgs(), "--data-dir", dir, "--cpuprofile", prof, "--profile-dir", profDir)...)

	for _, k := range benchKeys() {
		if !strings.Contains(stdout, k) {
			t.Errorf("the table has no row for %s", k)
		}
	}
	// Every aim gets one mark, ✓ or ✗.
	marks := strings.Count(stdout, "✓") + strings.Count(stdout, "✗")
	if marks != len(bench.Aims()) {
		t.Errorf("%d marks in the table, want one per aim (%d):\n%s", marks, len(bench.Aims()), stdout)
	}
	for _, s := range []string{"machine: ", "command: wagerlog bench", "--data-dir " + dir, "aims met: ", "data kept in " + dir} {
		if !strings.Contains(stdout, s) {
			t.Errorf("the table lacks %q:\n%s", s, stdout)
		}
	}
	// The HTTP phase's projector takes the ledger's events from its
	// hand-off, as serve's does.
	if m := regexp.MustCompile(`the projector took ([0-9,]+) events from the ledger's hand-off`).FindStringSubmatch(stdout); m == nil || m[1] == "0" {
		t.Errorf("the projector took no event from the ledger's hand-off (%q):\n%s", m, stdout)
	}
	for _, p := range []string{"projections.db", filepath.Join("ledger", "jetstream")} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("--data-dir: %s not kept: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "raw")); !os.IsNotExist(err) {
		t.Errorf("the raw phase's store is still in the data directory (%v)", err)
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("--cpuprofile: no profile written (%v)", err)
	}
	for _, p := range []string{"raw.cpu.pprof", "fill.cpu.pprof", "read.cpu.pprof", "rebuild.cpu.pprof", "replay.cpu.pprof", "board.cpu.pprof", "http.cpu.pprof", "fill.heap.pprof", "rebuild.heap.pprof", "end.heap.pprof"} {
		if fi, err := os.Stat(filepath.Join(profDir, p)); err != nil || fi.Size() == 0 {
			t.Errorf("--profile-dir: %s not written (%v)", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(profDir, "ingest.cpu.pprof")); !os.IsNotExist(err) {
		t.Errorf("--profile-dir wrote the ingest profile that --cpuprofile took (%v)", err)
	}

	// A second run refuses the directory that now holds data.
	var out bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &syncbuf.Buffer{}}
	err := m.Run(context.Background(), append(benchTinyArgs(), "--data-dir", dir))
	if !errors.Is(err, bench.ErrDataDirNotEmpty) {
		t.Errorf("bench on a data directory with data: %v, want a refusal", err)
	}
}
