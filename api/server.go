package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// Limits of the API.
const (
	// RequestBytesMax bounds a request body; a slip of BetsPerSlipMax bets
	// takes about 8 KiB.
	RequestBytesMax = 64 << 10
	// MinSeqWaitMax is the longest a read waits for the projections to
	// reach its min_seq before answering projection_lag.
	MinSeqWaitMax = 5 * time.Second
	// CommandTimeout bounds how long a write waits for the ledger.
	CommandTimeout = 30 * time.Second
	// StreamsMax bounds the live board streams served at once.
	StreamsMax = 1000
	// DefaultHeartbeat is how often a live stream sends a comment line, so
	// that proxies keep it open and a dead client is noticed.
	DefaultHeartbeat = 15 * time.Second
	// PageLimitDefault is the page size when a request names none.
	PageLimitDefault = 50
	// PageLimitMax is the largest page a request may ask for (the
	// projections' own bound).
	PageLimitMax = projections.PageLimitMax
)

// Ledger is the writer the API sends commands to; *ledger.Ledger
// implements it.
type Ledger interface {
	Execute(ctx context.Context, c ledger.Command) (ledger.Result, error)
	// LastSeq is the last stream sequence the ledger has applied.
	LastSeq() uint64
}

// Auditor replays disputed rounds, verifies the stream and renders
// reports. Package audit and replay implement it; while none is
// configured, the audit and report endpoints answer not_implemented.
type Auditor interface {
	// ReplayRound returns the replay of one round: its events, each bet
	// re-settled and compared with what was recorded.
	ReplayRound(ctx context.Context, round string) (*replay.RoundReplay, error)
	// Verify checks the chain and the invariants over from..to (0 = last).
	Verify(ctx context.Context, from, to uint64) (*audit.VerifyReport, error)
	// Report renders a report of kind with params, in the content type it
	// returns.
	Report(ctx context.Context, kind string, params map[string][]string) (contentType string, body []byte, err error)
}

// Config configures a Server.
type Config struct {
	// Ledger executes the commands. Required unless ReadOnly.
	Ledger Ledger
	// ReadOnly makes the server a read replica (wagerlog serve
	// --read-only): every write route answers read_only (403) without
	// reaching a ledger, and Ledger may be nil. Reads, the live board,
	// audit and reports are served from Views and Auditor as usual.
	ReadOnly bool
	// Views answers the reads from the projections. Required.
	Views Views
	// Tokens admits callers; nil admits nobody to non-public routes.
	Tokens *Tokens
	// PublicBoard lets anyone read the board without a token.
	PublicBoard bool
	// Logger receives request errors and panics; nil discards them.
	Logger *slog.Logger
	// Dashboard, when set, serves every GET path outside the API (mounted
	// at /).
	Dashboard http.Handler
	// Ready reports whether the server is ready for traffic; nil means
	// always ready.
	Ready func() error
	// Auditor serves replay, verify and reports; nil answers
	// not_implemented.
	Auditor Auditor
	// Lag reports how far the projector is behind the stream, for the
	// metrics; nil omits those gauges.
	Lag func() projections.Lag
	// Handoff is the ledger's hand-off to the projector of this process
	// (projections.Handoff), counted in the metrics; nil omits them.
	Handoff *projections.Handoff
	// Heartbeat is the live streams' heartbeat period; 0 means
	// DefaultHeartbeat.
	Heartbeat time.Duration
	// LedgerMetrics, when set, is the ledger's observer whose metrics
	// /metrics serves (api/ledger_metrics.go).
	LedgerMetrics *LedgerMetrics
	// Version labels wagerlog_build_info; empty means "dev".
	Version string
	// Currencies maps a currency to its decimals, with which answers write
	// amounts ("87.70"); nil means posting.DefaultCurrencies, as for the
	// ledger.
	Currencies map[string]int32
}

