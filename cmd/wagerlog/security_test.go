package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// natsURLLine finds the embedded server's client URL in serve's log.
var natsURLLine = regexp.MustCompile(`nats listening.* url=(nats://[0-9.:]+)`)

// devTokens returns the tokens serve printed with --dev-tokens.
func devTokensOf(t *testing.T, s *running) map[string]string {
	t.Helper()
	tokens := map[string]string{}
	for _, m := range devTokenLine.FindAllStringSubmatch(s.stderr.String(), -1) {
		tokens[m[1]] = m[3]
	}
	if tokens["cashier"] == "" {
		t.Fatalf("no cashier token printed:\n%s", s.stderr)
	}
	return tokens
}

// natsURLOf returns the URL of serve's NATS listener.
func natsURLOf(t *testing.T, s *running) string {
	t.Helper()
	m := natsURLLine.FindStringSubmatch(s.stderr.String())
	if m == nil {
		t.Fatalf("no NATS listener logged:\n%s", s.stderr)
	}
	return m[1]
}

// natsInit runs `wagerlog nats init` on dir with an admin, and returns the
// admin's and the operator's seed files.
func natsInit(t *testing.T, dir string) (admin, operator string) {
	t.Helper()
	admin = filepath.Join(t.TempDir(), "admin.nk")
	operator = filepath.Join(t.TempDir(), "operator.nk")
	if _, stderr, err := runMain(t, "nats", "init", "--data-dir", dir, "--admin-out", admin); err != nil {
		t.Fatalf("nats init: %v\n%s", err, stderr)
	}
	if _, _, err := runMain(t, "nats", "creds", "--data-dir", dir, "--out", operator); err != nil {
		t.Fatalf("nats creds: %v", err)
	}
	for _, f := range []string{admin, operator, filepath.Join(natsAuthDir(dir), operatorSeedFile)} {
		if fi, err := os.Stat(f); err != nil || fi.Mode().Perm() != 0o600 {
			t.Fatalf("%s: mode %v (%v), want 0600", f, fi.Mode(), err)
		}
	}
	return admin, operator
}

