package jetstream

import (
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// Connection settings.
const (
	// connectTimeout bounds the initial connection to an external server.
	connectTimeout = 10 * time.Second
	// reconnectWait is the pause between reconnection attempts.
	reconnectWait = 500 * time.Millisecond
	// drainTimeout bounds Close's drain of the connection.
	drainTimeout = 10 * time.Second
	// clientName identifies wagerlog's connections in the server's
	// monitoring.
	clientName = "wagerlog"
)

// connectOptions returns the nats.go options for o. srv is the embedded
// server, or nil for an external one; ledger is the ledger's key on a
// listening embedded server.
func connectOptions(o Options, srv *server.Server, ledger *ledgerKey, closed chan<- struct{}) ([]nats.Option, error) {
	log := o.Logger
	opts := []nats.Option{
		nats.Name(clientName),
		// Keep reconnecting for as long as the store is open: the ledger
		// sees timeouts (and retries) rather than a dead connection.
		nats.MaxReconnects(-1),
		nats.ReconnectWait(reconnectWait),
		nats.Timeout(connectTimeout),
		nats.DrainTimeout(drainTimeout),
		nats.ClosedHandler(func(*nats.Conn) { close(closed) }),
		nats.ErrorHandler(func(_ *nats.Conn, sub *nats.Subscription, err error) {
			subj := ""
			if sub != nil {
				subj = sub.Subject
			}
			log.Warn("nats async error", "subject", subj, "err", err)
		}),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("nats disconnected", "err", err)
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			log.Info("nats reconnected", "url", nc.ConnectedUrlRedacted())
		}),
	}
	if srv != nil {
		opts = append(opts, nats.InProcessServer(srv))
	}
	if ledger != nil {
		opts = append(opts, ledger.option())
		if o.InboxPrefix == "" {
			o.InboxPrefix = ledgerInboxPrefix
		}
	}
	if o.User != "" {
		opts = append(opts, nats.UserInfo(o.User, o.Password))
	}
	if o.NKeySeedFile != "" {
		opt, err := nats.NkeyOptionFromSeed(o.NKeySeedFile)
		if err != nil {
			return nil, fmt.Errorf("%w: nkey seed file: %v", ErrInvalidOptions, err)
		}
		opts = append(opts, opt)
	}
	if o.NKeySeed != "" {
		opt, err := nkeyOptionFromSeed(o.NKeySeed)
		if err != nil {
			return nil, err
		}
		opts = append(opts, opt)
	}
	if o.CredsFile != "" {
		opts = append(opts, nats.UserCredentials(o.CredsFile))
	}
	if o.InboxPrefix != "" {
		opts = append(opts, nats.CustomInboxPrefix(o.InboxPrefix))
	}
	if o.TLSCAFile != "" {
		opts = append(opts, nats.RootCAs(o.TLSCAFile))
	}
	if o.TLSCertFile != "" {
		opts = append(opts, nats.ClientCert(o.TLSCertFile, o.TLSKeyFile))
	}
	return opts, nil
}

// nkeyOptionFromSeed authenticates with a seed held in memory (nats.go only
// reads seeds from files).
func nkeyOptionFromSeed(seed string) (nats.Option, error) {
	kp, err := nkeys.FromSeed([]byte(strings.TrimSpace(seed)))
	if err != nil {
		return nil, fmt.Errorf("%w: nkey seed: %v", ErrInvalidOptions, err)
	}
	pub, err := kp.PublicKey()
	if err != nil {
		return nil, fmt.Errorf("%w: nkey seed: %v", ErrInvalidOptions, err)
	}
	return nats.Nkey(pub, kp.Sign), nil
}
