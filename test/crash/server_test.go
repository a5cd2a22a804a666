//go:build crash

package crash

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
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Time limits of the server's life cycle.
const (
	// buildTimeout bounds `go build` of the binary (a cold cache compiles
	// nats-server too).
	buildTimeout = 5 * time.Minute
	// readyTimeout bounds a start until /readyz answers 200. The start
	// reads the whole stream, so it grows with the suite; the bound is
	// generous and a slow start is a figure, never a failure below it.
	readyTimeout = 2 * time.Minute
	// readyPoll is the step of the wait for /readyz.
	readyPoll = 10 * time.Millisecond
	// exitTimeout bounds the wait for a killed process to be reaped.
	exitTimeout = 30 * time.Second
	// toolTimeout bounds one run of a wagerlog tool (rebuild, verify).
	toolTimeout = 5 * time.Minute
	// logTailBytes is how much of the server's log a failure shows.
	logTailBytes = 8 << 10
)

// buildWagerlog compiles the wagerlog binary into dir, once per run.
func buildWagerlog(tb testing.TB, dir string) string {
	tb.Helper()
	bin := filepath.Join(dir, "wagerlog")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/wagerlog/wagerlog/cmd/wagerlog")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build wagerlog: %v\n%s", err, out)
	}
	return bin
}

// runTool runs the wagerlog binary to completion and returns its exit
// status, standard output and standard error. It fails the test only when
// the binary cannot be run at all.
func runTool(tb testing.TB, bin string, args ...string) (int, string, string) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), toolTimeout)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok && ctx.Err() == nil {
		return ee.ExitCode(), stdout.String(), stderr.String()
	}
	if err != nil {
		tb.Fatalf("wagerlog %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return 0, stdout.String(), stderr.String()
}

// freeAddr returns a loopback address with a port nobody listens on. The
// server keeps it across restarts (Go listeners set SO_REUSEADDR).
func freeAddr(tb testing.TB) string {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		tb.Fatal(err)
	}
	return addr
}

// server is a `wagerlog serve` child process on one data directory, started
// and killed again and again.
type server struct {
	tb      testing.TB
	bin     string
	dataDir string
	tokens  string
	addr    string
	logPath string

	cmd  *exec.Cmd
	done chan error
	// starts counts the starts; readies are their times to ready.
	starts  int
	readies []time.Duration
}

// newServer prepares a server on dataDir with the tokens file tokens. Its
// log goes to logPath (appended to across restarts).
func newServer(tb testing.TB, bin, dataDir, tokens, logPath string) *server {
	s := &server{tb: tb, bin: bin, dataDir: dataDir, tokens: tokens, addr: freeAddr(tb), logPath: logPath}
	tb.Cleanup(func() {
		if s.running() {
			s.kill()
		}
	})
	return s
}

// base is the server's URL.
func (s *server) base() string { return "http://" + s.addr }

// crashCheckpointEvery makes the server take a checkpoint every few hundred
// events, so that the kills fall between checkpoints and every restart
// starts from one and reads a tail (the default, 100,000, would leave the
// suite's short stream without any).
const crashCheckpointEvery = 300

func (s *server) running() bool { return s.cmd != nil }

// start starts the process in its own process group (so that a SIGKILL
// of the group leaves no child behind) and waits until /readyz answers
// 200. It returns the time from the start to ready.
func (s *server) start() time.Duration {
	s.tb.Helper()
	d, err := s.startOrExit()
	if err != nil {
		s.tb.Fatalf("wagerlog serve exited before it was ready: %v\n%s", err, s.logTail())
	}
	return d
}

