package jetstream

import (
	"fmt"
	"strings"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Who the embedded server admits once it listens on a port. Without a
// ListenAddr it has no port and no users: only this process reaches it.
//
// With a ListenAddr anonymous clients are refused (an anonymous client could
// publish a forged event on the stream's subjects or delete the stream: the
// stream's deny-delete and deny-purge settings do not stop either). Three
// users, all by nkey, so no password travels or sits in a file the server
// reads:
//
//   - the ledger: this process's own connection, in-process only, with an
//     nkey created at each Open that never leaves the process;
//   - the operator (Options.OperatorNKey): read-only, what `nats stream ls`,
//     `info`, `get`, `view` and `nats sub` need and nothing that publishes
//     on the stream's subjects or changes the stream;
//   - the admin (Options.AdminNKey), only when configured: every right,
//     for repairs (it can update or delete the stream).

// ledgerInboxPrefix is the ledger's reply subjects on a listening embedded
// server: the operator may subscribe to _INBOX.> (the NATS CLI's replies),
// so the ledger's acknowledgements go elsewhere.
const ledgerInboxPrefix = "_INBOX_ledger"

// ValidUserNKey reports whether key is a user's public nkey (U…).
func ValidUserNKey(key string) bool { return nkeys.IsValidPublicUserKey(key) }

// NewUserNKey returns a new user nkey: its seed (secret, "SU…") and its
// public key ("U…").
func NewUserNKey() (seed, public string, err error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return "", "", fmt.Errorf("jetstream: create nkey: %w", err)
	}
	s, err := kp.Seed()
	if err != nil {
		return "", "", fmt.Errorf("jetstream: nkey seed: %w", err)
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return "", "", fmt.Errorf("jetstream: nkey public key: %w", err)
	}
	return string(s), pub, nil
}

// PublicKeyOfSeed returns the public key of a user nkey seed.
func PublicKeyOfSeed(seed string) (string, error) {
	kp, err := nkeys.FromSeed([]byte(strings.TrimSpace(seed)))
	if err != nil {
		return "", fmt.Errorf("%w: nkey seed: %v", ErrInvalidOptions, err)
	}
	pub, err := kp.PublicKey()
	if err != nil || !ValidUserNKey(pub) {
		return "", fmt.Errorf("%w: not a user nkey seed", ErrInvalidOptions)
	}
	return pub, nil
}

// operatorPermissions are the read-only operator's rights on stream (whose
// subjects are prefix.>): the JetStream API calls that read, ordered
// consumers (`nats stream view`, wagerlog's own readers), and subscribing
// to the event subjects. Everything else, publishing an event and every
// call that changes the stream in the first place, is refused by omission.
func operatorPermissions(stream, prefix string) *server.Permissions {
	api := "$JS.API."
	return &server.Permissions{
		Publish: &server.SubjectPermission{Allow: []string{
			api + "INFO",
			api + "STREAM.NAMES",
			api + "STREAM.LIST",
			api + "STREAM.INFO." + stream,
			api + "STREAM.MSG.GET." + stream,
			api + "DIRECT.GET." + stream,
			api + "DIRECT.GET." + stream + ".>",
			api + "CONSUMER.CREATE." + stream,
			api + "CONSUMER.CREATE." + stream + ".>",
			api + "CONSUMER.MSG.NEXT." + stream + ".>",
			api + "CONSUMER.INFO." + stream + ".>",
			api + "CONSUMER.DELETE." + stream + ".>",
			api + "CONSUMER.NAMES." + stream,
			api + "CONSUMER.LIST." + stream,
			// Flow control answers of push consumers (nats stream view).
			"$JS.FC." + stream + ".>",
		}},
		Subscribe: &server.SubjectPermission{Allow: []string{
			"_INBOX.>",
			prefix + ".>",
		}},
	}
}

// ledgerKey is the ledger's own nkey on a listening embedded server.
type ledgerKey struct {
	kp  nkeys.KeyPair
	pub string
}

func newLedgerKey() (*ledgerKey, error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return nil, fmt.Errorf("jetstream: ledger nkey: %w", err)
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, fmt.Errorf("jetstream: ledger nkey: %w", err)
	}
	return &ledgerKey{kp: kp, pub: pub}, nil
}

// option authenticates a connection as the ledger.
func (k *ledgerKey) option() nats.Option {
	return nats.Nkey(k.pub, k.kp.Sign)
}

// listenUsers returns the embedded server's users when it listens: the
// ledger (in-process connections only, every right), the operator and the
// admin when configured.
func listenUsers(o Options, ledger *ledgerKey) []*server.NkeyUser {
	users := []*server.NkeyUser{{
		Nkey: ledger.pub,
		// Only a connection inside this process can be the ledger, even
		// with its key.
		AllowedConnectionTypes: map[string]struct{}{jwt.ConnectionTypeInProcess: {}},
	}}
	if o.OperatorNKey != "" {
		users = append(users, &server.NkeyUser{Nkey: o.OperatorNKey, Permissions: operatorPermissions(o.Stream, o.SubjectPrefix)})
	}
	if o.AdminNKey != "" {
		users = append(users, &server.NkeyUser{Nkey: o.AdminNKey})
	}
	return users
}
