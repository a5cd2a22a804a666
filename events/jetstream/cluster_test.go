//go:build cluster

package jetstream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/clustertest"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
)

// clusterOpenTimeout bounds Open against a fresh cluster: the first stream
// creation waits for the meta leader and the stream's own election.
const clusterOpenTimeout = 2 * time.Minute

// refusalTimeout is how long a refused request waits: a permission
// violation gets no answer, only an asynchronous error.
const refusalTimeout = 2 * time.Second

// clusterOptions returns the Options that connect to c as u, with the
// stream and prefix that docs/cluster/accounts.conf grants.
func clusterOptions(tb testing.TB, c *clustertest.Cluster, u clustertest.User) Options {
	return Options{
		URL: c.URLs(), User: u.Name, Password: u.Password, InboxPrefix: u.InboxPrefix,
		Stream: clustertest.Stream, SubjectPrefix: clustertest.SubjectPrefix, Replicas: 3,
		Logger: testLogger(tb),
	}
}

// openCluster opens a Store on c as u, applying mod to the options.
func openCluster(tb testing.TB, c *clustertest.Cluster, u clustertest.User, mod func(*Options)) *Store {
	tb.Helper()
	o := clusterOptions(tb, c, u)
	if mod != nil {
		mod(&o)
	}
	ctx, cancel := context.WithTimeout(context.Background(), clusterOpenTimeout)
	defer cancel()
	s, err := Open(ctx, o)
	if err != nil {
		tb.Fatalf("Open as %s: %v", u.Name, err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// violations records the permission violations the server reports to one
// connection (asynchronously: a refused publish gets no answer).
type violations struct {
	mu   sync.Mutex
	msgs []string
}

func (v *violations) handler(_ *nats.Conn, _ *nats.Subscription, err error) {
	if errors.Is(err, nats.ErrPermissionViolation) {
		v.mu.Lock()
		v.msgs = append(v.msgs, err.Error())
		v.mu.Unlock()
	}
}

// waitFor waits until a violation for publishing to subject is reported.
func (v *violations) waitFor(tb testing.TB, subject string) {
	tb.Helper()
	want := fmt.Sprintf("Publish to %q", subject)
	deadline := time.Now().Add(5 * time.Second)
	for {
		v.mu.Lock()
		for _, m := range v.msgs {
			if strings.Contains(m, want) {
				v.mu.Unlock()
				return
			}
		}
		got := append([]string(nil), v.msgs...)
		v.mu.Unlock()
		if time.Now().After(deadline) {
			tb.Fatalf("no permission violation for %s reported; got %q", want, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// rawClient is a plain nats.go client connected as one user, to try what
// the Store never does.
type rawClient struct {
	nc *nats.Conn
	js jetstream.JetStream
	v  *violations
}

func connectRaw(tb testing.TB, c *clustertest.Cluster, u clustertest.User) *rawClient {
	tb.Helper()
	rc := &rawClient{v: &violations{}}
	opts := []nats.Option{nats.UserInfo(u.Name, u.Password), nats.ErrorHandler(rc.v.handler)}
	if u.InboxPrefix != "" {
		opts = append(opts, nats.CustomInboxPrefix(u.InboxPrefix))
	}
	nc, err := nats.Connect(c.URLs(), opts...)
	if err != nil {
		tb.Fatalf("connect as %s: %v", u.Name, err)
	}
	tb.Cleanup(nc.Close)
	rc.nc = nc
	if rc.js, err = jetstream.New(nc); err != nil {
		tb.Fatal(err)
	}
	return rc
}

// refused runs call with a short timeout and checks that it failed and
// that the server reported a permission violation on subject.
func (rc *rawClient) refused(tb testing.TB, subject string, call func(ctx context.Context) error) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), refusalTimeout)
	defer cancel()
	if err := call(ctx); err == nil {
		tb.Fatalf("%s: accepted, want a permission violation", subject)
	}
	rc.v.waitFor(tb, subject)
}

// TestCluster_Permissions checks docs/cluster/accounts.conf on a live
// cluster: the ledger user appends and reads but cannot change the stream;
// the reader reads but cannot publish events or change anything; the
// operator reads the ways the NATS CLI does (info, get, ls, view, sub) but
// cannot publish, update, delete or purge; only the admin manages the
// stream. Each refusal is asserted to come from the
// server's permissions, and the stream is checked unchanged afterwards.
func TestCluster_Permissions(t *testing.T) {
	c := clustertest.Start(t)
	// Only the admin can create the stream.
	admin := openCluster(t, c, clustertest.Admin(), nil)

	ledger := openCluster(t, c, clustertest.Ledger(), nil)
	mustAppend(t, ledger, 0, raws(ledger.Prefix(), "t1", "a", 3, 200))
	mustAppend(t, ledger, 3, raws(ledger.Prefix(), "t1", "b", 1, 200))
	if got := readAll(t, ledger); len(got) != 4 || got[3].MsgID != "b-0" {
		t.Fatalf("ledger reads %d events, want 4 ending with b-0", len(got))
	}
	if r, err := ledger.Get(testCtx(t), 2); err != nil || r.MsgID != "a-1" {
		t.Fatalf("ledger Get(2): %+v %v", r, err)
	}
	var table []events.Raw
	if err := ledger.ReadTable(testCtx(t), "t1", 2, func(r events.Raw) error { table = append(table, r); return nil }); err != nil || len(table) != 3 {
		t.Fatalf("ledger ReadTable: %d events, %v", len(table), err)
	}

	reader := openCluster(t, c, clustertest.Reader(), func(o *Options) { o.ReadOnly = true })
	if got := readAll(t, reader); len(got) != 4 {
		t.Fatalf("reader reads %d events, want 4", len(got))
	}
	if r, err := reader.Get(testCtx(t), 4); err != nil || r.MsgID != "b-0" {
		t.Fatalf("reader Get(4): %+v %v", r, err)
	}
	followed := make(chan int, 1)
	fctx, fcancel := context.WithCancel(testCtx(t))
	go func() {
		n := 0
		_ = reader.Follow(fctx, 1, func(b []events.Raw) error {
			if n += len(b); n == 4 {
				followed <- n
			}
			return nil
		})
	}()
	select {
	case <-followed:
	case <-time.After(10 * time.Second):
		t.Fatal("reader Follow delivered less than 4 events")
	}
	fcancel()

	stream := clustertest.Stream
	subject := events.TableSubject(clustertest.SubjectPrefix, "t1")
	lower := streamConfig(clusterOptions(t, c, clustertest.Admin()))
	lower.MaxBytes = 1 << 20 // an update that would cap history

	t.Run("LedgerRefused", func(t *testing.T) {
		rc := connectRaw(t, c, clustertest.Ledger())
		rc.refused(t, "$JS.API.STREAM.PURGE."+stream, func(ctx context.Context) error {
			st, err := rc.js.Stream(ctx, stream) // STREAM.INFO is allowed
			if err != nil {
				t.Fatalf("stream info as ledger: %v", err)
			}
			return st.Purge(ctx)
		})
		rc.refused(t, "$JS.API.STREAM.DELETE."+stream, func(ctx context.Context) error {
			return rc.js.DeleteStream(ctx, stream)
		})
		rc.refused(t, "$JS.API.STREAM.MSG.DELETE."+stream, func(ctx context.Context) error {
			st, err := rc.js.Stream(ctx, stream)
			if err != nil {
				t.Fatalf("stream info as ledger: %v", err)
			}
			return st.DeleteMsg(ctx, 1)
		})
		rc.refused(t, "$JS.API.STREAM.UPDATE."+stream, func(ctx context.Context) error {
			_, err := rc.js.UpdateStream(ctx, lower)
			return err
		})
		rc.refused(t, "$JS.API.STREAM.CREATE.OTHER", func(ctx context.Context) error {
			_, err := rc.js.CreateStream(ctx, jetstream.StreamConfig{Name: "OTHER", Subjects: []string{"other.>"}})
			return err
		})
		// Subjects outside its own are refused too.
		if err := rc.nc.Publish("other.subject", []byte("x")); err != nil {
			t.Fatal(err)
		}
		rc.v.waitFor(t, "other.subject")
	})

	t.Run("ReaderRefused", func(t *testing.T) {
		rc := connectRaw(t, c, clustertest.Reader())
		rc.refused(t, subject, func(ctx context.Context) error {
			_, err := rc.js.Publish(ctx, subject, []byte(`{"forged":true}`), jetstream.WithMsgID("forged"))
			return err
		})
		rc.refused(t, "$JS.API.STREAM.PURGE."+stream, func(ctx context.Context) error {
			st, err := rc.js.Stream(ctx, stream)
			if err != nil {
				t.Fatalf("stream info as reader: %v", err)
			}
			return st.Purge(ctx)
		})
		rc.refused(t, "$JS.API.STREAM.DELETE."+stream, func(ctx context.Context) error {
			return rc.js.DeleteStream(ctx, stream)
		})
		rc.refused(t, "$JS.API.STREAM.UPDATE."+stream, func(ctx context.Context) error {
			_, err := rc.js.UpdateStream(ctx, lower)
			return err
		})
		// The reader cannot listen to the ledger's replies either.
		if _, err := rc.nc.SubscribeSync(clustertest.Ledger().InboxPrefix + ".>"); err != nil {
			t.Fatal(err)
		}
		if err := rc.nc.Flush(); err != nil {
			t.Fatal(err)
		}
		waitSubscribeViolation(t, rc.v, clustertest.Ledger().InboxPrefix+".>")
	})

	t.Run("OperatorReadsButRefused", func(t *testing.T) {
		rc := connectRaw(t, c, clustertest.Operator())
		ctx := testCtx(t)
		st, err := rc.js.Stream(ctx, stream) // nats stream info
		if err != nil {
			t.Fatalf("stream info as operator: %v", err)
		}
		if m, err := st.GetMsg(ctx, 1); err != nil || m.Header.Get(jetstream.MsgIDHeader) != "a-0" { // nats stream get
			t.Fatalf("get 1 as operator: %v", err)
		}
		names := rc.js.StreamNames(ctx) // nats stream ls
		n := 0
		for range names.Name() {
			n++
		}
		if names.Err() != nil || n != 1 {
			t.Fatalf("stream names as operator: %d, %v", n, names.Err())
		}
		view := openCluster(t, c, clustertest.Operator(), func(o *Options) { o.ReadOnly = true }) // nats stream view
		if got := readAll(t, view); len(got) != 4 {
			t.Fatalf("operator reads %d events, want 4", len(got))
		}
		if _, err := rc.nc.SubscribeSync(clustertest.SubjectPrefix + ".>"); err != nil { // nats sub
			t.Fatal(err)
		}

		rc.refused(t, subject, func(ctx context.Context) error {
			_, err := rc.js.Publish(ctx, subject, []byte(`{"type":"forged"}`), jetstream.WithMsgID("forged-op"))
			return err
		})
		rc.refused(t, "$JS.API.STREAM.UPDATE."+stream, func(ctx context.Context) error {
			_, err := rc.js.UpdateStream(ctx, lower)
			return err
		})
		rc.refused(t, "$JS.API.STREAM.DELETE."+stream, func(ctx context.Context) error {
			return rc.js.DeleteStream(ctx, stream)
		})
		rc.refused(t, "$JS.API.STREAM.PURGE."+stream, func(ctx context.Context) error {
			return st.Purge(ctx)
		})
		rc.refused(t, "$JS.API.STREAM.MSG.DELETE."+stream, func(ctx context.Context) error {
			return st.DeleteMsg(ctx, 1)
		})
	})

	t.Run("AdminManages", func(t *testing.T) {
		// The same kind of update the others were refused is the admin's
		// to make (a harmless one here): the refusals above came from the
		// permissions, not from the stream.
		rc := connectRaw(t, c, clustertest.Admin())
		cfg := streamConfig(clusterOptions(t, c, clustertest.Admin()))
		cfg.Description = "updated by the admin"
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := rc.js.UpdateStream(ctx, cfg); err != nil {
			t.Fatalf("admin update: %v", err)
		}
	})

	// Nothing the refused users tried changed the stream.
	info, err := admin.stream.Info(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 4 || info.State.LastSeq != 4 || info.Config.MaxBytes != -1 {
		t.Fatalf("stream after the refusals: %d msgs, last %d, max bytes %d; want 4, 4, -1",
			info.State.Msgs, info.State.LastSeq, info.Config.MaxBytes)
	}
	if got := readAll(t, admin); len(got) != 4 || got[0].MsgID != "a-0" {
		t.Fatalf("admin reads %d events after the refusals, want 4 from a-0", len(got))
	}
}

// waitSubscribeViolation waits until a subscription violation on subject is
// reported.
func waitSubscribeViolation(tb testing.TB, v *violations, subject string) {
	tb.Helper()
	want := fmt.Sprintf("Subscription to %q", subject)
	deadline := time.Now().Add(5 * time.Second)
	for {
		v.mu.Lock()
		for _, m := range v.msgs {
			if strings.Contains(m, want) {
				v.mu.Unlock()
				return
			}
		}
		got := append([]string(nil), v.msgs...)
		v.mu.Unlock()
		if time.Now().After(deadline) {
			tb.Fatalf("no violation for %s reported; got %q", want, got)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestCluster_OpenWithoutCreateRights checks that the ledger user, which
// may not create streams, opens an existing stream with its settings
// checked, and is told clearly when the stream is missing.
func TestCluster_OpenWithoutCreateRights(t *testing.T) {
	c := clustertest.Start(t)
	t.Run("Missing", func(t *testing.T) {
		o := clusterOptions(t, c, clustertest.Ledger())
		ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
		defer cancel()
		s, err := Open(ctx, o)
		if err == nil {
			_ = s.Close()
			t.Fatal("ledger user opened a stream that does not exist")
		}
		if !errors.Is(err, ErrNoStream) {
			t.Fatalf("ledger user, no stream: %v, want ErrNoStream", err)
		}
		t.Logf("ledger user, no stream: %v", err)
	})
	openCluster(t, c, clustertest.Admin(), nil)
	openCluster(t, c, clustertest.Ledger(), nil)
	t.Run("NoInboxPrefix", func(t *testing.T) {
		// Without its inbox prefix the ledger's replies would come back
		// on _INBOX.…, which it may not subscribe to: nothing answers, and
		// the log says why (docs/CLUSTER.md quotes this message).
		var logged syncbuf.Buffer
		o := clusterOptions(t, c, clustertest.Ledger())
		o.InboxPrefix = ""
		o.Logger = slog.New(slog.NewTextHandler(&logged, nil))
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		s, err := Open(ctx, o)
		if err == nil {
			_ = s.Close()
			t.Fatal("opened without the inbox prefix the server allows")
		}
		if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(logged.String(), `Permissions Violation for Subscription to \"_INBOX.`) {
			t.Fatalf("without the inbox prefix: %v; log:\n%s", err, logged.String())
		}
	})
	t.Run("WrongReplicas", func(t *testing.T) {
		o := clusterOptions(t, c, clustertest.Ledger())
		o.Replicas = 1
		_, err := Open(testCtx(t), o)
		var se *SettingsError
		if !errors.As(err, &se) {
			t.Fatalf("ledger expecting R1 on an R3 stream: %v, want a SettingsError", err)
		}
	})
}

// TestCluster_AppendRetry checks Append's answers on a cluster, where a
// retried publish is answered differently than by a single server: the
// resend of a stored batch or event is a success at its original position,
// and another writer's batch at the same position is a conflict.
func TestCluster_AppendRetry(t *testing.T) {
	c := clustertest.Start(t)
	openCluster(t, c, clustertest.Admin(), nil)
	s := openCluster(t, c, clustertest.Ledger(), nil)
	p := s.Prefix()

	batch := raws(p, "t1", "batch", 5, 300)
	mustAppend(t, s, 0, batch)
	one := raws(p, "t1", "one", 1, 300)
	mustAppend(t, s, 5, one)

	t.Run("BatchResent", func(t *testing.T) {
		if first, err := s.Append(testCtx(t), 0, batch); err != nil || first != 1 {
			t.Fatalf("resent batch: first %d, %v; want 1, nil", first, err)
		}
	})
	t.Run("EventResent", func(t *testing.T) {
		if first, err := s.Append(testCtx(t), 5, one); err != nil || first != 6 {
			t.Fatalf("resent event: first %d, %v; want 6, nil", first, err)
		}
	})
	t.Run("Conflict", func(t *testing.T) {
		for _, msgs := range [][]events.Raw{raws(p, "t1", "other", 3, 300), raws(p, "t1", "other1", 1, 300)} {
			_, err := s.Append(testCtx(t), 5, msgs)
			var ce *ConflictError
			if !errors.As(err, &ce) || ce.Expected != 5 || ce.Actual != 6 {
				t.Fatalf("%d events at a taken position: %v, want conflict 5 vs 6", len(msgs), err)
			}
		}
	})
	t.Run("ReusedID", func(t *testing.T) {
		reused := raws(p, "t1", "batch", 2, 300)[1:] // batch-1, stored at 2
		if _, err := s.Append(testCtx(t), 6, reused); !errors.Is(err, ErrDuplicateMsgID) {
			t.Fatalf("reused id: %v, want ErrDuplicateMsgID", err)
		}
	})
	if got := lastSeq(t, s); got != 6 {
		t.Fatalf("last sequence %d, want 6", got)
	}
}

// TestCluster_Checkpoints checks the checkpoint store on a cluster under
// docs/cluster/accounts.conf: the admin creates it (as `wagerlog stream
// create` does) with the stream's three replicas; the ledger's user, who
// may not create streams, binds to it, saves (deleting the oldest beyond
// the kept), lists and loads; a standby writer connected to another node
// finds the same checkpoints.
func TestCluster_Checkpoints(t *testing.T) {
	c := clustertest.Start(t)
	admin := openCluster(t, c, clustertest.Admin(), nil)
	if _, err := admin.Checkpoints(testCtx(t), 0); err != nil {
		t.Fatalf("admin creates the checkpoint store: %v", err)
	}
	ledger := openCluster(t, c, clustertest.Ledger(), nil)
	ck, err := ledger.Checkpoints(testCtx(t), 2)
	if err != nil {
		t.Fatalf("ledger binds to the checkpoint store: %v", err)
	}
	data := strings.Repeat("state", 200_000) // 1 MB: several chunks
	for _, seq := range []uint64{100, 200, 300} {
		// Right after the store's creation its replicas may still be
		// electing a leader ("no responders"): the scheduler of
		// checkpoints tries again at the next one, the test at once.
		eventually(t, fmt.Sprintf("ledger saves checkpoint %d", seq), func() error {
			return ck.Save(testCtx(t), seq, []byte(fmt.Sprint(seq, data)))
		})
	}
	standby := openCluster(t, c, clustertest.Ledger(), func(o *Options) { o.URL = c.Nodes[2].URL() })
	sck, err := standby.Checkpoints(testCtx(t), 2)
	if err != nil {
		t.Fatalf("standby binds: %v", err)
	}
	// The standby's node may not have applied every change yet (the
	// object store's reads may be served by a replica that lags): what
	// it lists comes to the newest two, and it loads the newest.
	eventually(t, "standby lists [300 200]", func() error {
		seqs, err := sck.List(testCtx(t))
		if err != nil || len(seqs) != 2 || seqs[0] != 300 || seqs[1] != 200 {
			return fmt.Errorf("lists %v, %v", seqs, err)
		}
		return nil
	})
	eventually(t, "standby loads 300", func() error {
		got, err := sck.Load(testCtx(t), 300)
		if err != nil || string(got) != fmt.Sprint(300, data) {
			return fmt.Errorf("loads %d bytes, %v", len(got), err)
		}
		return nil
	})
}

// eventually calls fn until it returns nil, failing the test with its last
// error after clusterSettleMax: what a node of a cluster reads may lag what
// another node wrote for a moment, never for good.
func eventually(t *testing.T, what string, fn func() error) {
	t.Helper()
	deadline := time.Now().Add(clusterSettleMax)
	for {
		err := fn()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: still failing after %s: %v", what, clusterSettleMax, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// clusterSettleMax bounds how long eventually waits: a guard against a
// state that never comes, not a measure of the cluster's speed.
const clusterSettleMax = 30 * time.Second
