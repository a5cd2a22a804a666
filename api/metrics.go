package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the API's Prometheus metrics, in a registry of the Server's own
// (never the default registry: no global state).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	streams  prometheus.Gauge
	handler  http.Handler
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
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.duration, m.streams,
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
		m.reg.MustRegister(
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
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
	return m
}

// observe records one finished request under its route pattern (never the
// raw path, whose ids would make the label set unbounded).
func (m *metrics) observe(r *http.Request, status int, d time.Duration) {
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	if status == 0 {
		status = http.StatusOK
	}
	m.requests.WithLabelValues(route, strconv.Itoa(status)).Inc()
	if route == "GET /v1/tables/{table}/board/stream" {
		return // a live stream's duration is the client's choice
	}
	m.duration.WithLabelValues(route).Observe(d.Seconds())
}
