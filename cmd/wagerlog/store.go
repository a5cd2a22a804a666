package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"

	"github.com/wagerlog/wagerlog/events/jetstream"
)

// storeFlags are the flags that say where the event stream lives: the
// embedded server's data directory, or an external server or cluster. Every
// command that reads or writes the stream registers them.
type storeFlags struct {
	dataDir       string
	fsync         string
	fsyncInterval time.Duration
	natsListen    string
	natsURL       string
	natsUser      string
	natsPassword  string
	natsNKey      string
	natsCreds     string
	natsCA        string
	natsCert      string
	natsKey       string
	natsInbox     string
	stream        string
	prefix        string
	replicas      int
}

// register registers every store flag, for the commands that write the
// stream or run its embedded server for others (serve, bench, stream).
func (f *storeFlags) register(fs *pflag.FlagSet) {
	f.registerRead(fs)
	fs.StringVar(&f.fsync, "fsync", "always", `embedded server fsync policy: "always" (every write, before the acknowledgement) or "interval" (explicit opt-out, see --fsync-interval)`)
	fs.DurationVar(&f.fsyncInterval, "fsync-interval", 2*time.Second, `fsync period with --fsync=interval`)
	fs.StringVar(&f.natsListen, "nats-listen", "", `address where the embedded server also accepts NATS clients (e.g. 127.0.0.1:4222); empty = in-process only`)
	fs.IntVar(&f.replicas, "replicas", 1, "stream replicas: 1 (embedded) or 3 (cluster)")
}

// registerRead registers the flags that say where the stream is and how
// to reach it: all a command that only reads the stream needs (report,
// verify, export, replay, rebuild). The writer's settings (fsync, the
// embedded server's listener, the stream's replicas) keep their defaults
// there: a reader checks no replica count and writes nothing to fsync.
func (f *storeFlags) registerRead(fs *pflag.FlagSet) {
	f.fsync, f.fsyncInterval, f.replicas = "always", 2*time.Second, 1
	fs.StringVar(&f.dataDir, "data-dir", "data", "data directory: embedded JetStream store and bbolt projections")
	fs.StringVar(&f.natsURL, "nats-url", "", "external NATS server or cluster URL(s), comma-separated; empty = embedded server")
	fs.StringVar(&f.natsUser, "nats-user", "", "NATS user name")
	fs.StringVar(&f.natsPassword, "nats-password", "", "NATS password")
	fs.StringVar(&f.natsNKey, "nats-nkey", "", "file holding an nkey seed")
	fs.StringVar(&f.natsCreds, "nats-creds", "", "NATS credentials file")
	fs.StringVar(&f.natsCA, "nats-ca", "", "CA bundle that verifies the NATS server")
	fs.StringVar(&f.natsCert, "nats-cert", "", "client certificate for mutual TLS")
	fs.StringVar(&f.natsKey, "nats-key", "", "client key for mutual TLS")
	fs.StringVar(&f.natsInbox, "nats-inbox-prefix", "", `prefix of the subjects NATS replies come back on (default "_INBOX"); set the one the server lets this user subscribe to, e.g. _INBOX_ledger (docs/CLUSTER.md)`)
	fs.StringVar(&f.stream, "stream", jetstream.DefaultStream, "JetStream stream name")
	fs.StringVar(&f.prefix, "subject-prefix", jetstream.DefaultSubjectPrefix, "subject prefix of the stream")
}

// options turns the flags into store options.
func (f *storeFlags) options(logger *slog.Logger, readOnly bool) (jetstream.Options, error) {
	o := jetstream.Options{
		URL: f.natsURL, User: f.natsUser, Password: f.natsPassword,
		NKeySeedFile: f.natsNKey, CredsFile: f.natsCreds,
		TLSCAFile: f.natsCA, TLSCertFile: f.natsCert, TLSKeyFile: f.natsKey, InboxPrefix: f.natsInbox,
		Stream: f.stream, SubjectPrefix: f.prefix, Replicas: f.replicas,
		ReadOnly: readOnly, Logger: logger, ListenAddr: f.natsListen,
	}
	if f.natsURL == "" {
		o.DataDir = f.dataDir
	}
	switch f.fsync {
	case "always":
	case "interval":
		if f.fsyncInterval <= 0 {
			return o, fmt.Errorf("--fsync-interval must be positive, got %s", f.fsyncInterval)
		}
		o.FsyncInterval = f.fsyncInterval
	default:
		return o, fmt.Errorf(`--fsync must be "always" or "interval", got %q`, f.fsync)
	}
	return o, nil
}

// open opens the event store the flags describe.
func (f *storeFlags) open(ctx context.Context, logger *slog.Logger, readOnly bool) (*jetstream.Store, error) {
	o, err := f.options(logger, readOnly)
	if err != nil {
		return nil, err
	}
	return jetstream.Open(ctx, o)
}

// projectionsPath is where the bbolt projections live in the data directory.
func (f *storeFlags) projectionsPath() string {
	return filepath.Join(f.dataDir, "projections.db")
}