// Views is what the API reads: the projections. *projections.Store
// implements it.
type Views interface {
	// LastSeq is the last stream sequence the projections have applied.
	LastSeq() uint64
	// WaitFor waits until the projections have applied seq or ctx ends.
	WaitFor(ctx context.Context, seq uint64) error
	Balances(prefix string) (projections.BalanceList, error)
	Tables() (projections.TableList, error)
	Table(id string) (projections.TableView, error)
	// TableState is the round in progress on a table: its results, open
	// bets and the game's state (a craps hand's point).
	TableState(id string) (projections.TableState, error)
	Rounds(table string, page projections.Page) (projections.RoundPage, error)
	Round(id string) (projections.RoundView, error)
	PlayerBets(player string, page projections.Page) (projections.BetPage, error)
	WalletHistory(player string, page projections.Page) (projections.WalletPage, error)
	// Players lists the players with a wallet, by id, one page.
	Players(page projections.Page) (projections.PlayerPage, error)
	Board(table string) (projections.Board, error)
	Daily(from, to, table string) (projections.DailyReport, error)
	// Subscribe notifies on the channel whenever table's board changes,
	// until the returned function is called.
	Subscribe(table string) (<-chan struct{}, func())
	// Pool, PoolHistory and PoolPrizes read a progressive pool
	// (projections/pools.go); Subscribe(projections.PoolSubject(pool))
	// tells when it changed.
	Pool(pool string) (projections.PoolView, error)
	PoolHistory(pool string, page projections.Page) (projections.PoolPage, error)
	PoolPrizes(pool, table string) ([]projections.PoolEntry, error)
	// Session reads a table's session (projections/sessions.go).
	Session(table, id string) (projections.SessionView, error)
}

// Server is the HTTP API. It implements http.Handler.
type Server struct {
	cfg Config
	log *slog.Logger
	mux *http.ServeMux
	// apiMux holds the API's routes only: API paths never fall through
	// to the dashboard, whatever their method.
	apiMux *http.ServeMux
	routes []route
	// patterns are the patterns registered with mux, in order.
	patterns []string
	metrics  *metrics
	// amounts writes the answers' amounts with their currency's decimals.
	amounts *amountRenderer
	doc     []byte // the OpenAPI document, built once
	streams chan struct{}
	// quit is closed by Close, which ends every live stream.
	quit      chan struct{}
	closeOnce sync.Once
}

// New returns a Server for cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Ledger == nil && !cfg.ReadOnly {
		return nil, errors.New("api: Config.Ledger is required")
	}
	if cfg.Views == nil {
		return nil, errors.New("api: Config.Views is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = DefaultHeartbeat
	}
	s := &Server{
		cfg:     cfg,
		log:     cfg.Logger,
		mux:     http.NewServeMux(),
		apiMux:  http.NewServeMux(),
		routes:  routes(),
		streams: make(chan struct{}, StreamsMax),
		quit:    make(chan struct{}),
	}
	s.metrics = newMetrics(s)
	if cfg.Currencies == nil {
		cfg.Currencies = posting.DefaultCurrencies()
		s.cfg.Currencies = cfg.Currencies
	}
	var answers []reflect.Type
	for _, rt := range s.routes {
		if rt.resp != nil {
			answers = append(answers, reflect.TypeOf(rt.resp))
		}
	}
	s.amounts = newAmountRenderer(cfg.Currencies, answers...)
	for _, rt := range s.routes {
		h := s.endpoint(rt)
		s.apiMux.Handle(rt.pattern(), h)
		s.handle(rt.pattern(), h)
	}
	if cfg.Dashboard != nil {
		s.handle("GET /", cfg.Dashboard)
	}
	doc, err := buildOpenAPI(s.routes)
	if err != nil {
		return nil, err
	}
	s.doc = doc
	return s, nil
}

func (s *Server) handle(pattern string, h http.Handler) {
	s.mux.Handle(pattern, h)
	s.patterns = append(s.patterns, pattern)
}

// Close ends every live stream, so that http.Server.Shutdown does not wait
// for them. Call it when the server shuts down; it is safe to call twice.
func (s *Server) Close() error {
	s.closeOnce.Do(func() { close(s.quit) })
	return nil
}

