//go:build crash

package crash

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/ledger"
)

var (
	seedFlag   = flag.Uint64("crash.seed", 20261129, "seed of the crash suite's random choices")
	cyclesFlag = flag.Int("crash.cycles", 24, "kill and restart cycles (the issue asks for at least 20)")
)

// Limits of a cycle.
const (
	// restartsMax bounds the restarts of one cycle: a restart that writes
	// (the ledger finishing a settlement the kill interrupted) is killed
	// again, idle, so that the rebuild and the server see the same stream.
	restartsMax = 4
	// replayOlderMax is how many acknowledged writes of earlier cycles are
	// sent again each cycle (all of the cycle's own are).
	replayOlderMax = 100
)

// figures are the suite's measurements, for the summary line.
type figures struct {
	plans      map[string]int
	heavyMiss  int
	kills      int
	idleKills  int
	interrupts int
	readies    []time.Duration
	// heavyTook are the answer times of commands written in several
	// batches.
	heavyTook []time.Duration
	// lagAtKill is how far the live projections file was behind the
	// stream at each kill.
	lagAtKill []uint64
	replayed  int
	compared  int
	// stored, freshAcked and freshRefused count how the unknown outcomes
	// resolved: stored before the kill (the original answer), or not
	// (a fresh success, or a fresh refusal by code).
	stored, freshAcked int
	freshRefused       map[string]int
	verified           string
	last               uint64
}

// TestCrash_KillUnderLoad kills `wagerlog serve` with SIGKILL again and
// again under load and checks, after each kill, that nothing acknowledged
// was lost or applied twice, that money is conserved and no wallet is
// negative, that the audit's verification is clean, that the live
// projections equal a rebuild, and that every write whose outcome the
// kill left unknown resolves to its original answer or a fresh one.
func TestCrash_KillUnderLoad(t *testing.T) {
	seed, cycles := *seedFlag, *cyclesFlag
	started := time.Now()
	tmp := t.TempDir()
	dumpDir := tmp
	if a := os.Getenv("WAGERLOG_ARTIFACTS"); a != "" {
		dumpDir = a
	}
	bin := buildWagerlog(t, tmp)
	dataDir := filepath.Join(tmp, "data")
	tokens := filepath.Join(tmp, "tokens")
	rebuilt := filepath.Join(tmp, "rebuilt.db")
	w := newWorld(t, bin, tokens)
	srv := newServer(t, bin, dataDir, tokens, filepath.Join(tmp, "serve.log"))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("reproduce: go test -tags crash -count=1 -run TestCrash_KillUnderLoad ./test/crash/ -crash.seed=%d -crash.cycles=%d\n%s", seed, cycles, srv.logTail())
			if a := os.Getenv("WAGERLOG_ARTIFACTS"); a != "" {
				if b, err := os.ReadFile(srv.logPath); err == nil {
					_ = os.WriteFile(filepath.Join(a, "crash-serve.log"), b, 0o600)
				}
			}
		}
	})
	hasVerify := verifyCommand(t, bin)
	fig := &figures{plans: map[string]int{}, freshRefused: map[string]int{}, verified: "in-process audit.Verify (the binary has no verify command yet)"}
	if hasVerify {
		fig.verified = "wagerlog verify and in-process audit.Verify"
	}

	fig.readies = append(fig.readies, srv.start())
	c := newClient(srv.base())
	w.setup(context.Background(), c)
	// The plans draw from their own source, so that a seed gives the same
	// plans however the timing of a run varies.
	plans := choosePlans(rand.New(rand.NewPCG(seed, 0)), cycles, len(w.tables))
	samples := rand.New(rand.NewPCG(seed, 1))
	for cycle := 1; cycle <= cycles; cycle++ {
		w.book.cycle.Store(int64(cycle))
		p := plans[cycle-1]
		fig.plans[p.kind]++
		heavy := w.load(c, srv, &p, seed, cycle)
		c.close()
		fig.kills++
		if p.kind != planRandom && !heavy {
			fig.heavyMiss++
		}
		st := w.recover(srv, bin, dataDir, rebuilt, dumpDir, cycle, hasVerify, fig)
		c = newClient(srv.base())
		w.resolve(c, st, fig)
		fig.replayed += w.replay(c, cycle, samples)
		srv.waitCaughtUp()
		acked, _, _ := w.book.snapshot()
		var heavyTook []string
		for _, o := range acked {
			if o.cycle == cycle && o.res.Events > ledger.BatchEventsMax && o.resolvedFrom == "" {
				fig.heavyTook = append(fig.heavyTook, o.took)
				heavyTook = append(heavyTook, fmt.Sprintf("%s of %d events in %v", o.kind, o.res.Events, o.took.Round(time.Millisecond)))
			}
		}
		t.Logf("cycle %d: %s; stream 1..%d; %d acknowledged writes so far; ready in %v; acknowledged over several batches: %s",
			cycle, p, st.last, len(acked), fig.readies[len(fig.readies)-1].Round(time.Millisecond), strings.Join(heavyTook, ", "))
		if t.Failed() {
			t.Fatalf("stopping after cycle %d (plan: %s)", cycle, p)
		}
	}
	// The writes of the last resolution and replay: check the stream once
	// more.
	c.close()
	srv.kill()
	fig.kills++
	st := readStream(t, dataDir)
	checkBook(t, st, w.book)
	if hasVerify {
		runVerify(t, bin, dataDir)
	}
	fig.last = st.last
	starts, fromCheckpoint := checkpointStarts(t, srv.logPath)
	t.Logf("crash checkpoints: %d of %d starts began from a checkpoint (one every %d events)", fromCheckpoint, starts, crashCheckpointEvery)
	if st.last > 2*crashCheckpointEvery && fromCheckpoint == 0 {
		t.Errorf("no start began from a checkpoint, with %d events in the stream", st.last)
	}
	short, details := summary(w, fig, cycles, time.Since(started))
	t.Log("crash summary: " + short)
	t.Log("crash details: " + details)
}

