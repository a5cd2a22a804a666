package projections

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/posting"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/internal/testsize"
)

// eventually polls cond until it holds or the test's deadline passes.
func eventually(tb testing.TB, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(ledgertest.Timeout)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// gatedSource is the real stream with a gate before each batch, so a test
// can hold the projector behind it.
type gatedSource struct {
	*jetstream.Store
	gate chan struct{}
}

func (g gatedSource) Follow(ctx context.Context, from uint64, fn func([]events.Raw) error) error {
	return g.Store.Follow(ctx, from, func(b []events.Raw) error {
		select {
		case <-g.gate:
		case <-ctx.Done():
			return ctx.Err()
		}
		return fn(b)
	})
}

func TestProjector_Lag(t *testing.T) {
	h := newHarness(t)
	for i := range 5 {
		h.Deposit(fmt.Sprintf("p%d", i), "10")
	}
	last := h.LastSeq()
	s := openProj(t, "", Options{})
	gate := make(chan struct{})
	p := runProjector(t, s, gatedSource{h.Stream, gate})

	eventually(t, "the projector to see the stream", func() bool { return p.Lag().StreamSeq == last })
	if l := p.Lag(); l.Events != last || l.AppliedSeq != 0 {
		t.Fatalf("lag %+v, want %d events behind", l, last)
	}
	eventually(t, "the lag in seconds to grow", func() bool { return p.Lag().Seconds > 0 })

	close(gate)
	waitFor(t, s, last)
	eventually(t, "the lag to clear", func() bool { l := p.Lag(); return l.Events == 0 && l.Seconds == 0 })
	if l := p.Lag(); l.AppliedSeq != last || l.AppliedAt.IsZero() {
		t.Fatalf("lag %+v after catching up", l)
	}
}

// TestStore_WaitFor checks read-your-writes: the sequence a command returns
// is the one to wait for, and then the answer holds the write.
func TestStore_WaitFor(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{})

	t.Run("ErrTimeout", func(t *testing.T) {
		res := h.Deposit("ana", "10")
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		err := s.WaitFor(ctx, res.LastSeq) // no projector runs yet
		if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("err %v, want ErrTimeout and DeadlineExceeded", err)
		}
	})
	t.Run("OK", func(t *testing.T) {
		runProjector(t, s, h.Stream)
		for i := range 20 {
			res := h.Deposit("ana", "1")
			waitFor(t, s, res.LastSeq)
			b, err := s.Balance(posting.WalletAccount("ana"), "EUR")
			if err != nil {
				t.Fatal(err)
			}
			if want := dec(strconv.Itoa(11 + i)); !b.Balance.Equal(want) || b.Seq < res.LastSeq || !b.Balance.Equal(*res.Balance) {
				t.Fatalf("after deposit %d: %s at seq %d, want %s at ≥ %d", i, b.Balance, b.Seq, want, res.LastSeq)
			}
		}
	})
	t.Run("ErrClosed", func(t *testing.T) {
		s2 := openProj(t, "", Options{})
		done := make(chan error, 1)
		go func() { done <- s2.WaitFor(context.Background(), 1000) }()
		_ = s2.Close()
		if err := <-done; !errors.Is(err, ErrClosed) {
			t.Fatalf("err %v, want ErrClosed", err)
		}
	})
}

func TestStore_Subscribe(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{})
	runProjector(t, s, h.Stream)
	h.Deposit("ana", "100")
	h.OpenTable("t1", "sicbo/live")
	h.OpenTable("t2", "sicbo/live")
	ch1, end1 := s.Subscribe("t1")
	ch2, end2 := s.Subscribe("t2")
	defer end2()

	r := h.OpenRound("t1")
	h.Bet("t1", r, "ana", bet("big", "5"))
	h.CloseBetting("t1", r)
	res := h.Result("t1", r, [3]int{6, 5, 4})
	select {
	case <-ch1:
	case <-time.After(ledgertest.Timeout):
		t.Fatal("no notice for t1's board")
	}
	waitFor(t, s, res.LastSeq)
	b, err := s.Board("t1")
	if err != nil || len(b.Results) != 1 || string(b.Results[0].Row) != `{"dice":[6,5,4],"total":15,"size":"big","parity":"odd"}` {
		t.Fatalf("board %+v, %v", b, err)
	}
	select {
	case <-ch2:
		t.Fatal("t2's subscriber notified of t1's result")
	default:
	}
	if n := s.subscribers(); n != 2 {
		t.Fatalf("%d subscribers, want 2", n)
	}
	end1()
	end1() // ending twice is harmless
	if _, open := <-ch1; open {
		t.Fatal("channel still open after the end function")
	}
	if n := s.subscribers(); n != 1 {
		t.Fatalf("%d subscribers after one ended, want 1", n)
	}
	_ = s.Close()
	if _, open := <-ch2; open {
		t.Fatal("channel still open after Close")
	}
	if n := s.subscribers(); n != 0 {
		t.Fatalf("%d subscribers after Close", n)
	}
}

