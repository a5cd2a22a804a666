package jetstream

import (
	"fmt"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
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
// server, or nil for an external one.
func connectOptions(o Options, srv *server.Server, closed chan<- struct{}) ([]nats.Option, error) {
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
