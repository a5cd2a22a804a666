package jetstream

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ServerReadyTimeout bounds how long Open waits for the embedded server to
// accept connections. Stream recovery runs before that, so a large store
// takes a while; the bound is generous.
const ServerReadyTimeout = 2 * time.Minute

// readyPollInterval is the step of the wait for the embedded server.
const readyPollInterval = 50 * time.Millisecond

// embeddedServerName names the embedded server in its logs and in the
// stream's cluster information.
const embeddedServerName = "wagerlog"

// serverOptions builds the embedded server's options from o (defaults
// applied). It is separate from startServer so tests can check them.
// ledger is the ledger's own key when the server listens (nil otherwise).
func serverOptions(o Options, ledger *ledgerKey) (*server.Options, error) {
	sopts := &server.Options{
		ServerName: embeddedServerName,
		JetStream:  true,
		// The server appends "jetstream" to StoreDir, so the store lands
		// in DataDir/jetstream.
		StoreDir: o.DataDir,
		// fsync every write before the acknowledgement, unless the
		// operator explicitly chose a periodic fsync.
		SyncAlways:   o.FsyncInterval == 0,
		SyncInterval: o.FsyncInterval,
		// The server must never catch SIGINT/SIGTERM itself: it would shut
		// down and os.Exit behind the host program's back.
		NoSigs: true,
		// Logging goes through the slog adapter set after NewServer.
		NoLog: false,
	}
	if o.ListenAddr == "" {
		sopts.DontListen = true
	} else {
		host, port, err := net.SplitHostPort(o.ListenAddr)
		if err != nil {
			return nil, fmt.Errorf("%w: listen address %q: %v", ErrInvalidOptions, o.ListenAddr, err)
		}
		p, err := strconv.Atoi(port)
		if err != nil || p < 0 || p > 65535 {
			return nil, fmt.Errorf("%w: listen port %q", ErrInvalidOptions, port)
		}
		if p == 0 {
			p = server.RANDOM_PORT
		}
		sopts.Host, sopts.Port = host, p
		if ledger == nil {
			return nil, fmt.Errorf("%w: a listening server needs the ledger's key", ErrInvalidOptions)
		}
		sopts.Nkeys = listenUsers(o, ledger)
	}
	return sopts, nil
}

// startServer starts the embedded server and waits until it accepts
// connections with JetStream enabled.
func startServer(ctx context.Context, sopts *server.Options, log *slog.Logger) (*server.Server, error) {
	srv, err := server.NewServer(sopts)
	if err != nil {
		return nil, fmt.Errorf("jetstream: embedded server: %w", err)
	}
	logger := &serverLogger{log: log}
	srv.SetLoggerV2(logger, log.Enabled(ctx, slog.LevelDebug), false, false)
	srv.Start()
	wait := ServerReadyTimeout
	if d, ok := ctx.Deadline(); ok && time.Until(d) < wait {
		wait = time.Until(d)
	}
	// A server whose JetStream failed never becomes ready: wait in short
	// steps and stop at the first fatal log.
	deadline := time.Now().Add(wait)
	for !srv.ReadyForConnections(readyPollInterval) {
		if logger.failed() || time.Now().After(deadline) {
			srv.Shutdown()
			srv.WaitForShutdown()
			if logger.failed() {
				return nil, fmt.Errorf("%w: embedded server: %s", ErrNoJetStream, logger.lastFatal())
			}
			return nil, fmt.Errorf("jetstream: embedded server not ready after %v", wait)
		}
	}
	// Start logs a failed JetStream start as "fatal" and carries on
	// without it: check explicitly.
	if !srv.JetStreamEnabled() {
		srv.Shutdown()
		srv.WaitForShutdown()
		return nil, fmt.Errorf("%w: embedded server: %s", ErrNoJetStream, logger.lastFatal())
	}
	return srv, nil
}
