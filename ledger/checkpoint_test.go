package ledger_test

import (
	"bytes"
	"context"
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// countingLog is a ledger.Log that counts the events it hands out, so a
// test can tell how much of the stream a start read.
type countingLog struct {
	ledger.Log
	mu   sync.Mutex
	read int
	// after counts the events read with a sequence above it, each once: a
	// read the ledger retries on a slow machine (a pull that timed out)
	// is not a second event.
	after      uint64
	readAfter  map[uint64]bool
	tableReads int
}

func (c *countingLog) Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error {
	return c.Log.Read(ctx, from, to, func(r events.Raw) error {
		c.mu.Lock()
		c.read++
		if r.Seq > c.after {
			if c.readAfter == nil {
				c.readAfter = make(map[uint64]bool)
			}
			c.readAfter[r.Seq] = true
		}
		c.mu.Unlock()
		return fn(r)
	})
}

// ReadTable passes the read of a finished round's bets (Ledger.readBets)
// through uncounted: the counts are of the start's reads of the stream.
func (c *countingLog) ReadTable(ctx context.Context, table string, from uint64, fn func(events.Raw) error) error {
	c.mu.Lock()
	c.tableReads++
	c.mu.Unlock()
	return c.Log.(interface {
		ReadTable(context.Context, string, uint64, func(events.Raw) error) error
	}).ReadTable(ctx, table, from, fn)
}

func (c *countingLog) counts() (read, after int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.read, len(c.readAfter)
}

// checkpoints opens the store's checkpoint object store.
func checkpoints(t testing.TB, st *jetstream.Store) *jetstream.Checkpoints {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := st.Checkpoints(ctx, 0)
	if err != nil {
		t.Fatalf("checkpoints: %v", err)
	}
	return c
}

// newCheckpointHarness opens a harness whose ledger stores checkpoints in
// the stream's bucket only when asked (Ledger.Checkpoint), never on its
// own, so that a test knows the tail a restart reads.
func newCheckpointHarness(t testing.TB) (*harness, *jetstream.Checkpoints) {
	t.Helper()
	h := newHarness(t)
	ck := checkpoints(t, h.store)
	h.opts.Checkpoints = ck
	h.opts.CheckpointEvery = -1
	h.opts.CheckpointInterval = -1
	h.l.Close()
	h.open()
	return h, ck
}

// keyed is a command sent with an idempotency key and its answer.
type keyed struct {
	cmd ledger.Command
	res ledger.Result
}

// playRounds runs n Sic Bo rounds on table with two slips each (one with an
// idempotency key) and corrects one round in three. It returns the keyed
// slips with their answers.
func (h *harness) playRounds(table string, n int, tag string) []keyed {
	h.t.Helper()
	var out []keyed
	for i := range n {
		round := h.openRound(table)
		slip := placeSlip(table, round, "ana", b("small", "2"), b("total:9", "1"))
		slip.IdempotencyKey = tag + "-" + strconv.Itoa(i)
		out = append(out, keyed{slip, h.must(slip)})
		h.bet(table, round, "bob", b("big", "3"))
		h.closeBetting(table, round)
		h.result(table, round, 1, 2, 3)
		if i%3 == 0 {
			h.must(correctResult(table, round, 4, 5, 6))
		}
	}
	return out
}

// loadOnly is a checkpoint store a ledger only starts from: its Save stores
// nothing, so that the ledgers a test opens beside the writer leave the
// stored checkpoints as the test planted them.
type loadOnly struct{ ledger.Checkpoints }

func (loadOnly) Save(context.Context, uint64, []byte) error { return nil }

// stateJSON is the whole state of l, rendered by ledger.StateJSON.
func stateJSON(t testing.TB, l *ledger.Ledger) []byte {
	t.Helper()
	var out []byte
	var err error
	if ierr := l.Inspect(context.Background(), func(s *ledger.State) { out, err = ledger.StateJSON(s) }); ierr != nil {
		t.Fatal(ierr)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// openCounting opens a second ledger on the harness's store through a
// counting log; it only reads (no work is pending), so the harness's own
// ledger stays the writer.
func (h *harness) openCounting(opts ledger.Options, after uint64) (*ledger.Ledger, *countingLog) {
	h.t.Helper()
	cl := &countingLog{Log: h.store, after: after}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	l, err := ledger.Open(ctx, cl, opts)
	if err != nil {
		h.t.Fatalf("open: %v", err)
	}
	h.t.Cleanup(func() { l.Close() })
	return l, cl
}

// TestLedger_CheckpointStart checks that a start from a checkpoint reads
// only the events after it, and gives the state a full replay gives.
func TestLedger_CheckpointStart(t *testing.T) {
	h, ck := newCheckpointHarness(t)

	h.deposit("ana", "1000")
	h.deposit("bob", "1000")
	h.openTable("t1", sicbo.IDLive)
	h.openTable("t2", sicbo.IDLive)
	answered := h.playRounds("t1", 12, "a")
	ctx := context.Background()
	if err := h.l.Checkpoint(ctx); err != nil {
		t.Fatalf("Checkpoint: %v", err)
	}
	at := h.lastSeq()
	if got := h.l.LastCheckpoint(); got.Seq != at || got.Bytes == 0 || got.Loaded {
		t.Fatalf("LastCheckpoint = %+v, want the one at %d", got, at)
	}
	// A round left open across the checkpoint, and a tail after it.
	open := h.openRound("t2")
	h.bet("t2", open, "ana", b("odd", "5"))
	answered = append(answered, h.playRounds("t1", 2, "b")...)
	h.deposit("bob", "7")
	tail := int(h.lastSeq() - at)

	opts := h.opts
	opts.Checkpoints = loadOnly{ck}
	fromCkpt, cl := h.openCounting(opts, at)
	read, after := cl.counts()
	// One read of the checkpoint's own event (to check its hash), then the
	// tail.
	if after != tail || read > tail+1 {
		t.Fatalf("the start read %d events, %d of them after the checkpoint at %d; want the %d of the tail (and the checkpoint's own)", read, after, at, tail)
	}
	info := fromCkpt.LastCheckpoint()
	if !info.Loaded || info.Seq != at || info.Tail != uint64(tail) {
		t.Fatalf("LastCheckpoint of the start = %+v, want loaded at %d with a tail of %d", info, at, tail)
	}
	// The start's parts are timed (its decoding read the stream's event
	// too, a round trip to the server, timed as its check).
	if info.Load <= 0 || info.Decode <= 0 || info.Check <= 0 || info.Check > info.Decode {
		t.Fatalf("LastCheckpoint of the start = %+v, want its load, its decoding and the check within it timed", info)
	}

	opts.Checkpoints = nil
	full, fcl := h.openCounting(opts, 0)
	if n, _ := fcl.counts(); n != int(h.lastSeq()) {
		t.Fatalf("the full replay read %d events, want %d", n, h.lastSeq())
	}
	want := stateJSON(t, full)
	if got := stateJSON(t, fromCkpt); !bytes.Equal(got, want) {
		t.Fatalf("state from checkpoint + tail differs from the full replay:\n%s\nwant\n%s", got, want)
	}
	if got := stateJSON(t, h.l); !bytes.Equal(got, want) {
		t.Fatalf("live state differs from the full replay:\n%s\nwant\n%s", got, want)
	}
	fromCkpt.Close()
	full.Close()

	// A restart (Close takes a last checkpoint) starts with no tail,
	// answers every retried key with its original Result, writes nothing
	// for them, and goes on writing.
	h.l.Close()
	h.l = nil
	h.open()
	if info := h.l.LastCheckpoint(); !info.Loaded || info.Seq != h.lastSeq() || info.Tail != 0 {
		t.Fatalf("after a restart: %+v, want the checkpoint Close took at %d", info, h.lastSeq())
	}
	before := h.lastSeq()
	for _, k := range answered {
		if r := h.must(k.cmd); !reflect.DeepEqual(r, k.res) {
			t.Fatalf("retry after the restart: %+v, want %+v", r, k.res)
		}
	}
	if h.lastSeq() != before {
		t.Fatalf("retries wrote events: %d → %d", before, h.lastSeq())
	}
	h.closeBetting("t2", open)
	h.result("t2", open, 6, 6, 5)
}

// TestLedger_CheckpointDamaged checks that a checkpoint that is damaged, of
// another stream position or taken under other limits is ignored and the
// next older one used, and that with none valid the start replays the
// whole stream.
func TestLedger_CheckpointDamaged(t *testing.T) {
	h, ck := newCheckpointHarness(t)
	h.deposit("ana", "1000")
	h.deposit("bob", "1000")
	h.openTable("t1", sicbo.IDLive)
	h.playRounds("t1", 4, "a")
	ctx := context.Background()
	if err := h.l.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	good := h.lastSeq()
	goodData, err := ck.Load(ctx, good)
	if err != nil {
		t.Fatal(err)
	}
	h.playRounds("t1", 2, "b")
	last := h.lastSeq()

	full, _ := h.openCounting(ledger.Options{Games: registry.New()}, 0)
	want := stateJSON(t, full)
	full.Close()

	flipped := bytes.Clone(goodData)
	flipped[len(flipped)-1] ^= 1
	for _, tc := range []struct {
		name string
		seq  uint64
		data []byte
	}{
		{"Garbage", last, []byte("not a checkpoint")},
		{"ContentFlipped", last, flipped},
		// The right content stored under a later sequence: the stream's
		// event there has another hash.
		{"WrongPlace", last, goodData},
		{"Empty", last - 1, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := ck.Put(ctx, tc.seq, tc.data); err != nil {
				t.Fatal(err)
			}
			opts := h.opts
			opts.Checkpoints = loadOnly{ck}
			l, cl := h.openCounting(opts, good)
			if info := l.LastCheckpoint(); !info.Loaded || info.Seq != good {
				t.Fatalf("started from %+v, want the valid checkpoint at %d", info, good)
			}
			if _, after := cl.counts(); after != int(last-good) {
				t.Fatalf("read %d events after %d, want %d", after, good, last-good)
			}
			if got := stateJSON(t, l); !bytes.Equal(got, want) {
				t.Fatalf("state differs from the full replay")
			}
			l.Close()
		})
	}

	t.Run("OtherLimits", func(t *testing.T) {
		opts := h.opts
		opts.Checkpoints = loadOnly{ck}
		opts.IdempotencyMax = 7
		l, cl := h.openCounting(opts, 0)
		if info := l.LastCheckpoint(); info.Loaded {
			t.Fatalf("started from %+v taken under other limits", info)
		}
		if n, _ := cl.counts(); n != int(last) {
			t.Fatalf("read %d events, want the whole stream's %d", n, last)
		}
		l.Close()
	})

	t.Run("NoneValid", func(t *testing.T) {
		if err := ck.Put(ctx, good, flipped); err != nil {
			t.Fatal(err)
		}
		opts := h.opts
		opts.Checkpoints = loadOnly{ck}
		l, cl := h.openCounting(opts, 0)
		if info := l.LastCheckpoint(); info.Loaded {
			t.Fatalf("started from %+v, want a full replay", info)
		}
		if n, _ := cl.counts(); n != int(last) {
			t.Fatalf("read %d events, want the whole stream's %d", n, last)
		}
		if got := stateJSON(t, l); !bytes.Equal(got, want) {
			t.Fatalf("state differs from the full replay")
		}
		l.Close()
	})
}

// TestLedger_CheckpointFailover runs the active writer and a standby on
// "another machine": a second connection to the server, as a standby in
// another data centre connects to the cluster. The standby finds the
// active writer's checkpoint in the object store beside the stream, starts
// from it, reads only the tail and takes over; the old writer's next write
// is fenced, and it catches up (from a checkpoint too) before writing.
func TestLedger_CheckpointFailover(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	// The standby writes: it connects as the admin, the only user the
	// embedded server admits with write rights besides its own ledger.
	adminSeed, adminKey, err := jetstream.NewUserNKey()
	if err != nil {
		t.Fatal(err)
	}
	primary, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir, ListenAddr: "127.0.0.1:0", AdminNKey: adminKey})
	if err != nil {
		t.Fatal(err)
	}
	defer primary.Close()
	clock := newTestClock()
	opts := ledger.Options{Games: registry.New(), Clock: clock.Now, CheckpointEvery: 20, CheckpointInterval: -1}
	opts.Checkpoints = checkpoints(t, primary)
	h := &harness{t: t, dir: dir, store: primary, clock: clock, opts: opts}
	h.open()
	defer func() {
		if h.l != nil {
			h.l.Close()
		}
	}()
	h.deposit("ana", "1000")
	h.deposit("bob", "1000")
	h.openTable("t1", sicbo.IDLive)
	h.playRounds("t1", 6, "a")
	// CheckpointEvery 20: checkpoints were taken in the background on the
	// way; wait until the newest is stored.
	deadline := time.Now().Add(10 * time.Second)
	for h.l.LastCheckpoint().Seq == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	at := h.l.LastCheckpoint().Seq
	if at == 0 {
		t.Fatal("no checkpoint was taken")
	}

	standbyStore, err := jetstream.Open(ctx, jetstream.Options{URL: primary.ClientURL(), NKeySeed: adminSeed})
	if err != nil {
		t.Fatal(err)
	}
	defer standbyStore.Close()
	sopts := opts
	sopts.Checkpoints = checkpoints(t, standbyStore)
	cl := &countingLog{Log: standbyStore, after: at}
	standby, err := ledger.Open(ctx, cl, sopts)
	if err != nil {
		t.Fatal(err)
	}
	defer standby.Close()
	info := standby.LastCheckpoint()
	if !info.Loaded || info.Seq < at {
		t.Fatalf("the standby started from %+v, want a checkpoint at %d or later", info, at)
	}
	last := h.lastSeq()
	if _, after := cl.counts(); after > int(last-info.Seq) {
		t.Fatalf("the standby read %d events after its checkpoint at %d; the tail is %d", after, info.Seq, last-info.Seq)
	}
	// The standby takes over: the old writer is behind and is fenced, the
	// standby writes on.
	r, err := standby.Execute(ctx, deposit(cashier, "bob", "5", "EUR"))
	if err != nil {
		t.Fatalf("standby write: %v", err)
	}
	if r.FirstSeq != last+1 {
		t.Fatalf("standby wrote at %d, want %d", r.FirstSeq, last+1)
	}
	if got, want := stateJSON(t, standby), func() []byte {
		full, _ := h.openCounting(ledger.Options{Games: registry.New(), Clock: clock.Now}, 0)
		defer full.Close()
		return stateJSON(t, full)
	}(); !bytes.Equal(got, want) {
		_ = os.WriteFile("/tmp/standby.json", got, 0o600)
		_ = os.WriteFile("/tmp/full.json", want, 0o600)
		t.Fatalf("the standby's state differs from a full replay")
	}
	old := h.must(deposit(cashier, "ana", "1", "EUR"))
	if old.FirstSeq != last+2 {
		t.Fatalf("the old writer wrote at %d, want %d, after the standby's event", old.FirstSeq, last+2)
	}
}