// recover checks the stream the kill left, rebuilds the projections from
// it, restarts the server and compares its projections with the rebuild.
// A restart that writes (the ledger finishing a settlement the kill
// interrupted between two batches) is killed again, idle, and the checks
// run once more on the longer stream, so that the rebuild and the server
// see the same one. It returns the stream's state; the server is running.
func (w *world) recover(srv *server, bin, dataDir, rebuilt, dumpDir string, cycle int, hasVerify bool, fig *figures) *streamState {
	tb := w.tb
	tb.Helper()
	var before *streamState // the stream before a restart that wrote
	for restart := 1; ; restart++ {
		st := readStream(tb, dataDir)
		if before != nil {
			checkContinuation(tb, before, st)
		}
		projected := projectedSeq(tb, dataDir)
		fig.lagAtKill = append(fig.lagAtKill, st.last-projected)
		tb.Logf("cycle %d: stream 1..%d, live projections at %d", cycle, st.last, projected)
		checkBook(tb, st, w.book)
		if hasVerify {
			runVerify(tb, bin, dataDir)
		}
		if len(st.interrupted) > 0 {
			tb.Logf("cycle %d: the kill fell between two batches of the work of %v", cycle, st.interrupted)
		}
		rebuild(tb, bin, dataDir, rebuilt)
		fig.readies = append(fig.readies, srv.start())
		h := srv.health()
		if h.LastSeq < st.last {
			tb.Fatalf("cycle %d: the restarted ledger is at %d, the stream at %d", cycle, h.LastSeq, st.last)
		}
		if h.LastSeq == st.last {
			c := newClient(srv.base())
			ms, n := compareAll(tb, c, w, rebuilt, st, dumpDir)
			c.close()
			if after := srv.health(); after.LastSeq == st.last {
				fig.compared += n
				reportMismatches(tb, cycle, ms)
				return st
			}
			tb.Logf("cycle %d: the server wrote during the comparison (a seal?); comparing again after another kill", cycle)
		} else {
			// The ledger finished work the kill interrupted between two
			// batches (checked by checkContinuation on the next read).
			tb.Logf("cycle %d: the restart finished interrupted work: %d..%d", cycle, st.last+1, h.LastSeq)
			fig.interrupts++
			before = st
		}
		if restart == restartsMax {
			tb.Fatalf("cycle %d: the server still writes after %d restarts", cycle, restart)
		}
		srv.kill()
		fig.kills++
		fig.idleKills++
	}
}

// resolve sends every write whose outcome the kill left unknown again,
// with the same key and body, and checks the answer against the stream:
// a write whose events are in it must answer its original result (the
// same events at the same sequences); one that is not gets a fresh
// outcome (written after the stream's end, or refused).
func (w *world) resolve(c *client, st *streamState, fig *figures) {
	tb := w.tb
	for _, o := range w.book.takeUnknown() {
		seqs := st.byKey[o.mapKey()]
		first := *o
		o.resolvedFrom = o.failure
		w.book.send(context.Background(), c, o)
		switch {
		case o.outcome == outcomeUnknown:
			tb.Errorf("unknown %s %s (%s) sent again to a running server: still no answer (%d %s)", o.kind, o.key, first.failure, o.status, o.failure)
		case len(seqs) > 0 && o.outcome != outcomeAcked:
			tb.Errorf("%s %s (%s) is in the stream at %v, but sent again it was refused: %d %s", o.kind, o.key, first.failure, seqs, o.status, o.code)
		case len(seqs) > 0:
			if o.res.Events != len(seqs) || o.res.FirstSeq != seqs[0] || o.res.LastSeq != seqs[len(seqs)-1] {
				tb.Errorf("%s %s (%s) is in the stream at %d events %d..%d, sent again it answers %d events %d..%d: not its original result",
					o.kind, o.key, first.failure, len(seqs), seqs[0], seqs[len(seqs)-1], o.res.Events, o.res.FirstSeq, o.res.LastSeq)
			}
			fig.stored++
		case o.outcome == outcomeAcked:
			if o.res.FirstSeq <= st.last {
				tb.Errorf("%s %s (%s) was not in the stream 1..%d, sent again it answers %d..%d: an old result for a command never stored",
					o.kind, o.key, first.failure, st.last, o.res.FirstSeq, o.res.LastSeq)
			}
			fig.freshAcked++
		default:
			fig.freshRefused[o.code]++
		}
	}
}

