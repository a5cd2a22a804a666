package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/bench"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestLoadgen_AgainstServe runs `wagerlog loadgen` against a real serve:
// first with --setup (it opens the tables and funds its players), then a
// second run on the first run's players without setup, in text. It checks
// the counts it reports, never a rate.
func TestLoadgen_AgainstServe(t *testing.T) {
	dir := t.TempDir()
	var hashes, raw []string
	for role, actor := range map[string]string{
		ledger.RoleFrontend: "fe-1", ledger.RoleDealer: "bench-dealer",
		ledger.RoleSupervisor: "sup-1", ledger.RoleCashier: "cash-1",
	} {
		token, line, err := api.NewToken(role, actor)
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, line)
		raw = append(raw, role+" "+token)
	}
	tokensFile := filepath.Join(dir, "tokens")
	if err := os.WriteFile(tokensFile, []byte(strings.Join(hashes, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	loadTokens := filepath.Join(t.TempDir(), "lg.tokens")
	if err := os.WriteFile(loadTokens, []byte(strings.Join(raw, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startServe(t, filepath.Join(dir, "data"), "--tokens", tokensFile)

	run := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &syncbuf.Buffer{}}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		base := []string{"loadgen", "--target", s.url, "--tokens", loadTokens, "--tables", "lg-1,lg-2", "--duration", "500ms", "--round-slips", "5"}
		if err := m.Run(ctx, append(base, args...)); err != nil {
			t.Fatalf("loadgen %v: %v", args, err)
		}
		return out.String()
	}
	out := run("--setup", "--clients", "3", "--run", "r1", "--server-pid", strconv.Itoa(os.Getpid()), "--json")
	var res bench.LoadResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if res.Clients != 3 || res.Slips < 1 || res.Rounds < 2 || res.ServerCPUS <= 0 || res.LoadgenCPUS <= 0 {
		t.Errorf("result %+v: want 3 clients, slips, a round per table, both sides' CPU", res)
	}
	out = run("--player-prefix", "r1-", "--clients", "3", "--run", "r2")
	for _, s := range []string{"3 clients, 2 tables:", "slips/s", "place-bet p50", "CPU: load generator"} {
		if !strings.Contains(out, s) {
			t.Errorf("text output lacks %q:\n%s", s, out)
		}
	}
	if err := s.stop(); err != nil {
		t.Fatalf("serve returned %v", err)
	}
}
