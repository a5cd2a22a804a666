package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
	"github.com/wagerlog/wagerlog/ledger"
)

// running is a serve started by a test.
type running struct {
	url    string
	stderr *syncbuf.Buffer
	stop   func() error
}

// startServe runs serve in-process on a random port with the flags given
// (besides --data-dir and --http) and waits until it is ready.
func startServe(t *testing.T, dataDir string, args ...string) *running {
	t.Helper()
	return startServeUntil(t, dataDir, true, args...)
}

// startServeUntil is startServe; with ready false it returns as soon as
// /readyz answers after the start-up, ready or not (a stream fault).
func startServeUntil(t *testing.T, dataDir string, ready bool, args ...string) *running {
	t.Helper()
	var cfg serveConfig
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	cfg.store.register(fs)
	fs.StringVar(&cfg.logLevel, "log-level", "warn", "")
	fs.StringVar(&cfg.tokens, "tokens", "", "")
	fs.BoolVar(&cfg.devTokens, "dev-tokens", false, "")
	fs.StringVar(&cfg.devTokensOut, "dev-tokens-out", "", "")
	fs.StringVar(&cfg.walletMax, "wallet-max", "", "")
	fs.BoolVar(&cfg.publicBoard, "public-board", false, "")
	fs.StringVar(&cfg.timeZone, "time-zone", "UTC", "")
	memoryLimitFlag(fs, &cfg.memoryMiB)
	commitIntervalFlag(fs, &cfg.commitInterval)
	if err := fs.Parse(append([]string{"--data-dir", dataDir}, args...)); err != nil {
		t.Fatal(err)
	}
	cfg.memorySet = fs.Changed("memory-limit-mib")
	cfg.http = "127.0.0.1:0"
	// As serve's flags default: checkpoints in the stream's object store.
	cfg.checkpoints = true
	addr := make(chan string, 1)
	cfg.onListen = func(a string) { addr <- a }
	stderr := &syncbuf.Buffer{}
	m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: stderr}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.serve(ctx, cfg) }()
	r := &running{stderr: stderr}
	r.stop = func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(60 * time.Second):
			t.Fatal("serve did not stop within 60 s")
			return nil
		}
	}
	select {
	case a := <-addr:
		r.url = "http://" + a
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v\n%s", err, stderr)
	case <-time.After(60 * time.Second):
		cancel()
		t.Fatal("serve did not listen within 60 s")
	}
	t.Cleanup(func() { cancel() })
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(r.url + "/readyz")
		if err == nil {
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			// At info, serve's "ready" line comes just after the handler
			// goes live: wait for it too, so a test reads a whole start-up log.
			logged := !ready || cfg.logLevel != "info" && cfg.logLevel != "debug" || strings.Contains(stderr.String(), " msg=ready ")
			if logged && (res.StatusCode == 200 || !ready && !strings.Contains(string(body), "starting:")) {
				return r
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("not ready after 60 s\n%s", stderr)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// call sends a request with a token and returns the status and the body.
func call(t *testing.T, method, url, token, body string) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, url, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", fmt.Sprintf("serve-test-%d", time.Now().UnixNano()))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

var devTokenLine = regexp.MustCompile(`(?m)^\s+(\w+)\s+(\S+)\s+(wlt_\S+)$`)

// TestServe_API runs the real wiring: dev tokens on first start, a deposit
// and a read of it through the API, the dashboard, then a restart on the
// same data directory that keeps both the tokens and the data.
func TestServe_API(t *testing.T) {
	dir := t.TempDir()
	// Without a tokens file, serve refuses to start.
	var cfg serveConfig
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	cfg.store.register(fs)
	_ = fs.Parse([]string{"--data-dir", dir})
	cfg.logLevel, cfg.timeZone, cfg.http = "warn", "UTC", "127.0.0.1:0"
	m := &Main{Stdout: io.Discard, Stderr: io.Discard}
	if err := m.serve(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "no tokens file") {
		t.Fatalf("serve without tokens: %v", err)
	}

	s := startServe(t, dir, "--dev-tokens")
	tokens := map[string]string{}
	for _, m := range devTokenLine.FindAllStringSubmatch(s.stderr.String(), -1) {
		tokens[m[1]] = m[3]
	}
	if len(tokens) != len(api.Roles()) {
		t.Fatalf("dev tokens printed: %v\n%s", tokens, s.stderr)
	}
	file, err := os.ReadFile(filepath.Join(dir, tokensFileName))
	if err != nil || bytes.Contains(file, []byte(tokens["cashier"])) {
		t.Fatalf("tokens file (err %v) must hold hashes only:\n%s", err, file)
	}

	status, body := call(t, "POST", s.url+"/v1/wallets/zoe/deposit", tokens["cashier"], `{"amount":"12.50","currency":"EUR"}`)
	if status != 200 {
		t.Fatalf("deposit: %d %s", status, body)
	}
	var res struct {
		LastSeq uint64 `json:"last_seq"`
	}
	_ = json.Unmarshal(body, &res)
	status, body = call(t, "GET", fmt.Sprintf("%s/v1/wallets/zoe?min_seq=%d", s.url, res.LastSeq), tokens["frontend"], "")
	if status != 200 || !strings.Contains(string(body), `"balance":"12.50"`) {
		t.Fatalf("wallet: %d %s", status, body)
	}
	if status, _ := call(t, "GET", s.url+"/v1/wallets/zoe", "", ""); status != 401 {
		t.Fatalf("wallet without a token: %d", status)
	}
	if status, body := call(t, "GET", s.url+"/", "", ""); status != 200 || !strings.Contains(strings.ToLower(string(body)), "<html") {
		t.Fatalf("dashboard: %d %.100s", status, body)
	}
	if status, body := call(t, "GET", s.url+"/metrics", tokens["auditor"], ""); status != 200 || !strings.Contains(string(body), "wagerlog_projections_lag_events") {
		t.Fatalf("metrics: %d %.200s", status, body)
	} else {
		// The projector looks in the ledger's hand-off for every event
		// (whether it finds one there depends on which of the ledger and
		// the projector gets the stored event first): the counts cover the
		// events it prepared, the deposit above at least.
		sum := 0
		for _, m := range regexp.MustCompile(`wagerlog_projections_events_total\{source="(?:ledger|stream)"\} ([0-9]+)`).FindAllSubmatch(body, -1) {
			n, _ := strconv.Atoi(string(m[1]))
			sum += n
		}
		if sum == 0 {
			t.Errorf("metrics: the projector did not look in the ledger's hand-off:\n%s", body)
		}
	}
	if err := s.stop(); err != nil {
		t.Fatalf("serve returned %v", err)
	}

	// Restart: the tokens file exists, the stream and projections persist,
	// and the ledger starts from the checkpoint the stop took, reading no
	// tail.
	s = startServe(t, dir, "--public-board", "--log-level", "info")
	status, body = call(t, "GET", s.url+"/v1/wallets/zoe", tokens["finance"], "")
	if status != 200 || !strings.Contains(string(body), `"balance":"12.50"`) {
		t.Fatalf("wallet after restart: %d %s", status, body)
	}
	if log := s.stderr.String(); !strings.Contains(log, "from_checkpoint=true") || !strings.Contains(log, "tail_events=0") {
		t.Fatalf("the restart did not start from the checkpoint taken at the stop:\n%s", log)
	}
	if err := s.stop(); err != nil {
		t.Fatalf("serve returned %v", err)
	}

	// An upgrade: the projections file is one an older release wrote
	// (schema 2, empty). serve rebuilds it from the stream before it is
	// ready, and answers as before.
	old, err := os.ReadFile("../../replay/testdata/projections-schema2.db.gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	old, err = io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "projections.db"), old, 0o600); err != nil {
		t.Fatal(err)
	}
	s = startServe(t, dir)
	status, body = call(t, "GET", s.url+"/v1/wallets/zoe", tokens["finance"], "")
	if status != 200 || !strings.Contains(string(body), `"balance":"12.50"`) {
		t.Fatalf("wallet after an upgrade of the projections: %d %s", status, body)
	}
	if err := s.stop(); err != nil {
		t.Fatalf("serve returned %v", err)
	}
}

// TestServe_DevTokensOut: --dev-tokens-out writes the tokens --dev-tokens
// made to a file of mode 0600, as JSON keyed by role, besides the banner;
// the tokens in it work. --wallet-max bounds a deposit.
func TestServe_DevTokensOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(t.TempDir(), "tokens.json")
	s := startServe(t, dir, "--dev-tokens", "--dev-tokens-out", out, "--wallet-max", "100")
	fi, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("%s has mode %v, want 0600", out, fi.Mode().Perm())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var toks map[string]struct {
		Actor string `json:"actor"`
		Token string `json:"token"`
	}
	if err := json.Unmarshal(b, &toks); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	printed := map[string]string{}
	for _, m := range devTokenLine.FindAllStringSubmatch(s.stderr.String(), -1) {
		printed[m[1]] = m[3]
	}
	if len(toks) != len(api.Roles()) {
		t.Fatalf("file holds %d tokens, want %d", len(toks), len(api.Roles()))
	}
	for role, tk := range toks {
		if tk.Token == "" || tk.Token != printed[role] || tk.Actor != role+"-1" {
			t.Errorf("role %s: file %+v, banner %q", role, tk, printed[role])
		}
	}
	if status, body := call(t, "POST", s.url+"/v1/wallets/zoe/deposit", toks["cashier"].Token, `{"amount":"100","currency":"EUR"}`); status != 200 {
		t.Fatalf("deposit with the file's token: %d %s", status, body)
	}
	if status, body := call(t, "POST", s.url+"/v1/wallets/zoe/deposit", toks["cashier"].Token, `{"amount":"0.01","currency":"EUR"}`); status != 422 || !strings.Contains(string(body), "wallet_limit") {
		t.Fatalf("deposit over --wallet-max: %d %s", status, body)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
}

// TestTokenAdd prints a token once and stores only its hash.
func TestTokenAdd(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tokens")
	var out, errOut bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}
	if err := m.Run(context.Background(), []string{"token", "add", "--tokens", file, "--role", "dealer", "--actor", "dealer-9"}); err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(out.String())
	if !strings.HasPrefix(token, api.TokenPrefix) {
		t.Fatalf("printed %q", token)
	}
	out.Reset()
	if err := m.Run(context.Background(), []string{"token", "add", "--tokens", file, "--role", "viewer", "--actor", "wall-1"}); err != nil {
		t.Fatal(err)
	}
	toks, err := loadTokens(file)
	if err != nil {
		t.Fatal(err)
	}
	if who, ok := toks.Lookup(token); !ok || who.Role != "dealer" || who.Actor != "dealer-9" || toks.Len() != 2 {
		t.Fatalf("lookup: %+v %v, %d tokens", who, ok, toks.Len())
	}
	raw, _ := os.ReadFile(file)
	if bytes.Contains(raw, []byte(token)) {
		t.Fatal("the tokens file holds the token itself")
	}
	if st, _ := os.Stat(file); st.Mode().Perm() != 0o600 {
		t.Fatalf("tokens file mode %v", st.Mode().Perm())
	}
	if err := m.Run(context.Background(), []string{"token", "add", "--tokens", file, "--role", "root", "--actor", "x"}); err == nil {
		t.Fatal("token add accepted an unknown role")
	}
}

// TestServe_RepairsDamagedProjections damages the board record of a
// stopped server's projections file in place (its format byte, found by
// the round id it holds; bbolt checksums no data page) and starts the
// server again: the board read that meets the record answers 503
// unavailable instead of crashing the server, and the server rebuilds the
// file from the stream by itself and serves the board again.
func TestServe_RepairsDamagedProjections(t *testing.T) {
	s := startServer(t, "--public-board")
	s.openTable("t1")
	r := s.call(ledger.RoleDealer, "POST", "/v1/tables/t1/rounds", map[string]any{})
	s.call(ledger.RoleDealer, "POST", "/v1/tables/t1/rounds/"+r.Round+"/close-betting", map[string]any{})
	s.call(ledger.RoleDealer, "POST", "/v1/tables/t1/rounds/"+r.Round+"/result", map[string]any{"dice": []int{1, 2, 3}})
	board := func() (int, string) {
		t.Helper()
		res, err := http.Get(s.base + "/v1/tables/t1/board")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if code, body := board(); code == 200 && strings.Contains(body, r.Round) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the round never reached the board")
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.stop()

	path := filepath.Join(s.dir, "data", "projections.db")
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A board of one result: format 2, count 1, the round id's length and
	// the id.
	rec := append([]byte{2, 1, byte(len(r.Round))}, r.Round...)
	n := bytes.Count(file, rec)
	if n == 0 {
		t.Fatal("the board record is not in the file")
	}
	file = bytes.ReplaceAll(file, rec, append([]byte{0x7f, 1, byte(len(r.Round))}, r.Round...))
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}

	s.start("127.0.0.1:0")
	code, body := board()
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "unavailable") {
		t.Fatalf("the damaged board: %d %s, want 503 unavailable", code, body)
	}
	deadline = time.Now().Add(30 * time.Second)
	for {
		code, body = board()
		if code == 200 && strings.Contains(body, r.Round) && strings.Contains(body, `"dice":[1,2,3]`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the board was not repaired: %d %s\n%s", code, body, s.log)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(s.log.String(), "damaged") {
		t.Errorf("the server did not log the repair:\n%s", s.log)
	}
}