// TestProjector_Restart stops the projector between batches, and fails a
// batch inside its transaction, and checks that after a restart on the same
// file nothing was skipped or applied twice.
func TestProjector_Restart(t *testing.T) {
	h := newHarness(t)
	sc := playScenario(h, 7, 25)
	raws := readRaw(t, h.Stream)
	path := filepath.Join(t.TempDir(), "p.db")

	// Between batches: apply a prefix in uneven batches, close (the
	// process stops), reopen and let a projector finish.
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	applyAll(t, s, raws[:len(raws)/3], 13)
	// Inside a batch: the next batch fails half way (a gap after its
	// first events), so its transaction is rolled back.
	bad := append(append([]events.Raw(nil), raws[len(raws)/3:len(raws)/3+20]...), raws[len(raws)/3+25])
	if err := s.Apply(bad); !errors.Is(err, events.ErrSequenceGap) {
		t.Fatalf("err %v, want a gap", err)
	}
	if s.LastSeq() != raws[len(raws)/3-1].Seq {
		t.Fatalf("a failed batch moved the store to %d", s.LastSeq())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openProj(t, path, Options{})
	runProjector(t, s, h.Stream)
	waitFor(t, s, h.LastSeq())

	fresh := openProj(t, "", Options{})
	applyAll(t, fresh, raws, 1000)
	sameAnswers(t, answers(t, s, sc), answers(t, fresh, sc))
}

// Environment of the child process of TestProjector_Kill.
const (
	envChildURL  = "WAGERLOG_TEST_PROJECTOR_URL"
	envChildPath = "WAGERLOG_TEST_PROJECTOR_PATH"
)

// The read-only operator's nkey the listening test server admits: the
// child process follows the stream as that user.
const (
	testOperatorSeed = "SUADBSA42G5MRNA5RWIMRG2HKW7LQ3BBANTMKJZMDNVOTHF76P5RY26XTQ"
	testOperatorNKey = "UC4GY4KLV237F2GJ3BOM4AI3NSOLTPCMAGXM3UU3XDFKJS5SJYQRLZSP"
)

// TestProjectorChild is the projector process that TestProjector_Kill
// kills; it does nothing unless started by that test.
func TestProjectorChild(t *testing.T) {
	url, path := os.Getenv(envChildURL), os.Getenv(envChildPath)
	if url == "" || path == "" {
		t.Skip("run by TestProjector_Kill")
	}
	src, err := jetstream.Open(context.Background(), jetstream.Options{URL: url, NKeySeed: testOperatorSeed, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	s, err := Open(path, Options{LockTimeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Small batches, each synced: many transactions for the kill to land
	// between or inside.
	last, err := src.LastSeq(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.LastSeq() >= last {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	err = src.Follow(ctx, s.LastSeq()+1, func(b []events.Raw) error {
		for i := range b {
			if err := s.Apply(b[i : i+1]); err != nil {
				return err
			}
			// Tell the parent, which kills this process after a random
			// number of these lines, while it goes on applying.
			fmt.Printf("applied %d\n", s.LastSeq())
		}
		if s.LastSeq() >= last {
			cancel()
		}
		return nil
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
}

// TestProjector_Kill kills a projector process with SIGKILL at random
// moments (between batches and inside them), restarts it each time on the
// same file, and checks that the result equals a build from scratch. The
// stream has 40 rounds with -tags slow, 12 by default: fewer runs killed.
func TestProjector_Kill(t *testing.T) {
	h := newHarnessListening(t)
	sc := playScenario(h, 11, testsize.Pick(12, 40))
	last := h.LastSeq()
	path := filepath.Join(t.TempDir(), "p.db")
	// Create the file first, so that every kill finds it initialised.
	s0, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	_ = s0.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	// run starts a projector process and, when killAfter > 0, kills it
	// once it has reported that many applied events.
	run := func(killAfter int) error {
		cmd := exec.Command(os.Args[0], "-test.run=^TestProjectorChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), envChildURL+"="+h.Stream.ClientURL(), envChildPath+"="+path)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewScanner(out)
		n := 0
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), "applied ") {
				n++
				if n == killAfter {
					_ = cmd.Process.Kill()
				}
			}
		}
		return cmd.Wait()
	}
	kills := 0
	for i := 0; i < 200; i++ {
		before := progress(t, path)
		if before >= last {
			break
		}
		err := run(1 + rng.IntN(40))
		after := progress(t, path)
		if err != nil {
			kills++
		}
		if after < before {
			t.Fatalf("the file went back from %d to %d", before, after)
		}
	}
	if err := run(0); err != nil {
		t.Fatalf("final run: %v", err)
	}
	t.Logf("%d kills", kills)
	if kills == 0 {
		t.Fatal("no run was killed: the test did not test anything")
	}
	s := openProj(t, path, Options{})
	if s.LastSeq() < last {
		t.Fatalf("file at %d, stream at %d", s.LastSeq(), last)
	}
	// The ledger may have sealed since: follow on to the stream's end.
	runProjector(t, s, h.Stream)
	waitFor(t, s, h.LastSeq())
	fresh := openProj(t, "", Options{})
	applyAll(t, fresh, readRaw(t, h.Stream), 1000)
	sameAnswers(t, answers(t, s, sc), answers(t, fresh, sc))
	for _, w := range h.LedgerBalances() {
		b, _ := s.Balance(w.Account, w.Currency)
		if !b.Balance.Equal(w.Balance) {
			t.Errorf("%s: %s, ledger %s", w.Account, b.Balance, w.Balance)
		}
	}
}

// progress returns the last sequence applied in the file at path (0 when
// it does not exist yet).
func progress(tb testing.TB, path string) uint64 {
	tb.Helper()
	if _, err := os.Stat(path); err != nil {
		return 0
	}
	s, err := Open(path, Options{ReadOnly: true, LockTimeout: 10 * time.Second})
	if err != nil {
		tb.Fatal(err)
	}
	defer s.Close()
	return s.LastSeq()
}

// newHarnessListening is newHarness with the embedded server listening on a
// loopback port, so that another process can follow the stream.
func newHarnessListening(tb testing.TB) *harness {
	tb.Helper()
	st, err := jetstream.Open(testCtx(tb), jetstream.Options{DataDir: tb.TempDir(), ListenAddr: "127.0.0.1:0", OperatorNKey: testOperatorNKey})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = st.Close() })
	return ledgertest.NewOn(tb, st)
}
