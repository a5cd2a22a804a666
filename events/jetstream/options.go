package jetstream

import (
	"fmt"
	"log/slog"
	"net"
	"regexp"
	"time"
)

// Defaults applied by Open to zero Options fields.
const (
	// DefaultStream is the stream name used when Options.Stream is empty.
	DefaultStream = "WAGERLOG"
	// DefaultSubjectPrefix is the subject prefix used when
	// Options.SubjectPrefix is empty.
	DefaultSubjectPrefix = "wagerlog"
	// DefaultDuplicates is the deduplication window used when
	// Options.Duplicates is zero. It is sized for the retry horizon: it
	// must outlast any resend of a batch, and only Append resends one
	// (same message ids); every later attempt of a command is decided
	// again, with new events, and its idempotency is the ledger's (keys
	// kept 24 hours). Append's attempts span at most AppendRetryHorizon
	// (28.75 s, a cluster's election of 4-9 s included), so 30 s. The
	// window costs twice per event written in it: the server keeps every
	// message id of the window in memory (wagerlog bench: about 200 MB for
	// a million events in a ten-minute window), and a restarted server
	// reads every message of the window back to rebuild it before the
	// stream is ready (nats-server rebuildDedupe: about 1 s per 100,000
	// events on the loaded 2-core machine) — so both scale with the
	// rate of writes times the window, never with history. The window of
	// a stream is set when it is created; a stream created with the
	// earlier default (two minutes) keeps it.
	DefaultDuplicates = 30 * time.Second
)

// Options configures Open. The zero value is not usable: set DataDir for
// the embedded server, or URL for an external server or cluster.
type Options struct {
	// DataDir is the embedded server's data directory; the JetStream store
	// goes in DataDir/jetstream. Used when URL is empty.
	DataDir string
	// FsyncInterval 0 (the default) makes the embedded server fsync every
	// write before acknowledging it. A positive value fsyncs periodically
	// instead: an explicit opt-out that can lose acknowledged events when
	// the machine (not just the process) crashes.
	FsyncInterval time.Duration
	// ListenAddr is where the embedded server accepts clients, e.g.
	// "127.0.0.1:4222" ("127.0.0.1:0" picks a free port). Empty means
	// in-process only: the server opens no port at all. A listening server
	// admits only the users below (auth.go): Open refuses a ListenAddr
	// without OperatorNKey or AdminNKey.
	ListenAddr string
	// OperatorNKey is the public nkey (U…) of the read-only operator the
	// embedded server admits on ListenAddr: stream info, get, view and
	// subscribe; no publish on the stream's subjects, no stream update or
	// delete.
	OperatorNKey string
	// AdminNKey, when set, is the public nkey of an admin the embedded
	// server admits on ListenAddr with every right, the stream's update and
	// delete included. Leave it empty unless a repair needs it.
	AdminNKey string

	// URL selects an external server or cluster (comma-separated URLs)
	// instead of the embedded server.
	URL string
	// User and Password authenticate to the external server (URL).
	User, Password string
	// NKeySeedFile is a file holding an nkey seed to authenticate with.
	NKeySeedFile string
	// NKeySeed is an nkey seed ("SU…") to authenticate with, for a seed
	// taken from the environment rather than a file.
	NKeySeed string
	// CredsFile is a NATS credentials file (user JWT and seed).
	CredsFile string
	// TLSCAFile is the CA bundle that verifies the server's certificate.
	TLSCAFile string
	// TLSCertFile and TLSKeyFile are the client certificate and key for
	// mutual TLS.
	TLSCertFile, TLSKeyFile string
	// InboxPrefix replaces "_INBOX" as the prefix of the subjects that
	// replies (acknowledgements, consumer deliveries) come back on, so an
	// external server can let each user subscribe to its own replies and
	// no one else's (docs/cluster/accounts.conf). Empty means "_INBOX".
	InboxPrefix string

	// Stream is the stream name; default DefaultStream.
	Stream string
	// SubjectPrefix is the subject prefix; the stream holds <prefix>.>
	// (see events.TableSubject and friends). Default DefaultSubjectPrefix.
	SubjectPrefix string
	// Replicas is 1 (the default) or 3 (an external cluster).
	Replicas int
	// Duplicates is the deduplication window; default DefaultDuplicates.
	Duplicates time.Duration
	// MaxBytes limits the stream's size when Open creates it; 0 or -1
	// means unlimited (the server's store limit still applies). A full
	// stream refuses writes; it never evicts history.
	MaxBytes int64
	// ReadOnly makes Open only check that the stream exists with safe
	// settings; it never creates it. Append still works if the server
	// lets this user publish, so readers should also lack the permission.
	ReadOnly bool
	// Logger receives the embedded server's log and the client's
	// asynchronous errors; nil discards them.
	Logger *slog.Logger
}

