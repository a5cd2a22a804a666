//go:build cluster

package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/internal/clustertest"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// Shape of the read-replica test.
const (
	// replicaLoadFor is how long the writer runs under load while the
	// replica's lag is sampled.
	replicaLoadFor = 20 * time.Second
	// lagSampleEvery is the period of the lag samples.
	lagSampleEvery = 10 * time.Millisecond
	// lagSamplesMax bounds the samples kept.
	lagSamplesMax = 1_000_000
	// replicaReadyTimeout bounds the replica's start (build excluded).
	replicaReadyTimeout = 2 * time.Minute
	// replicaCatchUpTimeout bounds the wait for the replica to reach the
	// writer's last sequence once the load stopped.
	replicaCatchUpTimeout = time.Minute
	// replicaStopTimeout bounds the replica's graceful stop.
	replicaStopTimeout = 30 * time.Second
	// replicaBodyMax bounds an answer the test reads.
	replicaBodyMax = 64 << 20
)

// replica is a `wagerlog serve --read-only` process.
type replica struct {
	tb     testing.TB
	base   string // http://127.0.0.1:port
	tokens map[string]string
	cmd    *exec.Cmd
	done   chan error
	log    string
}

// buildWagerlog compiles cmd/wagerlog into dir.
func buildWagerlog(tb testing.TB, dir string) string {
	tb.Helper()
	bin := filepath.Join(dir, "wagerlog")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/wagerlog")
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go build ./cmd/wagerlog: %v\n%s", err, out)
	}
	return bin
}

// natsFlags are the wagerlog flags that connect to c as u.
func natsFlags(c *clustertest.Cluster, u clustertest.User) []string {
	f := []string{"--nats-url", c.URLs(), "--nats-user", u.Name, "--nats-password", u.Password,
		"--stream", clustertest.Stream, "--subject-prefix", clustertest.SubjectPrefix, "--replicas", "3"}
	if u.InboxPrefix != "" {
		f = append(f, "--nats-inbox-prefix", u.InboxPrefix)
	}
	return f
}

// runWagerlog runs the wagerlog binary to completion and returns its
// standard output.
func runWagerlog(tb testing.TB, bin string, args ...string) string {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	var stdout, stderr strings.Builder
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		tb.Fatalf("wagerlog %s: %v\n%s", args[:2], err, stderr.String())
	}
	return stdout.String()
}

// startReplica starts `wagerlog serve --read-only` (the binary bin)
// against c as the reader user, with its own data directory (its
// projections) and a tokens file with one token per role, and waits until
// it is ready.
func startReplica(tb testing.TB, c *clustertest.Cluster, bin string) *replica {
	tb.Helper()
	dir := tb.TempDir()
	r := &replica{tb: tb, tokens: map[string]string{}, done: make(chan error, 1), log: filepath.Join(dir, "replica.log")}
	var lines []string
	for _, role := range api.Roles() {
		tok, line, err := api.NewToken(role, role+"-1")
		if err != nil {
			tb.Fatal(err)
		}
		r.tokens[role] = tok
		lines = append(lines, line)
	}
	tokensPath := filepath.Join(dir, "tokens")
	if err := os.WriteFile(tokensPath, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		tb.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	r.base = "http://" + addr

	logf, err := os.Create(r.log)
	if err != nil {
		tb.Fatal(err)
	}
	args := append([]string{"serve", "--read-only"}, natsFlags(c, clustertest.Reader())...)
	r.cmd = exec.Command(bin, append(args, "--data-dir", filepath.Join(dir, "data"), "--tokens", tokensPath,
		"--http", addr, "--log-level", "warn")...)
	r.cmd.Stdout, r.cmd.Stderr = logf, logf
	if err := r.cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	go func() {
		r.done <- r.cmd.Wait()
		_ = logf.Close()
	}()
	tb.Cleanup(func() {
		r.stop()
		if tb.Failed() {
			if b, err := os.ReadFile(r.log); err == nil {
				tb.Logf("--- replica log:\n%s", b)
			}
		}
	})
	deadline := time.Now().Add(replicaReadyTimeout)
	for {
		status, _, err := r.get("/readyz", "")
		if err == nil && status == http.StatusOK {
			return r
		}
		select {
		case err := <-r.done:
			tb.Fatalf("replica exited before it was ready: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			tb.Fatalf("replica not ready after %v: %d %v", replicaReadyTimeout, status, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop ends the replica with SIGTERM, as an operator would, and checks
// that it exits cleanly.
func (r *replica) stop() {
	if r.cmd.ProcessState != nil {
		return
	}
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-r.done:
		if err != nil {
			r.tb.Errorf("replica exit: %v", err)
		}
	case <-time.After(replicaStopTimeout):
		_ = r.cmd.Process.Kill()
		<-r.done
		r.tb.Errorf("replica did not stop within %v", replicaStopTimeout)
	}
	r.cmd.ProcessState = &os.ProcessState{} // stopped: a second stop does nothing
}

// get sends a GET as role ("" for none) and returns the status and body.
func (r *replica) get(path, role string) (int, []byte, error) {
	return r.send("GET", path, role, "")
}

func (r *replica) send(method, path, role, body string) (int, []byte, error) {
	req, err := http.NewRequest(method, r.base+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+r.tokens[role])
	}
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", "replica-test")
	}
	client := http.Client{Timeout: 30 * time.Second}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, replicaBodyMax))
	return res.StatusCode, b, err
}

