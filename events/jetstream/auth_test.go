package jetstream

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// listenRefusalTimeout bounds the wait for an answer the server will not give: a
// permission violation drops the request and reports it asynchronously.
const listenRefusalTimeout = 2 * time.Second

// client is a plain nats.go connection to a store's listener, recording
// the permission violations the server reports to it.
type client struct {
	nc *nats.Conn
	js jetstream.JetStream

	mu         sync.Mutex
	violations []string
}

// connect connects to s's listener with opts (nil: anonymously).
func connect(tb testing.TB, s *Store, seed string) (*client, error) {
	tb.Helper()
	c := &client{}
	opts := []nats.Option{nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.violations = append(c.violations, err.Error())
	})}
	if seed != "" {
		o, err := nkeyOptionFromSeed(seed)
		if err != nil {
			tb.Fatal(err)
		}
		opts = append(opts, o)
	}
	nc, err := nats.Connect(s.ClientURL(), opts...)
	if err != nil {
		return nil, err
	}
	tb.Cleanup(nc.Close)
	c.nc = nc
	if c.js, err = jetstream.New(nc); err != nil {
		tb.Fatal(err)
	}
	return c, nil
}

// refused runs op, which the server must refuse for lack of permission:
// op fails, and the server reports a permission violation naming subject.
func (c *client) refused(t *testing.T, what, subject string, op func(ctx context.Context) error) {
	t.Helper()
	// The server drops a refused request: op would wait for its
	// timeout. Once the violation is reported, op is cancelled.
	ctx, cancel := context.WithTimeout(context.Background(), listenRefusalTimeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- op(ctx) }()
	deadline := time.Now().Add(testTimeout)
	for {
		select {
		case err := <-done:
			if err == nil {
				t.Fatalf("%s: allowed", what)
			}
			done = nil // refused or timed out: wait for the violation
		default:
		}
		c.mu.Lock()
		found := false
		for _, v := range c.violations {
			if strings.Contains(v, "Permissions Violation") && strings.Contains(v, subject) {
				found = true
			}
		}
		c.mu.Unlock()
		if found {
			cancel()
			if done != nil {
				if err := <-done; err == nil {
					t.Fatalf("%s: allowed", what)
				}
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: no permission violation for %q reported (%v)", what, subject, c.violations)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestListen_RefusedWithoutUsers: a listening embedded server with nobody
// to admit would admit anonymous clients; Open refuses to start it.
func TestListen_RefusedWithoutUsers(t *testing.T) {
	_, err := Open(testCtx(t), Options{DataDir: t.TempDir(), ListenAddr: "127.0.0.1:0"})
	if !errors.Is(err, ErrListenWithoutAuth) || !errors.Is(err, ErrInvalidOptions) {
		t.Fatalf("Open: %v, want ErrListenWithoutAuth", err)
	}
	_, err = Open(testCtx(t), Options{DataDir: t.TempDir(), ListenAddr: "127.0.0.1:0", OperatorNKey: "not-a-key"})
	if !errors.Is(err, ErrInvalidOptions) {
		t.Fatalf("Open with a malformed operator key: %v", err)
	}
}

// TestListen_Anonymous: an anonymous client cannot even connect, so it
// cannot publish, update or delete anything.
func TestListen_Anonymous(t *testing.T) {
	s := openTest(t, "", listen)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
	if _, err := connect(t, s, ""); err == nil || !strings.Contains(strings.ToLower(err.Error()), "authorization") {
		t.Fatalf("anonymous connect: %v, want an authorization violation", err)
	}
	if _, err := connect(t, s, "SUAAZWQNFX632L6FWXNJEYVTS7UD2OZ2MHFVUPEN46Y5J2QGLVPK5I3IBY"); err == nil {
		t.Fatal("an unknown nkey connected")
	}
	if got := lastSeq(t, s); got != 3 {
		t.Fatalf("last %d, want 3", got)
	}
}

// TestListen_Operator: the read-only operator reads the stream the ways
// the NATS CLI does (info, get, view through an ordered consumer,
// subscribe), and is refused every publish on the stream's subjects, the
// stream's update, delete and purge, and a message delete; the stream is
// unchanged after.
func TestListen_Operator(t *testing.T) {
	s := openTest(t, "", listen)
	msgs := raws(s.Prefix(), "t1", "a", 3, 100)
	mustAppend(t, s, 0, msgs)
	op, err := connect(t, s, testOperatorSeed)
	if err != nil {
		t.Fatalf("operator connect: %v", err)
	}
	ctx := testCtx(t)

	// Reads.
	st, err := op.js.Stream(ctx, s.StreamName())
	if err != nil {
		t.Fatalf("stream info: %v", err)
	}
	cfg := st.CachedInfo().Config
	if m, err := st.GetMsg(ctx, 2); err != nil || m.Header.Get(jetstream.MsgIDHeader) != msgs[1].MsgID {
		t.Fatalf("get 2: %v", err)
	}
	names := op.js.StreamNames(ctx)
	var listed []string
	for n := range names.Name() {
		listed = append(listed, n)
	}
	if names.Err() != nil || len(listed) != 1 {
		t.Fatalf("stream names %v: %v", listed, names.Err())
	}
	sub, err := op.nc.SubscribeSync(s.Prefix() + ".>")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(ctx, Options{URL: s.ClientURL(), NKeySeed: testOperatorSeed, ReadOnly: true})
	if err != nil {
		t.Fatalf("operator opens the stream read-only: %v", err)
	}
	defer r.Close()
	if got := readAll(t, r); len(got) != 3 {
		t.Fatalf("operator read %d events, want 3", len(got))
	}
	mustAppend(t, s, 3, raws(s.Prefix(), "t1", "b", 1, 100))
	if m, err := sub.NextMsg(testTimeout); err != nil || m.Header.Get(jetstream.MsgIDHeader) != "b-0" {
		t.Fatalf("subscription: %v", err)
	}

	// Refusals.
	forged := events.TableSubject(s.Prefix(), "demo-1")
	op.refused(t, "publish an event", forged, func(ctx context.Context) error {
		_, err := op.js.Publish(ctx, forged, []byte(`{"type":"forged"}`))
		return err
	})
	op.refused(t, "core publish an event", forged, func(ctx context.Context) error {
		if err := op.nc.Publish(forged, []byte(`{"type":"forged"}`)); err != nil {
			return err
		}
		// A plain publish gets no answer: the refusal is the violation.
		if err := op.nc.FlushWithContext(ctx); err != nil {
			return err
		}
		return errors.New("sent")
	})
	lowered := cfg
	lowered.MaxMsgs = 1
	op.refused(t, "update the stream", "$JS.API.STREAM.UPDATE."+s.StreamName(), func(ctx context.Context) error {
		_, err := op.js.UpdateStream(ctx, lowered)
		return err
	})
	op.refused(t, "delete the stream", "$JS.API.STREAM.DELETE."+s.StreamName(), func(ctx context.Context) error {
		return op.js.DeleteStream(ctx, s.StreamName())
	})
	op.refused(t, "purge the stream", "$JS.API.STREAM.PURGE."+s.StreamName(), func(ctx context.Context) error {
		return st.Purge(ctx)
	})
	op.refused(t, "delete a message", "$JS.API.STREAM.MSG.DELETE."+s.StreamName(), func(ctx context.Context) error {
		return st.DeleteMsg(ctx, 1)
	})
	op.refused(t, "create a stream", "$JS.API.STREAM.CREATE.X", func(ctx context.Context) error {
		_, err := op.js.CreateStream(ctx, jetstream.StreamConfig{Name: "X", Subjects: []string{"x.>"}})
		return err
	})

	info, err := rawJS(t, s).Stream(ctx, s.StreamName())
	if err != nil {
		t.Fatalf("stream after the refusals: %v", err)
	}
	if got := info.CachedInfo(); got.State.Msgs != 4 || got.Config.MaxMsgs != cfg.MaxMsgs {
		t.Fatalf("stream changed: %d messages, max msgs %d", got.State.Msgs, got.Config.MaxMsgs)
	}
}

// TestListen_Admin: the admin, configured explicitly, may update and
// delete the stream (which is why it is only configured for repairs); the
// operator's refusals above come from the permissions, not the stream.
func TestListen_Admin(t *testing.T) {
	s := openTest(t, "", listen)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 2, 100))
	admin, err := connect(t, s, testAdminSeed)
	if err != nil {
		t.Fatalf("admin connect: %v", err)
	}
	ctx := testCtx(t)
	st, err := admin.js.Stream(ctx, s.StreamName())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.js.UpdateStream(ctx, st.CachedInfo().Config); err != nil {
		t.Fatalf("admin update: %v", err)
	}
	if err := admin.js.DeleteStream(ctx, s.StreamName()); err != nil {
		t.Fatalf("admin delete: %v", err)
	}
}

// TestListen_OperatorOnly: without an admin key nobody on the port may
// change the stream; the ledger (in-process) writes as before.
func TestListen_OperatorOnly(t *testing.T) {
	s := openTest(t, "", func(o *Options) { o.ListenAddr = "127.0.0.1:0"; o.OperatorNKey = testOperatorNKey })
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 2, 100))
	if _, err := connect(t, s, testAdminSeed); err == nil {
		t.Fatal("an admin key that was not configured connected")
	}
}
