package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// HTTP client settings.
const (
	// httpRequestTimeout bounds one request of a client.
	httpRequestTimeout = api.CommandTimeout + 5*time.Second
	// httpShutdownTimeout bounds the HTTP server's shutdown.
	httpShutdownTimeout = 10 * time.Second
)

// httpResult is what the HTTP phase measured.
type httpResult struct {
	load LoadResult
	// separate is true when the load generator ran as a process of its
	// own (its CPU and the server's are then told apart).
	separate bool
	// catchUp is what the projector had left to apply when the load ended.
	catchUp catchUpResult
}

// httpPhase serves the real API on a loopback listener, with the projector
// following the stream into views as `wagerlog serve` does, and runs the
// load generator (Load) against it: as a separate process when
// cfg.LoadgenCommand is set, so that the figures are the server's, else in
// this process; then waits for the projector to apply the whole stream.
func httpPhase(ctx context.Context, c *casino, st *jetstream.Store, views *projections.Store, handoff *projections.Handoff, cfg Config, dir, run string, players []string) (res httpResult, err error) {
	raw := map[string]string{}
	var lines []string
	for _, role := range []string{ledger.RoleFrontend, ledger.RoleDealer} {
		token, line, err := api.NewToken(role, actor(role).ID)
		if err != nil {
			return res, err
		}
		raw[role] = token
		lines = append(lines, line)
	}
	tokens, err := api.ParseTokens(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		return res, err
	}
	proj := projections.NewProjector(views, st, nil)
	proj.CommitInterval = cfg.CommitInterval
	proj.Handoff = handoff
	pctx, stopProjector := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var projErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		projErr = proj.Run(pctx)
	}()
	defer func() {
		stopProjector()
		wg.Wait()
		if err == nil && projErr != nil {
			err = fmt.Errorf("bench: projector: %w", projErr)
		}
	}()
	a, err := api.New(api.Config{Ledger: c.led, Views: views, Tokens: tokens, Lag: proj.Lag})
	if err != nil {
		return res, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return res, fmt.Errorf("bench: listen: %w", err)
	}
	srv := &http.Server{Handler: a, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	defer func() {
		a.Close()
		sctx, cancel := context.WithTimeout(context.Background(), httpShutdownTimeout)
		defer cancel()
		_ = srv.Shutdown(sctx)
		if serr := <-served; err == nil && !errors.Is(serr, http.ErrServerClosed) {
			err = fmt.Errorf("bench: http server: %w", serr)
		}
	}()
	ids := make([]string, len(c.tables))
	for i, t := range c.tables {
		ids[i] = t.id
	}
	lc := LoadConfig{
		Target: "http://" + ln.Addr().String(), Tokens: raw, Tables: ids, Players: players,
		Duration: cfg.Duration, RoundSlips: cfg.RoundSlips, Seed: cfg.Seed, Run: run,
	}
	if len(cfg.LoadgenCommand) == 0 {
		res.load, err = Load(ctx, lc)
	} else {
		res.separate = true
		res.load, err = loadProcess(ctx, cfg.LoadgenCommand, lc, httpPlayerPrefix, dir, cfg.Progress)
	}
	if err != nil {
		return res, err
	}
	res.catchUp, err = catchUp(ctx, st, views)
	return res, err
}

// loadProcess runs the load generator as a separate process (command, then
// the flags of `wagerlog loadgen`), telling it this process's id so that it
// reads the server's CPU time over its run, and reads its JSON answer.
// The players are named playerPrefix and their number (players), so that
// the command line stays short at thousands of clients.
func loadProcess(ctx context.Context, command []string, lc LoadConfig, playerPrefix, dir string, progress io.Writer) (LoadResult, error) {
	var res LoadResult
	for i, p := range lc.Players {
		if p != playerPrefix+strconv.Itoa(i) {
			return res, fmt.Errorf("bench: player %d is %s, not %s%d", i, p, playerPrefix, i)
		}
	}
	var b strings.Builder
	for _, role := range []string{ledger.RoleFrontend, ledger.RoleDealer} {
		b.WriteString(role + " " + lc.Tokens[role] + "\n")
	}
	tf := filepath.Join(dir, "loadgen.tokens")
	if err := os.WriteFile(tf, []byte(b.String()), 0o600); err != nil {
		return res, fmt.Errorf("bench: load generator's tokens: %w", err)
	}
	defer os.Remove(tf)
	args := append(slices.Clone(command[1:]),
		"--target", lc.Target, "--tokens", tf, "--tables", strings.Join(lc.Tables, ","),
		"--player-prefix", playerPrefix, "--clients", strconv.Itoa(len(lc.Players)), "--duration", lc.Duration.String(),
		"--round-slips", strconv.Itoa(lc.RoundSlips), "--seed", strconv.FormatUint(lc.Seed, 10),
		"--run", lc.Run, "--server-pid", strconv.Itoa(os.Getpid()), "--json")
	cmd := exec.CommandContext(ctx, command[0], args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, progress
	if err := cmd.Run(); err != nil {
		return res, fmt.Errorf("bench: load generator %s: %w", command[0], err)
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return res, fmt.Errorf("bench: load generator's answer %q: %w", bytes.TrimSpace(out.Bytes()), err)
	}
	return res, nil
}