// natsClient connects to url with the nkey seed in seedFile.
func natsClient(t *testing.T, url, seedFile string) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	opt, err := nats.NkeyOptionFromSeed(seedFile)
	if err != nil {
		t.Fatal(err)
	}
	// The refusals are asserted where they happen; the default handler
	// would only print them.
	nc, err := nats.Connect(url, opt, nats.ErrorHandler(func(*nats.Conn, *nats.Subscription, error) {}))
	if err != nil {
		t.Fatalf("connect with %s: %v", seedFile, err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

// waitNotReady polls /readyz until it answers 503 and returns its body.
func waitNotReady(t *testing.T, s *running) string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		status, body := call(t, "GET", s.url+"/readyz", "", "")
		if status == http.StatusServiceUnavailable {
			return string(body)
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz still %d after 60 s: %s\n%s", status, body, s.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestServe_ListenWithoutAuth: serve refuses a NATS port nobody was
// configured for, instead of admitting anonymous clients.
func TestServe_ListenWithoutAuth(t *testing.T) {
	dir := t.TempDir()
	_, _, err := runMain(t, "serve", "--data-dir", dir, "--http", "127.0.0.1:0", "--nats-listen", "127.0.0.1:0", "--dev-tokens")
	if err == nil || !strings.Contains(err.Error(), "anonymous") || !strings.Contains(err.Error(), "wagerlog nats init") {
		t.Fatalf("serve --nats-listen without nkeys: %v", err)
	}
}

// TestServe_ForeignMessage: an anonymous client cannot connect to serve's
// NATS port; an admin who publishes a forged message makes /readyz answer
// 503 with its sequence, every write answer stream_untrusted, the log name
// it, and verify report it.
func TestServe_ForeignMessage(t *testing.T) {
	dir := t.TempDir()
	admin, operator := natsInit(t, dir)
	s := startServe(t, dir, "--dev-tokens", "--nats-listen", "127.0.0.1:0", "--log-level", "info")
	tokens := devTokensOf(t, s)
	url := natsURLOf(t, s)
	if status, body := call(t, "POST", s.url+"/v1/wallets/zoe/deposit", tokens["cashier"], `{"amount":"10","currency":"EUR"}`); status != 200 {
		t.Fatalf("deposit: %d %s", status, body)
	}

	if nc, err := nats.Connect(url); err == nil {
		nc.Close()
		t.Fatal("an anonymous client connected to serve's NATS port")
	}
	// The operator reads, but its publish is dropped by the server.
	onc, ojs := natsClient(t, url, operator)
	if _, err := ojs.Stream(context.Background(), "WAGERLOG"); err != nil {
		t.Fatalf("operator stream info: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	_, err := ojs.Publish(ctx, "wagerlog.table.demo-1", []byte(`{"type":"forged"}`))
	cancel()
	if err == nil {
		t.Fatal("the operator published on the stream")
	}
	onc.Close()
	if status, _ := call(t, "GET", s.url+"/readyz", "", ""); status != 200 {
		t.Fatalf("/readyz %d after the operator's refused publish", status)
	}

	_, ajs := natsClient(t, url, admin)
	ack, err := ajs.Publish(context.Background(), "wagerlog.table.demo-1", []byte(`{"type":"forged"}`))
	if err != nil {
		t.Fatalf("admin publish: %v", err)
	}
	body := waitNotReady(t, s)
	for _, want := range []string{"not_ready", "foreign_message", fmt.Sprintf("at sequence %d", ack.Sequence)} {
		if !strings.Contains(body, want) {
			t.Fatalf("/readyz body %s does not say %q", body, want)
		}
	}
	status, wbody := call(t, "POST", s.url+"/v1/wallets/zoe/deposit", tokens["cashier"], `{"amount":"1","currency":"EUR"}`)
	if status != http.StatusServiceUnavailable || !strings.Contains(string(wbody), `"code":"stream_untrusted"`) {
		t.Fatalf("write after the forgery: %d %s", status, wbody)
	}
	if log := s.stderr.String(); !strings.Contains(log, "stream fault") || !strings.Contains(log, fmt.Sprintf("seq=%d", ack.Sequence)) {
		t.Fatalf("the log does not name the fault and its sequence:\n%s", log)
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	out, _, err := runMain(t, "verify", "--data-dir", dir)
	var ee *ExitError
	if !errors.As(err, &ee) || ee.Code != exitViolations || !strings.Contains(out, fmt.Sprintf("seq %d:", ack.Sequence)) {
		t.Fatalf("verify: %v\n%s", err, out)
	}
}

// TestServe_StreamDeleted: the stream deleted under a running server makes
// /readyz answer 503 stream_missing and writes stream_untrusted.
func TestServe_StreamDeleted(t *testing.T) {
	dir := t.TempDir()
	admin, _ := natsInit(t, dir)
	s := startServe(t, dir, "--dev-tokens", "--nats-listen", "127.0.0.1:0", "--log-level", "info")
	tokens := devTokensOf(t, s)
	_, ajs := natsClient(t, natsURLOf(t, s), admin)
	if err := ajs.DeleteStream(context.Background(), "WAGERLOG"); err != nil {
		t.Fatal(err)
	}
	if body := waitNotReady(t, s); !strings.Contains(body, string(events.FaultStreamMissing)) {
		t.Fatalf("/readyz: %s", body)
	}
	status, body := call(t, "POST", s.url+"/v1/wallets/zoe/deposit", tokens["cashier"], `{"amount":"1","currency":"EUR"}`)
	if status != http.StatusServiceUnavailable || !strings.Contains(string(body), `"code":"stream_untrusted"`) {
		t.Fatalf("write after the stream was deleted: %d %s", status, body)
	}
}

// TestDataDir_Lock: while serve runs on a data directory, every command
// that would open its embedded store again is refused with a message that
// names serve and says what to do instead; once serve stops they run.
func TestDataDir_Lock(t *testing.T) {
	dir := t.TempDir()
	s := startServe(t, dir, "--dev-tokens")
	for _, args := range [][]string{
		{"rebuild"}, {"verify"}, {"report", "reconcile", "--period", "day:2026-11-29"},
		{"export", filepath.Join(t.TempDir(), "a.jsonl")}, {"replay", "balances", "--seq", "1"},
		{"stream", "check"},
	} {
		_, _, err := runMain(t, append(args, "--data-dir", dir)...)
		if err == nil {
			t.Fatalf("%v ran beside serve on its data directory", args)
		}
		msg := err.Error()
		for _, want := range []string{dir, "in use", fmt.Sprintf("pid %d", os.Getpid()), "wagerlog serve", "--nats-url", "API"} {
			if !strings.Contains(msg, want) {
				t.Fatalf("%v: %q does not say %q", args, msg, want)
			}
		}
	}
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	if _, stderr, err := runMain(t, "rebuild", "--data-dir", dir); err != nil {
		t.Fatalf("rebuild after serve stopped: %v\n%s", err, stderr)
	}
}

// TestSecrets_LooseModes: a seal key or an nkey seed that group or others
// may read, and a tokens file they may write, are refused by name, with
// the fix.
func TestSecrets_LooseModes(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(t.TempDir(), "seal.pem")
	if _, _, err := runMain(t, "keygen", "--out", key); err != nil {
		t.Fatal(err)
	}
	tokens := filepath.Join(dir, tokensFileName)
	if _, _, err := runMain(t, "token", "add", "--tokens", tokens, "--role", "cashier", "--actor", "c1"); err != nil {
		t.Fatal(err)
	}
	refused := func(what, file string, args ...string) {
		t.Helper()
		_, _, err := runMain(t, append([]string{"serve", "--data-dir", dir, "--http", "127.0.0.1:0"}, args...)...)
		if err == nil || !strings.Contains(err.Error(), "too open") || !strings.Contains(err.Error(), "chmod 600 "+file) {
			t.Fatalf("%s: %v", what, err)
		}
	}
	if err := os.Chmod(tokens, 0o664); err != nil {
		t.Fatal(err)
	}
	refused("tokens file writable by its group", tokens)
	if err := os.Chmod(tokens, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(key, 0o640); err != nil {
		t.Fatal(err)
	}
	refused("seal key readable by its group", key, "--seal-key", key)

	seed := filepath.Join(t.TempDir(), "user.nk")
	if err := os.WriteFile(seed, []byte("SUAAZWQNFX632L6FWXNJEYVTS7UD2OZ2MHFVUPEN46Y5J2QGLVPK5I3IBY\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var f storeFlags
	f.natsURL, f.natsNKey, f.fsync = "nats://127.0.0.1:1", seed, "always"
	if _, err := f.options(nil, true); err == nil || !strings.Contains(err.Error(), "chmod 600 "+seed) {
		t.Fatalf("nkey seed readable by others: %v", err)
	}
}

// TestSecrets_FromFileOrEnv: the NATS password and an nkey seed come from
// a file or the environment, so they never need to be on the command line.
func TestSecrets_FromFileOrEnv(t *testing.T) {
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := storeFlags{natsURL: "nats://127.0.0.1:1", natsPassFile: pw, fsync: "always"}
	if o, err := f.options(nil, true); err != nil || o.Password != "s3cret" {
		t.Fatalf("--nats-password-file: %q, %v", o.Password, err)
	}
	f.natsPassword = "also"
	if _, err := f.options(nil, true); err == nil {
		t.Fatal("--nats-password with --nats-password-file accepted")
	}
	if err := os.Chmod(pw, 0o644); err != nil {
		t.Fatal(err)
	}
	f.natsPassword = ""
	if _, err := f.options(nil, true); err == nil || !strings.Contains(err.Error(), "chmod 600 "+pw) {
		t.Fatalf("password file readable by others: %v", err)
	}

	t.Setenv(envNATSPassword, "from-env")
	t.Setenv(envNATSNKeySeed, "SUAAZWQNFX632L6FWXNJEYVTS7UD2OZ2MHFVUPEN46Y5J2QGLVPK5I3IBY")
	f = storeFlags{natsURL: "nats://127.0.0.1:1", fsync: "always"}
	o, err := f.options(nil, true)
	if err != nil || o.Password != "from-env" || o.NKeySeed == "" {
		t.Fatalf("environment: password %q seed set %v, %v", o.Password, o.NKeySeed != "", err)
	}
}
