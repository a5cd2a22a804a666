//go:build crash

package crash

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// Torn-tail cycles.
const (
	// tornCycles is how many kills tear the stream's last record.
	tornCycles = 4
	// tornDepositsMin is how many deposits each cycle writes before the
	// kill.
	tornDepositsMin = 20
	// tornCutMax bounds the bytes cut from the end of the last block: less
	// than one event, so the tear falls inside the last record.
	tornCutMax = 300
)

// lastBlock returns the message block file JetStream writes last in
// dataDir (the highest numbered one).
func lastBlock(tb testing.TB, dataDir string) string {
	tb.Helper()
	blocks, _ := filepath.Glob(filepath.Join(dataDir, "jetstream", "*", "streams", "*", "msgs", "*.blk"))
	if len(blocks) == 0 {
		tb.Fatal("no message block files")
	}
	num := func(p string) int {
		n, _ := strconv.Atoi(strings.TrimSuffix(filepath.Base(p), ".blk"))
		return n
	}
	sort.Slice(blocks, func(i, j int) bool { return num(blocks[i]) < num(blocks[j]) })
	return blocks[len(blocks)-1]
}

// tearTail cuts the last cut bytes of the last block, as a kill during its
// write would leave it, and removes the stream's index (written only from
// time to time, so a kill leaves it behind the blocks): the server then
// recovers its state from the blocks and drops the torn record.
func tearTail(tb testing.TB, dataDir string, cut int64) {
	tb.Helper()
	blk := lastBlock(tb, dataDir)
	fi, err := os.Stat(blk)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.Truncate(blk, max(0, fi.Size()-cut)); err != nil {
		tb.Fatal(err)
	}
	if err := os.Remove(filepath.Join(filepath.Dir(blk), "index.db")); err != nil && !os.IsNotExist(err) {
		tb.Fatal(err)
	}
}

// proveProjections opens the stream and the live projections of dataDir
// in-process (the server stopped) and requires the projections to belong
// to the stream: at or behind its end, with the chain hash of the stream's
// event at their sequence.
func proveProjections(tb testing.TB, dataDir string) (projected, last uint64) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	store, err := jetstream.Open(ctx, jetstream.Options{DataDir: dataDir, ReadOnly: true})
	if err != nil {
		tb.Fatalf("open the store: %v", err)
	}
	defer store.Close()
	views, err := projections.Open(filepath.Join(dataDir, "projections.db"), projections.Options{ReadOnly: true})
	if err != nil {
		tb.Fatalf("open the projections: %v", err)
	}
	defer views.Close()
	if err := replay.Prove(ctx, store, views); err != nil {
		tb.Errorf("the projections the server left are not its stream's: %v", err)
	}
	last, err = store.LastSeq(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	return views.LastSeq(), last
}

