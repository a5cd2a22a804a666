package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// damageLastRecord flips a bit inside the last message of the newest block
// file of the embedded store in dir, as a disk that lost the end of a write
// would leave it.
func damageLastRecord(t *testing.T, dir string) {
	t.Helper()
	var newest string
	err := filepath.WalkDir(filepath.Join(dir, "jetstream"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".blk") && p > newest {
			newest = p
		}
		return err
	})
	if err != nil || newest == "" {
		t.Fatalf("no block file (%v)", err)
	}
	b, err := os.ReadFile(newest)
	if err != nil {
		t.Fatal(err)
	}
	// The record ends with an 8-byte checksum; 20 bytes before the end
	// lies in the message itself.
	b[len(b)-20] ^= 0x01
	if err := os.WriteFile(newest, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestStreamRepair_DamagedTail follows docs/OPERATIONS.md, "Damaged stream
// tail": a damaged last record is reported at start by /readyz (503 with
// the sequence) and by every write (stream_damaged), and by verify; with
// serve stopped, `wagerlog stream repair` keeps the intact events, verify
// is clean, and serve starts ready and writes again.
func TestStreamRepair_DamagedTail(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startServe(t, dir, "--dev-tokens")
	tokens := devTokensOf(t, s)
	deposit := func(s *running, amount string) (int, string) {
		status, body := call(t, "POST", s.url+"/v1/wallets/zoe/deposit", tokens["cashier"], `{"amount":"`+amount+`","currency":"EUR"}`)
		return status, string(body)
	}
	for i := 1; i <= 5; i++ {
		if status, body := deposit(s, fmt.Sprint(i)); status != 200 {
			t.Fatalf("deposit %d: %d %s", i, status, body)
		}
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	damageLastRecord(t, dir)

	// Detected at start: not ready, with the reason; writes refused with
	// their own code; no restart loop (serve keeps running).
	s = startServeUntil(t, dir, false, "--log-level", "info")
	status, body := call(t, "GET", s.url+"/readyz", "", "")
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), "damaged_tail") || !strings.Contains(string(body), "at sequence 5") {
		t.Fatalf("/readyz on a damaged tail: %d %s", status, body)
	}
	if status, body := deposit(s, "6"); status != http.StatusServiceUnavailable || !strings.Contains(body, `"code":"stream_damaged"`) {
		t.Fatalf("write on a damaged tail: %d %s", status, body)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	out, _, err := runMain(t, "verify", "--data-dir", dir)
	var ee *ExitError
	if !errors.As(err, &ee) || ee.Code != exitViolations || !strings.Contains(out, "stream_fault") || !strings.Contains(out, "damaged_tail") {
		t.Fatalf("verify on a damaged tail: %v\n%s", err, out)
	}

	// The procedure.
	out, stderr, err := runMain(t, "stream", "repair", "--data-dir", dir)
	if err != nil {
		t.Fatalf("stream repair: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "kept events 1..4") || !strings.Contains(out, "lost sequences 5..5 (1 events)") {
		t.Fatalf("repair said:\n%s", out)
	}
	if out, _, err = runMain(t, "verify", "--data-dir", dir); err != nil || !strings.Contains(out, "4 events read") || !strings.Contains(out, "clean") {
		t.Fatalf("verify after the repair: %v\n%s", err, out)
	}
	if _, _, err := runMain(t, "stream", "repair", "--data-dir", dir); err == nil || !strings.Contains(err.Error(), "nothing to repair") {
		t.Fatalf("second repair: %v", err)
	}
	s = startServe(t, dir)
	status, body = call(t, "GET", s.url+"/v1/wallets/zoe?min_seq=4", tokens["cashier"], "")
	if status != 200 || !strings.Contains(string(body), `"balance":"10.00"`) {
		t.Fatalf("balance after the repair (1+2+3+4): %d %s", status, body)
	}
	if status, body := deposit(s, "6"); status != 200 || !strings.Contains(body, `"first_seq":5`) {
		t.Fatalf("write after the repair: %d %s", status, body)
	}
}
