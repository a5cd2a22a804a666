package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/ledger"
)

// roServe runs `wagerlog serve` in-process with args (plus --http on a
// random port and --tokens) until the returned stop is called, and returns
// its base URL once it is ready.
func roServe(t *testing.T, tokensFile string, args ...string) (string, func() error) {
	t.Helper()
	addr := make(chan string, 1)
	m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, onListen: func(a string) { addr <- a }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- m.Run(ctx, append([]string{"serve", "--http", "127.0.0.1:0", "--tokens", tokensFile, "--log-level", "error"}, args...))
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		cancel()
		t.Fatalf("serve %v: %v", args, err)
	case <-time.After(60 * time.Second):
		cancel()
		t.Fatal("serve did not listen within 60 s")
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		if status, _ := roCall(t, "GET", base+"/readyz", "", ""); status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatal("serve not ready within 60 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	return base, func() error { cancel(); return <-done }
}

func roCall(t *testing.T, method, url, token, body string) (int, string) {
	t.Helper()
	r, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	if method == "POST" {
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Idempotency-Key", fmt.Sprint("ro-", time.Now().UnixNano()))
	}
	res, err := http.DefaultClient.Do(r)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestServe_ReadOnly runs a writer on an embedded data directory, then
// `serve --read-only` on the same directory (as on a copy of a writer's
// data): the reads answer with the writer's facts, the writes answer
// read_only, and nothing is written. A read-only server never creates a
// stream, and --demo (which writes) is refused with --read-only.
func TestServe_ReadOnly(t *testing.T) {
	dir := t.TempDir()
	tokens := map[string]string{}
	var lines []string
	for _, role := range []string{ledger.RoleCashier, ledger.RoleFinance} {
		tok, line, err := api.NewToken(role, role+"-1")
		if err != nil {
			t.Fatal(err)
		}
		tokens[role] = tok
		lines = append(lines, line)
	}
	tokensFile := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(tokensFile, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}

	base, stop := roServe(t, tokensFile, "--data-dir", dir)
	if status, body := roCall(t, "POST", base+"/v1/wallets/alice/deposit", tokens[ledger.RoleCashier], `{"amount":"12.34","currency":"EUR"}`); status != http.StatusOK {
		t.Fatalf("deposit on the writer: %d %s", status, body)
	}
	if err := stop(); err != nil {
		t.Fatalf("writer stop: %v", err)
	}

	base, stop = roServe(t, tokensFile, "--data-dir", dir, "--read-only")
	status, body := roCall(t, "GET", base+"/v1/wallets/alice?min_seq=1", tokens[ledger.RoleCashier], "")
	if status != http.StatusOK || !strings.Contains(body, `"12.34"`) {
		t.Errorf("wallet on the read-only server: %d %s, want 12.34", status, body)
	}
	status, body = roCall(t, "POST", base+"/v1/wallets/alice/deposit", tokens[ledger.RoleCashier], `{"amount":"1","currency":"EUR"}`)
	if status != http.StatusForbidden || !strings.Contains(body, `"code":"read_only"`) {
		t.Errorf("deposit on the read-only server: %d %s, want 403 read_only", status, body)
	}
	status, body = roCall(t, "GET", base+"/healthz", "", "")
	if status != http.StatusOK || !strings.Contains(body, `"last_seq":1`) {
		t.Errorf("healthz on the read-only server: %d %s", status, body)
	}
	if err := stop(); err != nil {
		t.Fatalf("read-only stop: %v", err)
	}

	t.Run("NoStream", func(t *testing.T) {
		m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		err := m.Run(ctx, []string{"serve", "--read-only", "--data-dir", t.TempDir(), "--http", "127.0.0.1:0", "--tokens", tokensFile})
		if !errors.Is(err, jetstream.ErrNoStream) {
			t.Fatalf("read-only on an empty data directory: %v, want ErrNoStream", err)
		}
	})
	t.Run("Demo", func(t *testing.T) {
		m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
		data := t.TempDir()
		if err := m.Run(context.Background(), []string{"serve", "--read-only", "--demo", "--data-dir", data, "--http", "127.0.0.1:0"}); err == nil {
			t.Fatal("--demo --read-only was accepted")
		}
		if left, _ := os.ReadDir(data); len(left) != 0 {
			t.Errorf("the refused --demo --read-only left %d files in the data directory", len(left))
		}
	})
}
