package bench

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/wagerlog/wagerlog/ledger"
)

// LoadConfig configures Load: the load generator that places slips through
// a running server's HTTP API (`wagerlog loadgen`, and the HTTP phase of
// `wagerlog bench`, which runs it as a separate process).
type LoadConfig struct {
	// Target is the server's base URL (http://host:port).
	Target string
	// Tokens are the bearer tokens by role: frontend (the slips) and
	// dealer (the rounds) always; supervisor and cashier with Setup.
	Tokens map[string]string
	// Tables are the tables the dealers run rounds on. Their dealer must
	// be the dealer token's actor.
	Tables []string
	// Players are the clients' players, one each (len = the clients).
	Players []string
	// Duration is how long the clients place slips.
	Duration time.Duration
	// RoundSlips is how many slips a dealer takes before settling.
	RoundSlips int
	// Seed seeds the dice and the choice of bets.
	Seed uint64
	// Setup opens the tables (supervisor) and funds the players (cashier)
	// first: against a fresh server.
	Setup bool
	// Run names the run in every idempotency key, so that two runs against
	// one server never share a key.
	Run string
	// ServerPID, when not zero, is the server's process on this machine:
	// its CPU time over the run is read from /proc/<pid>/stat.
	ServerPID int
}

// LoadResult is what Load measured. Its JSON form is what `wagerlog
// loadgen --json` prints.
type LoadResult struct {
	Clients   int     `json:"clients"`
	Slips     int64   `json:"slips"`
	Refused   int64   `json:"refused"`
	Rounds    int     `json:"rounds"`
	ElapsedS  float64 `json:"elapsed_s"`
	SlipsPerS float64 `json:"slips_per_s"`
	P50Ms     float64 `json:"place_bet_p50_ms"`
	P99Ms     float64 `json:"place_bet_p99_ms"`
	// LoadgenCPUS is the generator's own CPU time (user + system, from
	// getrusage) over the timed part; ServerCPUS the server's (from
	// /proc/<pid>/stat), 0 when its process is not known.
	LoadgenCPUS float64 `json:"loadgen_cpu_s"`
	ServerCPUS  float64 `json:"server_cpu_s,omitempty"`
	// The same per slip placed, in microseconds.
	LoadgenCPUUsPerSlip float64 `json:"loadgen_cpu_us_per_slip"`
	ServerCPUUsPerSlip  float64 `json:"server_cpu_us_per_slip,omitempty"`
}

// Limits of LoadConfig.
const (
	// loadRunMax bounds LoadConfig.Run, which goes into idempotency keys
	// (255 bytes at most) with a client's and a slip's number.
	loadRunMax = 64
)

