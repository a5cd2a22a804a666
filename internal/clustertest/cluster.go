package clustertest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Time limits of the cluster's life cycle.
const (
	// BuildTimeout bounds `go build` of nats-server (a cold module cache
	// compiles the whole server).
	BuildTimeout = 5 * time.Minute
	// ReadyTimeout bounds a node's start until its monitoring port answers
	// with JetStream enabled.
	ReadyTimeout = 30 * time.Second
	// LeaderTimeout bounds the waits for a meta or stream leader, and for
	// the replicas to be current. Elections take 4-9 s by default.
	LeaderTimeout = 60 * time.Second
	// StopTimeout bounds a graceful stop before the node is killed.
	StopTimeout = 15 * time.Second
	// pollInterval is the step of every wait.
	pollInterval = 50 * time.Millisecond
	// logTailLines is how much of each node's log a failed test prints.
	logTailLines = 40
)

// Size is the number of nodes: the smallest cluster where a stream with 3
// replicas survives the loss of one.
const Size = 3

// Node is one nats-server process of the cluster.
type Node struct {
	// Name is the node's server_name (n1, n2, n3).
	Name string
	// ClientPort, ClusterPort and HTTPPort are its loopback ports. They
	// stay the same across restarts, so clients reconnect to the same URL.
	ClientPort, ClusterPort, HTTPPort int

	dir  string
	bin  string
	cmd  *exec.Cmd
	done chan struct{} // closed when the current process has exited
}

// URL is the node's client URL.
func (n *Node) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", n.ClientPort) }

// Running reports whether the node's process is alive.
func (n *Node) Running() bool {
	if n.cmd == nil {
		return false
	}
	select {
	case <-n.done:
		return false
	default:
		return true
	}
}

func (n *Node) storeDir() string { return filepath.Join(n.dir, "store") }
func (n *Node) confPath() string { return filepath.Join(n.dir, "nats.conf") }
func (n *Node) logPath() string  { return filepath.Join(n.dir, "nats.log") }

// Cluster is three nats-server processes on loopback forming one JetStream
// cluster.
type Cluster struct {
	tb    testing.TB
	Nodes []*Node
}

// Build compiles nats-server from the module cache into dir and returns
// the binary's path.
func Build(tb testing.TB, dir string) string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), BuildTimeout)
	defer cancel()
	bin := filepath.Join(dir, "nats-server")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/nats-io/nats-server/v2")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("clustertest: go build nats-server: %v\n%s", err, out)
	}
	return bin
}

// Start builds nats-server, starts the three nodes in temporary
// directories and waits until they have elected a meta leader. The
// cluster is stopped when the test ends; if the test failed, the end of
// each node's log is printed first.
func Start(tb testing.TB) *Cluster {
	tb.Helper()
	base := tb.TempDir()
	bin := Build(tb, base)
	accounts, err := accountsConfig()
	if err != nil {
		tb.Fatalf("clustertest: %v", err)
	}
	ports, err := freePorts(3 * Size)
	if err != nil {
		tb.Fatalf("clustertest: free ports: %v", err)
	}
	c := &Cluster{tb: tb}
	var routes []int
	for i := range Size {
		n := &Node{
			Name:       fmt.Sprintf("n%d", i+1),
			ClientPort: ports[3*i], ClusterPort: ports[3*i+1], HTTPPort: ports[3*i+2],
			dir: filepath.Join(base, fmt.Sprintf("n%d", i+1)), bin: bin,
		}
		routes = append(routes, n.ClusterPort)
		c.Nodes = append(c.Nodes, n)
	}
	for _, n := range c.Nodes {
		if err := os.MkdirAll(n.storeDir(), 0o750); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(n.confPath(), []byte(nodeConfig(n, routes)), 0o600); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(n.dir, "accounts.conf"), accounts, 0o600); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Cleanup(func() {
		if tb.Failed() {
			c.printLogs()
		}
		c.StopAll()
	})
	for i := range c.Nodes {
		c.startProcess(i)
	}
	for i := range c.Nodes {
		c.waitReady(i)
	}
	c.WaitMetaLeader()
	return c
}