// ServeHTTP implements http.Handler: request id, panic recovery, body
// limit and metrics around the mux.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := r.Header.Get("X-Request-Id")
	if !validRequestID(id) {
		id = newRequestID()
	}
	r = r.WithContext(withRequestID(r.Context(), id))
	rw := &responseWriter{ResponseWriter: w, render: s.amounts.render}
	rw.Header().Set("X-Request-Id", id)
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("panic serving request", "request_id", id, "method", r.Method, "path", r.URL.Path, "panic", v)
			if !rw.wrote {
				writeProblem(rw, r, problemFor(apiErr(CodeInternal, "internal error; see the server log with the request id")))
			}
		}
		s.metrics.observe(r, rw, time.Since(start))
	}()
	if r.Body != nil {
		r.Body = http.MaxBytesReader(rw, r.Body, RequestBytesMax)
	}
	// The mux answers a path with "..", "." or "//" segments with a
	// redirect to its cleaned form, and a client that follows it (curl -L)
	// sends a POST meant for one wallet to another. Such a path is refused
	// instead: no client of this API needs one.
	if err := canonicalPath(r.URL.Path); err != nil {
		s.fail(rw, r, err)
		return
	}
	mux := s.mux
	if isAPIPath(r.URL.Path) {
		mux = s.apiMux
	}
	if h, pattern := mux.Handler(r); pattern == "" {
		// The mux's own 404 and 405 answers are plain text: answer
		// problems instead, keeping the mux's Allow header.
		h.ServeHTTP(&problemOnly{rw: rw, r: r, log: s.logProblem}, r)
		return
	}
	mux.ServeHTTP(rw, r)
}

// isAPIPath reports whether p belongs to the API rather than the dashboard.
func isAPIPath(p string) bool {
	return strings.HasPrefix(p, "/v1/") || p == "/v1" || p == "/metrics" || p == "/healthz" || p == "/readyz"
}

// endpoint wraps a route's handler with its authorisation and turns its
// error into a problem.
func (s *Server) endpoint(rt route) http.Handler {
	allowed := rt.allowed()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var who Principal
		if !rt.public && !(rt.publicBoard && s.cfg.PublicBoard) {
			var err error
			if who, err = s.authenticate(r); err != nil {
				s.fail(w, r, err)
				return
			}
			if !contains(allowed, who.Role) {
				s.fail(w, r, apiErr(CodeForbidden, "role "+who.Role+" may not call "+rt.pattern()))
				return
			}
			if rt.write() && s.cfg.ReadOnly {
				s.fail(w, r, apiErr(CodeReadOnly, "this server is a read replica (wagerlog serve --read-only): send writes to the writer"))
				return
			}
		} else if p, err := s.authenticate(r); err == nil {
			who = p
		}
		if err := rt.checkQuery(r); err != nil {
			s.fail(w, r, err)
			return
		}
		if err := rt.handler(s, w, r, who); err != nil {
			s.fail(w, r, err)
		}
	})
}

// authenticate returns the principal of the request's bearer token.
func (s *Server) authenticate(r *http.Request) (Principal, error) {
	h := r.Header.Get("Authorization")
	if h == "" {
		return Principal{}, apiErr(CodeUnauthenticated, "send Authorization: Bearer <token>")
	}
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return Principal{}, apiErr(CodeUnauthenticated, "the Authorization header must be Bearer <token>")
	}
	who, ok := s.cfg.Tokens.Lookup(strings.TrimSpace(token))
	if !ok {
		return Principal{}, apiErr(CodeUnauthenticated, "unknown token")
	}
	return who, nil
}

// fail writes err as a problem and logs it.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	p := problemFor(err)
	s.logProblem(r, p, err)
	writeProblem(w, r, p)
}

// logProblem logs a problem answer: the unexpected ones (5xx but 501) at
// error with their cause, every other at info with its code and request
// id, as docs/ERRORS.md promises, so that a client's refused request can
// be found in the log by the request id it got.
func (s *Server) logProblem(r *http.Request, p Problem, err error) {
	attrs := []any{"request_id", requestIDOf(r.Context()), "method", r.Method, "path", r.URL.Path, "status", p.Status, "code", p.Code}
	if p.Status >= 500 && p.Status != http.StatusNotImplemented {
		s.log.Error("request failed", append(attrs, "err", err)...)
		return
	}
	s.log.Info("request refused", append(attrs, "detail", p.Detail)...)
}

// canonicalPath refuses a path with an empty, "." or ".." segment (a
// trailing slash aside, which the routes simply do not match).
func canonicalPath(p string) error {
	// Walk the segments in place: a strings.Split per request was 1% of
	// the server's CPU on the slip path (docs/BENCHMARKS.md).
	rest, first := p, true
	for {
		seg, after, more := strings.Cut(rest, "/")
		if !first && (seg == "." || seg == ".." || (seg == "" && more)) {
			return apiErr(CodeInvalidPath, fmt.Sprintf("the path %q has an empty, \".\" or \"..\" segment; send the canonical path", cut(p)))
		}
		if !more {
			return nil
		}
		rest, first = after, false
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