// startOrExit is start, except that a process that exits before it is
// ready (a server refusing its data directory) returns its exit error
// instead of failing the test.
func (s *server) startOrExit() (time.Duration, error) {
	s.tb.Helper()
	if s.running() {
		s.tb.Fatal("server already running")
	}
	s.starts++
	logf, err := os.OpenFile(s.logPath, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		s.tb.Fatal(err)
	}
	fmt.Fprintf(logf, "=== crash suite: start %d\n", s.starts)
	cmd := exec.Command(s.bin, "serve", "--data-dir", s.dataDir, "--http", s.addr, "--tokens", s.tokens, "--log-level", "info",
		"--checkpoint-every", strconv.Itoa(crashCheckpointEvery))
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		_ = logf.Close()
		s.tb.Fatal(err)
	}
	s.cmd = cmd
	done := make(chan error, 1)
	s.done = done
	go func() {
		done <- cmd.Wait()
		_ = logf.Close()
	}()
	hc := &http.Client{Timeout: time.Second}
	defer hc.CloseIdleConnections()
	deadline := begin.Add(readyTimeout)
	for {
		res, err := hc.Get(s.base() + "/readyz")
		if err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				d := time.Since(begin)
				s.readies = append(s.readies, d)
				return d, nil
			}
		}
		select {
		case err := <-done:
			s.cmd = nil
			if err == nil {
				err = errors.New("exit status 0")
			}
			return 0, err
		case <-time.After(readyPoll):
		}
		if time.Now().After(deadline) {
			s.tb.Fatalf("wagerlog serve not ready after %v\n%s", readyTimeout, s.logTail())
		}
	}
}

// kill sends SIGKILL to the server's process group and waits until the
// process is reaped.
func (s *server) kill() {
	s.tb.Helper()
	if !s.running() {
		s.tb.Fatal("kill: server not running")
	}
	select {
	case err := <-s.done:
		s.cmd = nil
		s.tb.Errorf("wagerlog serve exited on its own before the kill: %v\n%s", err, s.logTail())
		return
	default:
	}
	if err := syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL); err != nil {
		s.tb.Errorf("kill the server's process group: %v", err)
	}
	select {
	case <-s.done:
	case <-time.After(exitTimeout):
		s.tb.Fatalf("the killed server was not reaped within %v", exitTimeout)
	}
	s.cmd = nil
}

// health is the answer of /healthz.
type health struct {
	LastSeq      uint64 `json:"last_seq"`
	ProjectedSeq uint64 `json:"projected_seq"`
}

// health reads /healthz.
func (s *server) health() health {
	s.tb.Helper()
	hc := &http.Client{Timeout: 10 * time.Second}
	defer hc.CloseIdleConnections()
	res, err := hc.Get(s.base() + "/healthz")
	if err != nil {
		s.tb.Fatalf("healthz: %v", err)
	}
	defer res.Body.Close()
	var h health
	if err := json.NewDecoder(res.Body).Decode(&h); err != nil || res.StatusCode != http.StatusOK {
		s.tb.Fatalf("healthz: %d %v", res.StatusCode, err)
	}
	return h
}

// catchUpTimeout bounds the wait for the projections to apply every
// event once the writes stopped. A projector that makes progress reaches
// the end in well under a second; this only catches one that stopped.
const catchUpTimeout = 30 * time.Second

// waitCaughtUp waits until the projections have applied the ledger's last
// sequence, with no write in flight, and fails the test when they stop
// short of it.
func (s *server) waitCaughtUp() {
	s.tb.Helper()
	deadline := time.Now().Add(catchUpTimeout)
	var seen []health
	for {
		h := s.health()
		if h.ProjectedSeq == h.LastSeq {
			return
		}
		if len(seen) == 0 || seen[len(seen)-1] != h {
			seen = append(seen, h)
		}
		if time.Now().After(deadline) {
			s.tb.Errorf("the projections stopped at %d, the ledger is at %d, %v after the last write (healthz seen: %v)", h.ProjectedSeq, h.LastSeq, catchUpTimeout, seen)
			return
		}
		time.Sleep(readyPoll)
	}
}

// logTail returns the end of the server's log.
func (s *server) logTail() string {
	b, err := os.ReadFile(s.logPath)
	if err != nil {
		return "(no log: " + err.Error() + ")"
	}
	if len(b) > logTailBytes {
		b = b[len(b)-logTailBytes:]
	}
	return "--- end of the server log:\n" + string(b)
}