// URLs returns the client URLs of all nodes, comma-separated, as
// jetstream.Options.URL takes them.
func (c *Cluster) URLs() string {
	var us []string
	for _, n := range c.Nodes {
		us = append(us, n.URL())
	}
	return strings.Join(us, ",")
}

// startProcess starts node i's process; its output is appended to its log.
func (c *Cluster) startProcess(i int) {
	c.tb.Helper()
	n := c.Nodes[i]
	if n.Running() {
		c.tb.Fatalf("clustertest: %s is already running", n.Name)
	}
	logf, err := os.OpenFile(n.logPath(), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		c.tb.Fatal(err)
	}
	cmd := exec.Command(n.bin, "-c", n.confPath())
	cmd.Dir = n.dir
	cmd.Env = append(os.Environ(), environment()...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		_ = logf.Close()
		c.tb.Fatalf("clustertest: start %s: %v", n.Name, err)
	}
	done := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		_ = logf.Close()
		close(done)
	}()
	n.cmd, n.done = cmd, done
}

// waitReady waits until node i's monitoring port says JetStream is up.
func (c *Cluster) waitReady(i int) {
	c.tb.Helper()
	n := c.Nodes[i]
	deadline := time.Now().Add(ReadyTimeout)
	for {
		if err := healthz(n); err == nil {
			return
		} else if !n.Running() || time.Now().After(deadline) {
			c.tb.Fatalf("clustertest: %s not ready: %v (running %v)", n.Name, err, n.Running())
		}
		time.Sleep(pollInterval)
	}
}

// Kill ends node i with SIGKILL, as a crash would: no leader step-down, no
// flush, nothing. It returns once the process is gone.
func (c *Cluster) Kill(i int) {
	c.tb.Helper()
	n := c.Nodes[i]
	if !n.Running() {
		c.tb.Fatalf("clustertest: kill %s: not running", n.Name)
	}
	if err := n.cmd.Process.Signal(syscall.SIGKILL); err != nil && !errors.Is(err, os.ErrProcessDone) {
		c.tb.Fatalf("clustertest: kill %s: %v", n.Name, err)
	}
	<-n.done
}

// Restart starts node i again on its store and ports, and waits until its
// monitoring port answers.
func (c *Cluster) Restart(i int) {
	c.tb.Helper()
	c.startProcess(i)
	c.waitReady(i)
}

// Stop ends node i gracefully (SIGTERM: the server steps its leaders down
// and flushes), killing it after StopTimeout.
func (c *Cluster) Stop(i int) {
	n := c.Nodes[i]
	if !n.Running() {
		return
	}
	_ = n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-n.done:
	case <-time.After(StopTimeout):
		_ = n.cmd.Process.Signal(syscall.SIGKILL)
		<-n.done
	}
}

// StopAll stops every running node.
func (c *Cluster) StopAll() {
	for i := range c.Nodes {
		c.Stop(i)
	}
}

// printLogs prints the end of each node's log to the test output.
func (c *Cluster) printLogs() {
	for _, n := range c.Nodes {
		f, err := os.Open(n.logPath())
		if err != nil {
			continue
		}
		var lines []string
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			lines = append(lines, sc.Text())
			if len(lines) > logTailLines {
				lines = lines[1:]
			}
		}
		_ = f.Close()
		c.tb.Logf("--- last %d lines of %s's log:\n%s", len(lines), n.Name, strings.Join(lines, "\n"))
	}
}

// freePorts returns n distinct loopback ports that were free a moment
// ago. They are all held open together, so none is returned twice.
func freePorts(n int) ([]int, error) {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			_ = l.Close()
		}
	}()
	ports := make([]int, 0, n)
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
