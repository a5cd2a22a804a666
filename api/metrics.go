package api

import (
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/wagerlog/wagerlog/ledger"
)

// metrics are the API's Prometheus metrics, in a registry of the Server's own
// (never the default registry: no global state).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	streams  prometheus.Gauge
	problems *prometheus.CounterVec
	handler  http.Handler
	// all is every collector registered, for names.
	all []prometheus.Collector
}

// register registers cs in the Server's registry.
func (m *metrics) register(cs ...prometheus.Collector) {
	m.reg.MustRegister(cs...)
	m.all = append(m.all, cs...)
}

// fqName finds a metric's name in its description.
var fqName = regexp.MustCompile(`fqName: "([^"]+)"`)

// names returns the name of every metric the Server can serve, whether or
// not it has a sample yet (a counter by label shows none before its first
// increment): what a dashboard may refer to.
func (m *metrics) names() map[string]bool {
	ch := make(chan *prometheus.Desc, 64)
	go func() {
		for _, c := range m.all {
			c.Describe(ch)
		}
		close(ch)
	}()
	out := map[string]bool{}
	for d := range ch {
		if n := fqName.FindStringSubmatch(d.String()); n != nil {
			out[n[1]] = true
		}
	}
	return out
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wagerlog_http_requests_total",
			Help: "HTTP requests by route pattern (method and path) and status.",
		}, []string{"route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "wagerlog_http_request_duration_seconds",
			Help:    "HTTP request duration by route pattern (live streams excluded).",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"route"}),
		streams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "wagerlog_http_live_streams",
			Help: "Live board streams (server-sent events) open now.",
		}),
		problems: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wagerlog_http_problems_total",
			Help: "HTTP problem answers by problem code (docs/ERRORS.md): one status such as 409 covers many codes.",
		}, []string{"code"}),
	}
	m.register(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.duration, m.streams, m.problems, buildInfo(s.cfg.Version),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "wagerlog_ledger_last_seq",
			Help: "The last stream sequence the ledger has applied.",
		}, func() float64 { return float64(s.lastSeq()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "wagerlog_projections_applied_seq",
			Help: "The last stream sequence the projections have applied.",
		}, func() float64 { return float64(s.cfg.Views.LastSeq()) }),
	)
	if s.cfg.Lag != nil {
		m.register(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "wagerlog_projections_lag_events",
				Help: "Events stored in the stream and not yet applied to the projections.",
			}, func() float64 { return float64(s.cfg.Lag().Events) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "wagerlog_projections_lag_seconds",
				Help: "How long the projections have been behind the stream (0 when caught up).",
			}, func() float64 { return s.cfg.Lag().Seconds }),
		)
	}
	if h := s.cfg.Handoff; h != nil {
		const name, help = "wagerlog_projections_events_total", "Events the projector prepared to apply, by where it took them from: the ledger of this process (already decoded) or the stream's bytes (decoded)."
		m.register(
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: prometheus.Labels{"source": "ledger"}},
				func() float64 { taken, _ := h.Counts(); return float64(taken) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help, ConstLabels: prometheus.Labels{"source": "stream"}},
				func() float64 { _, missed := h.Counts(); return float64(missed) }),
		)
	}
	if s.cfg.LedgerMetrics != nil {
		m.register(s.cfg.LedgerMetrics.collectors()...)
	}
	// The ledger's load: *ledger.Ledger reports it; a read replica has no
	// ledger and no such gauges.
	if l, ok := s.cfg.Ledger.(interface{ Load() ledger.Load }); ok {
		m.register(
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "wagerlog_ledger_queue_depth",
				Help: "Requests waiting in the ledger's queue (beyond its bound, writes are answered overloaded).",
			}, func() float64 { return float64(l.Load().Queued) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "wagerlog_ledger_commands_in_flight",
				Help: "Commands sent to the ledger and not answered yet (queued, being decided or appended).",
			}, func() float64 { return float64(l.Load().InFlight) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{
				Name: "wagerlog_ledger_settlements_owed",
				Help: "Settlements of large rounds being written in chunks, between other tables' commands; their results are answered with the last chunk (--settle-chunk).",
			}, func() float64 { return float64(l.Load().Owed) }),
		)
	}
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
	return m
}

// observe records one finished request under its route pattern (never the
// raw path, whose ids would make the label set unbounded), and the code of
// the problem it answered, if any.
func (m *metrics) observe(r *http.Request, rw *responseWriter, d time.Duration) {
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	status := rw.status
	if status == 0 {
		status = http.StatusOK
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	if rw.problem != "" {
		m.problems.WithLabelValues(rw.problem).Inc()
	}
	if route == "GET /v1/tables/{table}/board/stream" {
		return // a live stream's duration is the client's choice
	}
	m.duration.WithLabelValues(route).Observe(d.Seconds())
}
