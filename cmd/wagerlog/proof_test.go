package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies the regular files of the tree src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o750)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o600)
	})
	if err != nil {
		t.Fatalf("copy %s to %s: %v", src, dst, err)
	}
}

// healthOf reads /healthz.
func healthOf(t *testing.T, url string) (last, projected uint64) {
	t.Helper()
	status, body := call(t, "GET", url+"/healthz", "", "")
	var h struct {
		LastSeq      uint64 `json:"last_seq"`
		ProjectedSeq uint64 `json:"projected_seq"`
	}
	if status != 200 || json.Unmarshal(body, &h) != nil {
		t.Fatalf("healthz: %d %s", status, body)
	}
	return h.LastSeq, h.ProjectedSeq
}

// deposit deposits through the API and returns the sequence of its event.
func deposit(t *testing.T, url, token, player, amount string) uint64 {
	t.Helper()
	status, body := call(t, "POST", url+"/v1/wallets/"+player+"/deposit", token, `{"amount":"`+amount+`","currency":"EUR"}`)
	var res struct {
		LastSeq uint64 `json:"last_seq"`
	}
	if status != 200 || json.Unmarshal(body, &res) != nil {
		t.Fatalf("deposit: %d %s", status, body)
	}
	return res.LastSeq
}

// TestServe_ProjectionsAheadOfStream is docs/OPERATIONS.md's restore case:
// copy jetstream/ aside, write five deposits, stop, put the old jetstream/
// back and keep projections.db, start. Before ready, serve must find the
// projections ahead of the stream, say so and rebuild them; it then never
// reports projections ahead of the stream, the lost deposits are gone from
// the reads, and the new deposit is in them. verify --projections on that
// data directory cannot compare, and says so with its own exit status.
func TestServe_ProjectionsAheadOfStream(t *testing.T) {
	dir := t.TempDir()
	s := startServe(t, dir, "--dev-tokens")
	tokens := map[string]string{}
	for _, m := range devTokenLine.FindAllStringSubmatch(s.stderr.String(), -1) {
		tokens[m[1]] = m[3]
	}
	deposit(t, s.url, tokens["cashier"], "ana", "10")
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	js, backup := filepath.Join(dir, "jetstream"), filepath.Join(t.TempDir(), "jetstream")
	copyTree(t, js, backup)

	s = startServe(t, dir)
	var last uint64
	for i := range 5 {
		last = deposit(t, s.url, tokens["cashier"], "bea", fmt.Sprint(i+1))
	}
	status, body := call(t, "GET", fmt.Sprintf("%s/v1/wallets/bea?min_seq=%d", s.url, last), tokens["finance"], "")
	if status != 200 || !strings.Contains(string(body), `"balance":"15.00"`) {
		t.Fatalf("wallet before the restore: %d %s", status, body)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(js); err != nil {
		t.Fatal(err)
	}
	copyTree(t, backup, js)

	// verify --projections cannot compare projections ahead of the
	// stream: not clean, its own exit status, and the first line says why.
	out, _, err := runMain(t, "verify", "--data-dir", dir, "--projections", filepath.Join(dir, "projections.db"))
	var ee *ExitError
	if !errors.As(err, &ee) || ee.Code != exitNotCompared || !strings.HasPrefix(out, "NOT COMPARED") || strings.Contains(out, "clean") {
		t.Fatalf("verify --projections of projections ahead of the stream: %v\n%s", err, out)
	}

	s = startServe(t, dir)
	if log := s.stderr.String(); !strings.Contains(log, "rebuilding them before ready") || !strings.Contains(log, "projected_seq=6") || !strings.Contains(log, "stream_last_seq=1") {
		t.Fatalf("serve did not say it rebuilt projections ahead of the stream:\n%s", log)
	}
	if last, projected := healthOf(t, s.url); projected > last || last != 1 {
		t.Fatalf("ready with last_seq=%d, projected_seq=%d", last, projected)
	}
	seq := deposit(t, s.url, tokens["cashier"], "cy", "7")
	if seq != 2 {
		t.Fatalf("the new deposit is at %d, want 2", seq)
	}
	status, body = call(t, "GET", fmt.Sprintf("%s/v1/wallets/cy?min_seq=%d", s.url, seq), tokens["finance"], "")
	if status != 200 || !strings.Contains(string(body), `"balance":"7.00"`) {
		t.Fatalf("the new deposit is missing from the reads: %d %s", status, body)
	}
	status, body = call(t, "GET", fmt.Sprintf("%s/v1/wallets/bea?min_seq=%d", s.url, seq), tokens["finance"], "")
	if status != 200 || !strings.Contains(string(body), `"balances":[]`) {
		t.Fatalf("deposits the stream no longer holds are still read: %d %s", status, body)
	}
	if last, projected := healthOf(t, s.url); projected > last {
		t.Fatalf("last_seq=%d, projected_seq=%d", last, projected)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
}