// TestCrash_TornTail kills `wagerlog serve` while it writes deposits and
// tears the last record of the stream's last block, as a kill during the
// block's write does; half of the kills fall once the projections have
// applied every event, so that they are ahead of the torn stream. After
// every tear: verify --projections on projections ahead of the stream is
// not clean (exit status 3); the restarted server is never ready with
// projections ahead of the stream, rebuilds them (saying so) when they
// are, projects the next deposit, and leaves projections that belong to
// its stream. A server that refuses to start on a damaged tail is
// accepted: it then answers nothing at all.
func TestCrash_TornTail(t *testing.T) {
	seed := *seedFlag
	rng := rand.New(rand.NewPCG(seed, 2))
	tmp := t.TempDir()
	bin := buildWagerlog(t, tmp)
	dataDir := filepath.Join(tmp, "data")
	tokens := filepath.Join(tmp, "tokens")
	w := newWorld(t, bin, tokens)
	srv := newServer(t, bin, dataDir, tokens, filepath.Join(tmp, "serve.log"))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("reproduce: go test -tags crash -count=1 -run TestCrash_TornTail ./test/crash/ -crash.seed=%d\n%s", seed, srv.logTail())
		}
	})
	srv.start()
	c := newClient(srv.base())
	n := 0
	deposit := func(ctx context.Context) (uint64, bool) {
		n++
		body, _ := json.Marshal(cashBody{Amount: fmt.Sprintf("%d.00", 1+n%50), Currency: currency})
		status, answer, err := c.send(ctx, w.cashier, "POST", fmt.Sprintf("/v1/wallets/torn-%d/deposit", n%7), fmt.Sprintf("torn-%d", n), body)
		if err != nil || status != 200 {
			return 0, false
		}
		var res struct {
			LastSeq uint64 `json:"last_seq"`
		}
		_ = json.Unmarshal(answer, &res)
		return res.LastSeq, true
	}
	rebuilt := 0
	for cycle := 1; cycle <= tornCycles; cycle++ {
		for range tornDepositsMin {
			if _, ok := deposit(context.Background()); !ok {
				t.Fatalf("cycle %d: a deposit failed before the kill", cycle)
			}
		}
		idle := cycle%2 == 1
		if idle {
			// The projections catch up, then the kill: the torn stream
			// ends before them.
			srv.waitCaughtUp()
			srv.kill()
		} else {
			ctx, stop := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					deposit(ctx)
				}
			}()
			time.Sleep(between(rng, 20*time.Millisecond, 200*time.Millisecond))
			srv.kill()
			stop()
			wg.Wait()
		}
		c.close()
		cut := int64(1 + rng.IntN(tornCutMax))
		tearTail(t, dataDir, cut)
		st := readStream(t, dataDir)
		projected := projectedSeq(t, dataDir)
		t.Logf("cycle %d (%s kill): tore %d bytes off the last block; stream 1..%d, live projections at %d",
			cycle, map[bool]string{true: "idle", false: "loaded"}[idle], cut, st.last, projected)
		if projected > st.last {
			status, out, _ := runTool(t, bin, "verify", "--data-dir", dataDir, "--projections", filepath.Join(dataDir, "projections.db"))
			if status != 3 || !strings.HasPrefix(out, "NOT COMPARED") {
				t.Errorf("cycle %d: verify --projections of projections at %d, stream at %d: exit status %d\n%s", cycle, projected, st.last, status, out)
			}
		}

		if _, err := srv.startOrExit(); err != nil {
			// The damaged-tail refusal: nothing was served.
			t.Logf("cycle %d: serve refused to start on the torn stream (%v): accepted, nothing answered\n%s", cycle, err, srv.logTail())
			return
		}
		c = newClient(srv.base())
		h := srv.health()
		if h.ProjectedSeq > h.LastSeq {
			t.Fatalf("cycle %d: ready with projected_seq=%d ahead of last_seq=%d", cycle, h.ProjectedSeq, h.LastSeq)
		}
		if projected > st.last {
			rebuilt++
			if log := srv.logTail(); !strings.Contains(log, "rebuilding them before ready") || !strings.Contains(log, fmt.Sprintf("projected_seq=%d", projected)) {
				t.Errorf("cycle %d: projections at %d, stream at %d: serve did not say it rebuilt them\n%s", cycle, projected, st.last, log)
			}
		}
		seq, ok := deposit(context.Background())
		if !ok || seq <= st.last {
			t.Fatalf("cycle %d: the deposit after the restart: ok %v at %d, the stream was at %d", cycle, ok, seq, st.last)
		}
		srv.waitCaughtUp()
		if h := srv.health(); h.ProjectedSeq != h.LastSeq || h.LastSeq < seq {
			t.Fatalf("cycle %d: after the deposit at %d: last_seq=%d, projected_seq=%d", cycle, seq, h.LastSeq, h.ProjectedSeq)
		}
		// The projections the server keeps are its stream's.
		c.close()
		srv.kill()
		p, last := proveProjections(t, dataDir)
		if p > last {
			t.Fatalf("cycle %d: projections at %d, stream at %d", cycle, p, last)
		}
		srv.start()
		c = newClient(srv.base())
	}
	c.close()
	if rebuilt == 0 {
		t.Errorf("no cycle left the projections ahead of the torn stream: the case was not exercised")
	}
	t.Logf("crash torn tail: %d tears, %d left the projections ahead of the stream and were rebuilt before ready; projections never ahead of or beside the stream", tornCycles, rebuilt)
}
