package main

// The server the end-to-end tests run: the real `wagerlog serve`,
// in-process through Main, on a random port and a temp data dir. The
// browser tests (build tag browser) and the serve tests share it.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
	"github.com/wagerlog/wagerlog/ledger"
)

// server is a `wagerlog serve` run by a test through Main.Run.
type server struct {
	t      testing.TB
	dir    string
	extra  []string
	base   string
	tokens map[string]string // role → token
	keys   atomic.Int64
	log    *syncbuf.Buffer
	stop   func()
	// games is the catalog serve runs with (Main.Games); nil for the
	// registry's.
	games *games.Catalog
}

// startServer runs `wagerlog serve` with a tokens file holding one token
// per role it writes with, plus a viewer's, and extra flags, and waits
// until it is ready.
func startServer(t testing.TB, extra ...string) *server {
	t.Helper()
	return startServerWith(t, nil, extra...)
}

// startServerWith is startServer with the catalog c (nil: the
// registry's): a test's game served as the registry's are.
func startServerWith(t testing.TB, c *games.Catalog, extra ...string) *server {
	t.Helper()
	s := &server{t: t, dir: t.TempDir(), extra: extra, tokens: map[string]string{}, log: &syncbuf.Buffer{}, games: c}
	var lines []string
	for _, role := range []string{ledger.RoleSupervisor, ledger.RoleDealer, ledger.RoleViewer, ledger.RoleFrontend} {
		tok := fmt.Sprintf("%stest-%s-0123456789abcdef", api.TokenPrefix, role)
		s.tokens[role] = tok
		lines = append(lines, api.TokenLine(role, role+"-1", tok))
	}
	if err := os.WriteFile(filepath.Join(s.dir, "tokens"), []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.start("127.0.0.1:0")
	t.Cleanup(func() { s.stop() })
	return s
}

// start runs serve on addr with the server's data directory and waits until
// it is ready.
func (s *server) start(addr string) {
	t := s.t
	t.Helper()
	listening := make(chan string, 1)
	m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: s.log, Games: s.games, onListen: func(a string) { listening <- a }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	args := append([]string{"serve", "--data-dir", filepath.Join(s.dir, "data"), "--http", addr,
		"--tokens", filepath.Join(s.dir, "tokens"), "--log-level", "warn"}, s.extra...)
	go func() { done <- m.Run(ctx, args) }()
	var once sync.Once
	s.stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("serve: %v", err)
				}
			case <-time.After(60 * time.Second):
				t.Error("serve did not stop within 60 s")
			}
		})
	}
	select {
	case a := <-listening:
		s.base = "http://" + a
	case err := <-done:
		t.Fatalf("serve stopped before listening: %v\n%s", err, s.log)
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not listen within 60 s\n%s", s.log)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(s.base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve not ready within 60 s (%v)\n%s", err, s.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// call sends a write to the API as role and returns the decoded result.
func (s *server) call(role, method, path string, body any) ledger.Result {
	s.t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		s.t.Fatal(err)
	}
	req, err := http.NewRequest(method, s.base+path, bytes.NewReader(data))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+s.tokens[role])
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", fmt.Sprintf("browser-test-%d", s.keys.Add(1)))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode/100 != 2 {
		s.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	var r ledger.Result
	if err := json.Unmarshal(raw, &r); err != nil {
		s.t.Fatalf("%s %s: %v in %s", method, path, err, raw)
	}
	return r
}

// openTable opens a Sic Bo table dealt by dealer-1.
func (s *server) openTable(table string) {
	s.t.Helper()
	s.call(ledger.RoleSupervisor, "POST", "/v1/tables", map[string]any{
		"table": table, "paytable": "sicbo/live", "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"},
		"dealer": "dealer-1",
	})
}

// playRound opens a round, closes betting and records the dice; it returns
// the round's number once the API has acknowledged the result.
func (s *server) playRound(table string, dice [3]int) int64 {
	s.t.Helper()
	r := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{})
	s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/close-betting", map[string]any{})
	s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/result", map[string]any{"dice": dice})
	return r.RoundNumber
}

// waitBoard waits until a table's board has at least n rows.
func waitBoard(t testing.TB, s *server, table string, n int) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var b struct {
			Results []json.RawMessage `json:"results"`
		}
		res, err := http.Get(s.base + "/v1/tables/" + table + "/board")
		if err == nil {
			err = json.NewDecoder(res.Body).Decode(&b)
			res.Body.Close()
		}
		if err == nil && len(b.Results) >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the board has %d results after 60 s (%v)", table, len(b.Results), err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