// replay sends the cycle's acknowledged writes, and a sample of the
// earlier ones, again with the same key and body: each must get the
// identical answer (and write nothing, which the next stream check
// proves). It returns how many it sent.
func (w *world) replay(c *client, cycle int, rng *rand.Rand) int {
	tb := w.tb
	acked, _, _ := w.book.snapshot()
	var mine, older []*op
	for _, o := range acked {
		if o.cycle == cycle {
			mine = append(mine, o)
		} else {
			older = append(older, o)
		}
	}
	rng.Shuffle(len(older), func(i, j int) { older[i], older[j] = older[j], older[i] })
	sendAgain := append(mine, older[:min(len(older), replayOlderMax)]...)
	for _, o := range sendAgain {
		status, body, err := c.send(context.Background(), o.actor, "POST", o.path, o.key, o.body)
		if err != nil || status != o.status {
			tb.Errorf("%s %s sent again: %d %v %s, first answered %d", o.kind, o.key, status, err, body, o.status)
			continue
		}
		got, err1 := canonical(body)
		want, err2 := canonical(o.answer)
		if err1 != nil || err2 != nil || !bytes.Equal(got, want) {
			tb.Errorf("%s %s sent again: answer %s, first answered %s", o.kind, o.key, body, o.answer)
		}
	}
	return len(sendAgain)
}

// summary returns the one-line summary CI prints, and the details.
func summary(w *world, fig *figures, cycles int, elapsed time.Duration) (string, string) {
	acked, refused, _ := w.book.snapshot()
	w.book.mu.Lock()
	codes := countList(w.book.codes)
	failures := countList(w.book.failures)
	conflicts := w.book.conflicts
	w.book.mu.Unlock()
	refusedFresh := 0
	for _, n := range fig.freshRefused {
		refusedFresh += n
	}
	unknown := fig.stored + fig.freshAcked + refusedFresh
	short := fmt.Sprintf("%d cycles, %d SIGKILLs in %v; %d acknowledged writes, each in the stream exactly once; "+
		"%d unknown outcomes sent again with the same key: %d had been stored (original answer), %d fresh successes, %d fresh refusals; "+
		"%d commands cut between two batches finished at restart; %d answers of the live projections equal to a rebuild; "+
		"money conserved, no wallet negative, verify clean; restart to ready %s",
		cycles, fig.kills, elapsed.Round(time.Second), len(acked),
		unknown, fig.stored, fig.freshAcked, refusedFresh,
		fig.interrupts, fig.compared, durations(fig.readies))
	details := fmt.Sprintf("plans: %s (%d heavy commands not reached before the kill); %d idle SIGKILLs after a restart that finished interrupted work; "+
		"%d refused writes (%s), none left an event; %d idempotency conflicts refused; unknown outcomes: %s, fresh refusals: %s; "+
		"%d acknowledged writes sent again, identical answers; stream %d events; commands written in several batches answered in %s; "+
		"live projections behind the stream at the kill: %s events; %d reads answered projection_lag under load (retried); verification: %s",
		countList(fig.plans), fig.heavyMiss, fig.idleKills,
		len(refused), codes, conflicts, failures, countList(fig.freshRefused),
		fig.replayed, fig.last, durations(fig.heavyTook),
		counts(fig.lagAtKill), w.book.lagged.Load(), fig.verified)
	return short, details
}

// durations summarises measured durations.
func durations(ds []time.Duration) string {
	if len(ds) == 0 {
		return "(none measured)"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return fmt.Sprintf("median %v, max %v (n=%d)", s[len(s)/2].Round(time.Millisecond), s[len(s)-1].Round(time.Millisecond), len(s))
}

// counts summarises counts.
func counts(ns []uint64) string {
	if len(ns) == 0 {
		return "(none)"
	}
	s := slices.Clone(ns)
	slices.Sort(s)
	return fmt.Sprintf("median %d, max %d", s[len(s)/2], s[len(s)-1])
}

// countList renders counts as "a 3, b 2", largest first.
func countList(m map[string]int) string {
	type kv struct {
		k string
		n int
	}
	var l []kv
	for k, n := range m {
		l = append(l, kv{k, n})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].n > l[j].n || (l[i].n == l[j].n && l[i].k < l[j].k) })
	var parts []string
	for _, x := range l {
		parts = append(parts, fmt.Sprintf("%s %d", x.k, x.n))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// checkpointStarts counts the ledger's starts in the server's log, and those
// that began from a checkpoint (serve logs "ledger state loaded" with
// from_checkpoint).
func checkpointStarts(tb testing.TB, logPath string) (starts, fromCheckpoint int) {
	tb.Helper()
	b, err := os.ReadFile(logPath)
	if err != nil {
		tb.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.Contains(line, "ledger state loaded") {
			continue
		}
		starts++
		if strings.Contains(line, "from_checkpoint=true") {
			fromCheckpoint++
		}
	}
	return starts, fromCheckpoint
}