// mustGet decodes a 200 answer into v.
func (r *replica) mustGet(path, role string, v any) {
	r.tb.Helper()
	status, body, err := r.get(path, role)
	if err != nil || status != http.StatusOK {
		r.tb.Fatalf("GET %s as %s on the replica: %d %v: %s", path, role, status, err, body)
	}
	if err := json.Unmarshal(body, v); err != nil {
		r.tb.Fatalf("GET %s: %v: %s", path, err, body)
	}
}

// projectedSeq returns the replica's applied sequence (from /healthz).
func (r *replica) projectedSeq() (uint64, error) {
	status, body, err := r.get("/healthz", "")
	if err != nil {
		return 0, err
	}
	if status != http.StatusOK {
		return 0, fmt.Errorf("healthz %d: %s", status, body)
	}
	var h struct {
		ProjectedSeq uint64 `json:"projected_seq"`
	}
	if err := json.Unmarshal(body, &h); err != nil {
		return 0, err
	}
	return h.ProjectedSeq, nil
}

// lagSample is one look at the writer and the replica at the same moment.
type lagSample struct {
	at        time.Time
	writer    uint64 // the writer's last acknowledged sequence
	projected uint64 // the replica's applied sequence
}

// TestCluster_ReadReplica follows docs/CLUSTER.md: the admin creates the
// stream with `wagerlog stream create`, a reader checks it with `wagerlog
// stream check`; then it runs a writer (the ledger, in this process, as
// the ledger user) under load and a read replica (`wagerlog serve
// --read-only`, another process, as the reader user) on the same cluster.
// While the load runs it samples how far the replica is behind the writer,
// in events and in time from a command's acknowledgement to the replica
// having applied its events. Then it checks that the replica serves every
// kind of read (balances, board, wallet history, bets, rounds, tables, the
// daily report) with the writer's numbers, and refuses writes with
// read_only.
func TestCluster_ReadReplica(t *testing.T) {
	c := clustertest.Start(t)
	bin := buildWagerlog(t, t.TempDir())
	out := runWagerlog(t, bin, append([]string{"stream", "create"}, natsFlags(c, clustertest.Admin())...)...)
	t.Logf("wagerlog stream create (admin): %s", strings.TrimSpace(out))
	c.WaitStreamCurrent()
	out = runWagerlog(t, bin, append([]string{"stream", "check"}, natsFlags(c, clustertest.Reader())...)...)
	t.Logf("wagerlog stream check (reader): %s", strings.TrimSpace(out))

	store := openStore(t, c, clustertest.Ledger(), false)
	l := openLedger(t, store, nil)
	rep := startReplica(t, c, bin)

	var (
		mu      sync.Mutex
		samples []lagSample
	)
	ctx, stopSampling := context.WithCancel(context.Background())
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(lagSampleEvery)
		defer tick.Stop()
		for len(samples) < lagSamplesMax {
			writer := l.LastSeq()
			projected, err := rep.projectedSeq()
			if err == nil {
				mu.Lock()
				samples = append(samples, lagSample{at: time.Now(), writer: writer, projected: projected})
				mu.Unlock()
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()

	b := newBook()
	ld := startLoad(t, "replica", b, []*ledger.Ledger{l}, loadPlayers, true, 4)
	time.Sleep(replicaLoadFor)
	ld.stopLoad()
	last := l.LastSeq()
	deadline := time.Now().Add(replicaCatchUpTimeout)
	for {
		seq, err := rep.projectedSeq()
		if err == nil && seq >= last {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replica at %d (%v), writer at %d, after %v", seq, err, last, replicaCatchUpTimeout)
		}
		time.Sleep(lagSampleEvery)
	}
	stopSampling()
	<-sampled

	mu.Lock()
	lagEvents, lagTimes := replicaLag(samples, b.snapshot())
	n := len(samples)
	mu.Unlock()
	figure(t, "read replica lag behind the writer under load (%d samples every %v, %d events written in %v): events %s",
		n, lagSampleEvery, last, replicaLoadFor, counts(lagEvents))
	figure(t, "read replica lag, acknowledgement on the writer -> events applied on the replica (%d commands): %s",
		len(lagTimes), durations(lagTimes))

	checkReplicaReads(t, rep, l, ld, b.snapshot(), last)

	// Writes are refused, whoever asks.
	for _, w := range []struct{ path, role, body string }{
		{"/v1/wallets/p1/deposit", ledger.RoleCashier, `{"amount":"1","currency":"EUR"}`},
		{"/v1/tables/" + loadTable + "/rounds", ledger.RoleDealer, `{}`},
	} {
		status, body, err := rep.send("POST", w.path, w.role, w.body)
		if err != nil || status != http.StatusForbidden || !strings.Contains(string(body), `"code":"read_only"`) {
			t.Errorf("POST %s as %s on the replica: %d %v %s, want 403 read_only", w.path, w.role, status, err, body)
		}
	}
	if got := l.LastSeq(); got != last {
		t.Errorf("the writer moved from %d to %d while only the replica was asked to write", last, got)
	}
	t.Logf("load: %s", b.summary())
}

// replicaLag derives the lag figures from the samples: the events the
// replica was behind the writer at each sample, and for each acknowledged
// command the time from its acknowledgement to the first sample where the
// replica had applied its last event.
func replicaLag(samples []lagSample, acks []acked) ([]uint64, []time.Duration) {
	var evs []uint64
	for _, s := range samples {
		if s.writer > s.projected {
			evs = append(evs, s.writer-s.projected)
		} else {
			evs = append(evs, 0)
		}
	}
	sort.Slice(acks, func(i, j int) bool { return acks[i].at.Before(acks[j].at) })
	var times []time.Duration
	i := 0
	for _, a := range acks {
		if a.res.Events == 0 {
			continue // answered from the idempotency memory: nothing new to apply
		}
		for i < len(samples) && samples[i].at.Before(a.at) {
			i++
		}
		for j := i; j < len(samples); j++ {
			if samples[j].projected >= a.res.LastSeq {
				times = append(times, samples[j].at.Sub(a.at))
				break
			}
		}
	}
	return evs, times
}

// counts summarises event counts.
func counts(ns []uint64) string {
	if len(ns) == 0 {
		return "none"
	}
	s := slices.Clone(ns)
	slices.Sort(s)
	return fmt.Sprintf("min %d median %d p99 %d max %d", s[0], s[len(s)/2], s[len(s)*99/100], s[len(s)-1])
}

// checkReplicaReads checks every kind of read on the replica against the
// writer's state once the replica has applied last.
func checkReplicaReads(t *testing.T, rep *replica, l *ledger.Ledger, ld *load, acks []acked, last uint64) {
	t.Helper()
	minSeq := fmt.Sprintf("min_seq=%d", last)

	// Balances: every account, equal to the writer's.
	var bal projections.BalanceList
	rep.mustGet("/v1/balances?"+minSeq, ledger.RoleFinance, &bal)
	var rows []ledger.BalanceRow
	ictx, cancel := context.WithTimeout(context.Background(), attemptTimeout)
	defer cancel()
	if err := l.Inspect(ictx, func(s *ledger.State) { rows = s.Balances() }); err != nil {
		t.Fatal(err)
	}
	got := map[account]decimal.Decimal{}
	for _, b := range bal.Balances {
		got[account{b.Account, b.Currency}] = b.Balance
	}
	for _, r := range rows {
		if g := got[account{r.Account, r.Currency}]; !g.Equal(r.Balance) {
			t.Errorf("replica balance %s %s = %s, writer %s", r.Account, r.Currency, g, r.Balance)
		}
		delete(got, account{r.Account, r.Currency})
	}
	for k, v := range got {
		if !v.IsZero() {
			t.Errorf("replica balance %v = %s, the writer has none", k, v)
		}
	}
	if bal.Truncated || len(rows) == 0 {
		t.Errorf("replica balances: %d rows, truncated %v", len(bal.Balances), bal.Truncated)
	}

	// The board: the last rounds, with the dice the dealer recorded.
	var board struct {
		Results []struct {
			Round string `json:"round"`
			Dice  [3]int `json:"dice"`
		} `json:"results"`
	}
	rep.mustGet("/v1/tables/"+loadTable+"/board?"+minSeq, ledger.RoleViewer, &board)
	dice := ld.results()
	if want := min(len(dice), projections.DefaultBoardSize); len(board.Results) != want {
		t.Errorf("replica board: %d results, want %d", len(board.Results), want)
	}
	for _, r := range board.Results {
		want, ok := dice[r.Round]
		got := r.Dice[:]
		if !ok || !sameDice(got, want) {
			t.Errorf("replica board: round %s shows %v, the dealer recorded %v", r.Round, got, want)
		}
	}

	// Wallet history, bets, rounds and tables.
	var hist projections.WalletPage
	rep.mustGet("/v1/wallets/p1/history?"+minSeq, ledger.RoleCashier, &hist)
	if len(hist.Entries) == 0 {
		t.Error("replica: p1's wallet history is empty")
	}
	var bets projections.BetPage
	rep.mustGet("/v1/wallets/p1/bets?"+minSeq, ledger.RoleFrontend, &bets)
	var tables projections.TableList
	rep.mustGet("/v1/tables?"+minSeq, ledger.RoleSupervisor, &tables)
	if len(tables.Tables) != 1 || tables.Tables[0].ID != loadTable {
		t.Errorf("replica tables: %+v, want %s", tables.Tables, loadTable)
	}
	if len(board.Results) > 0 {
		var round projections.RoundView
		rep.mustGet("/v1/rounds/"+board.Results[0].Round+"?"+minSeq, ledger.RoleAuditor, &round)
	}

	// The daily report counts every bet the writer acknowledged.
	var daily projections.DailyReport
	// The ledger's clock is the system clock in UTC; the days span the
	// acknowledged commands (the test may straddle midnight).
	from, to := acks[0].at, acks[0].at
	for _, a := range acks {
		from, to = minTime(from, a.at), maxTime(to, a.at)
	}
	rep.mustGet(fmt.Sprintf("/v1/reports/daily?from=%s&to=%s&%s",
		from.UTC().Format(time.DateOnly), to.UTC().Format(time.DateOnly), minSeq), ledger.RoleFinance, &daily)
	placed := 0
	for _, a := range acks {
		if a.kind == "place_slip" {
			placed += len(a.res.Bets)
		}
	}
	counted := 0
	for _, row := range daily.Rows {
		counted += row.Bets
	}
	if counted != placed {
		t.Errorf("replica daily report counts %d bets, the writer acknowledged %d", counted, placed)
	}
}

// sameDice reports whether two results hold the same dice, in any order.
func sameDice(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
