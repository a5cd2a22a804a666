package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
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
	natsPassFile  string
	natsNKey      string
	natsOperator  string
	natsAdmin     string
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
	fs.StringVar(&f.natsListen, "nats-listen", "", `address where the embedded server also accepts NATS clients (e.g. 127.0.0.1:4222), only the operator's and admin's nkeys (create them with wagerlog nats init); empty = in-process only`)
	fs.StringVar(&f.natsOperator, "nats-operator-nkey", "", "public nkey (U...) of the read-only operator the --nats-listen port admits (default: the one of <data-dir>/nats/operator.nk)")
	fs.StringVar(&f.natsAdmin, "nats-admin-nkey", "", "public nkey (U...) of an admin the --nats-listen port admits with every right, the stream's update and delete included (default: <data-dir>/nats/admin.pub when present); for repairs only")
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
	fs.StringVar(&f.natsPassword, "nats-password", "", "NATS password (every local user sees it in the process list: prefer --nats-password-file or $"+envNATSPassword+")")
	fs.StringVar(&f.natsPassFile, "nats-password-file", "", "file holding the NATS password (mode 0600)")
	fs.StringVar(&f.natsNKey, "nats-nkey", "", "file holding an nkey seed (mode 0600; or the seed in $"+envNATSNKeySeed+")")
	fs.StringVar(&f.natsCreds, "nats-creds", "", "NATS credentials file")
	fs.StringVar(&f.natsCA, "nats-ca", "", "CA bundle that verifies the NATS server")
	fs.StringVar(&f.natsCert, "nats-cert", "", "client certificate for mutual TLS")
	fs.StringVar(&f.natsKey, "nats-key", "", "client key for mutual TLS")
	fs.StringVar(&f.natsInbox, "nats-inbox-prefix", "", `prefix of the subjects NATS replies come back on (default "_INBOX"); set the one the server lets this user subscribe to, e.g. _INBOX_ledger (docs/CLUSTER.md)`)
	fs.StringVar(&f.stream, "stream", jetstream.DefaultStream, "JetStream stream name")
	fs.StringVar(&f.prefix, "subject-prefix", jetstream.DefaultSubjectPrefix, "subject prefix of the stream")
}

// Environment variables that carry secrets, so that they never need to be
// on the command line, where every local user sees them.
const (
	// envNATSPassword is the NATS password when neither --nats-password
	// nor --nats-password-file is given.
	envNATSPassword = "WAGERLOG_NATS_PASSWORD"
	// envNATSNKeySeed is an nkey seed when --nats-nkey is not given.
	envNATSNKeySeed = "WAGERLOG_NATS_NKEY_SEED"
)

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
	if err := f.secrets(&o); err != nil {
		return o, err
	}
	if f.natsURL == "" && f.natsListen != "" {
		if err := f.listenUsers(&o); err != nil {
			return o, err
		}
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

// secrets fills in the password and the nkey seed from a file or the
// environment, refusing a secret file others may read.
func (f *storeFlags) secrets(o *jetstream.Options) error {
	if f.natsPassFile != "" {
		if f.natsPassword != "" {
			return errors.New("give --nats-password or --nats-password-file, not both")
		}
		b, err := readSecretFile(f.natsPassFile)
		if err != nil {
			return fmt.Errorf("--nats-password-file: %w", err)
		}
		o.Password = strings.TrimRight(string(b), "\r\n")
	} else if o.Password == "" {
		o.Password = os.Getenv(envNATSPassword)
	}
	if f.natsNKey != "" {
		if err := checkSecretMode(f.natsNKey); err != nil {
			return fmt.Errorf("--nats-nkey: %w", err)
		}
	} else if f.natsCreds == "" {
		o.NKeySeed = os.Getenv(envNATSNKeySeed)
	}
	if f.natsCreds != "" {
		if err := checkSecretMode(f.natsCreds); err != nil {
			return fmt.Errorf("--nats-creds: %w", err)
		}
	}
	if f.natsURL == "" {
		// The embedded server authenticates nobody by password: its port
		// takes nkeys. Credentials from the environment are for clients.
		o.Password, o.NKeySeed = "", ""
	}
	return nil
}

// listenUsers sets the nkeys the embedded server's port admits: the flags,
// else the ones `wagerlog nats init` left in the data directory.
func (f *storeFlags) listenUsers(o *jetstream.Options) error {
	o.OperatorNKey, o.AdminNKey = f.natsOperator, f.natsAdmin
	dir := natsAuthDir(f.dataDir)
	if o.OperatorNKey == "" {
		pub, err := operatorPublicKey(dir)
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		o.OperatorNKey = pub
	}
	if o.AdminNKey == "" {
		b, err := os.ReadFile(filepath.Join(dir, adminPubFile))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		o.AdminNKey = strings.TrimSpace(string(b))
	}
	if o.OperatorNKey == "" && o.AdminNKey == "" {
		return fmt.Errorf("--nats-listen %s would admit anonymous NATS clients, who could forge events or delete the stream: create the read-only operator's nkey first with `wagerlog nats init --data-dir %s` (or give --nats-operator-nkey); docs/OPERATIONS.md, Security", f.natsListen, f.dataDir)
	}
	return nil
}

// openedStore is an open event store and, for the embedded one, the lock
// on its data directory, released when the store is closed.
type openedStore struct {
	*jetstream.Store
	lock *fileLock
}

// Close closes the store, then releases the data directory.
func (s *openedStore) Close() error {
	err := s.Store.Close()
	s.lock.unlock()
	return err
}

// open opens the event store the flags describe for command (named in the
// data directory's lock). The embedded store is opened under the data
// directory's lock: a second process on the same directory is refused with
// the first one's name, instead of opening the live store a second time.
func (f *storeFlags) open(ctx context.Context, command string, logger *slog.Logger, readOnly bool) (*openedStore, error) {
	o, err := f.options(logger, readOnly)
	if err != nil {
		return nil, err
	}
	var lock *fileLock
	if f.natsURL == "" {
		if lock, err = lockDataDir(f.dataDir, command); err != nil {
			return nil, err
		}
	}
	s, err := jetstream.Open(ctx, o)
	if err != nil {
		lock.unlock()
		return nil, err
	}
	return &openedStore{Store: s, lock: lock}, nil
}

// projectionsPath is where the bbolt projections live in the data directory.
func (f *storeFlags) projectionsPath() string {
	return filepath.Join(f.dataDir, "projections.db")
}
