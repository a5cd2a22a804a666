package jetstream

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
)

func TestServerOptions(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		o, err := Options{DataDir: "/data"}.withDefaults()
		if err != nil {
			t.Fatal(err)
		}
		so, err := serverOptions(o, &ledgerKey{pub: testAdminNKey})
		if err != nil {
			t.Fatal(err)
		}
		if !so.NoSigs {
			t.Error("NoSigs is off: the server would catch SIGINT/SIGTERM and exit the process")
		}
		if !so.SyncAlways || so.SyncInterval != 0 {
			t.Errorf("SyncAlways %v SyncInterval %v, want fsync on every write", so.SyncAlways, so.SyncInterval)
		}
		if !so.JetStream || so.StoreDir != "/data" {
			t.Errorf("JetStream %v StoreDir %q", so.JetStream, so.StoreDir)
		}
		if !so.DontListen {
			t.Error("DontListen off without a ListenAddr")
		}
	})
	t.Run("FsyncInterval", func(t *testing.T) {
		o, _ := Options{DataDir: "/data", FsyncInterval: time.Second, ListenAddr: "127.0.0.1:4999", OperatorNKey: testOperatorNKey}.withDefaults()
		so, err := serverOptions(o, &ledgerKey{pub: testAdminNKey})
		if err != nil {
			t.Fatal(err)
		}
		if so.SyncAlways || so.SyncInterval != time.Second {
			t.Errorf("SyncAlways %v SyncInterval %v, want periodic 1s", so.SyncAlways, so.SyncInterval)
		}
		if so.DontListen || so.Host != "127.0.0.1" || so.Port != 4999 {
			t.Errorf("DontListen %v Host %q Port %d", so.DontListen, so.Host, so.Port)
		}
		if !so.NoSigs {
			t.Error("NoSigs is off")
		}
	})
	t.Run("Started", func(t *testing.T) {
		// The options the running server was built from.
		s := openTest(t, "", nil)
		if !s.sopts.NoSigs || !s.sopts.SyncAlways {
			t.Errorf("running server: NoSigs %v SyncAlways %v", s.sopts.NoSigs, s.sopts.SyncAlways)
		}
		if s.ClientURL() != "" {
			t.Errorf("ClientURL %q without a ListenAddr", s.ClientURL())
		}
	})
}

func TestOptions_Err(t *testing.T) {
	for name, o := range map[string]Options{
		"NoDataDir":       {},
		"Replicas2":       {DataDir: "d", Replicas: 2},
		"EmbeddedR3":      {DataDir: "d", Replicas: 3},
		"Wildcard":        {DataDir: "d", SubjectPrefix: "a.*"},
		"StreamName":      {DataDir: "d", Stream: "a.b"},
		"TinyDupWindow":   {DataDir: "d", Duplicates: time.Millisecond},
		"CertWithoutKey":  {URL: "nats://x", TLSCertFile: "c"},
		"NegativeFsync":   {DataDir: "d", FsyncInterval: -time.Second},
		"BadListenAddr":   {DataDir: "d", ListenAddr: "4222"},
		"NKeyAndCreds":    {URL: "nats://x", NKeySeedFile: "a", CredsFile: "b"},
		"NegativeMaxSize": {DataDir: "d", MaxBytes: -5},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Open(testCtx(t), o); !errors.Is(err, ErrInvalidOptions) {
				t.Fatalf("Open: %v, want ErrInvalidOptions", err)
			}
		})
	}
}