// tokenPattern matches a subject prefix made of literal tokens.
var tokenPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$`)

// streamPattern matches a valid stream name.
var streamPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,255}$`)

// withDefaults returns opts with defaults applied, or an error wrapping
// ErrInvalidOptions.
func (o Options) withDefaults() (Options, error) {
	if o.Stream == "" {
		o.Stream = DefaultStream
	}
	if o.SubjectPrefix == "" {
		o.SubjectPrefix = DefaultSubjectPrefix
	}
	if o.Replicas == 0 {
		o.Replicas = 1
	}
	if o.Duplicates == 0 {
		o.Duplicates = DefaultDuplicates
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = -1
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	bad := func(format string, args ...any) (Options, error) {
		return Options{}, fmt.Errorf("%w: "+format, append([]any{ErrInvalidOptions}, args...)...)
	}
	switch {
	case !streamPattern.MatchString(o.Stream):
		return bad("stream name %q", o.Stream)
	case !tokenPattern.MatchString(o.SubjectPrefix):
		return bad("subject prefix %q: literal dot-separated tokens only", o.SubjectPrefix)
	case o.Replicas != 1 && o.Replicas != 3:
		return bad("replicas %d: must be 1 or 3", o.Replicas)
	case o.Duplicates < 100*time.Millisecond:
		return bad("duplicate window %v: at least 100ms", o.Duplicates)
	case o.MaxBytes < -1:
		return bad("max bytes %d", o.MaxBytes)
	case o.FsyncInterval < 0:
		return bad("fsync interval %v", o.FsyncInterval)
	case o.URL == "" && o.DataDir == "":
		return bad("the embedded server needs a data directory")
	case o.URL == "" && o.Replicas != 1:
		return bad("the embedded server is a single node: replicas must be 1")
	case (o.TLSCertFile == "") != (o.TLSKeyFile == ""):
		return bad("TLS client certificate and key go together")
	case o.InboxPrefix != "" && !tokenPattern.MatchString(o.InboxPrefix):
		return bad("inbox prefix %q: literal dot-separated tokens only", o.InboxPrefix)
	case o.NKeySeedFile != "" && o.CredsFile != "", o.NKeySeed != "" && (o.NKeySeedFile != "" || o.CredsFile != ""):
		return bad("an nkey seed, an nkey seed file and a creds file exclude each other")
	case o.URL == "" && (o.User != "" || o.Password != "" || o.NKeySeedFile != "" || o.NKeySeed != "" || o.CredsFile != ""):
		return bad("credentials authenticate to an external server (URL); the embedded server's clients are OperatorNKey and AdminNKey")
	case o.URL == "" && o.ListenAddr != "" && o.OperatorNKey == "" && o.AdminNKey == "":
		return bad("%w: listen address %q: the embedded server would admit anonymous clients, who could forge events or delete the stream; configure the read-only operator's nkey (OperatorNKey) or an admin's", ErrListenWithoutAuth, o.ListenAddr)
	case o.OperatorNKey != "" && !ValidUserNKey(o.OperatorNKey):
		return bad("operator nkey %q: not a user's public nkey (U…)", o.OperatorNKey)
	case o.AdminNKey != "" && !ValidUserNKey(o.AdminNKey):
		return bad("admin nkey %q: not a user's public nkey (U…)", o.AdminNKey)
	case o.OperatorNKey != "" && o.OperatorNKey == o.AdminNKey:
		return bad("the operator and the admin need different nkeys")
	}
	if o.URL == "" && o.ListenAddr != "" {
		if _, _, err := net.SplitHostPort(o.ListenAddr); err != nil {
			return bad("listen address %q: %v", o.ListenAddr, err)
		}
	}
	return o, nil
}
