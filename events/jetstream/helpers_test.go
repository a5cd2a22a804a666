package jetstream

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// The nkeys of the tests' listening servers: an admin (every right) and the
// read-only operator.
const (
	testAdminSeed    = "SUAHNTIEY7HUCRIW5XBRZPNXJK2PDN6WYACYJ4UMHCPKYDABLPJPBO4YSE"
	testAdminNKey    = "UCRNTV5URMVHPMW7P4O5WLAPFVCQZ6NE6KWB3AQ3LGM7NABR4NM2Y4E3"
	testOperatorSeed = "SUADBSA42G5MRNA5RWIMRG2HKW7LQ3BBANTMKJZMDNVOTHF76P5RY26XTQ"
	testOperatorNKey = "UC4GY4KLV237F2GJ3BOM4AI3NSOLTPCMAGXM3UU3XDFKJS5SJYQRLZSP"
)

// listen makes an embedded store listen on a free loopback port and admit
// the test admin and operator.
func listen(o *Options) {
	o.ListenAddr = "127.0.0.1:0"
	o.AdminNKey, o.OperatorNKey = testAdminNKey, testOperatorNKey
}

// asAdmin returns options that connect to s's listener as the test admin.
func asAdmin(s *Store) Options {
	return Options{URL: s.ClientURL(), NKeySeed: testAdminSeed}
}

// testTimeout bounds every test's context.
const testTimeout = 30 * time.Second

// testCtx returns a context that ends with the test or after testTimeout.
func testCtx(tb testing.TB) context.Context {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	tb.Cleanup(cancel)
	return ctx
}

// testLogger logs warnings and errors to the test's output when -v is set.
func testLogger(tb testing.TB) *slog.Logger {
	if !testing.Verbose() {
		return nil
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// openTest opens an embedded store in dir (a fresh temp dir when empty),
// applying mod to the options, and closes it at the end of the test.
func openTest(tb testing.TB, dir string, mod func(*Options)) *Store {
	tb.Helper()
	if dir == "" {
		dir = tb.TempDir()
	}
	o := Options{DataDir: dir, Logger: testLogger(tb)}
	if mod != nil {
		mod(&o)
	}
	s, err := Open(testCtx(tb), o)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// raws returns n events for table, of about size bytes each, with message
// ids "<tag>-<i>" (i from 0).
func raws(prefix, table, tag string, n, size int) []events.Raw {
	out := make([]events.Raw, n)
	for i := range out {
		data := fmt.Appendf(nil, `{"tag":%q,"i":%d,"pad":"`, tag, i)
		for len(data) < size-2 {
			data = append(data, byte('a'+i%26))
		}
		data = append(data, `"}`...)
		out[i] = events.Raw{
			Subject: events.TableSubject(prefix, table),
			MsgID:   fmt.Sprintf("%s-%d", tag, i),
			Data:    data,
		}
	}
	return out
}

// readAll returns every event of the stream.
func readAll(tb testing.TB, s *Store) []events.Raw {
	tb.Helper()
	var got []events.Raw
	if err := s.Read(testCtx(tb), 1, 0, func(r events.Raw) error {
		got = append(got, r)
		return nil
	}); err != nil {
		tb.Fatalf("Read: %v", err)
	}
	return got
}

// rawJS connects a plain nats.go client to the store's embedded server, to
// act on the stream behind the Store's back.
func rawJS(tb testing.TB, s *Store) jetstream.JetStream {
	tb.Helper()
	opts := []nats.Option{nats.InProcessServer(s.srv)}
	if s.ledger != nil {
		// A listening server admits nobody anonymously, even in-process.
		opts = append(opts, s.ledger.option())
	}
	nc, err := nats.Connect("", opts...)
	if err != nil {
		tb.Fatalf("connect: %v", err)
	}
	tb.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		tb.Fatalf("jetstream: %v", err)
	}
	return js
}

// mustAppend appends msgs after expect and checks the first sequence.
func mustAppend(tb testing.TB, s *Store, expect uint64, msgs []events.Raw) uint64 {
	tb.Helper()
	first, err := s.Append(testCtx(tb), expect, msgs)
	if err != nil {
		tb.Fatalf("Append(%d, %d events): %v", expect, len(msgs), err)
	}
	if first != expect+1 {
		tb.Fatalf("Append(%d): first %d, want %d", expect, first, expect+1)
	}
	return first
}

// lastSeq returns the stream's last sequence.
func lastSeq(tb testing.TB, s *Store) uint64 {
	tb.Helper()
	last, err := s.LastSeq(testCtx(tb))
	if err != nil {
		tb.Fatalf("LastSeq: %v", err)
	}
	return last
}

// waitConsumers waits up to 10 s for the stream to have n consumers.
func waitConsumers(tb testing.TB, s *Store, n int) {
	tb.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		info, err := s.stream.Info(testCtx(tb))
		if err != nil {
			tb.Fatal(err)
		}
		if info.State.Consumers == n {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%d consumers after 10 s, want %d", info.State.Consumers, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