func TestOpen_StoreInDataDir(t *testing.T) {
	dir := t.TempDir()
	s := openTest(t, dir, nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
	if fi, err := os.Stat(filepath.Join(dir, "jetstream")); err != nil || !fi.IsDir() {
		t.Fatalf("DataDir/jetstream: %v", err)
	}
}

func TestOpen_JetStreamFailureIsAnError(t *testing.T) {
	// A data directory that is a regular file: JetStream cannot create
	// its store there. The server logs that as fatal and would otherwise
	// run on without JetStream.
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(testCtx(t), Options{DataDir: file})
	if !errors.Is(err, ErrNoJetStream) {
		t.Fatalf("Open: %v, want ErrNoJetStream", err)
	}
}

func TestOpen_Durability(t *testing.T) {
	dir := t.TempDir()
	s := openTest(t, dir, nil)
	want := raws(s.Prefix(), "t1", "a", 50, 400)
	mustAppend(t, s, 0, want[:20])
	mustAppend(t, s, 20, want[20:])
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := s.LastSeq(testCtx(t)); !errors.Is(err, ErrClosed) {
		t.Fatalf("LastSeq after Close: %v, want ErrClosed", err)
	}

	s2 := openTest(t, dir, nil)
	got := readAll(t, s2)
	if len(got) != len(want) {
		t.Fatalf("read %d events after reopen, want %d", len(got), len(want))
	}
	for i, g := range got {
		w := want[i]
		if g.Seq != uint64(i+1) || g.MsgID != w.MsgID || g.Subject != w.Subject || !bytes.Equal(g.Data, w.Data) {
			t.Fatalf("event %d: got seq %d id %q subject %q, want seq %d id %q subject %q (data equal %v)",
				i, g.Seq, g.MsgID, g.Subject, i+1, w.MsgID, w.Subject, bytes.Equal(g.Data, w.Data))
		}
		if g.Stored.IsZero() {
			t.Fatalf("event %d: no stored time", i)
		}
	}
	// The writer carries on where it stopped.
	mustAppend(t, s2, 50, raws(s2.Prefix(), "t1", "b", 1, 400))
}

func TestOpen_ContradictingSettings(t *testing.T) {
	dir := t.TempDir()
	s := openTest(t, dir, func(o *Options) { o.Stream = "OTHER"; o.SubjectPrefix = "other"; listen(o) })
	js := rawJS(t, s)
	bad := jetstream.StreamConfig{
		Name:       "WAGERLOG",
		Subjects:   []string{"wagerlog.>"},
		Storage:    jetstream.FileStorage,
		Retention:  jetstream.LimitsPolicy,
		Discard:    jetstream.DiscardOld,
		MaxAge:     time.Hour,
		DenyDelete: false,
		DenyPurge:  false,
	}
	if _, err := js.CreateStream(testCtx(t), bad); err != nil {
		t.Fatal(err)
	}

	for _, readOnly := range []bool{false, true} {
		_, err := Open(testCtx(t), Options{URL: s.ClientURL(), NKeySeed: testAdminSeed, ReadOnly: readOnly})
		var se *SettingsError
		if !errors.As(err, &se) || !errors.Is(err, ErrStreamSettings) {
			t.Fatalf("ReadOnly %v: Open: %v, want a *SettingsError", readOnly, err)
		}
		msg := err.Error()
		for _, want := range []string{"discard policy", "max age", "deny delete", "deny purge", "direct get"} {
			if !strings.Contains(msg, want) {
				t.Errorf("ReadOnly %v: error %q does not mention %q", readOnly, msg, want)
			}
		}
		if strings.Contains(msg, "atomic publish") == readOnly {
			t.Errorf("ReadOnly %v: atomic publish mentioned: %v, want %v", readOnly, !readOnly, !readOnly)
		}
	}
	st, err := js.Stream(testCtx(t), "WAGERLOG")
	if err != nil {
		t.Fatal(err)
	}
	cfg := st.CachedInfo().Config
	if cfg.Discard != jetstream.DiscardOld || cfg.MaxAge != time.Hour || cfg.DenyDelete || cfg.DenyPurge || cfg.AllowAtomicPublish {
		t.Fatalf("stream changed by Open: %+v", cfg)
	}
}

func TestOpen_ReadOnly(t *testing.T) {
	t.Run("ErrNoStream", func(t *testing.T) {
		s := openTest(t, "", func(o *Options) { o.Stream = "OTHER"; o.SubjectPrefix = "other"; listen(o) })
		_, err := Open(testCtx(t), Options{URL: s.ClientURL(), NKeySeed: testAdminSeed, ReadOnly: true})
		if !errors.Is(err, ErrNoStream) {
			t.Fatalf("Open: %v, want ErrNoStream", err)
		}
	})
	t.Run("OK", func(t *testing.T) {
		s := openTest(t, "", listen)
		mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 5, 100))
		r, err := Open(testCtx(t), Options{URL: s.ClientURL(), NKeySeed: testOperatorSeed, ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		if got := readAll(t, r); len(got) != 5 {
			t.Fatalf("reader read %d events, want 5", len(got))
		}
	})
}

func TestOpen_ExternalNKey(t *testing.T) {
	// An external server (not a Store's) that only admits one nkey user.
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := kp.PublicKey()
	seed, _ := kp.Seed()
	seedFile := filepath.Join(t.TempDir(), "user.nk")
	if err := os.WriteFile(seedFile, seed, 0o600); err != nil {
		t.Fatal(err)
	}
	srv, err := server.NewServer(&server.Options{
		Host: "127.0.0.1", Port: server.RANDOM_PORT, NoSigs: true,
		JetStream: true, StoreDir: t.TempDir(), SyncAlways: true,
		Nkeys: []*server.NkeyUser{{Nkey: pub}},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Start()
	t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("external server not ready")
	}
	if _, err := Open(testCtx(t), Options{URL: srv.ClientURL()}); err == nil {
		t.Fatal("connected without the nkey")
	}
	s, err := Open(testCtx(t), Options{URL: srv.ClientURL(), NKeySeedFile: seedFile})
	if err != nil {
		t.Fatalf("with the nkey: %v", err)
	}
	defer s.Close()
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
	if s.ClientURL() != "" {
		t.Fatalf("ClientURL %q for an external server", s.ClientURL())
	}
}
