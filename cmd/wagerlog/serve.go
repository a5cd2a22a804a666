package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/ledger"
)

// serveConfig is everything `wagerlog serve` is configured with.
type serveConfig struct {
	store    storeFlags
	http     string
	logLevel string
	// ready is closed-over by tests: the address the HTTP server listens on
	// once it is up.
	onListen func(addr string)
}

func (m *Main) serveCmd() *cobra.Command {
	var cfg serveConfig
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Run the ledger: embedded JetStream (or an external cluster), projections, HTTP API and dashboard",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.serve(cmd.Context(), cfg)
		},
	}
	cfg.store.register(cmd.Flags())
	cmd.Flags().StringVar(&cfg.http, "http", "127.0.0.1:8080", "HTTP listen address")
	cmd.Flags().StringVar(&cfg.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	return cmd
}

func (m *Main) logger(level string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	return slog.New(slog.NewTextHandler(m.Stderr, &slog.HandlerOptions{Level: l})), nil
}

// serve runs until ctx is cancelled (SIGINT or SIGTERM in main), then shuts
// down in order: HTTP first (no new commands), then the ledger (answers what
// it holds), then the store (drains the connection, stops the server).
func (m *Main) serve(ctx context.Context, cfg serveConfig) error {
	log, err := m.logger(cfg.logLevel)
	if err != nil {
		return err
	}
	if cfg.store.natsURL == "" {
		if err := os.MkdirAll(cfg.store.dataDir, 0o750); err != nil {
			return fmt.Errorf("data directory: %w", err)
		}
	}
	var ready atomic.Bool
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !ready.Load() {
			http.Error(w, "starting: stream not checked or state not loaded yet", http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	ln, err := net.Listen("tcp", cfg.http)
	if err != nil {
		return fmt.Errorf("http: %w", err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	httpDone := make(chan error, 1)
	go func() { httpDone <- srv.Serve(ln) }()
	log.Info("http listening", "addr", ln.Addr().String())
	if cfg.onListen != nil {
		cfg.onListen(ln.Addr().String())
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()

	store, err := cfg.store.open(ctx, log, false)
	if err != nil {
		return err
	}
	defer store.Close()
	led, err := ledger.Open(ctx, store, ledger.Options{Paytables: paytables(), Logger: log})
	if err != nil {
		return err
	}
	defer led.Close()
	ready.Store(true)
	log.Info("ready", "stream", store.StreamName(), "last_seq", led.LastSeq())

	select {
	case <-ctx.Done():
		log.Info("shutting down")
		return nil
	case err := <-httpDone:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return fmt.Errorf("http: %w", err)
	}
}