// memCheckpoints keeps every checkpoint saved, in memory.
type memCheckpoints struct {
	mu    sync.Mutex
	saved map[uint64][]byte
}

func (m *memCheckpoints) Save(_ context.Context, seq uint64, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.saved[seq] = bytes.Clone(data)
	return nil
}

func (m *memCheckpoints) List(context.Context) ([]uint64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := slices.Collect(maps.Keys(m.saved))
	slices.Sort(out)
	slices.Reverse(out)
	return out, nil
}

func (m *memCheckpoints) Load(_ context.Context, seq uint64) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if d, ok := m.saved[seq]; ok {
		return d, nil
	}
	return nil, jetstream.ErrNotFound
}

// TestLedger_CheckpointsUnderLoad takes a checkpoint every 25 events in
// the background while clients move money between many wallets and a
// dealer plays rounds, so that checkpoints are encoded while the ledger
// writes on (the balances and the idempotency keys they share with the
// live state, ledger/balances.go and idem.go). A start from each
// checkpoint, with the tail after it, must give the state of a full replay.
func TestLedger_CheckpointsUnderLoad(t *testing.T) {
	h := newHarness(t)
	mem := &memCheckpoints{saved: map[uint64][]byte{}}
	h.opts.Checkpoints = mem
	h.opts.CheckpointEvery = 25
	h.opts.CheckpointInterval = -1
	h.l.Close()
	h.open()
	h.deposit("ana", "1000")
	h.deposit("bob", "1000")
	h.openTable("t1", sicbo.IDLive)

	const clients, moves = 8, 40
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range moves {
				player := "w" + strconv.Itoa(c*moves+i) // a new wallet each time
				d := deposit(cashier, player, "10", "EUR")
				d.IdempotencyKey = "move-" + player
				if _, err := h.exec(d); err != nil {
					t.Errorf("deposit to %s: %v", player, err)
					return
				}
				if _, err := h.exec(withdraw(cashier, player, "4", "EUR")); err != nil {
					t.Errorf("withdraw from %s: %v", player, err)
					return
				}
			}
		}()
	}
	h.playRounds("t1", 8, "a")
	wg.Wait()
	h.l.Close() // its last checkpoint is stored before Close returns
	h.l = nil

	full, _ := h.openCounting(ledger.Options{Games: registry.New(), Clock: h.clock.Now}, 0)
	want := stateJSON(t, full)
	full.Close()
	seqs, _ := mem.List(context.Background())
	t.Logf("%d checkpoints taken", len(seqs))
	// One every 25 events unless the last is still being stored: 28 on an
	// idle machine.
	if len(seqs) < 5 {
		t.Fatalf("%d checkpoints taken, want several under the load", len(seqs))
	}
	for _, seq := range seqs {
		opts := h.opts
		opts.Checkpoints = loadOnly{onlyCheckpoint{mem, seq}}
		l, _ := h.openCounting(opts, seq)
		info := l.LastCheckpoint()
		got := stateJSON(t, l)
		l.Close()
		if !info.Loaded || info.Seq != seq {
			t.Fatalf("the start from checkpoint %d loaded %+v", seq, info)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("the start from checkpoint %d (of %d) differs from a full replay", seq, len(seqs))
		}
	}
}

// onlyCheckpoint is a checkpoint store that lists one checkpoint of m.
type onlyCheckpoint struct {
	*memCheckpoints
	seq uint64
}

func (o onlyCheckpoint) List(context.Context) ([]uint64, error) { return []uint64{o.seq}, nil }