// Load places one-bet slips through the API of a running server: one
// keep-alive connection per player, each placing a slip at a time for
// Duration, going to the next table whose dealer has betting open,
// while one dealer per table opens a round, closes betting after
// RoundSlips slips, records random dice and opens the next (all through
// the API). It measures what the clients saw and the CPU time of both
// sides.
func Load(ctx context.Context, cfg LoadConfig) (LoadResult, error) {
	res := LoadResult{Clients: len(cfg.Players)}
	switch {
	case len(cfg.Players) < 1 || len(cfg.Players) > ClientsMax:
		return res, fmt.Errorf("%w: %d clients, want 1..%d", ErrConfig, len(cfg.Players), ClientsMax)
	case len(cfg.Tables) < 1 || len(cfg.Tables) > TablesMax:
		return res, fmt.Errorf("%w: %d tables, want 1..%d", ErrConfig, len(cfg.Tables), TablesMax)
	case cfg.Duration < 100*time.Millisecond || cfg.Duration > DurationMax:
		return res, fmt.Errorf("%w: duration %s, want 100ms..%s", ErrConfig, cfg.Duration, DurationMax)
	case cfg.RoundSlips < 1 || cfg.RoundSlips > RoundSlipsMax:
		return res, fmt.Errorf("%w: slips per round %d, want 1..%d", ErrConfig, cfg.RoundSlips, RoundSlipsMax)
	case cfg.Run == "" || len(cfg.Run) > loadRunMax:
		return res, fmt.Errorf("%w: run name %q, want 1..%d bytes", ErrConfig, cfg.Run, loadRunMax)
	case !strings.HasPrefix(cfg.Target, "http://") && !strings.HasPrefix(cfg.Target, "https://"):
		return res, fmt.Errorf("%w: target %q is not an http:// or https:// URL", ErrConfig, cfg.Target)
	}
	for _, role := range []string{ledger.RoleFrontend, ledger.RoleDealer} {
		if cfg.Tokens[role] == "" {
			return res, fmt.Errorf("%w: no %s token", ErrConfig, role)
		}
	}
	clients := len(cfg.Players)
	// One keep-alive connection per client, and a few for the dealers.
	conns := clients + len(cfg.Tables)
	hc := newExecClient(conns)
	defer hc.CloseIdleConnections()
	x := &httpExec{hc: hc, base: trimBase(cfg.Target), tokens: cfg.Tokens}
	c := newCasinoOn(x.Execute, cfg.Tables, cfg.RoundSlips, cfg.Seed)
	if cfg.Setup {
		if err := c.setUp(ctx, cfg.Players); err != nil {
			return res, err
		}
	}

	dl := c.runDealers(ctx, cfg.Run)
	var stop atomic.Bool
	stopped := stop.Load
	recs := make([]*recorder, clients)
	placers := make([]*placer, clients)
	slips := make([]int64, clients)
	g, gctx := errgroup.WithContext(ctx)
	cpu0, srv0 := selfCPU(), procCPU(cfg.ServerPID)
	start := time.Now()
	timer := time.AfterFunc(cfg.Duration, func() { stop.Store(true) })
	for i := range clients {
		recs[i] = newRecorder(uint64(i), 3)
		placers[i] = &placer{c: c, at: i % len(c.tables)}
		g.Go(func() error {
			player := cfg.Players[i]
			prefix := cfg.Run + "-" + strconv.Itoa(i) + "-"
			m := ledger.Meta{Actor: actor(ledger.RoleFrontend)}
			for n := 0; !stopped(); n++ {
				bets := c.bets(i, n, 1)
				attempt := 0
				lat, ok, err := placers[i].place(gctx, stopped, func(table string) (outcome, error) {
					attempt++
					m.IdempotencyKey = prefix + strconv.Itoa(n) + "-" + strconv.Itoa(attempt)
					_, err := x.Execute(gctx, &ledger.PlaceSlip{Meta: m, Table: table, Player: player, Bets: bets})
					out, known := classify(err)
					if err != nil && (!known || out == placed) {
						return out, fmt.Errorf("bench: slip of %s on %s: %w", player, table, err)
					}
					return out, nil
				})
				if err != nil {
					return err
				}
				if ok {
					recs[i].add(lat)
					slips[i]++
				}
			}
			return nil
		})
	}
	err := g.Wait()
	elapsed := time.Since(start)
	cpu1, srv1 := selfCPU(), procCPU(cfg.ServerPID)
	timer.Stop()
	rounds, derr := dl.end()
	if err == nil {
		err = derr
	}
	if err != nil {
		return res, err
	}
	for i := range clients {
		res.Slips += slips[i]
		res.Refused += placers[i].refused
	}
	lat := merge(recs)
	res.Rounds = len(rounds)
	res.ElapsedS = elapsed.Seconds()
	res.SlipsPerS = float64(res.Slips) / res.ElapsedS
	res.P50Ms, res.P99Ms = ms(lat.quantile(0.50)), ms(lat.quantile(0.99))
	res.LoadgenCPUS = (cpu1 - cpu0).Seconds()
	if cfg.ServerPID != 0 && srv0 >= 0 && srv1 >= 0 {
		res.ServerCPUS = (srv1 - srv0).Seconds()
	}
	if res.Slips > 0 {
		res.LoadgenCPUUsPerSlip = tidy(res.LoadgenCPUS * 1e6 / float64(res.Slips))
		res.ServerCPUUsPerSlip = tidy(res.ServerCPUS * 1e6 / float64(res.Slips))
	}
	for _, f := range []*float64{&res.ElapsedS, &res.SlipsPerS, &res.P50Ms, &res.P99Ms, &res.LoadgenCPUS, &res.ServerCPUS} {
		*f = tidy(*f)
	}
	return res, nil
}

// selfCPU is this process's CPU time so far (user + system).
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// selfFaults is how many page faults this process has taken so far without
// a disk read (the minor ones): a page of memory or of a mapped file first
// touched, or touched again after it was returned to the system. Each
// costs the kernel's time and on a virtual machine the host's too (about
// 12 µs a 4 KiB page on the machine of docs/BENCHMARKS.md), so the phases
// report theirs.
func selfFaults() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Minflt
}

// clockTicks is the unit of /proc/<pid>/stat's times (USER_HZ, 100 on
// every Linux architecture Go supports).
const clockTicks = 100

// procCPU is the CPU time (user + system) of process pid so far, from
// /proc/<pid>/stat; -1 when pid is 0 or the file cannot be read.
func procCPU(pid int) time.Duration {
	if pid == 0 {
		return -1
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return -1
	}
	// The command name (field 2) is in parentheses and may hold spaces:
	// count the fields after its closing one. utime and stime are fields
	// 14 and 15.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return -1
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return time.Duration(ut+st) * time.Second / clockTicks
}

// ReadLoadTokens reads the load generator's tokens: one "role token" per
// line (the raw tokens, unlike serve's tokens file of hashes); blank lines
// and lines starting with # are skipped.
func ReadLoadTokens(r io.Reader) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		role, token, ok := strings.Cut(line, " ")
		token = strings.TrimSpace(token)
		if !ok || token == "" {
			return nil, fmt.Errorf("line %d: want \"role token\"", n)
		}
		out[role] = token
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("no tokens")
	}
	return out, nil
}
