package jetstream

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Store is wagerlog's event log on a JetStream stream: an embedded server
// or a connection to an external one, and the stream checked at Open. Its
// methods are safe for concurrent use.
type Store struct {
	opts  Options
	srv   *server.Server  // the embedded server, nil with an external one
	sopts *server.Options // the embedded server's options, nil otherwise
	// ledger is this process's key on a listening embedded server.
	ledger *ledgerKey
	nc     *nats.Conn
	js     jetstream.JetStream
	stream jetstream.Stream
	// openCfg is the stream's settings as Open checked them; Check
	// reports changes from them.
	openCfg jetstream.StreamConfig
	// msgSizeMax is the largest message (headers and data) the server and
	// the stream accept, so Append can refuse an oversized event before
	// sending anything.
	msgSizeMax int64

	// deletes tracks the deletions of finished reads' consumers, which
	// run after the read has returned its answer (deleteLater); Close
	// waits for them.
	deletes struct {
		mu      sync.Mutex
		closing bool
		wg      sync.WaitGroup
	}

	closed    chan struct{} // closed when the connection is closed
	isClosed  atomic.Bool
	closeOnce sync.Once
	closeErr  error
}

// Open starts the embedded server (opts.URL empty) or connects to the
// external one, then creates the stream or checks it. A stream whose
// settings contradict the ledger's needs is reported with a *SettingsError
// and left unchanged. ctx bounds the start-up, not the Store's life.
func Open(ctx context.Context, opts Options) (*Store, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Store{opts: o, closed: make(chan struct{})}
	url := o.URL
	if url == "" {
		if o.ListenAddr != "" {
			if s.ledger, err = newLedgerKey(); err != nil {
				return nil, err
			}
		}
		s.sopts, err = serverOptions(o, s.ledger)
		if err != nil {
			return nil, err
		}
		if s.srv, err = startServer(ctx, s.sopts, o.Logger); err != nil {
			return nil, err
		}
	}
	copts, err := connectOptions(o, s.srv, s.ledger, s.closed)
	if err != nil {
		s.shutdownServer()
		return nil, err
	}
	if s.nc, err = nats.Connect(url, copts...); err != nil {
		s.shutdownServer()
		return nil, fmt.Errorf("jetstream: connect: %w", err)
	}
	if s.js, err = jetstream.New(s.nc); err != nil {
		_ = s.Close()
		return nil, fmt.Errorf("jetstream: %w", err)
	}
	if s.stream, err = ensureStream(ctx, s.js, o); err != nil {
		_ = s.Close()
		return nil, err
	}
	s.openCfg = s.stream.CachedInfo().Config
	s.msgSizeMax = s.nc.MaxPayload()
	if m := int64(s.stream.CachedInfo().Config.MaxMsgSize); m > 0 && m < s.msgSizeMax {
		s.msgSizeMax = m
	}
	return s, nil
}

// Close drains the connection (letting in-flight requests finish), then
// shuts the embedded server down and waits for it. Calling it again does
// nothing and returns the first result.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.isClosed.Store(true)
		s.deletes.mu.Lock()
		s.deletes.closing = true
		s.deletes.mu.Unlock()
		s.deletes.wg.Wait()
		if err := s.nc.Drain(); err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
			s.closeErr = fmt.Errorf("jetstream: drain: %w", err)
			s.nc.Close()
		}
		select {
		case <-s.closed:
		case <-time.After(drainTimeout + time.Second):
			s.nc.Close()
		}
		s.shutdownServer()
	})
	return s.closeErr
}

func (s *Store) shutdownServer() {
	if s.srv != nil {
		s.srv.Shutdown()
		s.srv.WaitForShutdown()
	}
}

// Prefix returns the subject prefix of the stream's subjects.
func (s *Store) Prefix() string { return s.opts.SubjectPrefix }

// StreamName returns the stream's name.
func (s *Store) StreamName() string { return s.opts.Stream }

// ClientURL returns the URL clients can reach the embedded server at, or ""
// when it does not listen (or the Store uses an external server).
func (s *Store) ClientURL() string {
	if s.srv == nil || s.sopts.DontListen {
		return ""
	}
	return s.srv.ClientURL()
}

// LastSeq returns the stream's last sequence (0 when it is empty), as the
// stream leader knows it.
func (s *Store) LastSeq(ctx context.Context) (uint64, error) {
	if s.isClosed.Load() {
		return 0, ErrClosed
	}
	info, err := s.stream.Info(ctx)
	if err != nil {
		return 0, fmt.Errorf("jetstream: stream info: %w", err)
	}
	return info.State.LastSeq, nil
}
